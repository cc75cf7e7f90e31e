import type { HandlerSlice } from '../api/handlers.js';
import { schemaVersion } from '../db/migrator.js';
import { appVersion } from '../paths.js';
import type { Retriever } from '../retrieval/retriever.js';
import type { VectorCounts } from '../retrieval/vector-bookkeeping.js';
import { storeSizeWarnings } from '../retrieval/store-capacity.js';
import type { CorpusModule, ModuleDeps } from '../corpora/corpus-module.js';
import { AppError } from '../core/errors.js';
import { loadKbCalibration } from '../corpora/kb/kb-calibration-file.js';
import { describeKbExamples } from '../corpora/kb/kb-examples.js';
import { embedderModelOf } from '../retrieval/semantic-bars.js';
import { ingestCorpus } from './ingest.js';
import { validateSecretValue, type SecretStore } from '../core/secrets.js';
import { jobVisibleTo } from '../core/jobs.js';
import { ownRowsName, reembedSpaces, reembedWork } from './reembed.js';

type CoreOperation =
  'status' | 'settings.get' | 'settings.update' | 'jobs.start' | 'jobs.cancel' | 'jobs.list' | 'ingest' | 'search' | 'ask' | 'profiles.add' | 'profiles.list' | 'secrets.set' | 'secrets.status';

/** The operations that span modules: status, settings, jobs, and search/ask/ingest routed to the right corpus. */
export function coreHandlers(
  deps: ModuleDeps & { databaseFile: string; modules: readonly CorpusModule[]; secrets: SecretStore; /** Tests lower it; see store-capacity.ts. */ storeComfortValues?: number },
): HandlerSlice<CoreOperation> {
  const moduleOf = (name: string): CorpusModule | undefined => deps.modules.find((module) => module.name === name);
  const unavailable = (name: string, what: string) => new AppError('unavailable', `The ${name} corpus does not support ${what} in this version.`);

  return {
    status: async (_input, context) => {
      const embedder = deps.embedding.describe();
      const reranker = deps.reranker.describe();
      const multilingual = deps.multilingual.describe();
      // A token bound to one profile learns neither where the files are nor how many rows other profiles own.
      const bound = context.profile;
      const path = (value: string | null) => (bound === undefined ? value : null);
      const paths = [deps.dataDir, embedder.modelPath, reranker.model_path, multilingual.modelPath].filter((known): known is string => typeof known === 'string' && known !== '');
      const sentence = (text: string | null) => (bound === undefined || text === null ? text : paths.reduce((said, known) => said.split(known).join('(a folder)'), text));
      const own = [...spaces(deps.modules, (module) => module.retriever, bound), ...extraSpaces(deps.modules, (extra) => extra.retriever, bound)];
      const cross = [...spaces(deps.modules, (module) => module.crossLanguage, bound), ...extraSpaces(deps.modules, (extra) => extra.crossLanguage, bound)];
      const corpora: Array<VectorCounts & { corpus: string; store?: string }> = own.map(({ corpus, counts }) => ({ corpus, ...counts }));
      const crossCorpora: Array<VectorCounts & { corpus: string; store?: string }> = cross.map(({ corpus, counts }) => ({ corpus, ...counts }));
      // A corpus on PostgreSQL counts there (and is no embedded store to warn about); a token bound to a profile
      // learns that it is PostgreSQL, not where.
      for (const module of deps.modules) {
        if (!module.storage) continue;
        const store = bound === undefined ? module.storage.label : 'PostgreSQL';
        corpora.push({ corpus: module.name, ...(await module.storage.counts()), store });
        crossCorpora.push({ corpus: module.name, ...(await module.storage.crossLanguageCounts()), store });
      }
      // Every profile's own rows there: counts a token bound to one profile is not told.
      for (const module of bound === undefined ? deps.modules : []) {
        if (!module.ownRows) continue;
        corpora.push({ corpus: ownRowsName(module), ...(await module.ownRows.counts()), store: module.ownRows.label });
        crossCorpora.push({ corpus: ownRowsName(module), ...(await module.ownRows.crossLanguageCounts()), store: module.ownRows.label });
      }
      const stored: Array<{ corpus: string; rows: number; store: string }> = [];
      for (const module of deps.modules) {
        if (!module.rowStorage) continue;
        // A token bound to a profile counts its own rows only, and learns that the store is PostgreSQL, not where.
        stored.push({ corpus: module.name, rows: await module.rowStorage.rows(bound), store: bound === undefined ? module.rowStorage.label : 'PostgreSQL' });
      }
      return {
        app: { version: appVersion(), data_dir: path(deps.dataDir), database: path(deps.databaseFile), schema_version: schemaVersion(deps.db) },
        embedder: {
          id: embedder.id,
          mode: embedder.mode,
          model_path: path(embedder.modelPath),
          model_sha256: embedder.modelSha256,
          problem: sentence(embedder.problem),
          threads: embedder.threads ?? null,
          choice: embedder.choice ?? null,
          batching: embedder.batching ? { mode: embedder.batching.mode, problem: sentence(embedder.batching.problem) } : null,
        },
        reranker: { ...reranker, model_path: path(reranker.model_path), problem: sentence(reranker.problem) },
        ...(moduleOf('kb')
          ? {
              kb_examples: describeKbExamples(loadKbCalibration(), {
                embedderModel: embedder.id === null ? null : embedderModelOf(embedder.id),
                rerankerOn: reranker.mode === 'local' && deps.settings.get().kb.rerank,
                switchedOn: deps.settings.get().kb.examples,
                multilingualId: multilingual.mode === 'keyword-only' ? null : multilingual.id,
              }),
            }
          : {}),
        multilingual: {
          id: multilingual.id,
          mode: multilingual.mode,
          model_path: path(multilingual.modelPath),
          model_sha256: multilingual.modelSha256,
          problem: sentence(multilingual.problem),
          corpora: crossCorpora,
        },
        corpora,
        stored,
        // Counted over every profile: the store's size is what slows a search, whoever owns the rows.
        warnings:
          bound === undefined
            ? storeSizeWarnings(
                [...own, ...cross].map(({ corpus, counts, dimensions }) => ({ corpus, vectors: counts.vectors, dimensions })),
                deps.storeComfortValues,
              )
            : [],
      };
    },
    'settings.get': () => deps.settings.get(),
    'settings.update': (patch) => deps.settings.update(patch),
    'jobs.start': (input) => {
      return deps.jobs.start('reembed', reembedWork(reembedSpaces(deps, deps.modules, input.corpus)));
    },
    'jobs.cancel': (input) => deps.jobs.cancel(input.job),
    // A token bound to one profile sees that profile's jobs only (none today: a re-embed works on everyone's rows).
    'jobs.list': (_input, context) => deps.jobs.list().filter((job) => jobVisibleTo(job, context.profile)),
    ingest: async (input) => {
      const module = moduleOf(input.corpus);
      if (!module?.ingest) throw unavailable(input.corpus, 'ingest');
      return ingestCorpus(deps, module);
    },
    search: async (input) => {
      const module = moduleOf(input.corpus);
      if (!module?.search) throw unavailable(input.corpus, 'search');
      if (input.tree_branches !== undefined && input.corpus !== 'manuals') {
        throw new AppError('invalid_input', `The ${input.corpus} corpus is searched flat; a tree search (tree_branches) is for the manuals.`);
      }
      module.syncWithOtherProcesses?.();
      return module.search(input);
    },
    ask: async (input) => {
      const module = moduleOf(input.corpus);
      if (!module?.ask) throw unavailable(input.corpus, 'questions');
      module.syncWithOtherProcesses?.();
      return module.ask(input);
    },
    'profiles.add': (input) => {
      const name = input.name ?? input.id;
      if (!deps.profiles.ensure(input.id, name)) throw new AppError('conflict', `The profile "${input.id}" already exists.`);
      return { id: input.id, name };
    },
    'profiles.list': () => deps.profiles.list(),
    'secrets.set': async (input) => {
      if (input.value === null) deps.secrets.delete(input.name);
      else deps.secrets.set(input.name, validateSecretValue(input.value));
      await deps.embedding.reset();
      return { name: input.name, stored: input.value !== null };
    },
    'secrets.status': () => ({
      gemini_api_key: deps.secrets.get('gemini_api_key') !== undefined,
      voyage_api_key: deps.secrets.get('voyage_api_key') !== undefined,
      store: deps.secrets.describe(),
      location: deps.secrets.location(),
    }),
  };
}

/** The modules' further spaces (the manuals' section summaries), each under its own name ('manual-sections'). */
function extraSpaces(modules: readonly CorpusModule[], pick: (extra: NonNullable<CorpusModule['extraSpaces']>[number]) => Retriever | undefined, visibleTo: string | undefined) {
  return modules.flatMap((module) =>
    (module.extraSpaces ?? []).flatMap((extra) => {
      const retriever = pick(extra);
      return retriever ? [{ corpus: retriever.corpus, counts: retriever.counts(visibleTo), dimensions: retriever.dimensions() }] : [];
    }),
  );
}

/** Each corpus's space of one kind (its own, or its cross-language one): the counts `status` shows and its dimensions. */
function spaces(modules: readonly CorpusModule[], pick: (module: CorpusModule) => Retriever | undefined, visibleTo: string | undefined) {
  return modules.flatMap((module) => {
    const retriever = pick(module);
    return retriever ? [{ corpus: module.name, counts: retriever.counts(visibleTo), dimensions: retriever.dimensions() }] : [];
  });
}
