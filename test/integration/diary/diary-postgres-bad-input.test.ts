/**
 * Bad input for the diary on PostgreSQL (issue #21): an unreachable database and a connection dropped in the middle
 * of a write (a server restart, an administrator's `pg_terminate_backend`) are one line a user can act on, leave no
 * entry of the write behind, and the same write again lands once. The CLI runs the built cita (`npm run build:node`).
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { runCita } from '../../helpers/cli.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, dropConnectionWhenBlocked } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, entryCount, entryCountInFile, testToday } from './diary-helpers.js';

const run = postgresTests('bad input on the PostgreSQL diary');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

async function onPostgres(url: string) {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'Ana');
  return services;
}

/** What a dropped connection is: `unavailable`, one line, saying what happened and what to do. */
function expectLostConnection(result: { ok: boolean; error?: { code: string; message: string } }): void {
  expect(result.ok).toBe(false);
  expect(result.error?.code).toBe('unavailable');
  expect(result.error?.message).toMatch(/^Lost the connection to the PostgreSQL database \([^)]*\); what was not committed was rolled back\. Run the command again/);
  expectNoDatabaseNamed(result.error?.message);
}

/** Any caller, a profile-bound token too, receives the line: it names no URL, host, port, user or database. */
function expectNoDatabaseNamed(message: string | undefined): void {
  expect(message).not.toMatch(/\n|postgres:\/\/|127\.0\.0\.1|cita_test|@/);
}

/**
 * Drops the connection just after each of the first `times` statements `matches` reached the server and ran, before
 * the client hears of it (a server restart at that instant): the caller sees the connection lost on that statement.
 * Returns what puts the pool back as it was.
 */
function dropAfter(services: Services, matches: (text: string) => boolean, times = 1): () => void {
  const pool = services.postgres?.pool as pg.Pool;
  const original = pool.connect;
  const connect = original.bind(pool) as () => Promise<pg.PoolClient>;
  let dropped = 0;
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
    (client as unknown as { query: typeof query }).query = async (text, values) => {
      const result = await query(text, values);
      if (dropped >= times || !matches(text)) return result;
      dropped += 1;
      await query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
      return query('SELECT 1');
    };
    return client;
  };
  return () => {
    pool.connect = original;
  };
}

/**
 * Drops the connection of the next transaction that inserts an entry, at its first statement after the INSERT other
 * than COMMIT (`after: 'insert'`), or just after its COMMIT reached the server, before the client hears of it
 * (`after: 'commit'`: a server restart at that instant). Every checkout of the pool is watched, so a read on a
 * connection of its own after the insert's commit counts too.
 */
function dropAfterInsert(services: Services, after: 'insert' | 'commit'): void {
  const pool = services.postgres?.pool as pg.Pool;
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  let inserted = false;
  let dropped = false;
  const drop = async (client: pg.PoolClient) => {
    dropped = true;
    await client.query('SELECT pg_terminate_backend(pg_backend_pid())').catch(() => undefined);
  };
  (pool as unknown as { connect: () => Promise<pg.PoolClient> }).connect = async () => {
    const client = await connect();
    const query = client.query.bind(client) as (text: string, values?: unknown[]) => Promise<pg.QueryResult>;
    (client as unknown as { query: typeof query }).query = async (text, values) => {
      if (!dropped && inserted && after === 'insert' && text !== 'COMMIT' && text !== 'BEGIN') await drop(client);
      const result = await query(text, values);
      if (text.startsWith('INSERT INTO diary_entries')) inserted = true;
      if (!dropped && inserted && after === 'commit' && text === 'COMMIT') {
        await drop(client);
        return query('SELECT 1');
      }
      return result;
    };
    return client;
  };
}

const csv = ['date,meal,food_code,grams', ...Array.from({ length: 30 }, (_, index) => `2026-06-${String(index + 1).padStart(2, '0')},lunch,A015,${50 + index}`)].join('\n');

describe.runIf(run)('bad input on the PostgreSQL diary', () => {
  it('an unreachable database is one line naming it (without its password), and nothing is written anywhere', () => {
    const dataDir = tempDir();
    const empty = tempDir();
    const result = runCita(
      [
        'diary',
        'add',
        '--profile',
        'default',
        '--date',
        testToday,
        '--meal',
        'lunch',
        '--food',
        'A015',
        '--grams',
        '80',
        '--data-dir',
        dataDir,
        '--database',
        'postgres://cita:secret@127.0.0.1:1/cita',
      ],
      { env: { CITA_MODEL_DIR: empty, CITA_MULTILINGUAL_DIR: empty, CITA_RERANKER_DIR: empty, CITA_DATABASE_URL: '' } },
    );
    expect(result.status, result.stderr).toBe(1);
    const lines = result.stderr.split('\n').filter((line) => line.length > 0);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^cita: Cannot reach the PostgreSQL database postgres:\/\/cita:\*\*\*@127\.0\.0\.1:1\/cita: /);
    expect(result.stderr).not.toMatch(/secret|\n\s+at /);
    expect(entryCountInFile(dataDir, 'default')).toBe(0);
  }, 120_000);

  it('a connection dropped in a CSV import: one line, none of its entries kept, and the same import again adds them all once', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    // The import's last statement records it, after every entry: cut there.
    const { dropped } = await dropConnectionWhenBlocked(url, 'diary_imports', 'INSERT INTO diary_imports');
    const [result, pid] = await Promise.all([call(services, 'diary.import', { profile: 'ana', csv }), dropped]);
    expect(pid).toBeGreaterThan(0);
    expectLostConnection(result as never);
    expect(await count(url, 'diary_entries')).toBe(0);
    expect(await count(url, 'diary_imports')).toBe(0);

    // The same services (the pool replaces the connection it lost), as a running `cita serve` would retry.
    expect(await call(services, 'diary.import', { profile: 'ana', csv })).toMatchObject({ ok: true, value: { added: 30 } });
    expect(await count(url, 'diary_entries')).toBe(30);
    expect(await call(services, 'diary.import', { profile: 'ana', csv })).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await count(url, 'diary_entries')).toBe(30);
    expect(entryCount(services)).toBe(0);
  });

  it('a connection dropped in an add: one line, no entry, and the add again lands once', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const add = { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 };
    const { dropped } = await dropConnectionWhenBlocked(url, 'diary_entries', 'INSERT INTO diary_entries');
    const [result, pid] = await Promise.all([call(services, 'diary.add', add), dropped]);
    expect(pid).toBeGreaterThan(0);
    expectLostConnection(result as never);
    expect(await count(url, 'diary_entries')).toBe(0);
    expect(await call(services, 'diary.add', add)).toMatchObject({ ok: true, value: { grams: 80, food: { code: 'A015' } } });
    expect(await count(url, 'diary_entries')).toBe(1);
  });

  it('a connection dropped after an add inserted its entry, before it read it back: the entry is rolled back with it, and the add again lands once', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const add = { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 };
    dropAfterInsert(services, 'insert');
    expectLostConnection(await call(services, 'diary.add', add));
    expect(await count(url, 'diary_entries')).toBe(0);
    expect(await call(services, 'diary.add', add)).toMatchObject({ ok: true, value: { grams: 80, food: { code: 'A015' } } });
    expect(await count(url, 'diary_entries')).toBe(1);
  });

  it('a connection dropped as an add commits: one line saying the entry may have been saved, not that it was rolled back', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    dropAfterInsert(services, 'commit');
    const result = await call(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'unavailable',
        message: expect.stringMatching(
          /^Lost the connection to the PostgreSQL database \([^)]*\) while committing; the change may or may not have been saved\. Look before running the command again \(/,
        ),
      },
    });
    expect(result.ok ? '' : result.error.message).not.toMatch(/\n|rolled back/);
    expectNoDatabaseNamed(result.ok ? '' : result.error.message);
    expect(await count(url, 'diary_entries')).toBe(1);
  });

  it('a connection dropped as a read commits is read again on another; dropped again, one line saying the read failed and nothing was changed', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    expect(await call(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 })).toMatchObject({ ok: true });
    // Once (an idle connection the server dropped, found dead when used): the read runs again and is answered.
    const restore = dropAfter(services, (text) => text === 'COMMIT');
    expect(await call(services, 'diary.day', { profile: 'ana', date: testToday })).toMatchObject({
      ok: true,
      value: { meals: expect.arrayContaining([expect.objectContaining({ meal: 'lunch', entries: [expect.objectContaining({ food: expect.objectContaining({ code: 'A015' }) })] })]) },
    });
    restore();
    // Twice: the second loss is reported, not tried a third time.
    dropAfter(services, (text) => text === 'COMMIT', 2);
    const result = await call(services, 'diary.day', { profile: 'ana', date: testToday });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'unavailable',
        message: expect.stringMatching(/^Lost the connection to the PostgreSQL database \([^)]*\) while reading; the read failed and nothing was changed\. Run the command again\.$/),
      },
    });
    expectNoDatabaseNamed(result.ok ? '' : result.error.message);
    expect(await call(services, 'diary.day', { profile: 'ana', date: testToday })).toMatchObject({ ok: true });
  });

  it('a SELECT whose connection is dropped runs once more on another; a second drop is reported as a failed read', async () => {
    const services = await onPostgres(await freshDatabase());
    const database = services.postgres as NonNullable<Services['postgres']>;
    const restore = dropAfter(services, (text) => text.startsWith('SELECT 41'));
    expect(await database.query<{ answer: number }>('SELECT 41 + 1 AS answer')).toEqual([{ answer: 42 }]);
    restore();
    dropAfter(services, (text) => text.startsWith('SELECT 41'), 2);
    await expect(database.query('SELECT 41 + 1 AS answer')).rejects.toThrow(/^Lost the connection to the PostgreSQL database \([^)]*\) while reading; the read failed and nothing was changed\./);
  });

  it('a connection dropped after a remove ran on its own: one line saying the change may or may not have been saved, not "rolled back, run again"', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const added = await call(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
    const id = added.ok ? (added.value as { id: number }).id : 0;
    dropAfter(services, (text) => text.startsWith('DELETE FROM diary_entries'));
    const result = await call(services, 'diary.remove', { profile: 'ana', id });
    expect(result).toMatchObject({
      ok: false,
      error: {
        code: 'unavailable',
        message: expect.stringMatching(
          /^Lost the connection to the PostgreSQL database \([^)]*\) while committing; the change may or may not have been saved\. Look before running the command again \(/,
        ),
      },
    });
    expect(result.ok ? '' : result.error.message).not.toMatch(/rolled back/);
    expectNoDatabaseNamed(result.ok ? '' : result.error.message);
    // The server had removed it: "run it again" would have answered not found.
    expect(await count(url, 'diary_entries')).toBe(0);
  });
});
