import type { ModuleFactory } from '../corpus-module.js';
import { createFoodsRepository } from '../foods/foods-repository.js';
import { createPortionsRepository } from '../foods/portions-repository.js';
import { askDiary } from './diary-ask.js';
import { seedDemoDiary } from './diary-demo.js';
import { createDiaryRepository } from './diary-repository.js';
import { createDiaryService } from './diary-service.js';

/**
 * The food diary as a module: the diary.* operations, "Ask your log" for `ask --corpus diary`, and the demo
 * profile. Its retrieval is SQL over the views, so it has no keyword index or vectors of its own.
 */
export const createDiaryModule: ModuleFactory = (deps) => {
  const repository = createDiaryRepository(deps.db);
  const portions = createPortionsRepository(deps.db);
  const diary = createDiaryService({ repository, profiles: deps.profiles, portions, foods: createFoodsRepository(deps.db) });
  return {
    name: 'diary',
    ask: (input) => askDiary({ repository, requireProfile: diary.requireProfile, settings: () => deps.settings.get() }, input),
    async seedDemo({ today, onProgress }) {
      // The demo's own packaged foods go through the foods repository (the same insert `foods.add` uses); seeding
      // then has the foods module reload its keyword index, and embeds them with everything else.
      const backup = () => deps.backup('before-demo');
      return seedDemoDiary({ profiles: deps.profiles, foods: createFoodsRepository(deps.db), portions, diary: repository, backup }, today, onProgress);
    },
    handlers: {
      'diary.add': (input) => diary.add(input),
      'diary.update': (input) => diary.update(input),
      'diary.recent': (input) => diary.recent(input),
      'diary.remove': (input) => diary.remove(input),
      'diary.day': (input) => diary.day(input),
      'diary.series': (input) => diary.series(input),
      'diary.import': (input) => diary.importCsv(input),
      'diary.targets.set': (input) => diary.setTarget(input),
    },
  };
};
