import { describe, expect, it } from 'vitest';
import { adjustmentNotice, defaultNutrients, sanitizePlan } from '../../../main/answer/plan-sanitizer.js';

const today = '2026-07-02';
const sanitize = (raw: Parameters<typeof sanitizePlan>[0]) => sanitizePlan(raw, { today, planner: 'rules' });
const codes = (raw: Parameters<typeof sanitizePlan>[0]) => sanitize(raw).adjustments.map((adjustment) => adjustment.code);

describe('sanitizePlan', () => {
  it('keeps a valid plan as it is', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-06-19', date_to: '2026-07-02', nutrients: ['sodium'], need_detail: true });
    expect(plan).toEqual({ date_from: '2026-06-19', date_to: '2026-07-02', nutrients: ['sodium'], need_detail: true, clamped: false, planner: 'rules' });
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

  it('moves a future date_to (and a future date_from) to today', () => {
    expect(sanitize({ date_from: '2026-06-20', date_to: '2026-08-15', nutrients: ['sodium'] }).plan).toMatchObject({ date_from: '2026-06-20', date_to: today });
    expect(sanitize({ date_from: '2026-08-01', date_to: '2026-08-15', nutrients: ['sodium'] }).plan).toMatchObject({ date_from: today, date_to: today });
    expect(codes({ date_from: '2026-06-20', date_to: '2026-08-15', nutrients: ['sodium'] })).toEqual(['future_date']);
  });

  it('swaps reversed dates', () => {
    const { plan } = sanitize({ date_from: '2026-06-30', date_to: '2026-06-01', nutrients: ['sodium'] });
    expect([plan.date_from, plan.date_to]).toEqual(['2026-06-01', '2026-06-30']);
    expect(codes({ date_from: '2026-06-30', date_to: '2026-06-01', nutrients: ['sodium'] })).toEqual(['period_swapped']);
  });

  it('cuts a period over 92 days to its last 92 and flags it', () => {
    const { plan, adjustments } = sanitize({ date_from: '2026-01-01', date_to: '2026-06-30', nutrients: ['sodium'] });
    expect(plan).toMatchObject({ date_from: '2026-03-31', date_to: '2026-06-30', clamped: true });
    expect(adjustments).toEqual([{ code: 'period_clamped', days: 181 }]);
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
    expect(adjustmentNotice({ code: 'period_clamped', days: 181 }, 'en').message).toContain('only the last 92');
    expect(adjustmentNotice({ code: 'period_clamped', days: 181 }, 'es').message).toContain('últimos 92');
  });
});
