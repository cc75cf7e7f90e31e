import type { Database } from 'better-sqlite3';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { createFoodsRepository } from './foods-repository.js';
import { createFoodsSqliteStore, type FoodsStore } from './foods-store.js';
import { createOwnFoodsPostgres } from './own-foods-postgres.js';
import { createPortionsRepository } from './portions-repository.js';

/** The foods store of these services: own foods in PostgreSQL when they have one, else in the data directory's file. */
export function createFoodsStore(deps: { db: Database; postgres?: PostgresDatabase | undefined }): FoodsStore {
  const foods = createFoodsRepository(deps.db);
  const portions = createPortionsRepository(deps.db);
  return deps.postgres ? createOwnFoodsPostgres({ database: deps.postgres, foods, portions }) : createFoodsSqliteStore(foods, portions);
}
