import type { Embedder } from '../embedder.js';
import { defaultDocumentRetry, noRetry, normalizeInPlace, toVector, withRetries, type CloudEmbedderOptions } from './cloud-common.js';
import { CloudEmbedderError, postJson } from './cloud-http.js';

export const voyageModel = 'voyage-3.5';
export const voyageDimensions = 1024;
export const voyageDefaultBaseUrl = 'https://api.voyageai.com';
/** Texts per request: well under the API's list and token limits for short texts. */
const maximumBatch = 128;

/** Pins provider, model, dimensions and the input_type formula (query for queries, document for passages). */
export const voyageEmbedderId = `voyage:${voyageModel}:${voyageDimensions}:input_type=query+document:l2`;

type InputType = 'query' | 'document';

/** Voyage `voyage-3.5` over `POST /v1/embeddings`, with `input_type` query or document. */
export function createVoyageEmbedder(options: CloudEmbedderOptions): Embedder {
  const baseUrl = (options.baseUrl ?? voyageDefaultBaseUrl).replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 15_000;
  const documentRetry = options.documentRetry ?? defaultDocumentRetry;

  async function embed(texts: readonly string[], inputType: InputType, signal?: AbortSignal): Promise<Float32Array[]> {
    const answer = await withRetries(
      () =>
        postJson({
          provider: 'Voyage',
          keyHint: options.keyHint ?? 'the Voyage API key (CITA_VOYAGE_API_KEY or the app settings)',
          url: `${baseUrl}/v1/embeddings`,
          headers: { Authorization: `Bearer ${options.apiKey}` },
          body: { input: texts, model: voyageModel, input_type: inputType, output_dimension: voyageDimensions, output_dtype: 'float', truncation: true },
          secret: options.apiKey,
          timeoutMs,
          signal,
        }),
      inputType === 'query' ? noRetry : documentRetry,
      signal,
    );
    const data = (answer as { data?: unknown }).data;
    if (!Array.isArray(data) || data.length !== texts.length) {
      throw new CloudEmbedderError('bad_response', `Voyage returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${texts.length} texts.`);
    }
    const vectors: Float32Array[] = new Array<Float32Array>(texts.length);
    for (const [position, item] of data.entries()) {
      const { embedding, index } = (item ?? {}) as { embedding?: unknown; index?: unknown };
      // The API answers in input order and says so with `index`; trust the index, check it is a permutation.
      const at = typeof index === 'number' ? index : position;
      if (!Number.isInteger(at) || at < 0 || at >= texts.length || vectors[at] !== undefined) {
        throw new CloudEmbedderError('bad_response', 'Voyage returned embeddings with missing or repeated indices.');
      }
      // Voyage vectors come normalised; renormalising is a no-op then, and keeps cosine right if that ever changes.
      vectors[at] = normalizeInPlace(toVector(embedding, voyageDimensions, 'Voyage'), 'Voyage');
    }
    return vectors;
  }

  return {
    id: voyageEmbedderId,
    dimensions: voyageDimensions,
    ...(options.pacing ? { pacing: options.pacing } : {}),
    async embedDocuments(texts, signal) {
      const vectors: Float32Array[] = [];
      for (let start = 0; start < texts.length; start += maximumBatch) {
        vectors.push(...(await embed(texts.slice(start, start + maximumBatch), 'document', signal)));
      }
      return vectors;
    },
    async embedQuery(text, signal) {
      const [vector] = await embed([text], 'query', signal);
      if (!vector) throw new CloudEmbedderError('bad_response', 'Voyage returned no embedding.');
      return vector;
    },
    close: async () => undefined,
  };
}
