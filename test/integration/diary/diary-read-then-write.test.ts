/**
 * A diary write that depends on what it reads (an update from the entry as it is, a CSV import or another app's
 * import unless it was imported already) is one store operation, one transaction: calls at the same time through the
 * dispatcher, as a serving process receives them, lose no change and import a file once. On SQLite (the default) as
 * before the store boundary; on PostgreSQL (issue #21) with a locked row and a per-profile lock on imports.
 * Keyword-only services.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiaryDay, DiaryEntry } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, testToday, value } from './diary-helpers.js';

const run = postgresTests('reads and writes at once on the PostgreSQL diary');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

const csv = ['date,meal,food_code,grams', ...Array.from({ length: 20 }, (_, index) => `2026-06-${String(index + 1).padStart(2, '0')},lunch,A015,${50 + index}`)].join('\n');

/** Another app's export (Cronometer's columns) of 12 days of rice, in grams that differ each round, every row chosen as A015. */
function appExport(round: number) {
  const days = Array.from({ length: 12 }, (_, index) => `2026-06-${String(index + 1).padStart(2, '0')},,Lunch,Rice,${60 + index + round} g,200,Grains`);
  return { profile: 'ana', csv: ['Day,Time,Group,Food Name,Amount,Energy (kcal),Category', ...days].join('\n'), choices: days.map((_, index) => ({ line: index + 2, food: 'A015' })) };
}

interface Store {
  services: Services;
  /** The profile's entries where this store keeps them. */
  entries(profile: string): Promise<number>;
}

async function onSqlite(): Promise<Store> {
  const services = await diaryServices(tempDir());
  services.profiles.ensure('ana', 'Ana');
  return { services, entries: async (profile) => entryCount(services, profile) };
}

async function onPostgres(): Promise<Store> {
  const url = await freshDatabase();
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'Ana');
  // A warm pool, as a serving process has: several idle connections, so the calls below run on connections of their own.
  await Promise.all(Array.from({ length: 6 }, () => value(services, 'diary.day', { profile: 'ana', date: testToday })));
  return { services, entries: () => count(url, 'diary_entries') };
}

async function entryNow(services: Services, id: number): Promise<DiaryEntry | undefined> {
  const day = await value<DiaryDay>(services, 'diary.day', { profile: 'ana', date: testToday });
  return day.meals.flatMap((meal) => meal.entries).find((entry) => entry.id === id);
}

/** The same behaviours on each store; `rounds` repeats a race where its outcome depends on timing. */
function readThenWrite(open: () => Promise<Store>, rounds: number): void {
  it('two identical CSV imports at once: one imports, the other is a conflict, and the entries are there once', async () => {
    const { services, entries } = await open();
    for (let round = 0; round < rounds; round++) {
      const input = { profile: 'ana', csv: csv.replace(/,(\d+)$/gm, (_, grams: string) => `,${Number(grams) + round}`) };
      const results = await Promise.all([call(services, 'diary.import', input), call(services, 'diary.import', input)]);
      expect(results.map((result) => (result.ok ? 'ok' : result.error.code)).sort()).toEqual(['conflict', 'ok']);
      expect(await entries('ana')).toBe(20 * (round + 1));
    }
  });

  it("two identical confirms of another app's export at once: one imports, the other is a conflict, and the entries are there once", async () => {
    const { services, entries } = await open();
    for (let round = 0; round < rounds; round++) {
      const input = appExport(round);
      const results = await Promise.all([call(services, 'diary.import.confirm', input), call(services, 'diary.import.confirm', input)]);
      expect(results.map((result) => (result.ok ? 'ok' : result.error.code)).sort()).toEqual(['conflict', 'ok']);
      expect(await entries('ana')).toBe(12 * (round + 1));
    }
  });

  it('two updates of different fields of one entry at once: both changes are kept', async () => {
    const { services } = await open();
    for (let round = 0; round < rounds; round++) {
      const entry = await value<DiaryEntry>(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
      const results = await Promise.all([
        call(services, 'diary.update', { profile: 'ana', id: entry.id, meal: 'dinner' }),
        call(services, 'diary.update', { profile: 'ana', id: entry.id, grams: 200 }),
      ]);
      expect(results.every((result) => result.ok)).toBe(true);
      expect(await entryNow(services, entry.id)).toMatchObject({ meal: 'dinner', grams: 200 });
    }
  });

  it('an update and a remove of one entry at once: the update is done or not found, never an internal error', async () => {
    const { services } = await open();
    for (let round = 0; round < rounds; round++) {
      const entry = await value<DiaryEntry>(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
      const [update, remove] = await Promise.all([call(services, 'diary.update', { profile: 'ana', id: entry.id, grams: 90 }), call(services, 'diary.remove', { profile: 'ana', id: entry.id })]);
      expect(remove.ok).toBe(true);
      if (!update.ok) expect(update.error).toEqual({ code: 'not_found', message: `Profile "ana" has no diary entry ${entry.id}.` });
      else expect(update.value).toMatchObject({ id: entry.id, grams: 90 });
      expect(await entryNow(services, entry.id)).toBeUndefined();
    }
  });
}

// Dispatcher calls at once interleave at every await: on SQLite the outcome is the same each time, one round is enough.
describe('reads and writes at once on the SQLite diary', () => readThenWrite(onSqlite, 1));

describe.runIf(run)('reads and writes at once on the PostgreSQL diary', () => readThenWrite(onPostgres, 10));
