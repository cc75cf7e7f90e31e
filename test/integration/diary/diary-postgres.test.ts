/**
 * The food diary on PostgreSQL (issue #21): the same diary operations and "Ask your log" answers as on SQLite, over
 * the same entries, with the entries and targets in PostgreSQL and none in the data directory's SQLite file; a
 * database at schema 3 upgrades; status says where the diary is. Another app's import, a profile's export and import
 * and the demo diary there have files of their own (diary-postgres-app-import, -profile-transfer, -demo). Keyword-only
 * services: the diary has no vectors.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { storageSentence } from '../../../main/cli/commands/serve.js';
import { formatStatus } from '../../../main/cli/commands/status.js';
import { migratePostgres, openPostgres, postgresSchemaVersion, shippedPostgresMigrations } from '../../../main/db/postgres/postgres-database.js';
import type { AskOutput, DiaryDay, DiaryEntry, Status } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, rounded, testToday, value } from './diary-helpers.js';

const run = postgresTests('the food diary on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** Keyword-only services with the IFCT foods, the diary in `url`'s PostgreSQL, and the profiles ana and ben. */
async function onPostgres(url: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  for (const id of ['ana', 'ben']) services.profiles.ensure(id, id);
  return services;
}

/** The same on SQLite alone. */
async function onSqlite(): Promise<Services> {
  const services = await diaryServices(tempDir());
  for (const id of ['ana', 'ben']) services.profiles.ensure(id, id);
  return services;
}

/**
 * The demo's 90 days of shared foods (its own packaged foods are the demo profile's), as the CSV `diary.import`
 * reads: realistic days, the same on both stores.
 */
async function demoCsv(): Promise<string> {
  const demo = await diaryServices(tempDir(), { demo: true });
  try {
    const rows = demo.db
      .prepare(
        `SELECT e.date, e.meal, f.code, e.grams FROM diary_entries e JOIN foods f ON f.id = e.food_id
         WHERE e.profile = 'demo' AND f.owner IS NULL ORDER BY e.date, e.id`,
      )
      .all() as Array<{ date: string; meal: string; code: string; grams: number }>;
    return ['date,meal,food_code,grams', ...rows.map((row) => `${row.date},${row.meal},${row.code},${row.grams}`)].join('\n');
  } finally {
    await demo.close();
  }
}

/** One script of diary operations; what each returned, in order. */
async function script(services: Services, csv: string): Promise<unknown[]> {
  const results: unknown[] = [];
  const record = async (name: string, input: unknown) => {
    const result = await call(services, name, input);
    // A repeated import names the time of the first, which differs from run to run.
    results.push([name, result.ok ? rounded(result.value) : { error: result.error.code, message: result.error.message.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/, '(time)') }]);
    return result;
  };
  await record('diary.import', { profile: 'ana', csv });
  await record('diary.import', { profile: 'ana', csv });
  await record('diary.import', { profile: 'ben', csv: 'date,meal,food_code,grams\n2026-06-30,lunch,A015,80\n' });
  for (const [nutrient, amount, from] of [
    ['sodium', 2000, '2026-04-01'],
    ['sodium', 1800, '2026-06-01'],
    ['protein', 60, '2026-05-15'],
  ] as const) {
    await record('diary.targets.set', { profile: 'ana', nutrient, amount, effective_from: from });
  }
  await record('diary.add', { profile: 'ana', date: testToday, meal: 'breakfast', food: 'L002', grams: 250 });
  const egg = await call(services, 'foods.portions', { profile: 'ana', code: 'L002' });
  const portion = egg.ok ? (egg.value as Array<{ id: number }>)[0] : undefined;
  if (portion) await record('diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'L002', portion: { id: portion.id, quantity: 1.5 } });
  await record('diary.add', { profile: 'ana', date: testToday, meal: 'snack', food: 'A015', grams: 40 });
  const added = await record('diary.add', { profile: 'ana', date: testToday, meal: 'dinner', food: 'A015', grams: 120 });
  const id = added.ok ? (added.value as DiaryEntry).id : 0;
  await record('diary.update', { profile: 'ana', id, grams: 90, meal: 'lunch' });
  await record('diary.update', { profile: 'ben', id, grams: 90 });
  await record('diary.remove', { profile: 'ana', id: id - 1 });
  await record('diary.remove', { profile: 'ana', id: id - 1 });
  await record('diary.add', { profile: 'ana', date: testToday, meal: 'dinner', food: 'NOPE', grams: 10 });
  await record('diary.day', { profile: 'ana', date: testToday });
  await record('diary.day', { profile: 'ana', date: '2026-06-15' });
  await record('diary.day', { profile: 'ben', date: testToday });
  await record('diary.series', { profile: 'ana', date_from: '2026-05-25', date_to: testToday, nutrients: ['sodium', 'protein', 'energy_kcal'] });
  await record('diary.recent', { profile: 'ana', limit: 8 });
  for (const question of [
    'which foods gave me the most sodium in the last two weeks?',
    '¿qué alimentos me aportaron más sodio en las últimas dos semanas?',
    'What did I eat on June 14?',
    'did I eat more protein this week than last week?',
    'how much fat was in my lunches last week?',
    '¿cuánto sodio tuvo mi merienda esta semana?',
    'how much sodium did I eat in the last 6 months?',
    'how many days was I over my sodium target last month?',
    'dame un resumen de la semana pasada',
    'sodium in January',
  ]) {
    const result = await call(services, 'ask', { corpus: 'diary', profile: 'ana', question, today: testToday });
    const output = result.ok ? (result.value as AskOutput) : undefined;
    results.push([question, output ? { answer: output.answer, context: output.context, refused: output.refused, citations: output.citations, grounding: output.grounding.trusted } : result]);
  }
  return results;
}

describe.runIf(run)('the food diary on PostgreSQL', () => {
  it('gives the same results as SQLite for every diary operation and Ask your log question over the same entries', async () => {
    const csv = await demoCsv();
    const sqlite = await onSqlite();
    const postgres = await onPostgres(await freshDatabase());
    const expected = await script(sqlite, csv);
    const actual = await script(postgres, csv);
    expect(actual.length).toBe(expected.length);
    for (const [index, step] of expected.entries()) expect(actual[index], JSON.stringify(step).slice(0, 120)).toEqual(step);
    // The script did what it says: the imported days and its own entries, refusals, and answers with figures.
    const day = (expected.find((step) => (step as [string, DiaryDay])[0] === 'diary.day') as [string, DiaryDay])[1];
    expect(day.meals.flatMap((meal) => meal.entries).filter((entry) => entry.food.code === 'A015' && entry.grams === 90)).toHaveLength(1);
    expect(day.meals.flatMap((meal) => meal.entries).filter((entry) => entry.portion?.quantity === 1.5)).toHaveLength(1);
    expect(expected.filter((step) => JSON.stringify(step).includes('"error":"not_found"'))).toHaveLength(3);
    expect(expected.filter((step) => JSON.stringify(step).includes('"error":"conflict"'))).toHaveLength(1);
    expect(expected.filter((step) => JSON.stringify(step).includes('"refused":false')).length).toBeGreaterThan(5);
  });

  it('keeps the entries and targets in PostgreSQL and none in the SQLite file', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    await value(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
    await value(services, 'diary.targets.set', { profile: 'ana', nutrient: 'sodium', amount: 2000, effective_from: '2026-06-01' });
    expect(await count(url, 'diary_entries')).toBe(1);
    expect(await count(url, 'diary_targets')).toBe(1);
    expect(entryCount(services)).toBe(0);
    expect((services.db.prepare('SELECT count(*) AS n FROM diary_targets').get() as { n: number }).n).toBe(0);
  });

  it('upgrades a database at schema version 3 to the diary, keeping what it held', async () => {
    const url = await freshDatabase();
    const old = await openPostgres(url, { upTo: 3 });
    await old.query("INSERT INTO catalog_sources (id, name) VALUES ('ventas', 'Ventas')");
    expect(await postgresSchemaVersion(old)).toBe(3);
    expect(await migratePostgres(old, shippedPostgresMigrations(), 4)).toEqual([4]);
    expect(await postgresSchemaVersion(old)).toBe(4);
    expect(await old.query('SELECT id FROM catalog_sources')).toEqual([{ id: 'ventas' }]);
    await old.close();
    const services = await onPostgres(url);
    expect(await value<DiaryEntry>(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 })).toMatchObject({ id: 1, grams: 80 });
  });

  it('says in status and at the start of cita serve that the diary is on PostgreSQL, with its entries', async () => {
    const services = await onPostgres(await freshDatabase());
    await value(services, 'diary.add', { profile: 'ana', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
    await value(services, 'diary.add', { profile: 'ben', date: testToday, meal: 'lunch', food: 'A015', grams: 80 });
    const status = await value<Status>(services, 'status', {});
    expect(status.stored).toEqual([{ corpus: 'diary', rows: 2, store: expect.stringMatching(/^PostgreSQL postgres:\/\//) }]);
    expect(formatStatus(status)).toMatch(/^diary {4}rows 2 {2}on PostgreSQL postgres:\/\/\S+$/m);
    // A token bound to a profile counts its own entries, and learns that they are on PostgreSQL, not where.
    const bound = await services.dispatcher.call('status', {}, { transport: 'http', role: 'viewer', profile: 'ana' });
    expect(bound).toMatchObject({ ok: true, value: { stored: [{ corpus: 'diary', rows: 1, store: 'PostgreSQL' }] } });
    expect(storageSentence(services.modules, services.databaseFile)).toMatch(
      /^the data catalog, the clinical KB and the diary's entries and targets are on PostgreSQL postgres:\/\/\S+; foods, the manuals, settings and profiles stay in \S+cita\.sqlite$/,
    );
    const sqlite = await onSqlite();
    expect((await value<Status>(sqlite, 'status', {})).stored).toEqual([]);
    expect(storageSentence(sqlite.modules, sqlite.databaseFile)).toBeUndefined();
  });
});
