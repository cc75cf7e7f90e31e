import type { CorpusModule, ModuleFactory } from '../corpus-module.js';
import { createFoodsStore } from '../foods/foods-stores.js';
import { askDiary } from './diary-ask.js';
import { seedDemoDiary } from './diary-demo.js';
import { createDiaryService } from './diary-service.js';
import { createDiaryStore } from './diary-stores.js';

/**
 * The food diary as a module: the diary.* operations, "Ask your log" for `ask --corpus diary`, and the demo
 * profile. Its retrieval is SQL over the views, so it has no keyword index or vectors of its own. Its entries,
 * targets and imports live in the SQLite file, or in PostgreSQL when the services have one, with the profiles' own
 * foods and units (foods-store.ts); the shipped foods and units and the profiles stay in SQLite.
 */
export const createDiaryModule: ModuleFactory = (deps) => {
  const foods = createFoodsStore(deps);
  const store = createDiaryStore(deps);
  const diary = createDiaryService({ store, profiles: deps.profiles, foods });
  const module: CorpusModule = {
    name: 'diary',
    ask: (input) => askDiary({ store, requireProfile: diary.requireProfile, settings: () => deps.settings.get() }, input),
    async seedDemo({ today, onProgress, firstRun }) {
      // The demo's own packaged foods go through the foods store (the same insert `foods.add` uses); seeding then has
      // the foods module reload its keyword index, and embeds them with everything else.
      const backup = () => deps.backup('before-demo');
      return seedDemoDiary({ profiles: deps.profiles, foods, store, backup }, today, {
        ...(onProgress ? { onProgress } : {}),
        firstRun: firstRun === true,
      });
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
  return store.kind === 'postgres' ? { ...module, rowStorage: { kind: 'postgres', label: store.label, rows: (profile) => store.entryCount(profile) } } : module;
};
