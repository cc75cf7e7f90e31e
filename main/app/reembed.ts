import type { Database } from 'better-sqlite3';
import type { Embedder } from '../embedding/embedder.js';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import { reembedCorpus, type ReembedOptions, type ReembedResult } from '../retrieval/reembed-job.js';
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

/**
 * One vector space to bring up to date: a corpus's rows under one embedder (its own, or the cross-language one),
 * in the SQLite file (through its retriever) or in the store that keeps the corpus (the catalog on PostgreSQL).
 */
export interface ReembedSpace {
  /** The corpus's name in progress lines and results, "(cross-language)" added for the multilingual space. */
  label: string;
  embedding: EmbeddingService;
  /** The multilingual space of the cross-language path (paced apart: that model is local). */
  crossLanguage?: boolean;
  /** Rows without a current vector under the space's embedder: missing or stale. */
  pending(): Promise<number>;
  /** Embeds them batch by batch, resumable: state lives in the database. */
  embed(embedder: Embedder, options: ReembedOptions): Promise<ReembedResult>;
  /**
   * Embedded even with nothing pending: a store that keeps more than vectors (PostgreSQL's HNSW index, left unbuilt by
   * a stopped bulk load) finishes it there.
   */
  finishesWhenCurrent?: boolean;
}

type SqliteDeps = { db: Database; vectors: VectorStore };

/** A space in the SQLite file, embedded through its retriever by reembed-job.ts. */
function retrieverSpace(deps: SqliteDeps, retriever: Retriever, embedding: EmbeddingService, crossLanguage = false): ReembedSpace {
  return {
    label: crossLanguage ? `${retriever.corpus} (cross-language)` : retriever.corpus,
    embedding,
    ...(crossLanguage ? { crossLanguage } : {}),
    pending: async () => {
      const counts = retriever.counts();
      return counts.missing + counts.stale;
    },
    embed: (embedder, options) => reembedCorpus({ ...deps, embedder }, retriever, options),
  };
}

/** A space of a corpus kept outside the SQLite file (the catalog on PostgreSQL), which embeds its own rows. */
export function storedSpace(module: CorpusModule, storage: NonNullable<CorpusModule['storage']>, embedding: EmbeddingService, crossLanguage: boolean, name = module.name): ReembedSpace {
  return {
    label: crossLanguage ? `${name} (cross-language)` : name,
    embedding,
    ...(crossLanguage ? { crossLanguage } : {}),
    pending: async () => {
      const counts = await (crossLanguage ? storage.crossLanguageCounts() : storage.counts());
      return counts.missing + counts.stale;
    },
    embed: (embedder, options) => storage.embedSpace(crossLanguage, embedder, options),
    finishesWhenCurrent: true,
  };
}

/**
 * What a full re-embed covers: each module's own spaces (the manuals' summaries too) and its cross-language one,
 * wherever the module keeps them, so a re-embed after a model change or a crash leaves neither empty nor stale.
 * `corpus` limits it to one module; a name no module has is an error, not an empty job.
 */
export function reembedSpaces(deps: SqliteDeps & { embedding: EmbeddingService; multilingual: EmbeddingService }, modules: readonly CorpusModule[], corpus?: string): ReembedSpace[] {
  if (corpus !== undefined && !modules.some((module) => module.name === corpus)) {
    throw new AppError('not_found', `There is no corpus "${corpus}" to re-embed (corpora: ${modules.map((module) => module.name).join(', ')}).`);
  }
  return modules
    .filter((module) => corpus === undefined || module.name === corpus)
    .flatMap((module) => [
      ...(module.retriever ? [retrieverSpace(deps, module.retriever, deps.embedding)] : []),
      ...(module.extraSpaces ?? []).flatMap((extra) => [
        retrieverSpace(deps, extra.retriever, deps.embedding),
        ...(extra.crossLanguage ? [retrieverSpace(deps, extra.crossLanguage, deps.multilingual, true)] : []),
      ]),
      ...(module.crossLanguage ? [retrieverSpace(deps, module.crossLanguage, deps.multilingual, true)] : []),
      ...(module.storage ? [storedSpace(module, module.storage, deps.embedding, false), storedSpace(module, module.storage, deps.multilingual, true)] : []),
      ...(module.ownRows ? [storedSpace(module, module.ownRows, deps.embedding, false, ownRowsName(module)), storedSpace(module, module.ownRows, deps.multilingual, true, ownRowsName(module))] : []),
    ]);
}

/** How progress lines and status name a corpus's own rows kept outside the SQLite file: "foods (own)". */
export const ownRowsName = (module: CorpusModule): string => `${module.name} (own)`;

/** The corpus's own spaces only, under the main embedder (seed and ingest embed the cross-language ones apart). */
export function ownSpaces(deps: SqliteDeps, embedding: EmbeddingService, retrievers: readonly Retriever[]): ReembedSpace[] {
  return retrievers.map((retriever) => retrieverSpace(deps, retriever, embedding));
}

/**
 * The re-embed job over several vector spaces, as background work with one progress bar across all of them. A space
 * whose embedder is unavailable is skipped with its reason in the closing message (the cross-language model is
 * optional); the job fails only when no space can be embedded at all.
 */
export function reembedWork(spaces: readonly ReembedSpace[], settings: ReembedSettings = {}): JobWork {
  return async (signal, report) => {
    const ready: Array<{ space: ReembedSpace; embedder: Embedder; pending: number }> = [];
    const skipped: string[] = [];
    const problems = new Set<string>();
    for (const space of spaces) {
      const embedder = await space.embedding.get();
      if (!embedder) {
        const problem = space.embedding.describe().problem ?? 'no embedder is available';
        skipped.push(`${space.label}: skipped (${problem})`);
        problems.add(problem);
        continue;
      }
      ready.push({ space, embedder, pending: await space.pending() });
    }
    if (ready.length === 0) {
      throw new AppError('unavailable', `Nothing can be embedded: ${[...problems].join('; ') || 'no embedder is available'}.`);
    }
    const total = ready.reduce((sum, target) => sum + target.pending, 0);
    // Silently: nothing is pending, only what a stopped run left besides vectors (an index to build).
    for (const { space, embedder, pending } of ready) if (pending === 0 && space.finishesWhenCurrent) await space.embed(embedder, { signal });
    if (total === 0) return ['nothing to embed: every row has a current vector', ...skipped].join('; ');
    let doneBefore = 0;
    const results: Array<{ label: string; result: ReembedResult }> = [];
    report(0, total, `0 of ${total}`);
    for (const { space, embedder, pending } of ready) {
      // A space with nothing pending gets no progress line of its own ("kb: 955 of 955" twice said nothing).
      if (pending === 0) continue;
      const { label } = space;
      const pacing = space.crossLanguage ? { ...(settings.batchSize !== undefined ? { batchSize: settings.batchSize } : {}) } : settings;
      const result = await space.embed(embedder, {
        ...pacing,
        signal,
        onProgress: ({ done, note }) => report(Math.min(doneBefore + done, total), total, `${label}: ${doneBefore + done} of ${total}${note ? ` (${note})` : ''}`),
      });
      results.push({ label, result });
      doneBefore += result.embedded;
      if (result.cancelled) break;
    }
    report(doneBefore, total, `${doneBefore} of ${total}`);
    return [...results.map(({ label, result }) => `${label}: ${result.embedded} embedded${result.cancelled ? ' (cancelled)' : ''}`), ...skipped].join('; ');
  };
}
