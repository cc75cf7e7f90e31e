import type { Database } from 'better-sqlite3';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import { reembedCorpus, type ReembedResult } from '../embedding/reembed-job.js';
import type { Retriever } from '../retrieval/retriever.js';
import type { VectorStore } from '../retrieval/vector-store.js';
import { AppError } from './errors.js';
import type { JobWork } from './jobs.js';

export interface ReembedSettings {
  batchSize?: number;
  pauseMs?: number;
}

/** The re-embed job over several corpora, as background work with one progress bar across all of them. */
export function reembedWork(
  deps: { db: Database; vectors: VectorStore; embedding: EmbeddingService },
  targets: readonly Retriever[],
  settings: ReembedSettings = {},
): JobWork {
  return async (signal, report) => {
    const embedder = await deps.embedding.get();
    if (!embedder) {
      throw new AppError('unavailable', `Nothing can be embedded: ${deps.embedding.describe().problem ?? 'no embedder is available'}.`);
    }
    const pending = targets.map((target) => {
      const counts = target.counts();
      return counts.missing + counts.stale;
    });
    const total = pending.reduce((sum, count) => sum + count, 0);
    if (total === 0) return 'nothing to embed: every row has a current vector';
    let doneBefore = 0;
    const results: ReembedResult[] = [];
    report(0, total, `0 of ${total}`);
    for (const [index, target] of targets.entries()) {
      // A corpus with nothing pending gets no progress line of its own ("kb: 955 of 955" twice said nothing).
      if (pending[index] === 0) continue;
      const result = await reembedCorpus({ ...deps, embedder }, target, {
        ...settings,
        signal,
        onProgress: ({ corpus, done }) => report(Math.min(doneBefore + done, total), total, `${corpus}: ${doneBefore + done} of ${total}`),
      });
      results.push(result);
      doneBefore += result.embedded;
      if (result.cancelled) break;
    }
    report(doneBefore, total, `${doneBefore} of ${total}`);
    return results.map((result) => `${result.corpus}: ${result.embedded} embedded${result.cancelled ? ' (cancelled)' : ''}`).join('; ');
  };
}
