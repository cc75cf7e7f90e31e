import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiaryDay, DiaryEntry, DiaryImport, DiarySeries } from '../../../shared/contract.js';
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

describe('diary.add', () => {
  it('logs a shared food and returns its nutrients from the view', async () => {
    const app = await open();
    const entry = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'lunch', food: 'A015', grams: 80 });
    expect(entry).toMatchObject({ date: '2026-07-02', meal: 'lunch', grams: 80, food: { code: 'A015', name: 'Rice, raw, milled', owner: null } });
    expect(entry.nutrients.energy_kcal).toBeCloseTo(356.4 * 0.8, 6);
    expect(entryCount(app, 'ana')).toBe(1);
  });

  it("logs a profile's own food, and refuses it to another profile", async () => {
    const app = await open();
    const food = await value<{ code: string }>(app, 'foods.add', { profile: 'ben', name: 'Queso', per100g: { sodium: 620 } });
    const own = await value<DiaryEntry>(app, 'diary.add', { profile: 'ben', date: '2026-07-02', meal: 'snack', food: food.code, grams: 40 });
    expect(own.nutrients.sodium).toBe(248);
    const refused = await call(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'snack', food: food.code, grams: 40 });
    expect(refused).toMatchObject({ ok: false, error: { code: 'not_found', message: `No food with code "${food.code}" is visible to profile "ana".` } });
    expect(entryCount(app, 'ana')).toBe(0);
  });

  it('refuses bad input with a clear error and writes nothing', async () => {
    const app = await open();
    const base = { profile: 'ana', date: '2026-07-02', meal: 'lunch', food: 'A015', grams: 80 };
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      [{ date: '2026-02-30' }, 'invalid_input', /that date does not exist/],
      [{ date: '02/07/2026' }, 'invalid_input', /YYYY-MM-DD/],
      [{ date: '1850-07-02' }, 'invalid_input', /between 2000-01-01 and 2099-12-31/],
      [{ meal: 'brunch' }, 'invalid_input', /meal must be one of/],
      [{ grams: 0 }, 'invalid_input', /greater than 0/],
      [{ grams: -5 }, 'invalid_input', /greater than 0/],
      [{ grams: 1e9 }, 'invalid_input', /cannot exceed 5000/],
      [{ grams: '80' }, 'invalid_input', /grams must be a number/],
      [{ date: '2099-01-01' }, 'invalid_input', /more than a year in the future/],
      [{ food: 'NOPE' }, 'not_found', /No food with code "NOPE"/],
      [{ profile: 'ghost' }, 'not_found', /There is no profile "ghost"/],
    ];
    for (const [change, code, message] of cases) {
      const result = await call(app, 'diary.add', { ...base, ...change });
      expect(result.ok, JSON.stringify(change)).toBe(false);
      if (result.ok) continue;
      expect(result.error.code, JSON.stringify(change)).toBe(code);
      expect(`${result.error.message} ${(result.error.details ?? []).join(' ')}`).toMatch(message);
    }
    expect(entryCount(app)).toBe(0);
  });
});

describe('diary.remove', () => {
  it("removes the profile's own entry and never another profile's", async () => {
    const app = await open();
    const entry = await value<DiaryEntry>(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'lunch', food: 'A015', grams: 80 });
    expect(await call(app, 'diary.remove', { profile: 'ben', id: entry.id })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(entryCount(app, 'ana')).toBe(1);
    expect(await value(app, 'diary.remove', { profile: 'ana', id: entry.id })).toEqual({ id: entry.id, removed: true });
    expect(entryCount(app, 'ana')).toBe(0);
  });
});

describe('diary.day and diary.series', () => {
  it('shows a day by meal with totals and the target in force, for its own profile only', async () => {
    const app = await open();
    await value(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'dinner', food: 'A015', grams: 100 });
    await value(app, 'diary.add', { profile: 'ana', date: '2026-07-02', meal: 'breakfast', food: 'L002', grams: 200 });
    await value(app, 'diary.add', { profile: 'ben', date: '2026-07-02', meal: 'breakfast', food: 'L002', grams: 999 });
    await value(app, 'diary.targets.set', { profile: 'ana', nutrient: 'energy_kcal', amount: 2000, effective_from: '2026-06-01' });
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: '2026-07-02' });
    expect(day.meals.map((meal) => [meal.meal, meal.entries.map((entry) => entry.food.code)])).toEqual([
      ['breakfast', ['L002']],
      ['lunch', []],
      ['dinner', ['A015']],
      ['snack', []],
    ]);
    expect(day.totals.entries).toBe(2);
    expect(day.totals.grams).toBe(300);
    expect(day.totals.nutrients.energy_kcal).toBeCloseTo(356.4 + 72.9 * 2, 6);
    expect(day.targets).toMatchObject({ energy_kcal: 2000, sodium: null });
  });

  it('gives every day of a period, with the target change on its day', async () => {
    const app = await open();
    await value(app, 'diary.add', { profile: 'ana', date: '2026-07-01', meal: 'lunch', food: 'A015', grams: 100 });
    await value(app, 'diary.targets.set', { profile: 'ana', nutrient: 'sodium', amount: 2300, effective_from: '2026-06-01' });
    await value(app, 'diary.targets.set', { profile: 'ana', nutrient: 'sodium', amount: 2000, effective_from: '2026-07-02' });
    const series = await value<DiarySeries>(app, 'diary.series', { profile: 'ana', date_from: '2026-06-30', date_to: '2026-07-02', nutrients: ['sodium'] });
    expect(series.days).toEqual([
      { date: '2026-06-30', entries: 0, totals: { sodium: null }, targets: { sodium: 2300 } },
      { date: '2026-07-01', entries: 1, totals: { sodium: 2.34 }, targets: { sodium: 2300 } },
      { date: '2026-07-02', entries: 0, totals: { sodium: null }, targets: { sodium: 2000 } },
    ]);
  });

  it('refuses a reversed or over-long series and unknown nutrients', async () => {
    const app = await open();
    expect(await call(app, 'diary.series', { profile: 'ana', date_from: '2026-07-02', date_to: '2026-07-01', nutrients: ['sodium'] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(app, 'diary.series', { profile: 'ana', date_from: '2024-01-01', date_to: '2026-07-01', nutrients: ['sodium'] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(await call(app, 'diary.series', { profile: 'ana', date_from: '2026-07-01', date_to: '2026-07-01', nutrients: ['salt'] })).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });
});

describe('diary.import', () => {
  const good = 'date,meal,food_code,grams\n2026-07-01,breakfast,L002,200\n2026-07-02,lunch,A015,80\n';

  it('imports every row of a valid CSV', async () => {
    const app = await open();
    expect(await value<DiaryImport>(app, 'diary.import', { profile: 'ana', csv: good })).toEqual({ dry_run: false, rows: 2, added: 2, date_from: '2026-07-01', date_to: '2026-07-02' });
    expect(entryCount(app, 'ana')).toBe(2);
  });

  it('refuses the same CSV a second time (a re-run after a crash adds nothing) unless asked to repeat', async () => {
    const app = await open();
    await value<DiaryImport>(app, 'diary.import', { profile: 'ana', csv: good });
    const again = await call(app, 'diary.import', { profile: 'ana', csv: good });
    expect(again).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(entryCount(app, 'ana')).toBe(2);
    expect(await value<DiaryImport>(app, 'diary.import', { profile: 'ben', csv: good })).toMatchObject({ added: 2 });
    expect(await value<DiaryImport>(app, 'diary.import', { profile: 'ana', csv: good, allow_repeat: true })).toMatchObject({ added: 2 });
    expect(entryCount(app, 'ana')).toBe(4);
  });

  it('checks a dry run and writes nothing', async () => {
    const app = await open();
    expect(await value<DiaryImport>(app, 'diary.import', { profile: 'ana', csv: good, dry_run: true })).toMatchObject({ dry_run: true, rows: 2, added: 0 });
    expect(entryCount(app)).toBe(0);
  });

  it('refuses a malformed CSV with line-numbered errors and writes nothing at all', async () => {
    const app = await open();
    const csv = 'date,meal,food_code,grams\n2026-07-01,breakfast,L002,200\n2026-07-32,lunch,A015,80\n2026-07-02,"lunch,A015,80\n2026-07-02,lunch,A015,abc\n';
    const result = await call(app, 'diary.import', { profile: 'ana', csv });
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', message: 'The CSV has 3 errors; nothing was imported.' } });
    if (!result.ok) {
      expect(result.error.details).toEqual([
        'line 3: date must be a day that exists, written YYYY-MM-DD (got "2026-07-32")',
        'line 4: malformed CSV (a quote is not closed or a quoted value is followed by text)',
        'line 5: grams must be a number greater than 0 and at most 5000 (got "abc")',
      ]);
    }
    expect(entryCount(app)).toBe(0);
  });

  it("refuses another profile's food code in a CSV", async () => {
    const app = await open();
    const food = await value<{ code: string }>(app, 'foods.add', { profile: 'ben', name: 'Queso', per100g: { sodium: 620 } });
    const result = await call(app, 'diary.import', { profile: 'ana', csv: `date,meal,food_code,grams\n2026-07-01,snack,${food.code},30\n` });
    expect(result).toMatchObject({ ok: false, error: { details: [`line 2: no food with code "${food.code}" is visible to profile "ana"`] } });
    expect(entryCount(app)).toBe(0);
  });

  it('refuses an unknown profile and writes nothing', async () => {
    const app = await open();
    expect(await call(app, 'diary.import', { profile: 'ghost', csv: good })).toMatchObject({ ok: false, error: { code: 'not_found' } });
    expect(entryCount(app)).toBe(0);
  });
});

describe('diary.targets.set', () => {
  it('replaces the target of the same day and nutrient', async () => {
    const app = await open();
    await value(app, 'diary.targets.set', { profile: 'ana', nutrient: 'protein', amount: 50, effective_from: '2026-07-01' });
    await value(app, 'diary.targets.set', { profile: 'ana', nutrient: 'protein', amount: 60, effective_from: '2026-07-01' });
    expect(app.db.prepare("SELECT amount FROM diary_targets WHERE profile = 'ana'").all()).toEqual([{ amount: 60 }]);
    expect(await call(app, 'diary.targets.set', { profile: 'ana', nutrient: 'protein', amount: -1, effective_from: '2026-07-01' })).toMatchObject({ ok: false });
  });
});
