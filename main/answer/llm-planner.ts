import { nutrients } from '../../shared/nutrients.js';
import { extractJsonObject, LlmError, type LlmClient } from './llm/llm-client.js';
import type { RawPlan } from './plan-sanitizer.js';

const nullableDate = { type: ['string', 'null'], description: 'YYYY-MM-DD, or null' } as const;

/** The structured output the planner asks for; the sanitizer still checks every field. */
export const planJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date_from', 'date_to', 'compare_from', 'compare_to', 'nutrients', 'untracked', 'meals', 'need_detail', 'list_entries', 'understood', 'invalid_dates'],
  properties: {
    date_from: { ...nullableDate, description: 'first day, YYYY-MM-DD; null when the question names no period' },
    date_to: { ...nullableDate, description: 'last day, YYYY-MM-DD; null when the question names no period' },
    compare_from: { ...nullableDate, description: 'first day of the second period of a comparison, or null' },
    compare_to: { ...nullableDate, description: 'last day of the second period of a comparison, or null' },
    nutrients: { type: 'array', items: { type: 'string', enum: nutrients.map((nutrient) => nutrient.key) } },
    untracked: { type: 'array', items: { type: 'string' }, description: 'nutrients or measures named that are not in the list, as written' },
    meals: { type: 'array', items: { type: 'string', enum: ['breakfast', 'lunch', 'dinner', 'snack'] } },
    need_detail: { type: 'boolean' },
    list_entries: { type: 'boolean' },
    understood: { type: 'boolean' },
    invalid_dates: { type: 'array', items: { type: 'string' }, description: 'date phrases that name no real day, as written' },
  },
} as const;

/** The planner's instruction: the valid nutrient keys come from the registry, the one source of truth. */
export function plannerPrompt(today: string): string {
  const keys = nutrients.map((nutrient) => `- ${nutrient.key}: ${nutrient.labels.en} / ${nutrient.labels.es} (${nutrient.unit})`).join('\n');
  return [
    'You turn a question about a personal food diary into a lookup plan. You do not answer the question.',
    `Today is ${today}. Weeks run Monday to Sunday.`,
    'Periods: "the last N days/weeks" end today and include it; "last week"/"la semana pasada" and "last month"/"el mes pasado" are the previous calendar week or month; "this week/month" run from its first day to today; "since Monday"/"desde el lunes" runs to today.',
    "A date or weekday without a year is the most recent one not after today, except a day of the current month, which is this month's; when the question is about the future (will, next, voy a, mañana) take the next one. Keep future dates as asked: the application reports them.",
    'A comparison of two periods ("this week than last week", "October or November", "vs") puts the first period in date_from/date_to and the second in compare_from/compare_to; otherwise compare_from/compare_to are null.',
    'Reply with one JSON object only, with every field: {"date_from", "date_to", "compare_from", "compare_to", "nutrients", "untracked", "meals", "need_detail", "list_entries", "understood", "invalid_dates"}.',
    'nutrients: only keys from this list (an empty list when the question names none):',
    keys,
    'untracked: nutrients or measures the question names that are not in that list (vitamin K, water, cholesterol, trans fat…), as written.',
    'meals: breakfast, lunch, dinner, snack when the question names meals (desayuno, almuerzo/comida, cena, merienda; "last night"/"anoche" is dinner); otherwise [].',
    'need_detail: true when the question asks which foods, meals or entries contributed; false for totals or averages only.',
    'list_entries: true for "what did I eat …" / "¿qué comí …?": every entry is listed.',
    'understood: false when the question is not about eating, food, nutrients or the diary at all.',
    'invalid_dates: date phrases that name no real day ("31 de febrero", "the 45th"), as written; otherwise [].',
  ].join('\n');
}

/** Asks the model for a plan; returns its raw fields for the sanitizer, or throws LlmError. */
export async function planWithLlm(client: LlmClient, question: string, today: string, signal?: AbortSignal): Promise<RawPlan> {
  const text = await client.complete({ system: plannerPrompt(today), user: question, json: { name: 'diary_plan', schema: planJsonSchema }, ...(signal ? { signal } : {}) });
  const parsed = extractJsonObject(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new LlmError('The model did not answer with a plan object.');
  const plan = parsed as Record<string, unknown>;
  return {
    date_from: plan.date_from,
    date_to: plan.date_to,
    compare_from: plan.compare_from,
    compare_to: plan.compare_to,
    nutrients: plan.nutrients,
    untracked: plan.untracked,
    meals: plan.meals,
    need_detail: plan.need_detail,
    list_entries: plan.list_entries,
    understood: plan.understood,
    invalid_dates: plan.invalid_dates,
  };
}
