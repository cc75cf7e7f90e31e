import { createProfileDataRepository } from '../../db/repositories/profile-data-repository.js';
import type { CorpusModule, ModuleFactory } from '../corpus-module.js';
import { createFoodsRepository } from '../foods/foods-repository.js';
import { createPortionsRepository } from '../foods/portions-repository.js';
import { askDiary } from './diary-ask.js';
import { seedDemoDiary } from './diary-demo.js';
import { createDiaryPostgresStore } from './diary-postgres-store.js';
import { createDiaryRepository } from './diary-repository.js';
import { createDiaryService } from './diary-service.js';
import { createDiarySqliteStore } from './diary-store.js';

/**
 * The food diary as a module: the diary.* operations, "Ask your log" for `ask --corpus diary`, and the demo
 * profile. Its retrieval is SQL over the views, so it has no keyword index or vectors of its own. Its entries,
 * targets and imports live in the SQLite file, or in PostgreSQL when the services have one; foods, their units and
 * the profiles stay in SQLite.
 */
export const createDiaryModule: ModuleFactory = (deps) => {
  const repository = createDiaryRepository(deps.db);
  const portions = createPortionsRepository(deps.db);
  const foods = createFoodsRepository(deps.db);
  const postgres = deps.postgres && createDiaryPostgresStore({ database: deps.postgres, foods, portions });
  const store = postgres ?? createDiarySqliteStore(repository, createProfileDataRepository(deps.db), deps.db);
  const diary = createDiaryService({ store, visibleFood: repository.visibleFood, profiles: deps.profiles, portions, foods });
  const module: CorpusModule = {
    name: 'diary',
    ask: (input) => askDiary({ store, requireProfile: diary.requireProfile, settings: () => deps.settings.get() }, input),
    async seedDemo({ today, onProgress }) {
      // Not yet on PostgreSQL (issue #21): the first start of a server goes on without it, and says so.
      if (postgres) {
        onProgress?.(`no demo diary: the diary is on ${postgres.label}, where cita does not load the demo yet`);
        return { entries: 0 };
      }
      // The demo's own packaged foods go through the foods repository (the same insert `foods.add` uses); seeding
      // then has the foods module reload its keyword index, and embeds them with everything else.
      const backup = () => deps.backup('before-demo');
      return seedDemoDiary({ profiles: deps.profiles, foods, portions, diary: repository, backup }, today, onProgress);
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
  return postgres ? { ...module, rowStorage: { kind: 'postgres', label: postgres.label, rows: (profile) => postgres.entryCount(profile) } } : module;
};
