import { describe, expect, it } from 'vitest';
import type { DiaryPlan } from '../../../shared/contract.js';
import { checkAttributedGrounding } from '../../../main/answer/attributed-grounding.js';
import { buildComparisonContext, cellDifference } from '../../../main/answer/comparison-context.js';
import { composeDiaryAnswer } from '../../../main/answer/diary-composer.js';
import { buildDiaryContext, type DiaryRetrieval } from '../../../main/answer/diary-context.js';
import { composeRefusal } from '../../../main/answer/diary-refusals.js';
import { sanitizePlan } from '../../../main/answer/plan-sanitizer.js';
import { planFromRules } from '../../../main/answer/rule-planner.js';

const today = '2026-12-01';

function planOf(question: string): DiaryPlan {
  return sanitizePlan(planFromRules(question, today), { today, planner: 'rules' }).plan;
}

const day: DiaryRetrieval = {
  dailyTotals: [{ date: '2026-11-14', entries: 4, energy_kcal: 1630.04, sodium: 1273.5 }],
  targetsByDay: [],
  summary: { days_with_entries: 1, total_energy_kcal: 1630.04, average_energy_kcal: 1630.04, total_sodium: 1273.5, average_sodium: 1273.5 },
  targetDays: [],
  range: { first_date: '2026-09-03', last_date: today, entries: 1036 },
  detail: {
    entries: [
      { entry_id: 1, date: '2026-11-14', meal: 'breakfast', food_name: 'Pan integral', food_brand: 'Bimbo', grams: 91, energy_kcal: 224.77, sodium: 409.5 },
      { entry_id: 2, date: '2026-11-14', meal: 'lunch', food_name: 'Wheat flour, atta', food_brand: '', grams: 75, energy_kcal: 240.2, sodium: 1.5 },
      { entry_id: 3, date: '2026-11-14', meal: 'dinner', food_name: 'Sopa instantánea de fideos', food_brand: 'Maruchan', grams: 50, energy_kcal: 220, sodium: 850 },
      { entry_id: 4, date: '2026-11-14', meal: 'snack', food_name: 'Guava, white flesh', food_brand: '', grams: 100, energy_kcal: 32.3, sodium: 12.5 },
    ],
    entryCount: 4,
    foods: [],
    foodCount: 4,
  },
};

describe('the answer to "what did I eat …"', () => {
  const plan = planOf('What did I eat on November 14?');
  const context = buildDiaryContext(plan, day);

  it('lists every entry of the day with its meal, grams and energy', () => {
    const { answer } = composeDiaryAnswer(plan, context, 'en');
    expect(answer).toContain('• 2026-11-14, breakfast: Pan integral (Bimbo) (91.0 g, 224.8 kcal) [1].');
    expect(answer).toContain('• 2026-11-14, lunch: Wheat flour, atta (75.0 g, 240.2 kcal) [2].');
    expect(answer).toContain('Sopa instantánea de fideos (Maruchan) (50.0 g, 220.0 kcal)');
    expect(answer).toContain('Guava, white flesh (100.0 g, 32.3 kcal)');
    expect(answer).toContain('Total on 2026-11-14: 1,630.0 kcal [5].');
  });

  it('lists them in Spanish with Spanish meal names and number format', () => {
    const { answer } = composeDiaryAnswer(plan, context, 'es');
    expect(answer).toContain('• 2026-11-14, desayuno: Pan integral (Bimbo) (91,0 g, 224,8 kcal) [1].');
    expect(answer).toContain('Total del 2026-11-14: 1630,0 kcal [5].');
  });

  it('shows the asked nutrient with each entry', () => {
    const sodium = planOf('what did I eat on November 14 and how much sodium?');
    const { answer } = composeDiaryAnswer(sodium, buildDiaryContext(sodium, day), 'en');
    expect(answer).toContain('Pan integral (Bimbo) (91.0 g, 224.8 kcal, 409.5 mg sodium)');
  });

  it('lists each food once with its totals when the entries are too many to read', () => {
    const many: DiaryRetrieval = {
      ...day,
      detail: {
        entries: (day.detail as NonNullable<DiaryRetrieval['detail']>).entries.slice(0, 2),
        entryCount: 500,
        foods: [{ food_name: 'Pan integral', food_brand: 'Bimbo', entries: 30, grams: 2730, energy_kcal: 6743.1 }],
        foodCount: 1,
      },
    };
    const { answer } = composeDiaryAnswer(plan, buildDiaryContext(plan, many), 'en');
    expect(answer).toContain('too many to read one by one');
    expect(answer).toContain('• Pan integral (Bimbo) (30 entries, 2,730.0 g, 6,743.1 kcal) [1].');
  });
});

describe('the answer to a comparison', () => {
  const plan = planOf('did I eat more protein this week than last week?');
  const week = (from: string, days: number, total: number, average: number): DiaryRetrieval => ({
    dailyTotals: [{ date: from, entries: 9, protein: average }],
    targetsByDay: [],
    summary: { days_with_entries: days, total_protein: total, average_protein: average },
    targetDays: [],
  });
  const context = buildComparisonContext(plan, week('2026-11-30', 2, 155.5, 77.75), week('2026-11-23', 7, 480.8, 68.6857));

  it('subtracts two one-decimal cells exactly', () => {
    expect(cellDifference('155.5', '480.8')).toBe('-325.3');
    expect(cellDifference('77.8', '68.7')).toBe('9.1');
    expect(cellDifference('0.1', '0.1')).toBe('0.0');
    expect(cellDifference('', '1.0')).toBe('');
  });

  it("shows each period's total and daily average side by side, and the difference in words", () => {
    const { answer } = composeDiaryAnswer(plan, context, 'en');
    expect(answer).toContain('Protein: 2026-11-30 to 2026-12-01 compared with 2026-11-23 to 2026-11-29.');
    expect(answer).toContain('• 2026-11-30 to 2026-12-01: total 155.5 g, average 77.8 g per day with entries (2 days with entries) [1].');
    expect(answer).toContain('• 2026-11-23 to 2026-11-29: total 480.8 g, average 68.7 g per day with entries (7 days with entries) [2].');
    expect(answer).toContain('daily average 9.1 g higher; total 325.3 g lower [3].');
  });

  it('writes the comparison in Spanish with a decimal comma', () => {
    const { answer } = composeDiaryAnswer(plan, context, 'es');
    expect(answer).toContain('Proteína: periodo del 2026-11-30 al 2026-12-01 frente al periodo del 2026-11-23 al 2026-11-29.');
    expect(answer).toContain('• Periodo del 2026-11-30 al 2026-12-01: total 155,5 g, promedio 77,8 g por día con entradas (2 días con entradas) [1].');
    expect(answer).toContain('promedio diario 9,1 g más; total 325,3 g menos');
  });

  it('holds the difference in the context, so the check verifies it', () => {
    expect(context.text).toContain('2026-11-30,2026-12-01,2026-11-23,2026-11-29,daily_average_difference,9.1');
    for (const language of ['en', 'es'] as const) {
      const grounding = checkAttributedGrounding(composeDiaryAnswer(plan, context, language).answer, context.text);
      expect(grounding.unverified, language).toBe(0);
      expect(grounding.verified).toBe(8);
    }
  });
});

describe('the answer to a comparison of two days', () => {
  it('gives each day its total alone and the difference of the totals', () => {
    const plan = planOf('did I eat more calories today than yesterday?');
    const one = (date: string, total: number): DiaryRetrieval => ({
      dailyTotals: [{ date, entries: 9, energy_kcal: total }],
      targetsByDay: [],
      summary: { days_with_entries: 1, total_energy_kcal: total, average_energy_kcal: total },
      targetDays: [],
    });
    const context = buildComparisonContext(plan, one(today, 1444.9), one('2026-11-30', 1553.6));
    const { answer } = composeDiaryAnswer(plan, context, 'en');
    expect(answer).toBe(
      [
        'Energy: 2026-12-01 compared with 2026-11-30.',
        '• 2026-12-01: total 1,444.9 kcal [1].',
        '• 2026-11-30: total 1,553.6 kcal [2].',
        '• Difference, 2026-12-01 against 2026-11-30: total 108.7 kcal lower [3].',
      ].join('\n'),
    );
    expect(checkAttributedGrounding(answer, context.text)).toMatchObject({ unverified: 0, verified: 3 });
  });
});

describe('the answer when nothing is logged', () => {
  const plan = planOf('sodium in August');
  const nothing: DiaryRetrieval = { dailyTotals: [], targetsByDay: [], summary: { days_with_entries: 0 }, targetDays: [], range: { first_date: '2026-09-03', last_date: today, entries: 1036 } };

  it("says where the diary's entries are when the period has none", () => {
    const context = buildDiaryContext(plan, nothing);
    const composed = composeDiaryAnswer(plan, context, 'en');
    expect(composed).toMatchObject({ empty: true, refusal: 'no_entries' });
    expect(composed.answer).toBe('Your diary has no entries from 2026-08-01 to 2026-08-31. It has entries from 2026-09-03 to 2026-12-01 [1].');
    expect(checkAttributedGrounding(composed.answer, context.text).unverified).toBe(0);
  });

  it('tells an empty diary to log or import entries, never to try other words', () => {
    const context = buildDiaryContext(plan, { ...nothing, range: { first_date: null, last_date: null, entries: 0 } });
    const composed = composeDiaryAnswer(plan, context, 'en');
    expect(composed).toMatchObject({ empty: true, refusal: 'empty_diary' });
    expect(composed.answer).toContain('Log what you eat in Diary');
    expect(composed.answer).toContain('import a CSV');
    expect(composeDiaryAnswer(plan, context, 'es').answer).toContain('importe un CSV');
  });
});

describe('the answer for a meal', () => {
  it('names the meal and leaves the daily targets out', () => {
    const plan = planOf('how much sodium at dinner last week?');
    const context = buildDiaryContext(plan, {
      dailyTotals: [
        { date: '2026-11-23', entries: 3, sodium: 850 },
        { date: '2026-11-24', entries: 3, sodium: 120.5 },
      ],
      targetsByDay: [],
      summary: { days_with_entries: 2, total_sodium: 970.5, average_sodium: 485.25 },
      targetDays: [],
    });
    expect(context.text).toContain('# meals: dinner only');
    const { answer } = composeDiaryAnswer(plan, context, 'en');
    expect(answer).toContain('Sodium (dinner only) from 2026-11-23 to 2026-11-29');
    expect(answer).not.toContain('target');
  });
});

describe('refusals', () => {
  it('says which nutrient cita does not track and lists the ones it does, with no figures', () => {
    const { plan, adjustments } = sanitizePlan(planFromRules('how much vitamin K did I get last week?', today), { today, planner: 'rules' });
    const refusal = composeRefusal(plan, adjustments, 'en', today);
    expect(refusal.answer).toMatch(/^cita does not track vitamin K: your diary holds no such figure/);
    expect(refusal.answer).toContain('It tracks energy, protein, fat, saturated fat, carbohydrate, fibre, free sugars, sodium, potassium, calcium, iron and vitamin C');
    expect(checkAttributedGrounding(refusal.answer, refusal.context).figures).toEqual([]);
  });

  it('says it did not understand and gives examples, with no summary', () => {
    const { plan, adjustments } = sanitizePlan(planFromRules('asdf qwer', today), { today, planner: 'rules' });
    const refusal = composeRefusal(plan, adjustments, 'es', today);
    expect(refusal.answer).toMatch(/^No entendí la pregunta/);
    expect(refusal.answer).toContain('«¿Qué cené ayer?»');
    expect(refusal.answer).not.toMatch(/\d/);
  });

  it('says a future period has not happened yet, naming it and today', () => {
    const { plan, adjustments } = sanitizePlan(planFromRules('What did I eat on December 10?', today), { today, planner: 'rules' });
    const refusal = composeRefusal(plan, adjustments, 'en', today);
    // Not "your diary can only hold entries up to today": a day up to a year ahead may be logged (a planned meal).
    expect(refusal.answer).toBe(
      'The period asked for (2026-12-10) has not happened yet (today is 2026-12-01): Ask your log answers about days up to today. Entries logged ahead of time are in Diary.',
    );
    expect(checkAttributedGrounding(refusal.answer, refusal.context).trusted).toBe(true);
  });

  it('quotes a date that does not exist and verifies against what it quotes', () => {
    const { plan, adjustments } = sanitizePlan(planFromRules('how much protein did I eat on the 45th?', today), { today, planner: 'rules' });
    const refusal = composeRefusal(plan, adjustments, 'en', today);
    expect(refusal.answer).toMatch(/^"the 45th" is not a date that exists, so nothing was looked up/);
    expect(checkAttributedGrounding(refusal.answer, refusal.context).trusted).toBe(true);
  });
});
