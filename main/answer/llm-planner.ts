import { nutrients } from '../../shared/nutrients.js';
import { extractJsonObject, LlmError, type LlmClient } from './llm/llm-client.js';
import type { RawPlan } from './plan-sanitizer.js';

/** The structured output the planner asks for; the sanitizer still checks every field. */
export const planJsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['date_from', 'date_to', 'nutrients', 'need_detail'],
  properties: {
    date_from: { type: 'string', description: 'first day, YYYY-MM-DD' },
    date_to: { type: 'string', description: 'last day, YYYY-MM-DD' },
    nutrients: { type: 'array', items: { type: 'string', enum: nutrients.map((nutrient) => nutrient.key) } },
    need_detail: { type: 'boolean' },
  },
} as const;

/** The planner's instruction: the valid nutrient keys come from the registry, the one source of truth. */
export function plannerPrompt(today: string): string {
  const keys = nutrients.map((nutrient) => `- ${nutrient.key}: ${nutrient.labels.en} / ${nutrient.labels.es} (${nutrient.unit})`).join('\n');
  return [
    'You turn a question about a personal food diary into a lookup plan. You do not answer the question.',
    `Today is ${today}. Relative periods ("last two weeks", "las últimas dos semanas", "yesterday", "en julio") end today at the latest and include today when they are "the last N days/weeks".`,
    'Reply with one JSON object only: {"date_from": "YYYY-MM-DD", "date_to": "YYYY-MM-DD", "nutrients": [keys], "need_detail": true|false}.',
    'nutrients: only keys from this list (an empty list when the question names none):',
    keys,
    'need_detail: true when the question asks which foods, meals or entries contributed; false for totals or averages only.',
  ].join('\n');
}

/** Asks the model for a plan; returns its raw fields for the sanitizer, or throws LlmError. */
export async function planWithLlm(client: LlmClient, question: string, today: string, signal?: AbortSignal): Promise<RawPlan> {
  const text = await client.complete({ system: plannerPrompt(today), user: question, json: { name: 'diary_plan', schema: planJsonSchema }, ...(signal ? { signal } : {}) });
  const parsed = extractJsonObject(text);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new LlmError('The model did not answer with a plan object.');
  const plan = parsed as Record<string, unknown>;
  return { date_from: plan.date_from, date_to: plan.date_to, nutrients: plan.nutrients, need_detail: plan.need_detail };
}
