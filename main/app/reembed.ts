import type { Database } from 'better-sqlite3';
import type { Embedder } from '../embedding/embedder.js';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import { reembedCorpus, type ReembedResult } from '../retrieval/reembed-job.js';
import type { Retriever } from '../retrieval/retriever.js';
import type { VectorStore } from '../retrieval/vector-store.js';
import type { CorpusModule } from '../corpora/corpus-module.js';
import { AppError } from '../core/errors.js';
import type { JobWork } from '../core/jobs.js';

export interface ReembedSettings {
  batchSize?: number;
  /** Pause between batches, for a cloud quota: applies to the main embedder only (the cross-language one is local). */
  pauseMs?: number;
}

/** One vector space to bring up to date: a corpus's rows under one embedder (its own, or the cross-language one). */
export interface ReembedSpace {
  retriever: Retriever;
  embedding: EmbeddingService;
  /** The multilingual space of the cross-language path; named so in progress lines and results. */
  crossLanguage?: boolean;
}

/**
 * What a full re-embed covers: each module's own spaces (the manuals' summaries too) and its cross-language one, so a re-embed after a model
 * change or a crash leaves neither empty nor stale. `corpus` limits it to one module.
 */
export function reembedSpaces(deps: { embedding: EmbeddingService; multilingual: EmbeddingService }, modules: readonly CorpusModule[], corpus?: string): ReembedSpace[] {
  return modules
    .filter((module) => corpus === undefined || module.name === corpus)
    .flatMap((module) => [
      ...(module.retriever ? [{ retriever: module.retriever, embedding: deps.embedding }] : []),
      ...(module.extraSpaces ?? []).flatMap((extra) => [
        { retriever: extra.retriever, embedding: deps.embedding },
        ...(extra.crossLanguage ? [{ retriever: extra.crossLanguage, embedding: deps.multilingual, crossLanguage: true }] : []),
      ]),
      ...(module.crossLanguage ? [{ retriever: module.crossLanguage, embedding: deps.multilingual, crossLanguage: true }] : []),
    ]);
}

/** The corpus's own spaces only, under the main embedder (seed and ingest embed the cross-language ones apart). */
export function ownSpaces(embedding: EmbeddingService, retrievers: readonly Retriever[]): ReembedSpace[] {
  return retrievers.map((retriever) => ({ retriever, embedding }));
}

function labelOf(space: ReembedSpace): string {
  return space.crossLanguage ? `${space.retriever.corpus} (cross-language)` : space.retriever.corpus;
}

/**
 * The re-embed job over several vector spaces, as background work with one progress bar across all of them. A space
 * whose embedder is unavailable is skipped with its reason in the closing message (the cross-language model is
 * optional); the job fails only when no space can be embedded at all.
 */
export function reembedWork(deps: { db: Database; vectors: VectorStore }, spaces: readonly ReembedSpace[], settings: ReembedSettings = {}): JobWork {
  return async (signal, report) => {
    const ready: Array<{ space: ReembedSpace; embedder: Embedder; pending: number }> = [];
    const skipped: string[] = [];
    const problems = new Set<string>();
    for (const space of spaces) {
      const embedder = await space.embedding.get();
      if (!embedder) {
        const problem = space.embedding.describe().problem ?? 'no embedder is available';
        skipped.push(`${labelOf(space)}: skipped (${problem})`);
        problems.add(problem);
        continue;
      }
      const counts = space.retriever.counts();
      ready.push({ space, embedder, pending: counts.missing + counts.stale });
    }
    if (ready.length === 0) {
      throw new AppError('unavailable', `Nothing can be embedded: ${[...problems].join('; ') || 'no embedder is available'}.`);
    }
    const total = ready.reduce((sum, target) => sum + target.pending, 0);
    if (total === 0) return ['nothing to embed: every row has a current vector', ...skipped].join('; ');
    let doneBefore = 0;
    const results: Array<{ label: string; result: ReembedResult }> = [];
    report(0, total, `0 of ${total}`);
    for (const { space, embedder, pending } of ready) {
      // A space with nothing pending gets no progress line of its own ("kb: 955 of 955" twice said nothing).
      if (pending === 0) continue;
      const label = labelOf(space);
      const pacing = space.crossLanguage ? { ...(settings.batchSize !== undefined ? { batchSize: settings.batchSize } : {}) } : settings;
      const result = await reembedCorpus({ ...deps, embedder }, space.retriever, {
        ...pacing,
        signal,
        onProgress: ({ done }) => report(Math.min(doneBefore + done, total), total, `${label}: ${doneBefore + done} of ${total}`),
      });
      results.push({ label, result });
      doneBefore += result.embedded;
      if (result.cancelled) break;
    }
    report(doneBefore, total, `${doneBefore} of ${total}`);
    return [...results.map(({ label, result }) => `${label}: ${result.embedded} embedded${result.cancelled ? ' (cancelled)' : ''}`), ...skipped].join('; ');
  };
}
