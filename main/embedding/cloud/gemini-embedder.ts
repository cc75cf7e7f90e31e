import type { Embedder } from '../embedder.js';
import { defaultDocumentRetry, noRetry, normalizeInPlace, toVector, withRetries, type CloudEmbedderOptions } from './cloud-common.js';
import { CloudEmbedderError, postJson } from './cloud-http.js';

export const geminiModel = 'gemini-embedding-001';
/** 768 of the model's 3072 (Matryoshka) dimensions: a quarter of the storage for a small loss. */
export const geminiDimensions = 768;
export const geminiDefaultBaseUrl = 'https://generativelanguage.googleapis.com';
/** The API takes at most 100 requests in one batchEmbedContents call. */
const maximumBatch = 100;

/**
 * Pins provider, model, dimensions, the task types (RETRIEVAL_QUERY for queries, RETRIEVAL_DOCUMENT for passages)
 * and the client-side L2 renormalisation: change any of them and old vectors must not be compared with new ones.
 */
export const geminiEmbedderId = `gemini:${geminiModel}:${geminiDimensions}:retrieval_query+retrieval_document:l2`;

type TaskType = 'RETRIEVAL_QUERY' | 'RETRIEVAL_DOCUMENT';

/** Gemini `gemini-embedding-001` over its REST API, at 768 dimensions, every vector renormalised to unit length. */
export function createGeminiEmbedder(options: CloudEmbedderOptions): Embedder {
  const baseUrl = (options.baseUrl ?? geminiDefaultBaseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const documentRetry = options.documentRetry ?? defaultDocumentRetry;
  const request = (method: 'embedContent' | 'batchEmbedContents', body: unknown, signal?: AbortSignal) =>
    postJson({
      provider: 'Gemini',
      keyHint: options.keyHint ?? 'the Gemini API key (CITA_GEMINI_API_KEY or the app settings)',
      url: `${baseUrl}/v1beta/models/${geminiModel}:${method}`,
      // In a header, not the URL: URLs end up in proxies' logs and in error messages.
      headers: { 'x-goog-api-key': options.apiKey },
      body,
      secret: options.apiKey,
      timeoutMs,
      signal,
    });
  const contentRequest = (text: string, taskType: TaskType) => ({
    model: `models/${geminiModel}`,
    content: { parts: [{ text }] },
    taskType,
    outputDimensionality: geminiDimensions,
  });

  async function embedBatch(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const answer = await withRetries(() => request('batchEmbedContents', { requests: texts.map((text) => contentRequest(text, 'RETRIEVAL_DOCUMENT')) }, signal), documentRetry, signal);
    const embeddings = (answer as { embeddings?: unknown }).embeddings;
    if (!Array.isArray(embeddings) || embeddings.length !== texts.length) {
      throw new CloudEmbedderError('bad_response', `Gemini returned ${Array.isArray(embeddings) ? embeddings.length : 'no'} embeddings for ${texts.length} texts.`);
    }
    // Only the full 3072-d output comes normalised; a truncated one must be renormalised or cosine is wrong.
    return embeddings.map((embedding) => normalizeInPlace(toVector((embedding as { values?: unknown })?.values, geminiDimensions, 'Gemini'), 'Gemini'));
  }

  return {
    id: geminiEmbedderId,
    dimensions: geminiDimensions,
    ...(options.pacing ? { pacing: options.pacing } : {}),
    async embedDocuments(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += maximumBatch) {
        vectors.push(...(await embedBatch(texts.slice(start, start + maximumBatch), signal)));
      }
      return vectors;
    },
    async embedQuery(text, signal) {
      const answer = await withRetries(() => request('embedContent', contentRequest(text, 'RETRIEVAL_QUERY'), signal), noRetry, signal);
      return normalizeInPlace(toVector((answer as { embedding?: { values?: unknown } }).embedding?.values, geminiDimensions, 'Gemini'), 'Gemini');
    },
    close: async () => undefined,
  };
}
