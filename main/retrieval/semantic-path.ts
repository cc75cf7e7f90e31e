import type { EmbeddingService } from '../embedding/embedding-service.js';
import type { Notice } from '../../shared/contract.js';
import type { VectorNeighbour } from './vector-store.js';

/** The codes of the notices this path gives when it cannot run: the results are then keyword results only. */
export const semanticUnavailableCodes: ReadonlySet<string> = new Set(['keyword_only', 'empty_corpus', 'no_vectors', 'embedder_failed']);

/** The k nearest rows to a query, or why the semantic path is unavailable. */
export type SemanticResult = { ok: true; embedderId: string; neighbours: VectorNeighbour[] } | { ok: false; embedderId: string | null; notice: Notice };

/** Where a semantic path finds its vectors: SQLite's vector store, or another database (the catalog on PostgreSQL). */
export interface SemanticSource {
  /** Whether the corpus has any vector for this embedder. */
  hasVectors(embedderId: string): boolean | Promise<boolean>;
  /** The k nearest rows to the query's vector under this embedder. */
  nearest(embedderId: string, vector: Float32Array, k: number): VectorNeighbour[] | Promise<VectorNeighbour[]>;
  /** Whether the corpus holds no row at all (asked only when it has no vectors): then there is nothing to embed. */
  isEmpty?(): boolean | Promise<boolean>;
}

/**
 * The semantic path of one corpus, whatever stores the vectors: the k nearest rows to the query, or why the path is
 * unavailable (no embedder, an empty corpus, no vectors yet, the embedder failed), each worded once here. It never throws for those.
 */
export async function semanticSearch(embedding: EmbeddingService, corpus: string, source: SemanticSource, query: string, options: { k: number; signal?: AbortSignal }): Promise<SemanticResult> {
  const embedder = await embedding.get();
  if (!embedder) {
    const problem = embedding.describe().problem ?? 'no embedder is available';
    return { ok: false, embedderId: null, notice: { code: 'keyword_only', message: `Keyword-only results: ${problem}.` } };
  }
  if (!(await source.hasVectors(embedder.id))) {
    // "Run cita reembed" would embed nothing: nothing is loaded yet (a new data directory the CLI opened first).
    if (await source.isEmpty?.()) {
      return {
        ok: false,
        embedderId: embedder.id,
        notice: { code: 'empty_corpus', message: `The ${corpus} corpus is empty: nothing is loaded yet. Run "cita seed" for the shipped data, or "cita ingest --corpus ${corpus} --from FILE".` },
      };
    }
    return {
      ok: false,
      embedderId: embedder.id,
      notice: { code: 'no_vectors', message: `The ${corpus} corpus has no vectors for ${embedder.id} yet; run "cita reembed" (keyword results shown).` },
    };
  }
  let vector: Float32Array;
  try {
    vector = await embedder.embedQuery(query, options.signal);
  } catch (error) {
    return { ok: false, embedderId: embedder.id, notice: { code: 'embedder_failed', message: `The embedder failed (${(error as Error).message}); keyword results shown.` } };
  }
  return { ok: true, embedderId: embedder.id, neighbours: await source.nearest(embedder.id, vector, options.k) };
}
