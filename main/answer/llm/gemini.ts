import { z } from 'zod';
import { LlmError, postJson, type LlmClient } from './llm-client.js';

/** Gemini's public endpoint; the key goes nowhere else unless CITA_GEMINI_BASE_URL, set with the key, says so (create-llm.ts). */
export const geminiDefaultBaseUrl = 'https://generativelanguage.googleapis.com/v1beta';
export const geminiDefaultModel = 'gemini-2.0-flash';

const replySchema = z.object({
  candidates: z.array(z.object({ content: z.object({ parts: z.array(z.object({ text: z.string().optional() })) }) })).min(1),
});

/** Gemini generateContent with an API key (sent as a header, never in the URL, so it stays out of logs). */
export function createGeminiClient(options: { apiKey: string; model?: string; baseUrl?: string }): LlmClient {
  const model = options.model || geminiDefaultModel;
  const base = (options.baseUrl || geminiDefaultBaseUrl).replace(/\/+$/, '');
  const url = `${base}/models/${encodeURIComponent(model)}:generateContent`;
  const what = `Gemini (${model})`;
  return {
    id: `gemini:${model}`,
    async complete(request) {
      const body = {
        systemInstruction: { parts: [{ text: request.system }] },
        contents: [{ role: 'user', parts: [{ text: request.user }] }],
        generationConfig: { temperature: 0, ...(request.json ? { responseMimeType: 'application/json' } : {}) },
      };
      const reply = replySchema.safeParse(await postJson(url, body, { headers: { 'x-goog-api-key': options.apiKey }, signal: request.signal, what, secret: options.apiKey }));
      if (!reply.success) throw new LlmError(`${what} answered in an unexpected shape (no candidates[0].content.parts).`);
      const text = (reply.data.candidates[0]?.content.parts ?? []).map((part) => part.text ?? '').join('');
      if (text.trim() === '') throw new LlmError(`${what} answered with an empty message.`);
      return text;
    },
  };
}
