import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiaryDay, DiaryEntry, LoggedFood, Portion } from '../../../shared/contract.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, value } from './diary-helpers.js';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

async function open(): Promise<Services> {
  services = await diaryServices(tempDir());
  services.profiles.ensure('ana', 'Ana');
  services.profiles.ensure('ben', 'Ben');
  return services;
}

async function portionNamed(app: Services, code: string, name: string, profile = 'ana'): Promise<Portion> {
  const portions = await value<Portion[]>(app, 'foods.portions', { profile, code });
  const portion = portions.find((candidate) => candidate.name.en === name);
  if (!portion) throw new Error(`${code} has no portion "${name}": ${portions.map((candidate) => candidate.name.en).join(', ')}`);
  return portion;
}

describe('household units', () => {
  it('ships common portions of IFCT foods with their grams and the published measure they come from', async () => {
    const app = await open();
    const egg = await value<Portion[]>(app, 'foods.portions', { profile: 'ana', code: 'M001' });
    expect(egg.map((portion) => [portion.name.en, portion.name.es, portion.grams])).toEqual([
      ['large egg', 'huevo grande', 50],
      ['medium egg', 'huevo mediano', 44],
      ['small egg', 'huevo pequeño', 38],
    ]);
    expect(egg[0]?.source).toMatch(/USDA FoodData Central, SR Legacy 01123 .*1 large = 50 g/);
    expect((await portionNamed(app, 'L002', 'cup (240 ml)')).grams).toBe(244);
    expect((await portionNamed(app, 'E012', 'medium banana')).grams).toBe(118);
    expect((await portionNamed(app, 'T005', 'tablespoon')).grams).toBe(13.6);
    // Every shipped portion belongs to a food of the shared base.
    const orphans = app.db.prepare('SELECT food_code FROM food_portions WHERE owner IS NULL AND food_code NOT IN (SELECT code FROM foods WHERE owner IS NULL)').all();
    expect(orphans).toEqual([]);
  });

  it('logs "2 × large egg" as 100 g, keeping the unit chosen, and the nutrients follow the grams', async () => {
    const app = await open();
    const large = await portionNamed(app, 'M001', 'large egg');
    const entry = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'breakfast', food: 'M001', portion: { id: large.id, quantity: 2 } });
    expect(entry.grams).toBe(100);
    expect(entry.portion).toEqual({ id: large.id, name: { en: 'large egg', es: 'huevo grande' }, quantity: 2, grams_each: 50 });
    const inGrams = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'breakfast', food: 'M001', grams: 100 });
    expect(inGrams.portion).toBeNull();
    expect(entry.nutrients.energy_kcal).toBeCloseTo(inGrams.nutrients.energy_kcal as number, 9);
    expect(app.db.prepare('SELECT grams, portion_id, portion_quantity FROM diary_entries WHERE id = ?').get(entry.id)).toEqual({ grams: 100, portion_id: large.id, portion_quantity: 2 });
  });

  it("refuses another food's portion, both grams and a portion, and a portion too heavy for one entry, writing nothing", async () => {
    const app = await open();
    const cup = await portionNamed(app, 'L002', 'cup (240 ml)');
    const base = { profile: 'ana', date: '2026-07-02', meal: 'breakfast' };
    expect(await call(app, 'diary.add', { ...base, food: 'M001', portion: { id: cup.id, quantity: 1 } })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call(app, 'diary.add', { ...base, food: 'L002', grams: 10, portion: { id: cup.id, quantity: 1 } })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(app, 'diary.add', { ...base, food: 'L002' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(app, 'diary.add', { ...base, food: 'L002', portion: { id: cup.id, quantity: 21 } })).toMatchObject({ ok: false, error: { code: 'invalid_input', message: /5124 g/ } });
    expect(entryCount(app, 'ana')).toBe(0);
  });

  it('a profile defines its own units for a food, which no other profile sees', async () => {
    const app = await open();
    const chapati = await value<{ code: string }>(app, 'foods.add', { profile: 'ana', name: 'Chapati', per100g: { energy_kcal: 297 } });
    const own = await value<Portion>(app, 'foods.portions.add', { profile: 'ana', code: chapati.code, name: 'chapati', grams: 40 });
    expect(own).toMatchObject({ name: { en: 'chapati', es: 'chapati' }, grams: 40, own: true, source: 'user' });
    const entry = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'lunch', food: chapati.code, portion: { id: own.id, quantity: 3 } });
    expect(entry.grams).toBe(120);
    expect(await call(app, 'foods.portions.add', { profile: 'ana', code: chapati.code, name: 'chapati', grams: 45 })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    // Ben can neither see Ana's food nor use her unit on a shared food.
    expect(await call(app, 'foods.portions', { profile: 'ben', code: chapati.code })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    const katori = await value<Portion>(app, 'foods.portions.add', { profile: 'ana', code: 'B013', name: 'katori', grams: 150 });
    expect((await value<Portion[]>(app, 'foods.portions', { profile: 'ben', code: 'B013' })).map((portion) => portion.id)).not.toContain(katori.id);
    expect(await call(app, 'diary.add', { profile: 'ben', date: '2026-07-02', meal: 'lunch', food: 'B013', portion: { id: katori.id, quantity: 1 } })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
  });
});

describe('diary.update', () => {
  it('changes the amount in portions or grams and the meal, and the day follows', async () => {
    const app = await open();
    const large = await portionNamed(app, 'M001', 'large egg');
    const medium = await portionNamed(app, 'M001', 'medium egg');
    const entry = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'breakfast', food: 'M001', portion: { id: large.id, quantity: 2 } });
    const mealOnly = await value<DiaryEntry>(app, 'diary.update', { profile: 'ana', id: entry.id, meal: 'lunch' });
    expect(mealOnly).toMatchObject({ meal: 'lunch', grams: 100, portion: { id: large.id, quantity: 2 } });
    const three = await value<DiaryEntry>(app, 'diary.update', { profile: 'ana', id: entry.id, portion: { id: medium.id, quantity: 3 } });
    expect(three).toMatchObject({ grams: 132, portion: { id: medium.id, quantity: 3 } });
    const grams = await value<DiaryEntry>(app, 'diary.update', { profile: 'ana', id: entry.id, grams: 75 });
    expect(grams).toMatchObject({ grams: 75, portion: null, meal: 'lunch' });
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: '2026-07-02' });
    expect(day.totals.grams).toBe(75);
    expect(entryCount(app, 'ana')).toBe(1);
  });

  it('refuses an entry of another profile and a bad amount, changing nothing', async () => {
    const app = await open();
    const entry = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'breakfast', food: 'M001', grams: 50 });
    expect(await call(app, 'diary.update', { profile: 'ben', id: entry.id, grams: 10 })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(await call(app, 'diary.update', { profile: 'ana', id: entry.id, grams: 0 })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(app, 'diary.update', { profile: 'ana', id: entry.id, date: '2099-01-01' })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(app.db.prepare('SELECT date, grams FROM diary_entries WHERE id = ?').get(entry.id)).toEqual({ date: '2026-07-02', grams: 50 });
  });
});

describe('per-meal subtotals', () => {
  it("add up to the day's totals, meal by meal", async () => {
    const app = await open();
    for (const [meal, food, grams] of [
      ['breakfast', 'M001', 100],
      ['breakfast', 'L002', 244],
      ['lunch', 'A015', 80],
      ['snack', 'E012', 118],
    ] as const) {
      await value(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal, food, grams });
    }
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: '2026-07-02' });
    const breakfast = day.meals.find((meal) => meal.meal === 'breakfast');
    expect(breakfast?.subtotals.entries).toBe(2);
    expect(breakfast?.subtotals.grams).toBe(344);
    const entriesSum = (breakfast?.entries ?? []).reduce((sum, entry) => sum + (entry.nutrients.energy_kcal ?? 0), 0);
    expect(breakfast?.subtotals.nutrients.energy_kcal).toBeCloseTo(entriesSum, 9);
    expect(day.meals.find((meal) => meal.meal === 'dinner')?.subtotals).toMatchObject({ entries: 0, grams: 0, nutrients: { energy_kcal: null } });
    const summed = day.meals.reduce((sum, meal) => sum + (meal.subtotals.nutrients.energy_kcal ?? 0), 0);
    expect(summed).toBeCloseTo(day.totals.nutrients.energy_kcal as number, 9);
  });
});

describe('diary.recent', () => {
  it('lists the latest foods first and the most frequent after them, each with its last unit', async () => {
    const app = await open();
    const large = await portionNamed(app, 'M001', 'large egg');
    for (const date of ['2026-06-28', '2026-06-29', '2026-06-30']) await value(app, 'diary.add', { profile: 'ana', date, meal: 'lunch', food: 'A015', grams: 80 });
    await value(app, 'diary.add', { profile: 'ana', date: '2026-07-01', meal: 'breakfast', food: 'L002', grams: 244 });
    await value(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'breakfast', food: 'M001', portion: { id: large.id, quantity: 2 } });
    await value(app, 'diary.add', { profile: 'ben', date: '2026-07-02', meal: 'breakfast', food: 'E012', grams: 118 });

    const first = await value<{ recent: LoggedFood[]; frequent: LoggedFood[] }>(app, 'diary.recent', { profile: 'ana', limit: 2 });
    expect(first.recent.map((logged) => logged.food.code)).toEqual(['M001', 'L002']);
    expect(first.recent[0]).toMatchObject({ uses: 1, last_date: '2026-07-02', last_portion: { id: large.id, quantity: 2 }, last_grams: 100 });
    expect(first.recent[0]?.food.per100g.energy_kcal).toBeGreaterThan(0);
    expect(first.recent[0]?.food.food_group).toBe('Egg and Egg Products');
    // Rice, logged most often, is not among the two latest, so it leads the frequent ones; no food is listed twice.
    expect(first.frequent.map((logged) => logged.food.code)).toEqual(['A015']);
    expect(first.frequent[0]).toMatchObject({ uses: 3, last_portion: null, last_grams: 80 });
    // Ben's banana is his alone.
    const all = await value<{ recent: LoggedFood[]; frequent: LoggedFood[] }>(app, 'diary.recent', { profile: 'ana' });
    expect([...all.recent, ...all.frequent].map((logged) => logged.food.code)).not.toContain('E012');
  });
});
