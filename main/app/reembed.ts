import type { Database } from 'better-sqlite3';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import { reembedCorpus, type ReembedResult, type ReembedTarget } from '../embedding/reembed-job.js';
import type { VectorStore } from '../retrieval/vector-store.js';
import { AppError } from './errors.js';
import type { JobWork } from './jobs.js';

export interface ReembedSettings {
  batchSize?: number;
  pauseMs?: number;
}

/** The re-embed job over several corpora, as background work with one progress bar. */
export function reembedWork(
  deps: { db: Database; vectors: VectorStore; embedding: EmbeddingService },
  targets: readonly ReembedTarget[],
  settings: ReembedSettings = {},
  onResult?: (result: ReembedResult) => void,
): JobWork {
  return async (signal, report) => {
    const embedder = await deps.embedding.get();
    if (!embedder) {
      throw new AppError('unavailable', `Nothing can be embedded: ${deps.embedding.describe().problem ?? 'no embedder is available'}.`);
    }
    const results: ReembedResult[] = [];
    for (const target of targets) {
      const result = await reembedCorpus({ ...deps, embedder }, target, {
        ...settings,
        signal,
        onProgress: ({ corpus, done, total }) => report(done, total, `${corpus}: ${done} of ${total}`),
      });
      results.push(result);
      onResult?.(result);
      if (result.cancelled) break;
    }
    return results.map((result) => `${result.corpus}: ${result.embedded} embedded${result.cancelled ? ' (cancelled)' : ''}`).join('; ');
  };
}
