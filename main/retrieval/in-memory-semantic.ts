import type { EmbeddingService } from '../embedding/embedding-service.js';
import type { SemanticResult } from './retriever.js';

/** A handful of texts, each with its item id, searched by cosine in memory. */
export interface InMemoryItem {
  id: number;
  text: string;
}

/** The semantic path over texts that have no vector space of their own (see createInMemorySemantic). */
export interface InMemorySemantic {
  /** The k items nearest to the query, or why the path is unavailable, worded as a Retriever words it (never a throw). */
  semantic(items: readonly InMemoryItem[], query: string, k: number): Promise<SemanticResult>;
}

/**
 * A Retriever's semantic path for a few derived texts (the catalog tree's source nodes) that are embedded when first
 * asked and kept in memory, never written to the database: evaluating them must not change a data directory. The
 * vectors are kept per embedder and set of texts, so a changed catalog or embedder is embedded again.
 */
export function createInMemorySemantic(embedding: EmbeddingService): InMemorySemantic {
  let cached: { key: string; vectors: Float32Array[] } | null = null;

  return {
    async semantic(items, query, k) {
      const embedder = await embedding.get();
      if (!embedder) {
        const problem = embedding.describe().problem ?? 'no embedder is available';
        return { ok: false, embedderId: null, notice: { code: 'keyword_only', message: `Keyword-only results: ${problem}.` } };
      }
      try {
        const key = `${embedder.id}\u0000${items.map((item) => item.text).join('\u0000')}`;
        if (cached?.key !== key) cached = { key, vectors: await embedder.embedDocuments(items.map((item) => item.text)) };
        const vectors = cached.vectors;
        const queryVector = await embedder.embedQuery(query);
        const neighbours = items.map((item, index) => ({ itemId: item.id, distance: 1 - dot(queryVector, vectors[index] as Float32Array) }));
        // Ties break by id, as everywhere, so a ranking is the same run after run.
        neighbours.sort((a, b) => a.distance - b.distance || a.itemId - b.itemId);
        return { ok: true, embedderId: embedder.id, neighbours: neighbours.slice(0, k) };
      } catch (error) {
        return {
          ok: false,
          embedderId: embedder.id,
          notice: { code: 'embedder_failed', message: `The embedder failed (${(error as Error).message}); keyword results shown.` },
        };
      }
    },
  };
}

/** Embedders return L2-normalised vectors: their dot product is the cosine. */
function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index += 1) sum += (a[index] as number) * (b[index] as number);
  return sum;
}
