import type { Database } from 'better-sqlite3';
import type { EntryExportRow, OwnFoodRow, ProfileDataRepository, TargetExportRow } from '../../db/repositories/profile-data-repository.js';
import type { FoodRow, NewFood } from '../foods/foods-repository.js';
import type { DiaryRepository, NewEntry, NewTarget } from './diary-repository.js';

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
  | 'upsertTarget'
  | 'unmarkedRows'
  | 'replaceDemoDiary';

type Asynchronous<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? (...args: A) => Promise<R> : never };

/** A profile's own foods, entries and targets as its export writes them (foods.csv, diary.csv, targets.csv). */
export interface DiaryExport {
  foods: OwnFoodRow[];
  entries: EntryExportRow[];
  targets: TargetExportRow[];
}

/** How many own foods, entries and targets a profile has. */
export interface DiaryRows {
  foods: number;
  entries: number;
  targets: number;
}

/** What a profile import writes into the diary, inside the store's transaction. */
export interface ProfileImportWriter {
  /**
   * Adds one of the profile's own foods in the store's transaction, where the store keeps them (PostgreSQL; on SQLite
   * they are added through `foods.add`, inside the caller's transaction).
   */
  food?(food: NewFood & { owner: string }): Promise<FoodRow>;
  /** Entries, a batch at a time, in the file's order. */
  entries(batch: readonly NewEntry[]): Promise<void>;
  target(target: NewTarget): Promise<void>;
  /** The import's digest and entry count, as `diary.import` records one: a later import of the same rows is a repeat. */
  record(sha256: string, rows: number): Promise<void>;
}

/** The parts of a profile import the store runs in its transaction, in this order. */
export interface ProfileImportWork {
  /** Throws unless the profile's diary is empty, read where no other import can write meanwhile. */
  requireEmpty(rows: DiaryRows): void;
  write(writer: ProfileImportWriter): Promise<void>;
  /** Commits the data directory's part of the import (the profile and its own foods) before the store commits its own. */
  beforeCommit(): void;
}

/**
 * Where the diary keeps its entries, targets and imports: the data directory's SQLite file (the embedded default,
 * the repository's own statements over its views) or PostgreSQL (diary-postgres-store.ts), with the same rows and
 * the same results. The shipped foods and units and the profiles stay in SQLite on both; a profile's own foods and
 * units are where the diary is (foods-store.ts). Asynchronous because a PostgreSQL client is; the operations mean
 * what DiaryRepository's do. A read and the write that depends on it are one operation
 * (`addEntry`, `changeEntry`, `importUnlessSeen`, `replaceDemoDiary`, `importProfile`), so each store makes them one
 * transaction: on SQLite one synchronous better-sqlite3 transaction, as atomic as before the boundary.
 */
export interface DiaryStore extends Asynchronous<Pick<DiaryRepository, StoredOperations>> {
  readonly kind: 'sqlite' | 'postgres';
  /** `SQLite`, or `PostgreSQL` with where (no password), for status lines. */
  readonly label: string;
  /** A profile's own foods (in the order added), entries (date, then id) and targets (nutrient, then day), read at one moment. */
  exportRows(profile: string): Promise<DiaryExport>;
  profileRows(profile: string): Promise<DiaryRows>;
  /**
   * A profile import's diary, all or nothing: `requireEmpty` with the profile's rows, `write`, then `beforeCommit`,
   * in one transaction of the store that the profile's other bulk writes (imports, the demo) wait for. On SQLite that
   * transaction is the caller's own (BEGIN IMMEDIATE, which holds the profile and its foods too; `beforeCommit`
   * commits it); on PostgreSQL its own, committed after `beforeCommit`.
   */
  importProfile(profile: string, work: ProfileImportWork): Promise<void>;
  /**
   * Removes a profile's entries, targets and import records in one transaction (on PostgreSQL its own foods and units
   * too; on SQLite they go with the profile's row); counts what went.
   */
  removeProfile(profile: string): Promise<DiaryRows>;
  /** The entries of one profile, or of every profile: what status counts. */
  entryCount(profile?: string): Promise<number>;
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
  'unmarkedRows',
  'replaceDemoDiary',
];

/**
 * The diary in the data directory's SQLite file: the repository's statements, unchanged, behind the store's promises.
 * Each operation runs whole when called (nothing awaits inside it), so no other call interleaves with it.
 */
export function createDiarySqliteStore(repository: DiaryRepository, profileData: ProfileDataRepository, db: Database): DiaryStore {
  const operations = Object.fromEntries(
    storedOperations.map((name) => {
      const operation = repository[name] as (...args: unknown[]) => unknown;
      return [name, async (...args: unknown[]) => operation(...args)];
    }),
  ) as Asynchronous<Pick<DiaryRepository, StoredOperations>>;
  const rowsOf = (profile: string): DiaryRows => profileData.counts(profile);
  const countEntries = db.prepare<[string | null], { n: number }>('SELECT count(*) AS n FROM diary_entries WHERE ?1 IS NULL OR profile = ?1');
  return {
    ...operations,
    kind: 'sqlite',
    label: 'SQLite',
    // One read transaction: the three files describe the same moment.
    exportRows: async (profile) => db.transaction(() => ({ foods: profileData.ownFoods(profile), entries: profileData.entries(profile), targets: profileData.targets(profile) }))(),
    profileRows: async (profile) => rowsOf(profile),
    async importProfile(profile, work) {
      // The caller's BEGIN IMMEDIATE holds the write lock of the file from before this read to the commit.
      if (!db.inTransaction) throw new Error('diary: a profile import on SQLite runs inside its caller’s transaction');
      work.requireEmpty(rowsOf(profile));
      await work.write({
        entries: async (batch) => void repository.insertEntries(batch),
        target: async (target) => repository.upsertTarget(target),
        record: async (sha256, rows) => repository.recordImport(profile, sha256, rows),
      });
      work.beforeCommit();
    },
    removeProfile: async (profile) => ({ foods: 0, ...profileData.removeDiary(profile) }),
    entryCount: async (profile) => (countEntries.get(profile ?? null) as { n: number }).n,
  };
}
