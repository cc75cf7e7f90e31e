import type { ModuleFactory } from '../../app/corpus-module.js';
import { loadEvaluationFile } from '../../eval/evaluation-file.js';
import { createRetriever } from '../../retrieval/retriever.js';
import { createFoodsCorpus, createFoodsKeywordIndex } from './foods-corpus.js';
import { createFoodsRepository, foodsFormula } from './foods-repository.js';

/** The foods catalog as a module of the app. */
export const createFoodsModule: ModuleFactory = (deps) => {
  const retriever = createRetriever(deps, { corpus: 'foods', table: 'foods', formula: foodsFormula, keyword: createFoodsKeywordIndex() });
  const foods = createFoodsCorpus({ repository: createFoodsRepository(deps.db), profiles: deps.profiles, settings: deps.settings, retriever });
  return {
    name: 'foods',
    retriever,
    search: (input) => foods.search(input),
    async ingest() {
      const counts = await foods.seedShared();
      return { corpus: 'foods', ...counts, removed: 0, embedded: 0 };
    },
    evaluation: { load: () => loadEvaluationFile('foods'), itemOf: (hit) => hit.id },
    handlers: {
      'foods.add': (input) => foods.add(input),
      'foods.update': (input) => foods.update(input),
      'foods.get': (input) => foods.get(input.profile, input.code),
    },
  };
};
