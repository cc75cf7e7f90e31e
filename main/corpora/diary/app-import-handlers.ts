import type { HandlerSlice } from '../../api/handlers.js';
import type { ModuleDeps } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { localToday } from '../../core/local-today.js';
import { createFoodsStore } from '../foods/foods-stores.js';
import { createAppImportService, type SearchFoods } from './app-import.js';
import { latestEntryDate } from './diary-service.js';
import { createDiaryStore } from './diary-stores.js';

/**
 * diary.import.preview and diary.import.confirm: the diary's import of other apps' exports, which matches food names
 * with the foods module's search, so it is wired where both modules exist (bootstrap), not inside either.
 */
export function appImportHandlers(
  deps: Pick<ModuleDeps, 'db' | 'profiles' | 'postgres'> & { searchFoods: SearchFoods; today?: () => string },
): HandlerSlice<'diary.import.preview' | 'diary.import.confirm'> {
  const today = deps.today ?? localToday;
  const service = createAppImportService({
    searchFoods: deps.searchFoods,
    foods: createFoodsStore(deps),
    diary: createDiaryStore(deps),
    requireProfile: (profile) => {
      if (!deps.profiles.exists(profile))
        throw new AppError(
          'not_found',
          `There is no profile "${profile}". Profiles: ${deps.profiles
            .list()
            .map((known) => known.id)
            .join(', ')}.`,
        );
    },
    latestDate: () => latestEntryDate(today()),
  });
  return {
    'diary.import.preview': (input) => service.preview(input),
    'diary.import.confirm': (input) => service.confirm(input),
  };
}
