import type { Database } from 'better-sqlite3';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { createProfileDataRepository } from '../../db/repositories/profile-data-repository.js';
import { createFoodsRepository } from '../foods/foods-repository.js';
import { createPortionsRepository } from '../foods/portions-repository.js';
import { createDiaryPostgresStore } from './diary-postgres-store.js';
import { createDiaryRepository } from './diary-repository.js';
import { createDiarySqliteStore, type DiaryStore } from './diary-store.js';

/**
 * The diary's store for these services: PostgreSQL when they have one, else the data directory's SQLite file. Every
 * part of cita that reads or writes diary rows (the module, another app's import, a profile's export and import, the
 * demo data) gets its store here, so none of them holds SQL of either store.
 */
export function createDiaryStore(deps: { db: Database; postgres?: PostgresDatabase | undefined }): DiaryStore {
  if (deps.postgres) return createDiaryPostgresStore({ database: deps.postgres, foods: createFoodsRepository(deps.db), portions: createPortionsRepository(deps.db) });
  return createDiarySqliteStore(createDiaryRepository(deps.db), createProfileDataRepository(deps.db), deps.db);
}
