import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { isoDateSchema, languageSchema, type DiaryPlan, type Language } from '../../shared/contract.js';
import { mealSchema } from '../../shared/contract/diary.js';
import { answerLanguage } from '../core/language.js';
import { sanitizePlan, type PlanAdjustment } from '../answer/plan-sanitizer.js';
import { planFromRules } from '../answer/rule-planner.js';
import { AppError } from '../core/errors.js';
import { foldText } from '../core/text-folding.js';
import { packageRoot } from '../paths.js';

const periodSchema = z.tuple([isoDateSchema, isoDateSchema]);
const refusalSchema = z.enum(['untracked_nutrient', 'not_understood', 'future_period', 'invalid_date']).nullable();

const diaryCaseSchema = z
  .object({
    id: z.string().min(1),
    question: z.string().min(1),
    subset: z.string().min(1).optional(),
    /** The screen's language when the question is asked (the set's default otherwise). */
    ui_language: languageSchema.optional(),
    /** The set author's word on a judgement call (read by people, not scored). */
    note: z.string().optional(),
    expected: z
      .object({
        language: languageSchema,
        /** [from, to] after the sanitizer; left out for refusals where the period does not matter. */
        period: periodSchema.optional(),
        meals: z.array(mealSchema),
        /** Registry keys named; [] = none named (the plan's default, or none for a refusal). */
        nutrients: z.array(z.string()),
        comparison: periodSchema.nullable(),
        refusal: refusalSchema,
        entries: z.boolean().optional(),
        notices: z.array(z.string()).optional(),
        untracked: z.array(z.string()).optional(),
        clamped: z.boolean().optional(),
        /** Foods the question names, folded ("queso fresco"); [] = none. */
        foods: z.array(z.string()).optional(),
      })
      .strict(),
  })
  .strict();
export type DiaryEvaluationCase = z.infer<typeof diaryCaseSchema>;

const diarySetSchema = z.object({
  version: z.literal(1),
  corpus: z.literal('diary'),
  /** "Today" for every question of the set, so results do not move with the calendar. */
  today: isoDateSchema,
  ui_language: languageSchema.default('en'),
  description: z.string().optional(),
  cases: z.array(diaryCaseSchema).min(1),
});
export type DiaryEvaluationSet = z.infer<typeof diarySetSchema>;

/** Reads the shipped diary plan set, `kb/eval/diary-plans.json`. */
export function loadDiaryEvaluation(): DiaryEvaluationSet {
  return loadDiaryEvaluationPath(join(packageRoot(), 'kb', 'eval', 'diary-plans.json'));
}

/** Reads a diary plan set from any path (`cita eval --corpus diary --set FILE`); a bad file is a clear error. */
export function loadDiaryEvaluationPath(file: string): DiaryEvaluationSet {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new AppError('invalid_input', `Cannot read the diary evaluation set ${file}: ${(error as Error).message}`);
  }
  const parsed = diarySetSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new AppError('invalid_input', `${file} is not a valid diary evaluation set at ${issue?.path.join('.') || 'the top level'}: ${issue?.message}`);
  }
  return parsed.data;
}

/** What the planner made of one question, in the shape of an expected plan. */
export interface DiaryPlanOutcome {
  language: Language;
  period: [string, string];
  meals: string[];
  nutrients: string[];
  comparison: [string, string] | null;
  refusal: string | null;
  entries: boolean;
  notices: string[];
  untracked: string[];
  clamped: boolean;
  foods: string[];
}

export interface DiaryEvaluationMiss {
  id: string;
  question: string;
  /** The fields that differ: expected and planned. */
  differences: Array<{ field: string; expected: unknown; planned: unknown }>;
}

export interface DiaryEvaluationReport {
  corpus: 'diary';
  planner: 'rules';
  today: string;
  /** The whole set, then each part of it (subset) when there is more than one. */
  rows: Array<{ subset: string | null; cases: number; passed: number; score: number }>;
  misses: DiaryEvaluationMiss[];
}

/** Plans one question as "Ask your log" does offline (rules, then the sanitizer) and reads the plan back. */
export function planOutcome(question: string, options: { today: string; uiLanguage: Language }): DiaryPlanOutcome {
  const { plan, adjustments } = sanitizePlan(planFromRules(question, options.today), { today: options.today, planner: 'rules' });
  return outcomeOf(plan, adjustments, answerLanguage(question, { uiLanguage: options.uiLanguage }));
}

function outcomeOf(plan: DiaryPlan, adjustments: readonly PlanAdjustment[], language: Language): DiaryPlanOutcome {
  const untracked = adjustments.flatMap((adjustment) => (adjustment.code === 'untracked_nutrient' ? adjustment.names : []));
  return {
    language,
    period: [plan.date_from, plan.date_to],
    meals: plan.meals ?? [],
    nutrients: plan.defaults?.includes('nutrients') ? [] : plan.nutrients,
    comparison: plan.compare_to ? [plan.compare_to.date_from, plan.compare_to.date_to] : null,
    refusal: plan.refusal ?? null,
    entries: plan.list_entries === true,
    notices: adjustments.map((adjustment) => adjustment.code),
    // Compared folded, as foods are: "azúcar en sangre" as written is the set's "azucar en sangre".
    untracked: untracked.map((name) => foldText(name)),
    clamped: plan.clamped,
    foods: plan.foods ?? [],
  };
}

/** The fields of `expected` the outcome gets wrong (optional fields only when the case sets them). */
export function compareOutcome(expected: DiaryEvaluationCase['expected'], planned: DiaryPlanOutcome): DiaryEvaluationMiss['differences'] {
  const differences: DiaryEvaluationMiss['differences'] = [];
  const same = (left: unknown, right: unknown): boolean => JSON.stringify(left) === JSON.stringify(right);
  const check = (field: string, want: unknown, got: unknown, equal = same(want, got)): void => {
    if (!equal) differences.push({ field, expected: want, planned: got });
  };
  check('language', expected.language, planned.language);
  if (expected.period) check('period', expected.period, planned.period);
  check('meals', expected.meals, planned.meals);
  check('nutrients', expected.nutrients, planned.nutrients);
  check('comparison', expected.comparison, planned.comparison);
  check('refusal', expected.refusal, planned.refusal);
  if (expected.entries !== undefined) check('entries', expected.entries, planned.entries);
  if (expected.clamped !== undefined) check('clamped', expected.clamped, planned.clamped);
  if (expected.notices)
    check(
      'notices',
      expected.notices,
      planned.notices,
      expected.notices.every((code) => planned.notices.includes(code)),
    );
  if (expected.untracked) {
    const want = expected.untracked.map((name) => foldText(name));
    check('untracked', want, planned.untracked, same([...want].sort(), [...planned.untracked].sort()));
  }
  if (expected.foods) check('foods', expected.foods, planned.foods, same([...expected.foods].sort(), [...planned.foods].sort()));
  return differences;
}

/**
 * Runs a diary plan set through the offline planner: a case passes when every expected field matches (language,
 * period, meals, nutrients, comparison, refusal, and entries/notices/untracked/clamped/foods when given). No database is
 * needed: the plan is what the rules and the sanitizer make of the question on the set's `today`.
 */
export function runDiaryEvaluation(set: DiaryEvaluationSet): DiaryEvaluationReport {
  const results = set.cases.map((entry) => {
    const planned = planOutcome(entry.question, { today: set.today, uiLanguage: entry.ui_language ?? set.ui_language });
    return { entry, differences: compareOutcome(entry.expected, planned) };
  });
  const subsets = [...new Set(results.map((result) => result.entry.subset ?? null))];
  const rows = (subsets.length > 1 ? [null, ...subsets] : [null]).map((subset) => {
    const part = results.filter((result) => subset === null || (result.entry.subset ?? null) === subset);
    const passed = part.filter((result) => result.differences.length === 0).length;
    return { subset, cases: part.length, passed, score: part.length === 0 ? 0 : passed / part.length };
  });
  return {
    corpus: 'diary',
    planner: 'rules',
    today: set.today,
    rows,
    misses: results.filter((result) => result.differences.length > 0).map((result) => ({ id: result.entry.id, question: result.entry.question, differences: result.differences })),
  };
}

/** The report as a table, then each miss with what differed. */
export function formatDiaryEvaluation(report: DiaryEvaluationReport): string {
  const header = ['corpus', 'part', 'planner', 'today', 'n', 'passed', 'score'];
  const lines = report.rows.map((row) => [report.corpus, row.subset ?? 'all', report.planner, report.today, String(row.cases), String(row.passed), row.score.toFixed(3)]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  const misses = report.misses.map(
    (miss) =>
      `miss ${miss.id}: ${miss.question}\n${miss.differences.map((difference) => `  ${difference.field}: expected ${JSON.stringify(difference.expected)}, planned ${JSON.stringify(difference.planned)}`).join('\n')}`,
  );
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render), ...misses].join('\n');
}
