/**
 * The demo diary with the diary on PostgreSQL (issue #21): loading it puts its entries and targets there, marked as
 * the demo's (migrations/postgres/0007_diary_demo.sql): the SQLite demo's days, in the same units, with the same
 * targets. Its seven packaged foods and their units are the demo profile's own, kept there too (0008_own_foods.sql),
 * so every entry of the SQLite demo is there. Loading it again replaces only its own rows; two servers starting at
 * once on one database load it (and add its foods) once, and a server's first start later leaves it as it is;
 * `demo.remove` removes its rows and foods there.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { seedShippedData } from '../../../main/app/seed.js';
import { seedDemoDiary } from '../../../main/corpora/diary/diary-demo.js';
import { createDiaryStore } from '../../../main/corpora/diary/diary-stores.js';
import { createFoodsStore } from '../../../main/corpora/foods/foods-stores.js';
import { migratePostgres, openPostgres, shippedPostgresMigrations } from '../../../main/db/postgres/postgres-database.js';
import type { DemoRemoval } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { diaryServices, entryCount, rounded, testToday, value } from './diary-helpers.js';

const run = postgresTests('the demo diary on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** Keyword-only services with the IFCT foods, the diary in `url`'s PostgreSQL. */
async function onPostgres(url: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  return services;
}

/**
 * An entry as both stores can be compared: a shipped food by its code and a shipped unit by its id (the same in every
 * data directory), the demo's own food and unit by name (each store gives them codes and ids of its own).
 */
type Row = { date: string; meal: string; food: string; grams: number; portion: string | null; portion_quantity: number | null };

/** The SQLite demo's entries (shipped foods and its own) and targets, loaded ending testToday. */
async function sqliteDemo(): Promise<{ entries: Row[]; own: number; targets: unknown[] }> {
  const demo = await diaryServices(tempDir(), { demo: true });
  try {
    const entries = demo.db
      .prepare(
        `SELECT e.date, e.meal, CASE WHEN f.owner IS NULL THEN f.code ELSE 'own:' || f.name END AS food, e.grams,
           CASE WHEN p.id IS NULL THEN NULL WHEN p.owner IS NULL THEN 'shipped:' || p.id ELSE 'own:' || p.name_en END AS portion, e.portion_quantity
         FROM diary_entries e JOIN foods f ON f.id = e.food_id LEFT JOIN food_portions p ON p.id = e.portion_id
         WHERE e.profile = 'demo' ORDER BY e.date, e.id`,
      )
      .all() as Row[];
    return {
      entries,
      own: entries.filter((row) => row.food.startsWith('own:')).length,
      targets: demo.db.prepare("SELECT nutrient, amount, effective_from FROM diary_targets WHERE profile = 'demo' ORDER BY nutrient, effective_from").all(),
    };
  } finally {
    await demo.close();
  }
}

/** The demo profile's rows in PostgreSQL, and how many of them are marked as the demo's. */
async function postgresRows(url: string): Promise<{ entries: Row[]; targets: unknown[]; marked: number }> {
  const where = "e.profile = 'demo'";
  return withClient(url, async (client) => ({
    entries: (
      await client.query<Row>(
        `SELECT e.date, e.meal, coalesce('own:' || f.name, e.food_code) AS food, e.grams,
           CASE WHEN e.portion_id IS NULL THEN NULL WHEN p.id IS NULL THEN 'shipped:' || e.portion_id ELSE 'own:' || p.name_en END AS portion, e.portion_quantity
         FROM diary_entries e LEFT JOIN own_foods f ON f.code = e.food_code LEFT JOIN own_food_portions p ON p.id = e.portion_id
         WHERE ${where} ORDER BY e.date, e.id`,
      )
    ).rows,
    targets: (await client.query("SELECT nutrient, amount, effective_from FROM diary_targets WHERE profile = 'demo' ORDER BY nutrient, effective_from")).rows,
    marked: Number(
      (await client.query<{ n: string }>("SELECT (SELECT count(*) FROM diary_entries WHERE profile = 'demo' AND demo) + (SELECT count(*) FROM diary_targets WHERE profile = 'demo' AND demo) AS n"))
        .rows[0]?.n,
    ),
  }));
}

describe.runIf(run)('the demo diary on PostgreSQL', () => {
  it("puts every entry of the SQLite demo and its targets there, its packaged foods and their units as the demo profile's own", async () => {
    const expected = await sqliteDemo();
    expect(expected.own).toBeGreaterThan(0);
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const said: string[] = [];
    const result = await services.module('diary')?.seedDemo?.({ today: testToday, onProgress: (message) => said.push(message) });
    expect(result).toEqual({ profiles: 1, foods: 7, days: 90, entries: expected.entries.length, targets: 8, kept: 0 });
    expect(said).toEqual([]);
    const stored = await postgresRows(url);
    expect(stored.entries).toEqual(expected.entries);
    expect(stored.targets).toEqual(expected.targets);
    expect(stored.marked).toBe(expected.entries.length + 8);
    expect(entryCount(services)).toBe(0);
    expect(await count(url, 'own_foods')).toBe(7);
    expect(await count(url, 'own_food_portions')).toBe(7);
    // The days read back through the diary's operations, in the demo's units, with the packaged foods' nutrients.
    const sqlite = await diaryServices(tempDir(), { demo: true });
    for (const date of [testToday, '2026-05-01']) {
      const day = await value<{ totals: { entries: number; nutrients: Record<string, number | null> } }>(services, 'diary.day', { profile: 'demo', date });
      const same = await value<{ totals: { entries: number; nutrients: Record<string, number | null> } }>(sqlite, 'diary.day', { profile: 'demo', date });
      expect(rounded(day.totals)).toEqual(rounded(same.totals));
    }
    await sqlite.close();
  });

  it('loading it again replaces only its own rows: an entry and a target the user added to the demo profile stay', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const first = await services.module('diary')?.seedDemo?.({ today: testToday });
    await value(services, 'diary.add', { profile: 'demo', date: testToday, meal: 'snack', food: 'E001', grams: 150 });
    await value(services, 'diary.targets.set', { profile: 'demo', nutrient: 'sodium', amount: 1500, effective_from: '2026-04-04' });
    const again = await services.module('diary')?.seedDemo?.({ today: testToday });
    expect(again).toEqual({ ...first, profiles: 0, foods: 0, kept: 1 });
    const stored = await postgresRows(url);
    expect(stored.entries).toHaveLength((first?.entries ?? 0) + 1);
    expect(stored.targets).toContainEqual({ nutrient: 'sodium', amount: 1500, effective_from: '2026-04-04' });
    expect(stored.marked).toBe((first?.entries ?? 0) + 7);
  });

  it('two servers starting at once on one database load it once; a later first start leaves it, and an edit in it, as they are', async () => {
    const url = await freshDatabase();
    const expected = (await sqliteDemo()).entries.length;
    const [a, b] = [await onPostgres(url), await onPostgres(url)];
    const results = await Promise.all([a, b].map((services) => seedShippedData(services, { demo: 'first-run', today: testToday })));
    expect(results.map((result) => result.demo.diary?.entries).sort()).toEqual([0, expected]);
    // Each packaged food is counted by the server that added it: 7 between the two, whichever added which.
    expect(results.reduce((sum, result) => sum + (result.demo.diary?.foods ?? 0), 0)).toBe(7);
    expect(await count(url, 'diary_entries')).toBe(expected);
    expect(await count(url, 'diary_targets')).toBe(8);
    // Its packaged foods and their units were added once.
    expect(await count(url, 'own_foods')).toBe(7);
    expect(await count(url, 'own_food_portions')).toBe(7);

    await value(a, 'diary.add', { profile: 'demo', date: testToday, meal: 'snack', food: 'E001', grams: 150 });
    const later = await onPostgres(url);
    const said: string[] = [];
    const result = await seedShippedData(later, { demo: 'first-run', today: '2026-08-15', onProgress: (message) => said.push(message) });
    expect(result.demo.diary).toMatchObject({ entries: 0, targets: 0, kept: 1 });
    expect(said).toContainEqual(expect.stringMatching(/^the demo diary is on PostgreSQL postgres:\/\/\S+ already \(loaded by another cita sharing it\); it is left as it is$/));
    expect(await count(url, 'diary_entries')).toBe(expected + 1);
    // Not the later start's 90 days, which would end on 2026-08-15.
    expect((await postgresRows(url)).entries.filter((row) => row.date > testToday)).toEqual([]);
  });

  it("a server whose look at the demo's foods came before another server added them counts none of them as its own", async () => {
    const url = await freshDatabase();
    const first = await onPostgres(url);
    await first.module('diary')?.seedDemo?.({ today: testToday });
    // The second server read the demo profile's foods before the first added them (the race of two first starts).
    const second = await onPostgres(url);
    const foods = createFoodsStore(second);
    const lateLook = { ...foods, ownFoods: async () => [] };
    const counts = await seedDemoDiary({ profiles: second.profiles, foods: lateLook, store: createDiaryStore(second), backup: async () => 'unused' }, testToday);
    expect(counts).toMatchObject({ foods: 0 });
    expect(await count(url, 'own_foods')).toBe(7);
  });

  it('demo.remove removes its entries and targets there, with the counts, and nothing of another profile', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    await seedShippedData(services, { demo: 'first-run', today: testToday });
    services.profiles.ensure('ana', 'Ana');
    await value(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
    await value(services, 'diary.add', { profile: 'demo', date: testToday, meal: 'snack', food: 'E001', grams: 150 });
    const demoEntries = (await postgresRows(url)).entries.length;
    const removal = await value<DemoRemoval>(services, 'demo.remove', {});
    expect(removal).toEqual({ removed: true, profiles: ['demo'], foods: 7, entries: demoEntries, targets: 8 });
    expect(await postgresRows(url)).toEqual({ entries: [], targets: [], marked: 0 });
    expect(await count(url, 'own_foods')).toBe(0);
    expect(await count(url, 'own_food_portions')).toBe(0);
    expect(await count(url, 'diary_entries')).toBe(1);
    expect(services.profiles.exists('demo')).toBe(false);
    expect(await value(services, 'demo.remove', {})).toEqual({ removed: false, profiles: [], foods: 0, entries: 0, targets: 0 });
  });

  it("upgrades a database at schema version 6 to the demo's marks: every row there stays, as a user's", async () => {
    const url = await freshDatabase();
    const old = await openPostgres(url, { upTo: 6 });
    await old.query("INSERT INTO diary_entries (profile, date, meal, food_code, grams) VALUES ('demo', '2026-07-01', 'lunch', 'A015', 80)");
    await old.query("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('demo', 'sodium', 1500, '2026-04-04')");
    expect(await migratePostgres(old, shippedPostgresMigrations(), 7)).toEqual([7]);
    expect(await old.query('SELECT demo FROM diary_entries UNION ALL SELECT demo FROM diary_targets')).toEqual([{ demo: false }, { demo: false }]);
    await old.close();
    const services = await onPostgres(url);
    expect(await services.module('diary')?.seedDemo?.({ today: testToday })).toMatchObject({ kept: 1 });
    expect((await postgresRows(url)).targets).toContainEqual({ nutrient: 'sodium', amount: 1500, effective_from: '2026-04-04' });
  });
});
