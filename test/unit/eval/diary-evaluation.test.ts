import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareOutcome, formatDiaryEvaluation, loadDiaryEvaluation, loadDiaryEvaluationPath, planOutcome, runDiaryEvaluation } from '../../../main/eval/diary-evaluation.js';
import { packageRoot } from '../../../main/paths.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('the diary plan set (kb/eval/diary-plans.json)', () => {
  const set = loadDiaryEvaluation();

  it('holds at least 80 questions, English and Spanish, on a fixed today', () => {
    expect(set.today).toBe('2026-12-01');
    expect(set.cases.length).toBeGreaterThanOrEqual(80);
    expect(set.cases.filter((entry) => entry.expected.language === 'es').length).toBeGreaterThanOrEqual(30);
    expect(set.cases.filter((entry) => entry.expected.language === 'en').length).toBeGreaterThanOrEqual(30);
  });

  it('covers every pattern of the issue: meals, comparisons, lists, each refusal and the screen language', () => {
    const expected = set.cases.map((entry) => entry.expected);
    for (const meal of ['breakfast', 'lunch', 'dinner', 'snack'])
      expect(
        expected.some((plan) => plan.meals.includes(meal as never)),
        meal,
      ).toBe(true);
    for (const refusal of ['untracked_nutrient', 'not_understood', 'future_period', 'invalid_date'])
      expect(
        expected.some((plan) => plan.refusal === refusal),
        refusal,
      ).toBe(true);
    expect(expected.filter((plan) => plan.comparison !== null).length).toBeGreaterThanOrEqual(8);
    expect(expected.filter((plan) => plan.entries === true).length).toBeGreaterThanOrEqual(8);
    expect(set.cases.some((entry) => entry.ui_language === 'es' && entry.expected.language === 'es')).toBe(true);
  });

  it('is planned right at least 95% of the time by the rules planner', () => {
    const report = runDiaryEvaluation(set);
    const whole = report.rows.find((row) => row.subset === null);
    expect(whole?.cases).toBe(set.cases.length);
    expect(whole?.score, formatDiaryEvaluation(report)).toBeGreaterThanOrEqual(0.95);
    for (const part of report.rows.filter((row) => row.subset !== null)) expect(part.score, part.subset ?? '').toBeGreaterThanOrEqual(0.95);
  });
});

describe('the held-out diary plan set (kb/eval/diary-plans-holdout.json)', () => {
  it('is planned right at least 90% of the time', () => {
    const report = runDiaryEvaluation(loadDiaryEvaluationPath(join(packageRoot(), 'kb', 'eval', 'diary-plans-holdout.json')));
    expect(report.rows[0]?.score, formatDiaryEvaluation(report)).toBeGreaterThanOrEqual(0.9);
  });
});

describe('the food-question plan sets (kb/eval/diary-plans-foods.json, -holdout.json)', () => {
  // The second held-out set asks for foods in comparisons, which compare whole days (README): at least 85%.
  for (const [name, bar] of [
    ['diary-plans-foods.json', 0.9],
    ['diary-plans-foods-holdout.json', 0.9],
    ['diary-plans-foods-holdout-2.json', 0.85],
  ] as const) {
    it(`${name}: names each food and refuses what is no food, at least ${bar * 100}% of the time`, () => {
      const set = loadDiaryEvaluationPath(join(packageRoot(), 'kb', 'eval', name));
      expect(set.cases.filter((entry) => (entry.expected.foods ?? []).length > 0).length).toBeGreaterThanOrEqual(12);
      const report = runDiaryEvaluation(set);
      expect(report.rows[0]?.score, formatDiaryEvaluation(report)).toBeGreaterThanOrEqual(bar);
    });
  }

  it('compares the untracked words folded, as the sets write them', () => {
    const expected = { language: 'es' as const, meals: [], nutrients: [], comparison: null, refusal: 'untracked_nutrient' as const, untracked: ['azucar en sangre'] };
    expect(compareOutcome(expected, planOutcome('como tuve el azúcar en sangre', { today: '2026-12-01', uiLanguage: 'es' }))).toEqual([]);
    expect(compareOutcome(expected, planOutcome('como tuve la tensión arterial', { today: '2026-12-01', uiLanguage: 'es' }))).toEqual([
      { field: 'untracked', expected: ['azucar en sangre'], planned: ['tension arterial'] },
    ]);
  });

  it('counts a wrong food as a miss', () => {
    const expected = { language: 'en' as const, meals: [], nutrients: [], comparison: null, refusal: null, foods: ['eggs'] };
    expect(compareOutcome(expected, planOutcome('how many eggs did I eat?', { today: '2026-12-01', uiLanguage: 'en' }))).toEqual([]);
    expect(compareOutcome(expected, planOutcome('how many bananas did I eat?', { today: '2026-12-01', uiLanguage: 'en' }))).toEqual([{ field: 'foods', expected: ['eggs'], planned: ['bananas'] }]);
  });
});

describe('the blind scope sets (kb/eval/diary-scope-holdout.json, -2.json)', () => {
  // Written to find what "Ask your log" answers though it cannot (advice, a food's contents, someone else, sleep).
  for (const name of ['diary-scope-holdout.json', 'diary-scope-holdout-2.json']) {
    it(`${name}: refuses what is not about the log and plans the rest right, at least 90% of the time`, () => {
      const set = loadDiaryEvaluationPath(join(packageRoot(), 'kb', 'eval', name));
      expect(set.cases.filter((entry) => entry.expected.refusal === 'not_understood').length).toBeGreaterThanOrEqual(16);
      const report = runDiaryEvaluation(set);
      expect(report.rows[0]?.score, formatDiaryEvaluation(report)).toBeGreaterThanOrEqual(0.9);
    });
  }
});

describe('runDiaryEvaluation', () => {
  const base = { language: 'en' as const, period: ['2026-11-23', '2026-11-29'] as [string, string], meals: [], nutrients: ['sodium'], comparison: null, refusal: null };

  it('passes a case whose every expected field matches the plan', () => {
    expect(compareOutcome(base, planOutcome('sodium last week', { today: '2026-12-01', uiLanguage: 'en' }))).toEqual([]);
  });

  it('names each field a plan gets wrong, with what was expected and what was planned', () => {
    const differences = compareOutcome({ ...base, meals: ['dinner'], comparison: ['2026-11-16', '2026-11-22'] }, planOutcome('sodium last week', { today: '2026-12-01', uiLanguage: 'en' }));
    expect(differences).toEqual([
      { field: 'meals', expected: ['dinner'], planned: [] },
      { field: 'comparison', expected: ['2026-11-16', '2026-11-22'], planned: null },
    ]);
  });

  it("plans relative to the set's today, not the machine's", () => {
    expect(planOutcome('sodium last week', { today: '2026-07-02', uiLanguage: 'en' }).period).toEqual(['2026-06-22', '2026-06-28']);
    expect(planOutcome('sodium last week', { today: '2026-12-01', uiLanguage: 'en' }).period).toEqual(['2026-11-23', '2026-11-29']);
  });

  it('reports a miss with its id and question, and scores each part of the set', () => {
    const report = runDiaryEvaluation({
      version: 1,
      corpus: 'diary',
      today: '2026-12-01',
      ui_language: 'en',
      cases: [
        { id: 'a', subset: 'en', question: 'sodium last week', expected: base },
        { id: 'b', subset: 'es', question: 'sodio la semana pasada', expected: { ...base, language: 'es', meals: ['lunch'] } },
      ],
    });
    expect(report.rows).toEqual([
      { subset: null, cases: 2, passed: 1, score: 0.5 },
      { subset: 'en', cases: 1, passed: 1, score: 1 },
      { subset: 'es', cases: 1, passed: 0, score: 0 },
    ]);
    expect(report.misses).toEqual([{ id: 'b', question: 'sodio la semana pasada', differences: [{ field: 'meals', expected: ['lunch'], planned: [] }] }]);
    expect(formatDiaryEvaluation(report)).toContain('miss b: sodio la semana pasada\n  meals: expected ["lunch"], planned []');
  });

  it('refuses a set file that is not valid, saying where', () => {
    const file = join(tempDir(), 'bad.json');
    writeFileSync(file, JSON.stringify({ version: 1, corpus: 'diary', today: '2026-12-01', cases: [{ id: 'x', question: 'q', expected: { language: 'fr' } }] }));
    expect(() => loadDiaryEvaluationPath(file)).toThrow(/not a valid diary evaluation set at cases\.0\.expected\.language/);
    expect(() => loadDiaryEvaluationPath(join(tempDir(), 'missing.json'))).toThrow(/Cannot read the diary evaluation set/);
  });
});
