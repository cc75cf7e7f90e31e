import type { DemoRemoval } from '../../shared/contract.js';
import type { HandlerSlice } from '../api/handlers.js';
import { demoProfile } from '../corpora/diary/diary-demo.js';
import type { DiaryStore } from '../corpora/diary/diary-store.js';
import type { Database } from '../db/connection.js';
import { createAppStateRepository } from '../db/repositories/app-state-repository.js';
import { createProfileDataRepository } from '../db/repositories/profile-data-repository.js';
import type { ProfilesRepository } from '../db/repositories/profiles-repository.js';
import type { VectorStore } from '../retrieval/vector-store.js';
import type { CorpusModule } from '../corpora/corpus-module.js';

/** app_state key: 'pending' on a data directory that never held the user's data (migration 0009), then 'loaded' or 'removed'. */
const firstRunKey = 'first_run_demo';

/**
 * The demo profile a new user starts with: loaded on the first start, marked as demo data everywhere, removable as a
 * whole, and never loaded again by the app once loaded or removed (an edited demo is the user's to keep).
 */
export interface DemoData {
  /** The app should load the demo now: the first start on a data directory with nothing of the user's. */
  firstRunPending(): boolean;
  /** Creates the demo profile, marked as demo data, for the modules to fill; false when a profile of the user's has its id. */
  claimProfile(): boolean;
  /** The demo was loaded (or declined): a later start does not load it again. */
  markLoaded(): void;
  /** Removes every demo profile with its foods (and their vectors), diary and targets (wherever the diary is). */
  remove(): Promise<DemoRemoval>;
}

/** Builds the demo-data service over the app's database, the diary's store and the modules. */
export function createDemoData(deps: { db: Database; profiles: ProfilesRepository; vectors: VectorStore; diary: DiaryStore; modules: readonly CorpusModule[] }): DemoData {
  const state = createAppStateRepository(deps.db);
  const profileData = createProfileDataRepository(deps.db);
  const foodRetrievers = deps.modules.flatMap((module) => (module.retriever?.table === 'foods' ? [module.retriever] : []));

  return {
    firstRunPending: () => state.get(firstRunKey) === 'pending',
    claimProfile: () => deps.profiles.ensureDemo(demoProfile, 'Demo'),
    markLoaded: () => state.set(firstRunKey, 'loaded'),
    async remove() {
      const removal: DemoRemoval = { removed: false, profiles: [], foods: 0, entries: 0, targets: 0 };
      for (const profile of deps.profiles.demoIds()) {
        // The diary first (on PostgreSQL, the step that may fail, with the profile's own foods and units there): a
        // failure leaves the profile, and running the removal again finishes it. On SQLite the profile's removal below
        // also takes its own foods and any entry added since.
        const diary = await deps.diary.removeProfile(profile);
        // Vectors before rows: a crash in between leaves rows without vectors (re-embedded later), never the reverse.
        const foodIds = profileData.ownFoodIds(profile);
        for (const retriever of foodRetrievers) {
          for (const space of deps.vectors.spacesOf(retriever.corpus)) for (const id of foodIds) deps.vectors.remove(space, id);
        }
        const counts = profileData.remove(profile);
        removal.removed = true;
        removal.profiles.push(profile);
        removal.foods += diary.foods + counts.foods;
        removal.entries += diary.entries + counts.entries;
        removal.targets += diary.targets + counts.targets;
      }
      // Removed means gone for good: the first start does not bring it back, whatever state it was in.
      state.set(firstRunKey, 'removed');
      for (const module of deps.modules) module.reload?.();
      return removal;
    },
  };
}

/** The contract's demo operations. */
export function demoHandlers(demo: DemoData): HandlerSlice<'demo.remove'> {
  return { 'demo.remove': () => demo.remove() };
}
