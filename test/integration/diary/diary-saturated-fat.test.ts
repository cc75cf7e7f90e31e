import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDecimal, localizeNumber } from '../../../main/answer/decimal-format.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { exportFiles, exportProfile, importProfile } from '../../../main/app/profile-transfer.js';
import { readIfctFoods } from '../../../main/corpora/foods/ifct.js';
import type { AskOutput, DiaryDay } from '../../../shared/contract.js';
import { targetKindOf } from '../../../shared/nutrients.js';
import { targetStanding } from '../../../shared/targets.js';
import { useTempDirs } from '../../helpers/temp.js';
import { diaryServices, value } from './diary-helpers.js';

/** A Tuesday: "this week" is Monday 2026-11-30 and today, "yesterday" is the Monday. */
const today = '2026-12-01';
const yesterday = '2026-11-30';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

/** Saturated fat per 100 g as the IFCT package publishes it, read apart from the database. */
const published = new Map(readIfctFoods().map((food) => [food.code, food.per100g.saturated_fat]));
function ifctSaturatedFat(code: string): number {
  const per100g = published.get(code);
  if (per100g === undefined) throw new Error(`IFCT publishes no saturated fat for ${code}`);
  return per100g;
}

/** Ana's Monday: ghee and eggs at breakfast, coconut oil at dinner, and biscuits of her own whose saturated fat she never gave. */
async function anasMonday(): Promise<{ app: Services; biscuits: string }> {
  const app = await diaryServices(tempDir(), { today });
  services = app;
  app.profiles.ensure('ana', 'Ana');
  const biscuits = (await value<{ code: string }>(app, 'foods.add', { profile: 'ana', name: 'Galletas', per100g: { energy_kcal: 480, fat: 22 } })).code;
  for (const [meal, food, grams] of [
    ['breakfast', 'T013', 10],
    ['breakfast', 'M001', 100],
    ['dinner', 'T001', 15],
    ['snack', biscuits, 30],
  ] as const) {
    await value(app, 'diary.add', { profile: 'ana', date: yesterday, meal, food, grams });
  }
  return { app, biscuits };
}

describe('saturated fat in the diary', () => {
  it("sums IFCT's saturated fat into each meal's subtotal and the day's total, and counts a food without it as not measured", async () => {
    const { app } = await anasMonday();
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: yesterday });
    const breakfast = (10 * ifctSaturatedFat('T013') + 100 * ifctSaturatedFat('M001')) / 100;
    const dinner = (15 * ifctSaturatedFat('T001')) / 100;
    const subtotal = (meal: string) => day.meals.find((entry) => entry.meal === meal)?.subtotals.nutrients.saturated_fat;
    expect(subtotal('breakfast')).toBeCloseTo(breakfast, 9);
    expect(subtotal('dinner')).toBeCloseTo(dinner, 9);
    expect(subtotal('snack')).toBeNull();
    expect(day.totals.nutrients.saturated_fat).toBeCloseTo(breakfast + dinner, 9);
    expect(day.totals.unmeasured.saturated_fat).toBe(1);
    expect(day.totals.unmeasured.fat).toBe(0);
  });

  it('takes a daily saturated fat target as a limit: over it is over the limit, not a goal met', async () => {
    const { app } = await anasMonday();
    await value(app, 'diary.targets.set', { profile: 'ana', nutrient: 'saturated_fat', amount: 17, effective_from: '2026-11-01' });
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: yesterday });
    expect(day.targets.saturated_fat).toBe(17);
    expect(targetKindOf('saturated_fat')).toBe('limit');
    expect(targetStanding(day.totals.nutrients.saturated_fat, day.targets.saturated_fat, targetKindOf('saturated_fat'))?.state).toBe('over_limit');
  });

  it('answers "how much saturated fat did I eat this week?" and "¿cuántas grasas saturadas comí ayer?" with the view\'s total, every figure verified', async () => {
    const { app } = await anasMonday();
    const total = (app.db.prepare("SELECT saturated_fat FROM diary_daily_totals WHERE profile = 'ana' AND date = ?").get(yesterday) as { saturated_fat: number }).saturated_fat;
    for (const [question, language, from] of [
      ['how much saturated fat did I eat this week?', 'en', yesterday],
      ['¿cuántas grasas saturadas comí ayer?', 'es', yesterday],
      ['sat fat yesterday', 'en', yesterday],
    ] as const) {
      const output = await value<AskOutput>(app, 'ask', { corpus: 'diary', profile: 'ana', question, today });
      expect(output.plan, question).toMatchObject({ date_from: from, nutrients: ['saturated_fat'] });
      expect(output.plan?.not_honoured ?? [], question).toEqual([]);
      expect(output.refused, question).toBe(false);
      expect(output.answer, question).toContain(`${localizeNumber(formatDecimal(total), language)} g`);
      expect(output.grounding.unverified, question).toBe(0);
      expect(output.grounding.verified, question).toBe(output.grounding.figures.length);
      expect(output.grounding.verified, question).toBeGreaterThan(0);
    }
  });

  it('names the food that gave the most saturated fat, with its grams and its figure from the view', async () => {
    const { app } = await anasMonday();
    const output = await value<AskOutput>(app, 'ask', { corpus: 'diary', profile: 'ana', question: 'which foods gave me the most saturated fat yesterday?', today });
    const coconut = app.db.prepare("SELECT grams, saturated_fat FROM diary_entry_nutrients WHERE profile = 'ana' AND food_code = 'T001'").get() as { grams: number; saturated_fat: number };
    expect(output.answer).toContain(`Coconut oil, ${formatDecimal(coconut.grams)} g with ${formatDecimal(coconut.saturated_fat)} g`);
    expect(output.grounding.unverified).toBe(0);
  });
});

describe('saturated fat in a profile export', () => {
  it("writes an own food's saturated fat and reads it back; a food without it stays not measured", async () => {
    const { app } = await anasMonday();
    await value(app, 'foods.add', { profile: 'ana', name: 'Mantequilla', per100g: { fat: 81, saturated_fat: 51.4 } });
    const directory = join(tempDir(), 'export');
    await exportProfile(app, 'ana', directory);
    const lines = readFileSync(join(directory, exportFiles.foods), 'utf8').trim().split('\n');
    const header = (lines[0] ?? '').split(',');
    const column = header.indexOf('saturated_fat');
    expect(column).toBeGreaterThan(header.indexOf('fat'));
    expect(lines.find((line) => line.includes('Mantequilla'))?.split(',')[column]).toBe('51.4');
    expect(lines.find((line) => line.includes('Galletas'))?.split(',')[column]).toBe('');
    await importProfile(app, 'copy', directory);
    const copied = app.db.prepare("SELECT name, saturated_fat FROM foods WHERE owner = 'copy' ORDER BY name").all();
    expect(copied).toEqual([
      { name: 'Galletas', saturated_fat: null },
      { name: 'Mantequilla', saturated_fat: 51.4 },
    ]);
  });

  it('imports an export written before saturated fat (no such column) with the value not measured', async () => {
    const { app } = await anasMonday();
    const directory = join(tempDir(), 'old-export');
    mkdirSync(directory);
    writeFileSync(join(directory, exportFiles.foods), 'code,name,brand,energy_kcal,fat,sodium\nU1,Queso,,300,24,620\n');
    await importProfile(app, 'old', directory);
    expect(app.db.prepare("SELECT fat, saturated_fat FROM foods WHERE owner = 'old'").get()).toEqual({ fat: 24, saturated_fat: null });
  });
});
