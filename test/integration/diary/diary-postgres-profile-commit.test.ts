/**
 * A profile import with the diary on PostgreSQL keeps nothing when the diary's write or commit fails: a connection
 * lost writing a target is told as such (not as a CSV problem), and a COMMIT that fails or whose connection is lost
 * leaves no profile in the data directory and no own food in the database (they are written in the diary's
 * transaction), so the same import runs again (review of branch pgdiary).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { exportProfile, importProfile } from '../../../main/app/profile-transfer.js';
import type { Food } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, dropConnectionWhenBlocked, withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { value } from './diary-helpers.js';

const run = postgresTests("a profile import's commits on the PostgreSQL diary");
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

async function open(url?: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, ...(url ? { databaseUrl: url } : {}) });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'ana');
  return services;
}

async function anExport(): Promise<string> {
  const s = await open();
  await value<Food>(s, 'foods.add', { profile: 'ana', name: 'Pan', per100g: { energy_kcal: 250 } });
  await value(s, 'diary.add', { profile: 'ana', date: '2026-06-14', meal: 'lunch', food: 'A015', grams: 80 });
  await value(s, 'diary.targets.set', { profile: 'ana', nutrient: 'sodium', amount: 2000, effective_from: '2026-04-01' });
  const dir = join(tempDir(), 'ana');
  await exportProfile(s, 'ana', dir);
  return dir;
}

async function outcome(work: Promise<unknown>) {
  try {
    return { ok: await work };
  } catch (error) {
    return { code: (error as { code: string }).code, message: (error as Error).message };
  }
}

describe.runIf(run)("a profile import's commits on the PostgreSQL diary", () => {
  it('says a connection lost while a target is written is lost (not a CSV problem), and keeps nothing', async () => {
    const dir = await anExport();
    const url = await freshDatabase();
    const s = await open(url);
    const { dropped } = await dropConnectionWhenBlocked(url, 'diary_targets', 'INSERT INTO diary_targets');
    const [result] = await Promise.all([outcome(importProfile(s, 'copy', dir)), dropped]);
    expect(result).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Lost the connection to the PostgreSQL database .*; what was not committed was rolled back\./) });
    expect(s.profiles.exists('copy')).toBe(false);
    expect(await count(url, 'own_foods')).toBe(0);
  });

  it("keeps no profile or own food when the diary's COMMIT fails, and the import runs again", async () => {
    const dir = await anExport();
    const url = await freshDatabase();
    const s = await open(url);
    await withClient(url, async (c) => {
      await c.query(`CREATE FUNCTION fail_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'simulated commit failure'; END $$`);
      await c.query(`CREATE CONSTRAINT TRIGGER fail_at_commit AFTER INSERT ON diary_imports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION fail_commit()`);
    });
    const first = await outcome(importProfile(s, 'copy', dir));
    expect(first).toMatchObject({ message: 'simulated commit failure' });
    expect(s.profiles.exists('copy')).toBe(false);
    expect(s.db.prepare("SELECT count(*) AS n FROM foods WHERE owner = 'copy'").get()).toEqual({ n: 0 });
    expect(await count(url, 'own_foods')).toBe(0);
    await withClient(url, (c) => c.query('DROP TRIGGER fail_at_commit ON diary_imports'));
    const retry = await outcome(importProfile(s, 'copy', dir));
    expect(retry).toMatchObject({ ok: { foods: 1, diary: 1, targets: 1 } });
    expect(await count(url, 'own_foods')).toBe(1);
  });

  it("keeps no profile or own food when the connection is lost in the diary's COMMIT and it was not saved, and the import runs again", async () => {
    const dir = await anExport();
    const url = await freshDatabase();
    const s = await open(url);
    await withClient(url, async (c) => {
      await c.query(`CREATE FUNCTION slow_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM pg_sleep(5); RETURN NULL; END $$`);
      await c.query(`CREATE CONSTRAINT TRIGGER slow_at_commit AFTER INSERT ON diary_imports DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION slow_commit()`);
    });
    const killer = withClient(url, async (c) => {
      for (let i = 0; i < 400; i += 1) {
        const { rows } = await c.query<{ pid: number }>("SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid() AND query = 'COMMIT' AND state = 'active'");
        if (rows[0]) return c.query('SELECT pg_terminate_backend($1)', [rows[0].pid]);
        await new Promise((r) => setTimeout(r, 25));
      }
      throw new Error('no COMMIT seen');
    });
    const [first] = await Promise.all([outcome(importProfile(s, 'copy', dir)), killer]);
    expect(first).toMatchObject({ code: 'unavailable', message: expect.stringContaining('was not saved; nothing was imported') });
    expect(s.profiles.exists('copy')).toBe(false);
    expect(await count(url, 'own_foods')).toBe(0);
    await withClient(url, (c) => c.query('DROP TRIGGER slow_at_commit ON diary_imports'));
    const retry = await outcome(importProfile(s, 'copy', dir));
    expect(retry).toMatchObject({ ok: { foods: 1, diary: 1, targets: 1 } });
    expect(await count(url, 'own_foods')).toBe(1);
  });
});
