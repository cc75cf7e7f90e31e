import { join } from 'node:path';
import { createDispatcher, type Dispatcher } from '../api/dispatch.js';
import type { Handlers } from '../api/handlers.js';
import type { Corpus } from '../../shared/contract.js';
import { createFoodsCorpus, createFoodsKeywordIndex, type FoodsCorpus } from '../corpora/foods/foods-corpus.js';
import { foodsHandlers } from '../corpora/foods/foods-handlers.js';
import { createFoodsRepository, foodsFormula } from '../corpora/foods/foods-repository.js';
import { openDatabase, type Database } from '../db/connection.js';
import { createProfilesRepository, type ProfilesRepository } from '../db/repositories/profiles-repository.js';
import { createSettingsRepository } from '../db/repositories/settings-repository.js';
import type { Embedder } from '../embedding/embedder.js';
import { createEmbeddingService, type EmbeddingService } from '../embedding/embedding-service.js';
import { defaultModelDir } from '../paths.js';
import { createRetriever, type Retriever } from '../retrieval/retriever.js';
import { createVectorStore, type VectorStore } from '../retrieval/vector-store.js';
import { coreHandlers } from './core-handlers.js';
import { AppError } from './errors.js';
import { createEventBus, type EventBus } from './event-bus.js';
import { createJobRunner, type JobRunner } from './jobs.js';
import { reembedWork } from './reembed.js';
import type { Seeder } from './seed.js';
import { createSettingsService, type SettingsService } from './settings-service.js';

export interface ServiceOptions {
  dataDir: string;
  modelDir?: string;
  /** Tests about other behaviour inject a small deterministic embedder, or null for keyword-only. */
  embedder?: Embedder | null;
}

/** Everything stateful, built once and passed around; nothing lives in module state. */
export interface Services {
  dataDir: string;
  databaseFile: string;
  db: Database;
  settings: SettingsService;
  events: EventBus;
  profiles: ProfilesRepository;
  vectors: VectorStore;
  embedding: EmbeddingService;
  foods: FoodsCorpus;
  retrievers: Partial<Record<Corpus, Retriever>>;
  jobs: JobRunner;
  dispatcher: Dispatcher;
  seeders: Seeder[];
  close(): Promise<void>;
}

/** The database file inside a data directory. */
export function databaseFileOf(dataDir: string): string {
  return join(dataDir, 'cita.sqlite');
}

/** Builds and wires every service for one data directory. */
export async function createServices(options: ServiceOptions): Promise<Services> {
  const databaseFile = databaseFileOf(options.dataDir);
  const db = openDatabase(databaseFile);
  const settings = createSettingsService(createSettingsRepository(db));
  const events = createEventBus();
  const profiles = createProfilesRepository(db);
  const vectors = createVectorStore(db);
  const embedding = createEmbeddingService({
    modelDir: options.modelDir ?? defaultModelDir(),
    settings: () => settings.get(),
    ...(options.embedder !== undefined ? { override: options.embedder } : {}),
  });
  settings.onChange((next, previous) => {
    if (JSON.stringify(next.embedder) !== JSON.stringify(previous.embedder)) void embedding.reset();
  });

  const jobs = createJobRunner(events);
  const retrievers: Partial<Record<Corpus, Retriever>> = {
    foods: createRetriever({ db, vectors, embedding }, { corpus: 'foods', table: 'foods', formula: foodsFormula, keyword: createFoodsKeywordIndex() }),
  };
  const foods = createFoodsCorpus({ repository: createFoodsRepository(db), profiles, settings, retriever: retrievers.foods as Retriever });
  const reembedTargets = (corpus?: Corpus) =>
    Object.values(retrievers).filter((retriever) => corpus === undefined || retriever.corpus === corpus);

  const handlers: Handlers = {
    ...coreHandlers({ db, dataDir: options.dataDir, databaseFile, settings, embedding, corpusCounts: { foods: () => foods.counts() } }),
    ...foodsHandlers(foods),
    'jobs.start': (input) => jobs.start('reembed', reembedWork({ db, vectors, embedding }, reembedTargets(input.corpus))),
    'jobs.cancel': (input) => jobs.cancel(input.job),
    'jobs.list': () => jobs.list(),
    search: (input) => {
      if (input.corpus === 'foods') return foods.search(input);
      throw new AppError('unavailable', `The ${input.corpus} corpus is not available in this version yet.`);
    },
  };

  return {
    dataDir: options.dataDir,
    databaseFile,
    db,
    settings,
    events,
    profiles,
    vectors,
    embedding,
    foods,
    retrievers,
    jobs,
    dispatcher: createDispatcher(handlers),
    seeders: [{ name: 'foods', demoOnly: false, run: () => foods.seedShared() }],
    async close() {
      await embedding.close();
      db.close();
    },
  };
}
