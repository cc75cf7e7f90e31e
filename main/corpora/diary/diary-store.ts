import { AppError } from '../../core/errors.js';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import type { DiaryRepository } from './diary-repository.js';

/** The diary operations a store keeps: entries, targets and CSV imports, written and read per profile. */
type StoredOperations =
  | 'addEntry'
  | 'importUnlessSeen'
  | 'removeEntry'
  | 'changeEntry'
  | 'entriesOfDay'
  | 'mealSubtotals'
  | 'loggedFoods'
  | 'dailyTotals'
  | 'targetsByDay'
  | 'entries'
  | 'countEntries'
  | 'foodTotals'
  | 'countFoods'
  | 'summary'
  | 'diaryRange'
  | 'targetDays'
  | 'upsertTarget';

type Asynchronous<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/**
 * Where the diary keeps its entries, targets and imports: the data directory's SQLite file (the embedded default,
 * the repository's own statements over its views) or PostgreSQL (diary-postgres-store.ts), with the same rows and
 * the same results. Foods, their units and the profiles stay in SQLite on both. Asynchronous because a PostgreSQL
 * client is; the operations mean what DiaryRepository's do. A read and the write that depends on it are one operation
 * (`addEntry`, `changeEntry`, `importUnlessSeen`), so each store makes them one transaction: on SQLite one
 * synchronous better-sqlite3 transaction, as atomic as before the boundary.
 */
export interface DiaryStore extends Asynchronous<Pick<DiaryRepository, StoredOperations>> {
  readonly kind: 'sqlite' | 'postgres';
  /** `SQLite`, or `PostgreSQL` with where (no password), for status lines. */
  readonly label: string;
}

const storedOperations: readonly StoredOperations[] = [
  'addEntry',
  'importUnlessSeen',
  'removeEntry',
  'changeEntry',
  'entriesOfDay',
  'mealSubtotals',
  'loggedFoods',
  'dailyTotals',
  'targetsByDay',
  'entries',
  'countEntries',
  'foodTotals',
  'countFoods',
  'summary',
  'diaryRange',
  'targetDays',
  'upsertTarget',
];

/**
 * The diary in the data directory's SQLite file: the repository's statements, unchanged, behind the store's promises.
 * Each operation runs whole when called (nothing awaits inside it), so no other call interleaves with it.
 */
export function createDiarySqliteStore(repository: DiaryRepository): DiaryStore {
  const operations = Object.fromEntries(
    storedOperations.map((name) => {
      const operation = repository[name] as (...args: unknown[]) => unknown;
      return [name, async (...args: unknown[]) => operation(...args)];
    }),
  ) as Asynchronous<Pick<DiaryRepository, StoredOperations>>;
  return { ...operations, kind: 'sqlite', label: 'SQLite' };
}

/**
 * Refuses, before anything is read or written, an operation that still reads and writes the diary in the SQLite file
 * (a profile's export and import) when the diary is on PostgreSQL: its rows would not be where the diary is.
 */
export function refuseWithDiaryOnPostgres(postgres: PostgresDatabase | undefined, what: string): void {
  if (!postgres) return;
  // `conflict`, not `unavailable` (503, "try later"): it stays refused while the diary is on PostgreSQL.
  // Not the database's URL: a profile-bound token may receive this line, and the URL names host, user and database.
  throw new AppError('conflict', `${what} does not work yet with the diary on PostgreSQL (issue #21); nothing was changed.`);
}
