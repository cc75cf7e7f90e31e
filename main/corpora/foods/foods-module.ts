import { join } from 'node:path';
import type { CorpusModule, ModuleDeps, ModuleFactory } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { loadEvaluationSets } from '../evaluation-file.js';
import { openKeywordIndex } from '../../retrieval/keyword-snapshot.js';
import { createPostgresVectorSpaces } from '../../retrieval/postgres-vector-spaces.js';
import { createRetriever, watchExternalWrites, type RowsElsewhere } from '../../retrieval/retriever.js';
import { createFoodsCorpus, foodKeywordDocument, foodsKeywordOptions } from './foods-corpus.js';
import { loadFoodConcepts } from './food-concepts.js';
import { createFoodsRepository, foodsFormula } from './foods-repository.js';
import { createFoodsStore } from './foods-stores.js';
import type { OwnFoodsPostgres } from './own-foods-postgres.js';
import { createOwnFoodsSync } from './own-foods-sync.js';
import { createPortionsService } from './portions-service.js';

/**
 * The vectors of the profiles' own foods on PostgreSQL: one pgvector table per embedder space (own_food_vectors_<id>,
 * HNSW cosine), as the catalog's and the KB's, written by the server that adds or changes a food (that food only, in
 * its request) and by `cita seed` and `cita reembed` for the rest, read by every one. A profile's own foods are few: a
 * search compares the query with each of them exactly.
 */
function ownFoodVectors(store: OwnFoodsPostgres, deps: Pick<ModuleDeps, 'embedding' | 'multilingual'>): { elsewhere: RowsElsewhere; ownRows: NonNullable<CorpusModule['ownRows']> } {
  const spaces = createPostgresVectorSpaces(store.database, { rows: 'own_foods', spaces: 'own_food_vector_spaces', prefix: 'own_food_vectors', key: 'food_id', corpus: 'foods (own)' });
  return {
    elsewhere: {
      holds: (row) => row.id < 0,
      hasVectors: (embedderId) => spaces.hasVectors(embedderId, foodsFormula),
      async nearest(embedderId, vector, k, owners) {
        if (owners.length === 0) return [];
        const own = await store.database.query<{ id: number }>('SELECT id FROM own_foods WHERE owner = ANY($1::text[])', [[...owners]]);
        if (own.length === 0) return [];
        const found = await spaces.nearest(embedderId, foodsFormula, vector, k, new Set(own.map((row) => row.id)));
        return found.map((neighbour) => ({ itemId: -neighbour.itemId, distance: neighbour.distance }));
      },
      // The foods' ids here are minus the database's (foods-store.ts).
      embed: (embedder, rows) =>
        spaces.embedRows(
          embedder,
          foodsFormula,
          rows.map((row) => ({ id: -row.id, text: row.embed_text, embed_hash: row.embed_hash })),
        ),
    },
    ownRows: {
      kind: 'postgres',
      label: `PostgreSQL ${store.database.label}`,
      counts: () => spaces.counts(deps.embedding.describe().id, foodsFormula),
      crossLanguageCounts: () => spaces.counts(deps.multilingual.describe().id, foodsFormula),
      embedSpace: (_crossLanguage, embedder, options) => spaces.embedPending(embedder, foodsFormula, 'embed_text', options),
    },
  };
}

/** The foods catalog as a module of the app. */
export const createFoodsModule: ModuleFactory = (deps) => {
  const repository = createFoodsRepository(deps.db);
  const store = createFoodsStore(deps);
  const onPostgres = store.kind === 'postgres' ? (store as OwnFoodsPostgres) : undefined;
  // With own foods on PostgreSQL, the data directory's own foods are not this server's: its index holds the shipped
  // foods, and the database's own foods (every profile's, as SQLite's index holds them: own-foods-sync.ts).
  const foodDocuments = () => (onPostgres ? repository.all().filter((row) => row.owner === null) : repository.all()).map(foodKeywordDocument);
  const keyword = openKeywordIndex({
    file: join(deps.dataDir, 'keyword', 'foods.json'),
    options: foodsKeywordOptions,
    documents: foodDocuments,
    rowVersions: () => repository.rowVersions(),
    count: () => repository.count(),
  });
  const ownVectors = onPostgres ? ownFoodVectors(onPostgres, deps) : undefined;
  const elsewhere = ownVectors ? { elsewhere: ownVectors.elsewhere } : {};
  const retriever = createRetriever(deps, { corpus: 'foods', table: 'foods', formula: foodsFormula, keyword: keyword.index, ...elsewhere });
  // The same rows in the multilingual embedder's own vector space (keyed by its id): the cross-language path.
  const crossLanguage = createRetriever({ ...deps, embedding: deps.multilingual }, { corpus: 'foods', table: 'foods', formula: foodsFormula, keyword: keyword.index, ...elsewhere });
  // With own foods on PostgreSQL, this process's index follows the database's (own-foods-sync.ts).
  const ownSync = onPostgres ? createOwnFoodsSync(onPostgres, keyword.index, foodDocuments) : undefined;
  const foods = createFoodsCorpus({
    repository,
    store: ownSync?.store ?? store,
    ...(ownSync ? { beforeSearch: () => ownSync.beforeSearch() } : {}),
    profiles: deps.profiles,
    settings: deps.settings,
    retriever,
    crossLanguage,
    concepts: loadFoodConcepts(),
  });
  const portions = createPortionsService({
    foods: store,
    requireProfile: (profile) => {
      if (!deps.profiles.exists(profile)) throw new AppError('not_found', `There is no profile "${profile}".`);
    },
  });
  const reload = () => {
    keyword.index.replaceAll(foodDocuments());
    ownSync?.forget();
  };
  const syncWithOtherProcesses = watchExternalWrites(deps.db, 'foods', reload);
  return {
    name: 'foods',
    ...(ownVectors ? { ownRows: ownVectors.ownRows } : {}),
    retriever,
    crossLanguage,
    search: (input) => foods.search(input),
    syncWithOtherProcesses,
    reload,
    async ingest() {
      const counts = await foods.seedShared();
      return { corpus: 'foods', ...counts, removed: 0, embedded: 0 };
    },
    evaluation: { load: () => loadEvaluationSets(['foods', 'foods-es', 'foods-relevance', 'foods-relevance-holdout', 'foods-crosslang']), itemOf: (hit) => hit.id },
    handlers: {
      'foods.add': (input) => foods.add(input),
      'foods.update': (input) => foods.update(input),
      'foods.get': (input) => foods.get(input.profile, input.code),
      'foods.portions': (input) => portions.list(input),
      'foods.portions.add': (input) => portions.add(input),
    },
    close() {
      // A snapshot only saves start-up time: failing to write one (a full disk) must not fail the close.
      try {
        keyword.save();
      } catch (error) {
        process.stderr.write(`cita: could not save the foods keyword snapshot (${(error as Error).message}); the next start rebuilds it.\n`);
      }
    },
  };
};
