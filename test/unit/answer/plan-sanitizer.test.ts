import { describe, expect, it } from 'vitest';
import { adjustmentNotice, defaultNutrients, sanitizePlan } from '../../../main/answer/plan-sanitizer.js';

const today = '2026-07-02';
const sanitize = (raw: Parameters<typeof sanitizePlan>[0]) => sanitizePlan(raw, { today, planner: 'rules' });
const codes = (raw: Parameters<typeof sanitizePlan>[0]) => sanitize(raw).adjustments.map((adjustment) => adjustment.code);

describe('sanitizePlan', () => {
  it('keeps a valid plan as it is', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-06-19', date_to: '2026-07-02', nutrients: ['sodium'], need_detail: true });
    expect(plan).toEqual({
      date_from: '2026-06-19',
      date_to: '2026-07-02',
      nutrients: ['sodium'],
      need_detail: true,
      clamped: false,
      planner: 'rules',
      meals: [],
      list_entries: false,
      defaults: [],
      not_honoured: [],
    });
    expect(adjustments).toEqual([]);
  });

  it('uses the last 30 days including today when dates are missing', () => {
    const { plan } = sanitize({ nutrients: ['protein'] });
    expect([plan.date_from, plan.date_to]).toEqual(['2026-06-03', '2026-07-02']);
    expect(codes({ nutrients: ['protein'] })).toEqual(['period_defaulted']);
  });

  it('uses the last 30 days when a date is invalid or only one is given', () => {
    for (const raw of [
      { date_from: '2026-02-30', date_to: '2026-03-05' },
      { date_from: 'last week', date_to: '2026-07-01' },
      { date_from: '2026-06-01' },
      { date_from: 20260601, date_to: 20260602 },
    ]) {
      const { plan } = sanitize({ ...raw, nutrients: ['sodium'] });
      expect([plan.date_from, plan.date_to], JSON.stringify(raw)).toEqual(['2026-06-03', '2026-07-02']);
    }
  });

  it('cuts a period that ends after today to end today, and says so', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-06-20', date_to: '2026-08-15', nutrients: ['sodium'] });
    expect(plan).toMatchObject({ date_from: '2026-06-20', date_to: today });
    expect(plan.refusal).toBeUndefined();
    expect(adjustments).toEqual([{ code: 'future_date', date: '2026-08-15', today, comparison: false }]);
    expect(plan.not_honoured).toEqual([{ code: 'future_date', text: '2026-08-15' }]);
  });

  it('refuses a period wholly after today, keeping it as asked instead of moving it', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-08-01', date_to: '2026-08-15', nutrients: ['sodium'] });
    expect(plan).toMatchObject({ date_from: '2026-08-01', date_to: '2026-08-15', refusal: 'future_period', need_detail: false });
    expect(adjustments.map((adjustment) => adjustment.code)).toEqual(['future_period']);
  });

  it('swaps reversed dates', () => {
    const { plan } = sanitize({ date_from: '2026-06-30', date_to: '2026-06-01', nutrients: ['sodium'] });
    expect([plan.date_from, plan.date_to]).toEqual(['2026-06-01', '2026-06-30']);
    expect(codes({ date_from: '2026-06-30', date_to: '2026-06-01', nutrients: ['sodium'] })).toEqual(['period_swapped']);
  });

  it('cuts a period over 92 days to its last 92 and flags it', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-01-01', date_to: '2026-06-30', nutrients: ['sodium'] });
    expect(plan).toMatchObject({ date_from: '2026-03-31', date_to: '2026-06-30', clamped: true });
    expect(adjustments).toEqual([{ code: 'period_clamped', days: 181, comparison: false }]);
  });

  it('keeps exactly 92 days unclamped', () => {
    const { plan } = sanitize({ date_from: '2026-04-02', date_to: '2026-07-02', nutrients: ['sodium'] });
    expect(plan).toMatchObject({ date_from: '2026-04-02', clamped: false });
  });

  it('drops unknown nutrient keys and duplicates', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-06-01', date_to: '2026-06-02', nutrients: ['sodium', 'salt', 42, 'sodium', 'fibre'] });
    expect(plan.nutrients).toEqual(['sodium', 'fibre']);
    expect(adjustments).toEqual([{ code: 'nutrients_dropped', dropped: ['salt', '42'] }]);
  });

  it('falls back to energy, protein, carbohydrate and fat when no nutrient is left', () => {
    expect(sanitize({ date_from: '2026-06-01', date_to: '2026-06-02', nutrients: ['vitamin_z'] }).plan.nutrients).toEqual(['energy_kcal', 'protein', 'carbohydrate', 'fat']);
    expect(sanitize({ date_from: '2026-06-01', date_to: '2026-06-02', nutrients: 'sodium' }).plan.nutrients).toEqual([...defaultNutrients]);
    expect(codes({ date_from: '2026-06-01', date_to: '2026-06-02' })).toEqual(['nutrients_defaulted']);
  });

  it('takes need_detail only when it is the boolean true', () => {
    expect(sanitize({ need_detail: true }).plan.need_detail).toBe(true);
    for (const value of ['true', 1, 'yes', null, undefined]) expect(sanitize({ need_detail: value }).plan.need_detail).toBe(false);
  });

  it('records which planner proposed the plan', () => {
    expect(sanitizePlan({}, { today, planner: 'llm' }).plan.planner).toBe('llm');
  });

  it('tells the user about a clamp in their language', () => {
    expect(adjustmentNotice({ code: 'period_clamped', days: 181, comparison: false }, 'en').message).toContain('only the last 92');
    expect(adjustmentNotice({ code: 'period_clamped', days: 181, comparison: false }, 'es').message).toContain('últimos 92');
  });

  it('keeps a comparison period, with its own cut and clamp', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-06-29', date_to: '2026-07-02', compare_from: '2026-01-01', compare_to: '2026-06-28', nutrients: ['protein'] });
    expect(plan.compare_to).toEqual({ date_from: '2026-03-29', date_to: '2026-06-28', clamped: true });
    expect(adjustments).toEqual([{ code: 'period_clamped', days: 179, comparison: true }]);
  });

  it('drops a comparison period that has not happened yet, and one equal to the first', () => {
    const future = sanitize({ date_from: '2026-06-29', date_to: '2026-07-02', compare_from: '2026-07-06', compare_to: '2026-07-12', nutrients: ['protein'] });
    expect(future.plan.compare_to).toBeUndefined();
    expect(future.adjustments).toEqual([{ code: 'comparison_dropped', reason: 'future', text: '2026-07-06 – 2026-07-12' }]);
    const same = sanitize({ date_from: '2026-06-29', date_to: '2026-07-02', compare_from: '2026-06-29', compare_to: '2026-07-02', nutrients: ['protein'] });
    expect(same.plan.compare_to).toBeUndefined();
    expect(same.adjustments.map((adjustment) => adjustment.code)).toEqual(['comparison_dropped']);
  });

  it('refuses a question about nutrients cita does not track, with no figures planned', () => {
    const { plan } = sanitize({ date_from: '2026-06-22', date_to: '2026-06-28', nutrients: [], untracked: ['vitamin K'] });
    expect(plan).toMatchObject({ refusal: 'untracked_nutrient', nutrients: [], need_detail: false });
    expect(plan.not_honoured).toEqual([{ code: 'untracked_nutrient', text: 'vitamin K' }]);
  });

  it('answers the tracked nutrients of a question and names the untracked ones it leaves out', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-06-22', date_to: '2026-06-28', nutrients: ['sodium'], untracked: ['vitamin K'] });
    expect(plan.refusal).toBeUndefined();
    expect(plan.nutrients).toEqual(['sodium']);
    expect(adjustments).toEqual([{ code: 'untracked_nutrient', names: ['vitamin K'], refused: false }]);
    expect(adjustmentNotice(adjustments[0] as Parameters<typeof adjustmentNotice>[0], 'en').message).toBe(
      'cita does not track vitamin K: only the rest is answered; it tracks energy, protein, fat, saturated fat, carbohydrate, fibre, free sugars, sodium, potassium, calcium, iron and vitamin C.',
    );
  });

  it('refuses a question it did not understand before anything else, never with a default summary', () => {
    const { plan } = sanitize({ understood: false, nutrients: [], invalid_dates: ['31 de febrero'] });
    expect(plan).toMatchObject({ refusal: 'not_understood', nutrients: [] });
  });

  it('refuses a date that does not exist rather than using another period', () => {
    const { plan, adjustments } = sanitize({ nutrients: ['fat'], invalid_dates: ['31 de febrero'] });
    expect(plan.refusal).toBe('invalid_date');
    expect(adjustments).toContainEqual({ code: 'invalid_date', dates: ['31 de febrero'] });
    expect(adjustmentNotice({ code: 'invalid_date', dates: ['31 de febrero'] }, 'es').message).toBe('«31 de febrero» no es una fecha que exista: no se consultó nada.');
  });

  it('treats a date before 1900 as missing', () => {
    expect(codes({ date_from: '0000-01-01', date_to: '0000-01-01', nutrients: ['fat'] })).toEqual(['period_defaulted']);
  });

  it('shows energy with each entry of a list when no nutrient is named, and records the default', () => {
    const { plan } = sanitize({ date_from: '2026-07-01', date_to: '2026-07-01', list_entries: true });
    expect(plan).toMatchObject({ nutrients: ['energy_kcal'], list_entries: true, need_detail: true, defaults: ['nutrients'] });
  });

  it('records the default period and nutrients a plan assumed', () => {
    expect(sanitize({}).plan.defaults).toEqual(['period', 'nutrients']);
  });

  it('keeps known meals in the diary order, and all four as every meal', () => {
    expect(sanitize({ meals: ['dinner', 'breakfast', 'brunch'] }).plan.meals).toEqual(['breakfast', 'dinner']);
    expect(codes({ meals: ['brunch'], nutrients: ['fat'], date_from: '2026-07-01', date_to: '2026-07-01' })).toEqual(['meals_dropped']);
    expect(sanitize({ meals: ['snack', 'dinner', 'lunch', 'breakfast'] }).plan.meals).toEqual([]);
  });

  it('takes list_entries only when it is the boolean true', () => {
    for (const value of ['true', 1, null, undefined]) expect(sanitize({ list_entries: value }).plan.list_entries).toBe(false);
  });
});

describe('sanitizePlan: foods named', () => {
  const week = { date_from: '2026-06-29', date_to: '2026-07-02' };

  it('keeps up to three named foods, asks for detail, and shows energy when no nutrient is named', () => {
    const { plan, adjustments } = sanitize({ ...week, nutrients: [], foods: ['eggs', ' queso ', 42, '', 'rice', 'dal'] });
    expect(plan).toMatchObject({ foods: ['eggs', 'queso', 'rice'], need_detail: true, nutrients: ['energy_kcal'], defaults: ['nutrients'] });
    expect(adjustments).toContainEqual({ code: 'nutrients_defaulted', listing: true });
  });

  it('keeps the nutrient asked with the foods, and cuts a long phrase to 40 characters', () => {
    const { plan } = sanitize({ ...week, nutrients: ['protein'], foods: ['x'.repeat(80)] });
    expect(plan).toMatchObject({ nutrients: ['protein'], foods: ['x'.repeat(40)] });
  });

  it('keeps the foods of a comparison (each food is compared), and drops them silently on a refusal', () => {
    const compared = sanitize({ ...week, compare_from: '2026-06-22', compare_to: '2026-06-28', nutrients: ['protein'], foods: ['eggs'] });
    expect(compared.plan).toMatchObject({ foods: ['eggs'], need_detail: true, compare_to: { date_from: '2026-06-22', date_to: '2026-06-28' } });
    expect(compared.plan.not_honoured).toEqual([]);
    const refused = sanitize({ ...week, understood: false, foods: ['eggs'] });
    expect(refused.plan).toMatchObject({ refusal: 'not_understood' });
    expect(refused.plan.foods).toBeUndefined();
  });

  it('has no foods field when none is named', () => {
    expect(sanitize({ ...week, nutrients: ['sodium'] }).plan.foods).toBeUndefined();
    // Not a list of strings: no foods, and nothing said about them.
    const notList = sanitize({ ...week, nutrients: ['sodium'], foods: 'eggs' });
    expect(notList.plan.foods).toBeUndefined();
    expect(notList.plan.need_detail).toBe(false);
  });
});

describe('sanitizePlan: a question out of the log', () => {
  it('refuses it as not understood with its reason, and keeps no nutrient, meal or food of it', () => {
    const { plan, adjustments } = sanitize({ nutrients: ['protein'], meals: ['dinner'], foods: ['banana'], untracked: ['gluten'], understood: true, out_of_scope: 'advice' });
    expect(plan).toMatchObject({ refusal: 'not_understood', nutrients: [], meals: [], need_detail: false });
    expect(plan).not.toHaveProperty('foods');
    expect(adjustments).toEqual([{ code: 'period_defaulted' }, { code: 'not_understood', reason: 'advice' }]);
    expect(plan.not_honoured).toEqual([{ code: 'not_understood', text: 'advice' }]);
  });

  it('says only that it was out of scope, not the clamp of a period it never looked up', () => {
    const { plan } = sanitize({ date_from: '2025-07-02', date_to: '2026-07-02', nutrients: ['protein'], understood: true, out_of_scope: 'advice' });
    expect(plan.not_honoured).toEqual([{ code: 'not_understood', text: 'advice' }]);
    expect(sanitize({ date_from: '2025-07-02', date_to: '2026-07-02', nutrients: ['protein'], understood: true }).plan.not_honoured).toEqual([{ code: 'period_clamped', text: '366' }]);
  });

  it('ignores a reason it does not know', () => {
    const { plan } = sanitize({ nutrients: ['protein'], understood: true, out_of_scope: 'banana' });
    expect(plan.refusal).toBeUndefined();
    expect(plan.nutrients).toEqual(['protein']);
  });
});
