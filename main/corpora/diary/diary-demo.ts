import type { Meal } from '../../../shared/contract/diary.js';
import type { NutrientKey, Per100g } from '../../../shared/nutrients.js';
import { addDays } from '../../answer/calendar.js';
import { AppError } from '../../core/errors.js';
import type { ProfilesRepository } from '../../db/repositories/profiles-repository.js';
import type { FoodsRepository } from '../foods/foods-repository.js';
import type { DiaryRepository, NewEntry, NewTarget } from './diary-repository.js';

/** The demo profile `cita seed --demo` fills. */
export const demoProfile = 'demo';
/** Days of diary the demo holds, ending today. */
export const demoDays = 90;
/** The fixed seed of the demo's pseudo-random meals: the same `today` always gives the same diary. */
const demoSeed = 0x5eed_2017;

/**
 * The demo profile's own packaged foods, with label values per 100 g. Raw IFCT ingredients carry little
 * sodium, so these are where the sodium of the demo diary comes from (as in a real one).
 */
export const demoFoods: ReadonlyArray<{ key: string; name: string; brand: string; per100g: Per100g }> = [
  {
    key: 'bread',
    name: 'Pan integral',
    brand: 'Bimbo',
    per100g: { energy_kcal: 247, energy_kj: 1033, protein: 11, fat: 3.4, carbohydrate: 41, fibre: 6.8, free_sugars: 5, sodium: 450, potassium: 250, calcium: 110, iron: 2.5 },
  },
  {
    key: 'cheese',
    name: 'Queso fresco',
    brand: 'La Villita',
    per100g: { energy_kcal: 299, energy_kj: 1251, protein: 18, fat: 24, carbohydrate: 3, free_sugars: 0, sodium: 620, potassium: 120, calcium: 450, iron: 0.2 },
  },
  {
    key: 'chips',
    name: 'Papas fritas sal de mar',
    brand: 'Sabritas',
    per100g: { energy_kcal: 536, energy_kj: 2243, protein: 6.6, fat: 34, carbohydrate: 52, fibre: 4.4, free_sugars: 0.5, sodium: 525, potassium: 1275, calcium: 24, iron: 1.6 },
  },
  {
    key: 'noodles',
    name: 'Sopa instantánea de fideos',
    brand: 'Maruchan',
    per100g: { energy_kcal: 440, energy_kj: 1841, protein: 9, fat: 17, carbohydrate: 62, fibre: 2, free_sugars: 2, sodium: 1700, potassium: 180, calcium: 20, iron: 4 },
  },
  {
    key: 'tortillas',
    name: 'Tortillas de harina',
    brand: 'Tía Rosa',
    per100g: { energy_kcal: 310, energy_kj: 1297, protein: 8, fat: 8, carbohydrate: 51, fibre: 2.5, free_sugars: 2, sodium: 790, potassium: 120, calcium: 60, iron: 3 },
  },
  {
    key: 'salsa',
    name: 'Salsa picante',
    brand: 'Valentina',
    per100g: { energy_kcal: 35, energy_kj: 146, protein: 1, fat: 0.5, carbohydrate: 6, fibre: 1, free_sugars: 2, sodium: 2540, potassium: 150, calcium: 15, iron: 0.5 },
  },
  {
    key: 'ham',
    name: 'Jamón de pavo',
    brand: 'FUD',
    per100g: { energy_kcal: 110, energy_kj: 460, protein: 15, fat: 3.5, carbohydrate: 4, free_sugars: 2, sodium: 1000, potassium: 230, calcium: 10, iron: 1 },
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

/** A portion: one of `choices` grams. */
type Portion = readonly [food: string, grams: readonly number[]];

const breakfasts: ReadonlyArray<readonly Portion[]> = [
  [
    ['bread', [60, 91]],
    ['cheese', [30, 40]],
    ['L002', [200, 250]],
  ],
  [
    ['A011', [50, 60]],
    ['L002', [200]],
    ['E012', [100, 120]],
  ],
  [
    ['A022', [50, 60]],
    ['D061', [30]],
    ['G017', [30]],
  ],
  [
    ['M007', [60, 120]],
    ['bread', [45, 60]],
    ['E047', [130]],
  ],
  [
    ['A010', [40, 50]],
    ['L002', [200, 250]],
  ],
];
const staples: readonly Portion[] = [
  ['A015', [70, 80, 100]],
  ['A019', [60, 75, 90]],
  ['tortillas', [80, 120]],
];
const pulses: readonly Portion[] = [
  ['B013', [30, 40]],
  ['B021', [30, 40, 50]],
  ['B001', [30, 40]],
  ['B020', [40, 50]],
];
const vegetables: readonly Portion[] = [
  ['D036', [80, 100, 120]],
  ['F006', [100, 150]],
  ['C033', [80, 100]],
  ['D056', [80, 100]],
  ['D031', [80, 120]],
  ['C015', [80, 100]],
  ['D075', [50, 80]],
  ['F002', [60, 80]],
];
const proteins: readonly Portion[] = [
  ['N003', [100, 120, 150]],
  ['L003', [50, 60, 80]],
  ['M004', [50, 100]],
  ['ham', [40, 50]],
];
const snacks: readonly Portion[] = [
  ['E001', [150]],
  ['E012', [120]],
  ['E047', [130]],
  ['H012', [30]],
  ['H001', [20]],
  ['chips', [28, 45]],
  ['E028', [100]],
  ['K002', [250]],
];

/** One day's meals, drawn from the generator: IFCT staples, pulses and vegetables, and now and then packaged food. */
function dayMeals(random: () => number): Array<{ meal: Meal; food: string; grams: number }> {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const portion = ([food, grams]: Portion, meal: Meal) => ({ meal, food, grams: pick(grams) });
  const day: Array<{ meal: Meal; food: string; grams: number }> = [];

  for (const item of pick(breakfasts)) day.push(portion(item, 'breakfast'));

  day.push(portion(pick(staples), 'lunch'), portion(pick(pulses), 'lunch'), portion(pick(vegetables), 'lunch'));
  if (random() < 0.5) day.push(portion(pick(vegetables), 'lunch'));
  if (random() < 0.5) day.push(portion(pick(proteins), 'lunch'));
  if (random() < 0.5) day.push(portion(['salsa', [10, 15]], 'lunch'));

  const dinner = random();
  if (dinner < 0.15) {
    day.push(portion(['noodles', [64]], 'dinner'), portion(['M004', [50]], 'dinner'));
  } else if (dinner < 0.35) {
    day.push(portion(['bread', [91]], 'dinner'), portion(['ham', [40, 60]], 'dinner'), portion(['cheese', [30]], 'dinner'), portion(['D075', [50]], 'dinner'));
  } else {
    day.push(portion(['A019', [60, 75, 90]], 'dinner'), portion(pick(pulses), 'dinner'), portion(pick(vegetables), 'dinner'));
    if (random() < 0.4) day.push(portion(pick(proteins), 'dinner'));
  }

  const snackCount = Math.floor(random() * 3);
  for (let index = 0; index < snackCount; index += 1) day.push(portion(pick(snacks), 'snack'));
  return day;
}

/**
 * Fills the demo profile (created marked as demo data; refused when the id is a profile of the user's): its own
 * packaged foods (created once, reused after), 90 days of diary ending `today` built from IFCT foods with a fixed
 * seed, and targets with one change halfway. Only the demo's own rows (marked demo) are replaced, so seeding twice
 * with the same `today` leaves the same rows and never deletes an entry or target the user added to the profile.
 * Rows from before demo rows were marked cannot be told apart: the database is backed up (`backup`) before they are
 * replaced, and `onProgress` says where the copy is.
 */
export async function seedDemoDiary(
  deps: { profiles: ProfilesRepository; foods: FoodsRepository; diary: DiaryRepository; backup: () => Promise<string> },
  today: string,
  onProgress?: (message: string) => void,
): Promise<Record<string, number>> {
  const existed = deps.profiles.exists(demoProfile);
  // Marked as demo data; a profile of the user's that happens to be called "demo" is never filled or replaced.
  if (!deps.profiles.ensureDemo(demoProfile, 'Demo')) {
    throw new AppError('conflict', `A profile of your own is called "${demoProfile}"; cita will not load the demo data over it.`);
  }
  const createdProfile = !existed;
  const existing = deps.foods.all().filter((row) => row.owner === demoProfile);
  const ids = new Map<string, number>();
  let createdFoods = 0;
  for (const food of demoFoods) {
    const found = existing.find((row) => row.name === food.name && row.brand === food.brand);
    if (found) {
      ids.set(food.key, found.id);
      continue;
    }
    const row = deps.foods.insertOwn({ owner: demoProfile, name: food.name, brand: food.brand, group: 'Packaged foods', source: 'label', per100g: food.per100g });
    ids.set(food.key, row.id);
    createdFoods += 1;
  }
  const codeIds = new Map<string, number>();
  const foodId = (key: string): number => {
    const own = ids.get(key);
    if (own !== undefined) return own;
    if (!codeIds.has(key)) {
      const shared = deps.diary.visibleFood(demoProfile, key);
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
    for (const item of dayMeals(random)) entries.push({ date, meal: item.meal, foodId: foodId(item.food), grams: item.grams });
  }
  const targets: Omit<NewTarget, 'profile'>[] = demoTargets.map((target) => ({
    nutrient: target.nutrient,
    amount: target.amount,
    effective_from: addDays(first, target.fromDay),
  }));
  const unmarked = deps.diary.unmarkedRows(demoProfile);
  if (unmarked.entries + unmarked.targets > 0) {
    const copy = await deps.backup();
    onProgress?.(
      `the demo profile held ${unmarked.entries} diary entries and ${unmarked.targets} targets from before cita marked demo data; ` +
        `they are replaced by the demo's, and the database before that is saved as ${copy}`,
    );
  }
  const replaced = deps.diary.replaceDemoDiary(demoProfile, entries, targets);
  return { profiles: createdProfile ? 1 : 0, foods: createdFoods, days: demoDays, entries: replaced.entries, targets: targets.length, kept: replaced.kept };
}
