import type { NutrientKey } from '../../shared/nutrients.js';
import { foldText, stopWords } from '../core/text-folding.js';
import { mealsOf } from './meal-phrases.js';
import { namedNutrients, wordPattern } from './nutrient-phrases.js';
import { readPeriods } from './period-phrases.js';
import type { RawPlan } from './plan-sanitizer.js';
import { foodPhrases } from './food-phrases.js';
import { outOfScope } from './question-scope.js';
import { asksAboutFuture, asksForComparison, asksForDetail, asksForEntries, hasNutritionIntent } from './question-intent.js';

/**
 * The offline planner: a Spanish or English question → a raw plan for the sanitizer.
 *
 * - Periods (period-phrases.ts): dates with and without a year (the most recent such day not after today, a day of
 *   the current month this month's, the next one when the question is about the future), ranges, weekdays,
 *   "since Monday", weekends, "this/last/next week|month|year", month names, "the last N days", "yesterday"…
 *   Two periods make a comparison ("this week than last week", "October or November"); a third is ignored.
 * - Meals (meal-phrases.ts): breakfast, lunch, dinner, snack / desayuno, almuerzo, comida, cena, merienda.
 * - Nutrients (nutrient-phrases.ts): registry synonyms, and the ones cita does not track (reported, never guessed).
 * - Foods named ("how much paneer did I eat", "¿comí huevos ayer?", food-phrases.ts): only their entries answer.
 * - "What did I eat …" lists every entry; "which foods …" asks for per-entry detail.
 * - A question with no nutrition intent at all (no nutrient, meal, food or eating word) is marked not understood.
 * - A question the log cannot answer though it uses its words (advice, what a food contains, someone else's eating,
 *   sleep or the clock: question-scope.ts) carries the reason, and is refused with it.
 * - Date phrases that name no real day ("31 de febrero", "the 45th") are reported, never replaced.
 */
export function planFromRules(question: string, today: string): RawPlan {
  const future = asksAboutFuture(question);
  const { periods, invalid } = readPeriods(question, today, future);
  const foods = foodPhrases(question, [...periods, ...invalid]);
  // A nutrient word inside a food's name ("coconut water", "protein bars") names the food, not the nutrient.
  const { tracked, untracked } = namedNutrients(withoutPhrases(question, foods));
  const meals = mealsOf(question);
  const listEntries = asksForEntries(question);
  const [first, second] = periods;
  const scope = outOfScope(question, {
    tracked: tracked.length > 0,
    untracked: untracked.length > 0,
    foods: foods.length > 0,
    meals: meals.length > 0,
    list: listEntries,
    period: periods.length > 0 || invalid.length > 0,
    pastPeriod: periods.some((period) => period.from <= today),
  });
  const understood =
    tracked.length > 0 ||
    foods.length > 0 ||
    untracked.length > 0 ||
    meals.length > 0 ||
    listEntries ||
    hasNutritionIntent(question) ||
    (periods.length >= 2 && asksForComparison(question)) ||
    onlyPeriods(question, [...periods, ...invalid]);
  return {
    ...(first ? { date_from: first.from, date_to: first.to } : {}),
    ...(second ? { compare_from: second.from, compare_to: second.to } : {}),
    nutrients: tracked,
    need_detail: listEntries || asksForDetail(question),
    meals,
    list_entries: listEntries,
    untracked,
    ...(foods.length > 0 ? { foods } : {}),
    understood,
    ...(scope ? { out_of_scope: scope.reason } : {}),
    invalid_dates: invalid.map((item) => item.text),
    ...(periods.length > 2 ? { ignored_periods: periods.slice(2).map((period) => period.text) } : {}),
  };
}

/** The question with each phrase (folded, as food-phrases.ts returns them) blanked where it stands, as written elsewhere. */
function withoutPhrases(question: string, phrases: readonly string[]): string {
  const folded = foldText(question);
  if (folded.length !== question.length) return question;
  let text = question;
  for (const phrase of phrases) {
    const at = wordPattern(phrase).exec(folded);
    if (at) text = text.slice(0, at.index) + ' '.repeat(phrase.length) + text.slice(at.index + phrase.length);
  }
  return text;
}

/** Words that add nothing to a bare period ("last week please", "¿y el finde?"). */
const fillers = new Set([
  'please',
  'por',
  'favor',
  'and',
  'y',
  'what',
  'about',
  'que',
  'tal',
  'how',
  'was',
  'fue',
  'show',
  'me',
  'dame',
  'muestrame',
  'since',
  'desde',
  'partir',
  'from',
  'starting',
  'until',
  'hasta',
  'so',
  'far',
  'lo',
  'va',
]);

/**
 * True when a question is nothing but periods (and filler): "since Monday", "fin de semana pasado", "next week".
 * In "Ask your log" that asks about the log of that period; "who won the game yesterday?" has words left over.
 */
function onlyPeriods(question: string, spans: ReadonlyArray<{ start: number; end: number }>): boolean {
  if (spans.length === 0) return false;
  let text = foldText(question);
  for (const span of spans) text = text.slice(0, span.start) + ' '.repeat(span.end - span.start) + text.slice(span.end);
  return text.split(/[^\p{L}\p{N}]+/u).filter((word) => word !== '' && !stopWords.has(word) && !fillers.has(word)).length === 0;
}

/** Registry nutrients named in the question, in the order named. */
export function nutrientsOf(question: string): NutrientKey[] {
  return namedNutrients(question).tracked;
}

/** True when the question asks about foods (per-entry rows), not only daily totals. */
export function needsDetail(question: string): boolean {
  return asksForEntries(question) || asksForDetail(question);
}
