import { join } from 'node:path';
import type { ModuleFactory } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { loadEvaluationSets } from '../evaluation-file.js';
import { openKeywordIndex } from '../../retrieval/keyword-snapshot.js';
import { createRetriever, watchExternalWrites } from '../../retrieval/retriever.js';
import { createFoodsCorpus, foodKeywordDocument, foodsKeywordOptions } from './foods-corpus.js';
import { loadFoodConcepts } from './food-concepts.js';
import { createFoodsRepository, foodsFormula } from './foods-repository.js';
import { createPortionsRepository } from './portions-repository.js';
import { createPortionsService } from './portions-service.js';

/** The foods catalog as a module of the app. */
export const createFoodsModule: ModuleFactory = (deps) => {
  const repository = createFoodsRepository(deps.db);
  const foodDocuments = () => repository.all().map(foodKeywordDocument);
  const keyword = openKeywordIndex({
    file: join(deps.dataDir, 'keyword', 'foods.json'),
    options: foodsKeywordOptions,
    documents: foodDocuments,
    rowVersions: () => repository.rowVersions(),
    count: () => repository.count(),
  });
  const retriever = createRetriever(deps, { corpus: 'foods', table: 'foods', formula: foodsFormula, keyword: keyword.index });
  // The same rows in the multilingual embedder's own vector space (keyed by its id): the cross-language path.
  const crossLanguage = createRetriever({ ...deps, embedding: deps.multilingual }, { corpus: 'foods', table: 'foods', formula: foodsFormula, keyword: keyword.index });
  const foods = createFoodsCorpus({ repository, profiles: deps.profiles, settings: deps.settings, retriever, crossLanguage, concepts: loadFoodConcepts() });
  const portions = createPortionsService({
    portions: createPortionsRepository(deps.db),
    foods: repository,
    requireProfile: (profile) => {
      if (!deps.profiles.exists(profile)) throw new AppError('not_found', `There is no profile "${profile}".`);
    },
  });
  const reload = () => keyword.index.replaceAll(foodDocuments());
  const syncWithOtherProcesses = watchExternalWrites(deps.db, 'foods', reload);
  return {
    name: 'foods',
    retriever,
    crossLanguage,
    search: (input) => foods.search(input),
    syncWithOtherProcesses,
    reload,
    async ingest() {
      const counts = await foods.seedShared();
      return { corpus: 'foods', ...counts, removed: 0, embedded: 0 };
    },
    evaluation: { load: () => loadEvaluationSets(['foods', 'foods-es', 'foods-relevance', 'foods-crosslang']), itemOf: (hit) => hit.id },
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
