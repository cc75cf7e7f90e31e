import type { Database } from 'better-sqlite3';
import type { Embedder } from '../embedding/embedder.js';
import { pendingRows, vectorCounts } from './vector-bookkeeping.js';
import type { VectorStore } from './vector-store.js';

export interface ReembedTarget {
  corpus: string;
  table: string;
  formula: string;
}

export interface ReembedOptions {
  /** Texts per embedder call and per transaction; default: the embedder's pacing (cloud: 20, the seed's), else 32. */
  batchSize?: number;
  /** Pause between batches, for cloud quotas; default: the embedder's pacing (cloud: 65 s, the seed's), else 0. */
  pauseMs?: number;
  signal?: AbortSignal;
  /** `note`: a step after the rows are written (PostgreSQL: "building the vector index over N vectors"). */
  onProgress?: (progress: { corpus: string; done: number; total: number; note?: string }) => void;
}

export interface ReembedResult {
  corpus: string;
  embedded: number;
  total: number;
  cancelled: boolean;
}

/**
 * Embeds every row of a corpus that has no current vector (missing, or stale because its text changed), batch by
 * batch, each batch written in one transaction. State lives in the database, so a killed run resumes where it
 * stopped; a vector that is already current is never recomputed or overwritten.
 */
export async function reembedCorpus(deps: { db: Database; vectors: VectorStore; embedder: Embedder }, target: ReembedTarget, options: ReembedOptions = {}): Promise<ReembedResult> {
  // Explicit options win; otherwise the embedder's own pacing (cloud quotas), else 32 per batch without pauses.
  const batchSize = options.batchSize ?? deps.embedder.pacing?.batchSize ?? 32;
  const pauseMs = options.pauseMs ?? deps.embedder.pacing?.pauseMs ?? 0;
  const space = deps.vectors.space(target.corpus, deps.embedder.id, target.formula, deps.embedder.dimensions);
  const before = vectorCounts(deps.db, target.table, space);
  const total = before.missing + before.stale;
  let done = 0;
  let afterId = 0;
  options.onProgress?.({ corpus: target.corpus, done, total });
  for (;;) {
    if (options.signal?.aborted) return { corpus: target.corpus, embedded: done, total, cancelled: true };
    const rows = pendingRows(deps.db, target.table, space, batchSize, afterId);
    if (rows.length === 0) break;
    let vectors: Float32Array[];
    try {
      vectors = await deps.embedder.embedDocuments(
        rows.map((row) => row.embed_text),
        options.signal,
      );
    } catch (error) {
      if (options.signal?.aborted) return { corpus: target.corpus, embedded: done, total, cancelled: true };
      throw error;
    }
    deps.vectors.put(
      space,
      rows.map((row, index) => ({ itemId: row.id, owner: row.owner, vector: vectors[index] as Float32Array, contentHash: row.embed_hash })),
    );
    done += rows.length;
    afterId = (rows[rows.length - 1] as { id: number }).id;
    options.onProgress?.({ corpus: target.corpus, done: Math.min(done, total), total });
    // No pause after the last batch: a short page means nothing is left.
    if (pauseMs > 0 && rows.length === batchSize) await pause(pauseMs, options.signal);
  }
  return { corpus: target.corpus, embedded: done, total, cancelled: false };
}

/** Waits `milliseconds` between batches (a cloud quota's pace), or less when the signal stops the run. */
export function pause(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}
