/**
 * Bad input for the diary on PostgreSQL (issue #21): an unreachable database and a connection dropped in the middle
 * of a write (a server restart, an administrator's `pg_terminate_backend`) are one line a user can act on, leave no
 * entry of the write behind, and the same write again lands once. The CLI runs the built cita (`npm run build:node`).
 */
import { describe, expect, it } from 'vitest';
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
  expect(result.error?.message).toMatch(/^Lost the connection to the PostgreSQL database .*; what was not committed was rolled back\. Run the command again/);
  expect(result.error?.message).not.toMatch(/\n/);
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
});
