import { join } from 'node:path';
import { createDispatcher, type Dispatcher } from '../api/dispatch.js';
import { mergeHandlerSlices } from '../api/handlers.js';
import { appImportHandlers } from '../corpora/diary/app-import-handlers.js';
import { createDiaryStore } from '../corpora/diary/diary-stores.js';
import { openDatabase, type Database } from '../db/connection.js';
import { openPostgres, type PostgresDatabase } from '../db/postgres/postgres-database.js';
import { createProfilesRepository, type ProfilesRepository } from '../db/repositories/profiles-repository.js';
import { createSettingsRepository } from '../db/repositories/settings-repository.js';
import type { Embedder } from '../embedding/embedder.js';
import { createEmbeddingService, type EmbeddingService } from '../embedding/embedding-service.js';
import { createMultilingualService } from '../embedding/multilingual-service.js';
import { embedderThreads } from '../embedding/embedder-threads.js';
import { defaultModelDir, defaultMultilingualDir, defaultRerankerDir } from '../paths.js';
import type { Reranker } from '../reranking/reranker.js';
import { createRerankerService, type RerankerService } from '../reranking/reranker-service.js';
import { createScanPool, type ScanPool } from '../retrieval/scan-pool.js';
import { createVectorStore, type VectorStore } from '../retrieval/vector-store.js';
import { backupDatabase } from './backup.js';
import { coreHandlers } from './core-handlers.js';
import type { CorpusModule, ModuleDeps } from '../corpora/corpus-module.js';
import { createDemoData, demoHandlers, type DemoData } from './demo-data.js';
import { createEventBus, type EventBus } from '../core/event-bus.js';
import { createFileSecretStore, type SecretStore } from '../core/secrets.js';
import { createJobRunner, type JobRunner } from '../core/jobs.js';
import { moduleFactories } from './modules.js';
import { markRunning } from './running-marker.js';
import type { SettingsService } from '../core/settings.js';
import { createSettingsService } from './settings-service.js';

export interface ServiceOptions {
  dataDir: string;
  modelDir?: string;
  /** Tests about other behaviour inject a small deterministic embedder, or null for keyword-only. */
  embedder?: Embedder | null;
  rerankerDir?: string;
  /** Tests about other behaviour inject a small deterministic reranker, or null for no reranking. */
  reranker?: Reranker | null;
  multilingualDir?: string;
  /**
   * The cross-language path's embedder: a test's small deterministic one, or null for none. A test that injects
   * `embedder` gets no cross-language path unless it injects this too (or names `multilingualDir`), so its rankings
   * stay its own.
   */
  multilingual?: Embedder | null;
  /** Where API keys live: the OS keychain in Electron; environment or a 0600 file for the CLI and server. */
  secrets?: SecretStore;
  /**
   * `postgres://…` (`cita serve --database`, CITA_DATABASE_URL): the catalog, the clinical KB and the diary's entries and
   * targets live in that PostgreSQL database; foods, the manuals, the settings and the profiles stay in the data
   * directory's SQLite file.
   */
  databaseUrl?: string;
  /** Vector values (rows × dimensions) per space past which `status` warns (main/retrieval/store-capacity.ts); tests lower it. */
  storeComfortValues?: number;
  /** Threads an exact in-memory scan uses, the caller's included (main/retrieval/scan-pool.ts); default `auto`. */
  scanThreads?: number | 'auto';
}

/** Everything stateful, built once and passed around; nothing lives in module state. */
export interface Services extends ModuleDeps {
  databaseFile: string;
  modules: CorpusModule[];
  /** The first-run demo profile: load once, badge, remove. */
  demo: DemoData;
  dispatcher: Dispatcher;
  /** A module by name (foods, diary, catalog, kb). */
  module(name: string): CorpusModule | undefined;
  close(): Promise<void>;
}

/** The database file inside a data directory. */
export function databaseFileOf(dataDir: string): string {
  return join(dataDir, 'cita.sqlite');
}

/** Builds and wires every service for one data directory. */
export async function createServices(options: ServiceOptions): Promise<Services> {
  const databaseFile = databaseFileOf(options.dataDir);
  const db: Database = openDatabase(databaseFile);
  const unmark = markRunning(options.dataDir);
  const settings: SettingsService = createSettingsService(createSettingsRepository(db));
  const events: EventBus = createEventBus();
  const profiles: ProfilesRepository = createProfilesRepository(db);
  // Exact search in memory (WebAssembly SIMD), split across every core (up to 4) for large spaces.
  const scanPool: ScanPool = createScanPool({ threads: options.scanThreads ?? 'auto' });
  const vectors: VectorStore = createVectorStore(db, { exact: 'auto', scanPool });
  const jobs: JobRunner = createJobRunner(events);
  const secrets: SecretStore = options.secrets ?? createFileSecretStore(options.dataDir);
  const embedding: EmbeddingService = createEmbeddingService({
    modelDir: options.modelDir ?? defaultModelDir(),
    secrets,
    settings: () => settings.get(),
    ...(options.embedder !== undefined ? { override: options.embedder } : {}),
  });
  const reranker: RerankerService = createRerankerService({
    modelDir: options.rerankerDir ?? defaultRerankerDir(),
    threads: () => embedderThreads(settings.get().embedder.threads),
    ...(options.reranker !== undefined ? { override: options.reranker } : {}),
  });
  const multilingualOverride = options.multilingual !== undefined ? options.multilingual : options.embedder !== undefined && options.multilingualDir === undefined ? null : undefined;
  const multilingual: EmbeddingService = createMultilingualService({
    modelDir: options.multilingualDir ?? defaultMultilingualDir(),
    settings: () => settings.get(),
    ...(multilingualOverride !== undefined ? { override: multilingualOverride } : {}),
  });
  settings.onChange((next, previous) => {
    if (JSON.stringify(next.embedder) !== JSON.stringify(previous.embedder)) void embedding.reset();
  });

  // A backup a module takes before a change (the demo diary) is never pruned by the next one: every one is kept.
  const backup = async (label: string) => (await backupDatabase(db, options.dataDir, { label, keep: Number.MAX_SAFE_INTEGER })).backup.file;
  let postgres: PostgresDatabase | undefined;
  try {
    postgres = options.databaseUrl === undefined ? undefined : await openPostgres(options.databaseUrl);
  } catch (error) {
    // An unreachable PostgreSQL (or one without pgvector, or with a newer schema) leaves nothing open behind it.
    await Promise.all([embedding.close(), multilingual.close(), reranker.close(), scanPool.close()]);
    db.close();
    unmark();
    throw error;
  }
  const deps: ModuleDeps = { db, dataDir: options.dataDir, settings, events, profiles, vectors, embedding, multilingual, reranker, jobs, backup, ...(postgres ? { postgres } : {}) };
  const modules: CorpusModule[] = [];
  try {
    for (const factory of moduleFactories) modules.push(await factory(deps));
  } catch (error) {
    // A module that cannot open its store (e.g. KB rows a newer cita wrote on PostgreSQL) leaves nothing open either.
    for (const module of modules) await module.close?.();
    await Promise.all([embedding.close(), multilingual.close(), reranker.close(), postgres?.close(), scanPool.close()]);
    db.close();
    unmark();
    throw error;
  }

  const demo = createDemoData({ db, profiles, vectors, diary: createDiaryStore(deps), modules });
  const foods = modules.find((module) => module.name === 'foods');
  const handlers = mergeHandlerSlices([
    { owner: 'core', handlers: coreHandlers({ ...deps, databaseFile, modules, secrets, ...(options.storeComfortValues !== undefined ? { storeComfortValues: options.storeComfortValues } : {}) }) },
    { owner: 'demo data', handlers: demoHandlers(demo) },
    {
      owner: 'diary app import',
      handlers: appImportHandlers({
        db,
        profiles,
        ...(postgres ? { postgres } : {}),
        searchFoods: async (input) => {
          if (!foods?.search) throw new Error('cita: the foods module is missing');
          foods.syncWithOtherProcesses?.();
          return foods.search(input);
        },
      }),
    },
    ...modules.map((module) => ({ owner: `the ${module.name} module`, handlers: module.handlers ?? {} })),
  ]);

  return {
    ...deps,
    databaseFile,
    modules,
    demo,
    dispatcher: createDispatcher(handlers),
    module: (name) => modules.find((module) => module.name === name),
    async close() {
      // A background job (a re-embed) must not write into a closed database.
      await jobs.stopAll();
      for (const module of modules) await module.close?.();
      await embedding.close();
      await multilingual.close();
      await reranker.close();
      await postgres?.close();
      await scanPool.close();
      db.close();
      unmark();
    },
  };
}
