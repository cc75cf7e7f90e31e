import type { Language } from '../../shared/contract.js';
import { LlmError, type LlmClient } from './llm/llm-client.js';

/** Longest answer kept from a model (a runaway reply is cut, never shown whole). */
export const maxLlmAnswerCharacters = 4000;

/** The answering instruction: figures only from the context, cite days and foods, describe, never prescribe. */
export function composerPrompt(language: Language): string {
  return [
    "You answer a question about the user's own food diary using ONLY the CSV context you are given.",
    'Every number you write must appear in the context exactly as it is written there: copy it with its decimals. Do not add, subtract, average, convert, round or estimate anything, and do not use numbers from your own knowledge.',
    'Write dates exactly as in the context (YYYY-MM-DD). Name specific days and foods from the context, with their grams and values, and give units (g, mg, kcal) as the column names say.',
    "Keep every figure in the same sentence as the food and the day (or period) of the row it comes from; a figure given to another food or day than its row's is rejected.",
    'Describe what the diary shows; never prescribe: no advice, recommendations or judgements about health.',
    'If the context has no rows that answer the question, say so plainly.',
    language === 'es'
      ? "Answer in Spanish, in at most 8 short sentences or bullet points; write decimals with a comma (409,5 for the context's 409.5), changing no digit."
      : 'Answer in English, in at most 8 short sentences or bullet points.',
  ].join('\n');
}

/** Asks the model to answer from the context; returns its prose (checked afterwards by the grounding check). */
export async function composeWithLlm(client: LlmClient, question: string, context: string, language: Language, signal?: AbortSignal): Promise<string> {
  const user = `Context (CSV sections):\n${context}\n\nQuestion: ${question}`;
  const text = (await client.complete({ system: composerPrompt(language), user, ...(signal ? { signal } : {}) })).trim();
  if (text === '') throw new LlmError('The model answered with an empty message.');
  return text.length > maxLlmAnswerCharacters ? `${text.slice(0, maxLlmAnswerCharacters)}…` : text;
}
