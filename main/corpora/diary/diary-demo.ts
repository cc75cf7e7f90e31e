import type { Meal } from '../../../shared/contract/diary.js';
import type { NutrientKey, Per100g } from '../../../shared/nutrients.js';
import { portionGrams } from '../../../shared/portions.js';
import { addDays } from '../../answer/calendar.js';
import { AppError } from '../../core/errors.js';
import type { ProfilesRepository } from '../../db/repositories/profiles-repository.js';
import type { FoodsStore } from '../foods/foods-store.js';
import type { PortionRow } from '../foods/portions-repository.js';
import type { NewEntry, NewTarget } from './diary-repository.js';
import type { DiaryStore } from './diary-store.js';

/** The demo profile `cita seed --demo` fills. */
export const demoProfile = 'demo';
/** Days of diary the demo holds, ending today. */
export const demoDays = 90;
/** The fixed seed of the demo's pseudo-random meals: the same `today` always gives the same diary. */
const demoSeed = 0x5eed_2017;

/**
 * The demo profile's own packaged foods, with label values per 100 g and the unit the demo logs them in (a profile's
 * own unit, named as this Spanish-speaking user would, with its weight per piece as the package gives it). Raw IFCT
 * ingredients carry little sodium, so these are where the sodium of the demo diary comes from (as in a real one).
 */
export const demoFoods: ReadonlyArray<{ key: string; name: string; brand: string; per100g: Per100g; unit: { name: string; grams: number } }> = [
  {
    key: 'bread',
    name: 'Pan integral',
    brand: 'Bimbo',
    per100g: { energy_kcal: 247, energy_kj: 1033, protein: 11, fat: 3.4, carbohydrate: 41, fibre: 6.8, free_sugars: 5, sodium: 450, potassium: 250, calcium: 110, iron: 2.5 },
    unit: { name: 'rebanada', grams: 30 },
  },
  {
    key: 'cheese',
    name: 'Queso fresco',
    brand: 'La Villita',
    per100g: { energy_kcal: 299, energy_kj: 1251, protein: 18, fat: 24, carbohydrate: 3, free_sugars: 0, sodium: 620, potassium: 120, calcium: 450, iron: 0.2 },
    unit: { name: 'rebanada', grams: 30 },
  },
  {
    key: 'chips',
    name: 'Papas fritas sal de mar',
    brand: 'Sabritas',
    per100g: { energy_kcal: 536, energy_kj: 2243, protein: 6.6, fat: 34, carbohydrate: 52, fibre: 4.4, free_sugars: 0.5, sodium: 525, potassium: 1275, calcium: 24, iron: 1.6 },
    unit: { name: 'bolsa', grams: 45 },
  },
  {
    key: 'noodles',
    name: 'Sopa instantánea de fideos',
    brand: 'Maruchan',
    per100g: { energy_kcal: 440, energy_kj: 1841, protein: 9, fat: 17, carbohydrate: 62, fibre: 2, free_sugars: 2, sodium: 1700, potassium: 180, calcium: 20, iron: 4 },
    unit: { name: 'vaso', grams: 64 },
  },
  {
    key: 'tortillas',
    name: 'Tortillas de harina',
    brand: 'Tía Rosa',
    per100g: { energy_kcal: 310, energy_kj: 1297, protein: 8, fat: 8, carbohydrate: 51, fibre: 2.5, free_sugars: 2, sodium: 790, potassium: 120, calcium: 60, iron: 3 },
    unit: { name: 'tortilla', grams: 40 },
  },
  {
    key: 'salsa',
    name: 'Salsa picante',
    brand: 'Valentina',
    per100g: { energy_kcal: 35, energy_kj: 146, protein: 1, fat: 0.5, carbohydrate: 6, fibre: 1, free_sugars: 2, sodium: 2540, potassium: 150, calcium: 15, iron: 0.5 },
    unit: { name: 'cucharadita', grams: 5 },
  },
  {
    key: 'ham',
    name: 'Jamón de pavo',
    brand: 'FUD',
    per100g: { energy_kcal: 110, energy_kj: 460, protein: 15, fat: 3.5, carbohydrate: 4, free_sugars: 2, sodium: 1000, potassium: 230, calcium: 10, iron: 1 },
    unit: { name: 'rebanada', grams: 20 },
  },
];

/** The demo's daily energy target (kcal). */
const demoEnergy = 1600;

/**
 * WHO, "Healthy diet" fact sheet (https://www.who.int/news-room/fact-sheets/detail/healthy-diet): saturated fat under
 * 10% of total energy intake. Targets are stored in grams, so the share of energy becomes grams at 9 kcal per gram of
 * fat (the Atwater factor), rounded down to stay under it: 1600 kcal → 160 kcal → 17 g.
 */
const saturatedFatLimit = Math.floor((demoEnergy * 0.1) / 9);

/** Daily targets from the first demo day; sodium's is lowered halfway through (one change, resolved per day). */
const demoTargets: ReadonlyArray<{ nutrient: NutrientKey; amount: number; fromDay: number }> = [
  { nutrient: 'energy_kcal', amount: demoEnergy, fromDay: 0 },
  { nutrient: 'protein', amount: 55, fromDay: 0 },
  { nutrient: 'carbohydrate', amount: 220, fromDay: 0 },
  { nutrient: 'fat', amount: 50, fromDay: 0 },
  { nutrient: 'saturated_fat', amount: saturatedFatLimit, fromDay: 0 },
  { nutrient: 'fibre', amount: 25, fromDay: 0 },
  { nutrient: 'sodium', amount: 2300, fromDay: 0 },
  { nutrient: 'sodium', amount: 2000, fromDay: 45 },
];

/** mulberry32: a tiny deterministic generator (no Math.random anywhere in the demo). */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = Math.imul(state ^ (state >>> 15), 1 | state);
    mixed = (mixed + Math.imul(mixed ^ (mixed >>> 7), 61 | mixed)) ^ mixed;
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/**
 * What the demo logs of a food: one of `choices` grams, or, where the food has a household unit (IFCT foods' shipped
 * units by their English name, the demo's own foods' `unit`), one of `counts` of it, as a person logs "1 cup of milk".
 */
type Portion = readonly [food: string, amount: readonly number[] | { unit: string; counts: readonly number[] }];
/** The demo's own foods are logged in their own unit. */
const own = (food: string, counts: readonly number[]): Portion => [food, { unit: demoFoods.find((item) => item.key === food)?.unit.name ?? '', counts }];

const breakfasts: ReadonlyArray<readonly Portion[]> = [
  [own('bread', [2, 3]), own('cheese', [1]), ['L002', { unit: 'cup (240 ml)', counts: [1] }]],
  [
    ['A011', [50, 60]],
    ['L002', { unit: 'cup (240 ml)', counts: [1] }],
    ['E012', { unit: 'medium banana', counts: [1] }],
  ],
  [
    ['A022', [50, 60]],
    ['D061', [30]],
    ['G017', [30]],
  ],
  [['M007', [60, 120]], own('bread', [2]), ['E047', [130]]],
  [
    ['A010', [40, 50]],
    ['L002', { unit: 'cup (240 ml)', counts: [1] }],
  ],
];
const staples: readonly Portion[] = [['A015', { unit: 'cup, raw', counts: [0.5] }], ['A019', { unit: 'cup', counts: [0.5, 0.75] }], own('tortillas', [2, 3])];
const pulses: readonly Portion[] = [
  ['B013', { unit: 'cup, raw', counts: [0.25] }],
  ['B021', [30, 40, 50]],
  ['B001', [30, 40]],
  ['B020', [40, 50]],
];
const vegetables: readonly Portion[] = [
  ['D036', [80, 100, 120]],
  ['F006', { unit: 'medium potato', counts: [0.5, 1] }],
  ['C033', [80, 100]],
  ['D056', [80, 100]],
  ['D031', [80, 120]],
  ['C015', [80, 100]],
  ['D075', { unit: 'medium tomato', counts: [0.5, 1] }],
  ['F002', { unit: 'medium carrot', counts: [1] }],
];
const proteins: readonly Portion[] = [['N003', [100, 120, 150]], ['L003', [50, 60, 80]], ['M004', { unit: 'large egg', counts: [1, 2] }], own('ham', [2])];
const snacks: readonly Portion[] = [
  ['E001', { unit: 'large apple', counts: [1] }],
  ['E012', { unit: 'medium banana', counts: [1] }],
  ['E047', [130]],
  ['H012', [30]],
  ['H001', { unit: 'almond', counts: [15] }],
  own('chips', [1]),
  ['E028', [100]],
  ['K002', [250]],
];

/** One logged amount: grams, or a count of a unit (resolved to the unit's row when the diary is written). */
type DemoItem = { meal: Meal; food: string; grams: number } | { meal: Meal; food: string; unit: string; count: number };

/** One day's meals, drawn from the generator: IFCT staples, pulses and vegetables, and now and then packaged food. */
function dayMeals(random: () => number): DemoItem[] {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // One draw per item whatever its amount is given in, so the days' foods do not depend on how they are logged.
  const portion = ([food, amount]: Portion, meal: Meal): DemoItem => ('unit' in amount ? { meal, food, unit: amount.unit, count: pick(amount.counts) } : { meal, food, grams: pick(amount) });
  const day: DemoItem[] = [];

  for (const item of pick(breakfasts)) day.push(portion(item, 'breakfast'));

  day.push(portion(pick(staples), 'lunch'), portion(pick(pulses), 'lunch'), portion(pick(vegetables), 'lunch'));
  if (random() < 0.5) day.push(portion(pick(vegetables), 'lunch'));
  if (random() < 0.5) day.push(portion(pick(proteins), 'lunch'));
  if (random() < 0.5) day.push(portion(own('salsa', [2, 3]), 'lunch'));

  const dinner = random();
  if (dinner < 0.15) {
    day.push(portion(own('noodles', [1]), 'dinner'), portion(['M004', { unit: 'large egg', counts: [1] }], 'dinner'));
  } else if (dinner < 0.35) {
    day.push(portion(own('bread', [3]), 'dinner'), portion(own('ham', [2, 3]), 'dinner'), portion(own('cheese', [1]), 'dinner'), portion(['D075', { unit: 'medium tomato', counts: [0.5] }], 'dinner'));
  } else {
    day.push(portion(['A019', { unit: 'cup', counts: [0.5, 0.75] }], 'dinner'), portion(pick(pulses), 'dinner'), portion(pick(vegetables), 'dinner'));
    if (random() < 0.4) day.push(portion(pick(proteins), 'dinner'));
  }

  const snackCount = Math.floor(random() * 3);
  for (let index = 0; index < snackCount; index += 1) day.push(portion(pick(snacks), 'snack'));
  return day;
}

/**
 * Fills the demo profile (created marked as demo data; refused when the id is a profile of the user's): its own
 * packaged foods (created once, reused after), 90 days of diary ending `today` built from IFCT foods with a fixed
 * seed, and targets with one change halfway, written to the diary's store. Only the demo's own rows (marked demo) are
 * replaced, so seeding twice with the same `today` leaves the same rows and never deletes an entry or target the user
 * added to the profile; on a first start (`firstRun`), a diary that holds the demo's rows already (another server
 * sharing the database loaded it) is left as it is. Rows from before demo rows were marked cannot be told apart: the
 * database is backed up (`backup`) before they are replaced, and `onProgress` says where the copy is. The packaged
 * foods and their units are the demo profile's own, kept where the foods store keeps own foods (on PostgreSQL, the
 * database: two servers starting at once add each one once).
 */
export async function seedDemoDiary(
  deps: {
    profiles: ProfilesRepository;
    foods: FoodsStore;
    store: DiaryStore;
    backup: () => Promise<string>;
  },
  today: string,
  options: { onProgress?: (message: string) => void; firstRun?: boolean } = {},
): Promise<Record<string, number>> {
  const { onProgress } = options;
  const existed = deps.profiles.exists(demoProfile);
  // Marked as demo data; a profile of the user's that happens to be called "demo" is never filled or replaced.
  if (!deps.profiles.ensureDemo(demoProfile, 'Demo')) {
    throw new AppError('conflict', `A profile of your own is called "${demoProfile}"; cita will not load the demo data over it.`);
  }
  const createdProfile = !existed;
  const existing = await deps.foods.ownFoods(demoProfile);
  const ids = new Map<string, number>();
  // The code each demo key logs its units under: an own food's (U…), else the key is the IFCT code.
  const ownCodes = new Map<string, string>();
  let createdFoods = 0;
  for (const food of demoFoods) {
    let row = existing.find((candidate) => candidate.name === food.name && candidate.brand === food.brand);
    if (!row) {
      // Looked up again where it is added: another server starting on the same database may have added it since.
      const ensured = await deps.foods.ensureOwn({ owner: demoProfile, name: food.name, brand: food.brand, group: 'Packaged foods', source: 'label', per100g: food.per100g }, { demo: true });
      row = ensured.row;
      if (ensured.created) createdFoods += 1;
    }
    ids.set(food.key, row.id);
    ownCodes.set(food.key, row.code);
    // The demo's own unit, once (a second seed finds it).
    await deps.foods.insertOwnPortion({ owner: demoProfile, code: row.code, name: food.unit.name, grams: food.unit.grams }, { demo: true });
  }
  const visible = await deps.foods.visibleTo(demoProfile);
  const units = new Map<string, PortionRow>();
  const unitOf = (key: string, name: string): PortionRow => {
    const code = ownCodes.get(key) ?? key;
    const cached = units.get(`${code}:${name}`);
    if (cached) return cached;
    const found = visible.portionsOf(code).find((unit) => unit.name_en === name);
    if (!found) throw new Error(`demo diary: the food ${code} has no unit "${name}"; seed the foods first`);
    units.set(`${code}:${name}`, found);
    return found;
  };
  const codeIds = new Map<string, number>();
  const foodId = (key: string): number => {
    const own = ids.get(key);
    if (own !== undefined) return own;
    if (!codeIds.has(key)) {
      const shared = visible.food(key);
      if (!shared) throw new Error(`demo diary: the IFCT food ${key} is missing; seed the foods first`);
      codeIds.set(key, shared.id);
    }
    return codeIds.get(key) as number;
  };

  const random = generator(demoSeed);
  const first = addDays(today, -(demoDays - 1));
  const entries: Omit<NewEntry, 'profile'>[] = [];
  for (let index = 0; index < demoDays; index += 1) {
    const date = addDays(first, index);
    for (const item of dayMeals(random)) {
      if ('grams' in item) {
        entries.push({ date, meal: item.meal, foodId: foodId(item.food), grams: item.grams });
        continue;
      }
      const unit = unitOf(item.food, item.unit);
      entries.push({ date, meal: item.meal, foodId: foodId(item.food), grams: portionGrams(item.count, unit.grams), portion: { id: unit.id, quantity: item.count } });
    }
  }
  const targets: Omit<NewTarget, 'profile'>[] = demoTargets.map((target) => ({
    nutrient: target.nutrient,
    amount: target.amount,
    effective_from: addDays(first, target.fromDay),
  }));
  const unmarked = await deps.store.unmarkedRows(demoProfile);
  if (unmarked.entries + unmarked.targets > 0) {
    const copy = await deps.backup();
    onProgress?.(
      `the demo profile held ${unmarked.entries} diary entries and ${unmarked.targets} targets from before cita marked demo data; ` +
        `they are replaced by the demo's, and the database before that is saved as ${copy}`,
    );
  }
  const replaced = await deps.store.replaceDemoDiary(demoProfile, entries, targets, { unlessLoaded: options.firstRun === true });
  const counts = { profiles: createdProfile ? 1 : 0, foods: createdFoods, days: demoDays, entries: replaced.entries, targets: replaced.loaded ? targets.length : 0, kept: replaced.kept };
  if (!replaced.loaded) {
    onProgress?.(`the demo diary is on ${deps.store.label} already (loaded by another cita sharing it); it is left as it is`);
    return counts;
  }
  return counts;
}
