import { describe, expect, it } from 'vitest';
import type { DiaryPlan } from '../../../shared/contract.js';
import { buildDiaryContext, type DiaryRetrieval } from '../../../main/answer/diary-context.js';
import { composeDiaryAnswer } from '../../../main/answer/diary-composer.js';
import { checkAttributedGrounding } from '../../../main/answer/attributed-grounding.js';

const plan: DiaryPlan = { date_from: '2026-06-30', date_to: '2026-07-02', nutrients: ['sodium'], need_detail: true, clamped: false, planner: 'rules' };

const retrieval: DiaryRetrieval = {
  dailyTotals: [
    { date: '2026-06-30', entries: 2, sodium: 300.04, energy_kcal: 900 },
    { date: '2026-07-01', entries: 2, sodium: 2650.25, energy_kcal: 1400 },
    { date: '2026-07-02', entries: 2, sodium: 659.5, energy_kcal: 700 },
  ],
  targetsByDay: [
    { date: '2026-06-30', nutrient: 'sodium', amount: 2300 },
    { date: '2026-07-01', nutrient: 'sodium', amount: 2000 },
    { date: '2026-07-02', nutrient: 'sodium', amount: 2000 },
  ],
  summary: { days_with_entries: 3, total_sodium: 3609.79, average_sodium: 1203.263333, unmeasured_sodium: 0 },
  targetDays: [{ nutrient: 'sodium', days_with_target: 3, days_over_target: 1, days_under_target: 2 }],
  detail: {
    entries: [
      { entry_id: 1, date: '2026-07-02', meal: 'breakfast', food_name: 'Pan integral', food_brand: 'Bimbo', grams: 91, energy_kcal: 224.77, sodium: 409.5 },
      { entry_id: 2, date: '2026-07-01', meal: 'dinner', food_name: 'Sopa instantánea', food_brand: '', grams: 64, energy_kcal: 281.6, sodium: 1088 },
      { entry_id: 3, date: '2026-07-01', meal: 'lunch', food_name: 'Sopa instantánea', food_brand: '', grams: 90, energy_kcal: 396, sodium: 1530 },
      { entry_id: 4, date: '2026-06-30', meal: 'lunch', food_name: 'Rice, raw, milled', food_brand: '', grams: 80, energy_kcal: 285.1, sodium: 1.9 },
    ],
    entryCount: 4,
    foods: [
      { food_name: 'Sopa instantánea', food_brand: '', entries: 2, grams: 154, energy_kcal: 677.6, sodium: 2618 },
      { food_name: 'Pan integral', food_brand: 'Bimbo', entries: 1, grams: 91, energy_kcal: 224.77, sodium: 409.5 },
    ],
    foodCount: 2,
  },
};

describe('composeDiaryAnswer', () => {
  const context = buildDiaryContext(plan, retrieval);

  it('names the largest entry of each food with its grams, value and day', () => {
    const { answer } = composeDiaryAnswer(plan, context, 'en');
    expect(answer).toContain('Sopa instantánea, 90.0 g with 1,530.0 mg on 2026-07-01');
    expect(answer).toContain('Pan integral (Bimbo), 91.0 g with 409.5 mg on 2026-07-02');
    expect(answer).not.toContain('64.0 g with 1,088.0 mg');
  });

  it('gives totals, the daily average, extremes and days over and under target, copied from the context', () => {
    const { answer } = composeDiaryAnswer(plan, context, 'en');
    expect(answer).toContain('Total 3,609.8 mg; average 1,203.3 mg per day with entries');
    expect(answer).toContain('Highest day: 2026-07-01 with 2,650.3 mg');
    expect(answer).toContain('lowest: 2026-06-30 with 300.0 mg');
    // Sodium's target is a limit, and the answer says so.
    expect(answer).toContain('Daily limit 2,300.0 mg from 2026-06-30 [9]; 2,000.0 mg from 2026-07-01 [10].');
    expect(answer).toContain("The day's total was above it on 1 day and below it on 2, of 3 days with a limit");
    expect(composeDiaryAnswer(plan, context, 'es').answer).toContain('Límite diario');
  });

  it('writes Spanish for a Spanish question', () => {
    const { answer } = composeDiaryAnswer(plan, context, 'es');
    expect(answer).toContain('Sodio del 2026-06-30 al 2026-07-02');
    expect(answer).toContain('Pan integral (Bimbo), 91,0 g con 409,5 mg el 2026-07-02');
    expect(answer).toContain('promedio de 1203,3 mg por día con entradas');
  });

  it('has only figures the grounding check verifies, in both languages', () => {
    for (const language of ['en', 'es'] as const) {
      const grounding = checkAttributedGrounding(composeDiaryAnswer(plan, context, language).answer, context.text);
      expect(grounding.unverified, language).toBe(0);
      expect(grounding.verified).toBeGreaterThan(10);
    }
  });

  it('cites the context lines it used, entries as diary-entry and days as diary-day', () => {
    const { answer, citations } = composeDiaryAnswer(plan, context, 'en');
    const lines = context.text.split('\n');
    const first = citations[0];
    expect(first).toMatchObject({ ref: '[1]', kind: 'diary-entry', date: '2026-07-01' });
    expect(lines[(first?.context_lines[0] as number) - 1]).toBe('2026-07-01,lunch,Sopa instantánea,90.0,396.0,1530.0');
    expect(citations.some((citation) => citation.kind === 'diary-day')).toBe(true);
    for (const citation of citations) expect(answer).toContain(citation.ref);
  });

  it('describes and never prescribes', () => {
    for (const language of ['en', 'es'] as const) {
      const { answer } = composeDiaryAnswer(plan, context, language);
      expect(answer).not.toMatch(/\b(should|must|recommend|avoid|try to|debe|debería|recomend|evite)\b/i);
    }
  });

  it('says the period is empty when there are no entries', () => {
    const empty = buildDiaryContext(plan, { ...retrieval, dailyTotals: [], detail: undefined, summary: { days_with_entries: 0 } });
    const composed = composeDiaryAnswer(plan, empty, 'es');
    expect(composed).toMatchObject({ empty: true, refusal: 'no_entries', answer: 'Su diario no tiene entradas del 2026-06-30 al 2026-07-02.', citations: [] });
  });

  it('gives one day its total alone, and counts a single entry in the singular', () => {
    const oneDay = { ...plan, date_from: '2026-07-02' };
    const day: DiaryRetrieval = {
      ...retrieval,
      dailyTotals: [retrieval.dailyTotals[2] as Record<string, unknown>],
      targetsByDay: [retrieval.targetsByDay[2] as DiaryRetrieval['targetsByDay'][number]],
      summary: { days_with_entries: 1, total_sodium: 659.5, average_sodium: 659.5, unmeasured_sodium: 0 },
      detail: { entries: [retrieval.detail?.entries[0] as Record<string, unknown>], entryCount: 1, foods: [retrieval.detail?.foods[1] as Record<string, unknown>], foodCount: 1 },
    };
    const { answer } = composeDiaryAnswer(oneDay, buildDiaryContext(oneDay, day), 'en');
    expect(answer).toMatch(/^Sodium on 2026-07-02:\n/);
    expect(answer).toContain('• Total 659.5 mg on 2026-07-02 [3].');
    expect(answer).not.toContain('average');
    expect(answer).toContain('409.5 mg in 1 entry (91.0 g)');
  });

  it('without detail gives daily totals only', () => {
    const totalsOnly = { ...plan, need_detail: false };
    const { answer } = composeDiaryAnswer(totalsOnly, buildDiaryContext(totalsOnly, { ...retrieval, detail: undefined }), 'en');
    expect(answer).not.toContain('Largest');
    expect(answer).toContain('Total 3,609.8 mg');
  });
});
