/**
 * A profile's export and import (`cita export`, `cita import-profile`) with the diary on PostgreSQL (issue #21): the
 * export holds the own foods, entries and targets in PostgreSQL, the same files SQLite writes for the same diary (but
 * for the own foods' codes, which each store gives); an export imported into a fresh database and data directory gives
 * the same days and the same export again; one script of imports, refusals and repeats gives the same results on both
 * stores. An import is all or nothing (a connection dropped in it leaves no profile, food, entry or target anywhere),
 * two at once import once, and a diary that logs the export's own foods imports there as on SQLite.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { exportFiles, exportProfile, importProfile } from '../../../main/app/profile-transfer.js';
import type { DiaryDay, DiaryEntry, Food, Portion } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, dropConnectionWhenBlocked } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, rounded, value } from './diary-helpers.js';

const run = postgresTests("a profile's export and import on the PostgreSQL diary");
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

async function onPostgres(url: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  for (const id of ['ana', 'ben']) services.profiles.ensure(id, id);
  return services;
}

async function onSqlite(): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null });
  await services.module('foods')?.ingest?.({});
  for (const id of ['ana', 'ben']) services.profiles.ensure(id, id);
  return services;
}

/**
 * 45 days of rice, lentils and milk (some by the cup), two own foods (one logged, in an own unit, which the export
 * writes as grams) and three targets, for ana.
 */
async function fill(services: Services): Promise<void> {
  const bread = await value<Food>(services, 'foods.add', { profile: 'ana', name: 'Pan de masa madre', brand: 'Horno, "el bueno"', per100g: { energy_kcal: 250, sodium: 480.5 } });
  await value<Food>(services, 'foods.add', { profile: 'ana', name: 'Mermelada', per100g: { energy_kcal: 240 } });
  const slice = await value<Portion>(services, 'foods.portions.add', { profile: 'ana', code: bread.code, name: 'rebanada', grams: 35 });
  await value(services, 'diary.add', { profile: 'ana', date: '2026-06-14', meal: 'breakfast', food: bread.code, portion: { id: slice.id, quantity: 2 } });
  const rows = Array.from({ length: 45 }, (_, index) => {
    const date = new Date(Date.UTC(2026, 4, 1 + index)).toISOString().slice(0, 10);
    return [`${date},breakfast,L002,${200 + index}`, `${date},lunch,A015,${60 + (index % 7) * 5}`, ...(index % 3 === 0 ? [`${date},dinner,B013,40.5`] : [])];
  });
  await value(services, 'diary.import', { profile: 'ana', csv: ['date,meal,food_code,grams', ...rows.flat()].join('\n') });
  const [cup] = await value<Portion[]>(services, 'foods.portions', { profile: 'ana', code: 'L002' });
  await value(services, 'diary.add', { profile: 'ana', date: '2026-06-14', meal: 'snack', food: 'L002', portion: { id: cup?.id, quantity: 1.5 } });
  for (const [nutrient, amount, from] of [
    ['sodium', 2000, '2026-04-01'],
    ['sodium', 1800, '2026-06-01'],
    ['protein', 60, '2026-05-15'],
  ] as const) {
    await value(services, 'diary.targets.set', { profile: 'ana', nutrient, amount, effective_from: from });
  }
  await value(services, 'diary.add', { profile: 'ben', date: '2026-06-14', meal: 'lunch', food: 'A015', grams: 80 });
}

/** The three files of an export; with `anyOwnCode`, an own food's code (`U<n>` on SQLite, `UP<n>` on PostgreSQL) as `OWN<n>`, numbered by first use. */
function filesOf(directory: string, options: { anyOwnCode?: boolean } = {}): Record<string, string> {
  const files = Object.fromEntries(Object.values(exportFiles).map((name) => [name, readFileSync(join(directory, name), 'utf8')]));
  if (!options.anyOwnCode) return files;
  const codes = new Map<string, string>();
  const own = (text: string) => text.replace(/\bUP?\d+\b/g, (code) => codes.get(code) ?? (codes.set(code, `OWN${codes.size + 1}`).get(code) as string));
  return Object.fromEntries(Object.values(exportFiles).map((name) => [name, own(files[name] as string)]));
}

/**
 * A day of a profile without entry ids (an import gives new ones), an own food's code as "own" (each store gives its
 * own), and an entry logged in an own unit as its grams: a profile's own units do not travel in an export.
 */
async function dayWithoutIds(services: Services, profile: string, date: string): Promise<unknown> {
  const day = await value<DiaryDay>(services, 'diary.day', { profile, date });
  const portable = (entry: DiaryEntry) => ({
    ...entry,
    id: undefined,
    food: { ...entry.food, code: entry.food.owner === null ? entry.food.code : 'own' },
    portion: entry.portion && entry.portion.id > 1_000_000_000 ? null : entry.portion,
  });
  return rounded({ ...day, profile: undefined, meals: day.meals.map((meal) => ({ ...meal, entries: meal.entries.map(portable) })) });
}

/** An export of ana's diary written by SQLite, for the import tests. */
async function sqliteExport(): Promise<string> {
  const services = await onSqlite();
  await fill(services);
  const directory = join(tempDir(), 'ana');
  await exportProfile(services, 'ana', directory);
  return directory;
}

/** What an import did: its counts, or its error's code and message. */
async function outcome(work: Promise<unknown>): Promise<unknown> {
  try {
    return { ok: await work };
  } catch (error) {
    const { code, message } = error as { code: string; message: string };
    return { code, message };
  }
}

/** One script of profile imports; what each step did, in order. */
async function importScript(services: Services, directory: string): Promise<unknown[]> {
  return [
    await outcome(importProfile(services, 'copy', directory, { name: 'Copy' })),
    await outcome(importProfile(services, 'copy', directory)),
    await outcome(importProfile(services, 'ben', directory)),
    // The diary of the export is a CSV `diary.import` reads: the same rows, imported already.
    (await call(services, 'diary.import', { profile: 'copy', csv: readFileSync(join(directory, exportFiles.diary), 'utf8') })).ok ? 'imported again' : 'refused as a repeat',
    await dayWithoutIds(services, 'copy', '2026-06-14'),
    await value(services, 'diary.series', { profile: 'copy', date_from: '2026-05-01', date_to: '2026-06-20', nutrients: ['sodium', 'protein'] }).then(rounded),
  ];
}

describe.runIf(run)("a profile's export and import on the PostgreSQL diary", () => {
  it('exports the entries and targets held in PostgreSQL: the same files SQLite writes for the same diary', async () => {
    const url = await freshDatabase();
    const [sqlite, postgres] = [await onSqlite(), await onPostgres(url)];
    await fill(sqlite);
    await fill(postgres);
    const [fromSqlite, fromPostgres] = [join(tempDir(), 'sqlite'), join(tempDir(), 'postgres')];
    const counts = await exportProfile(sqlite, 'ana', fromSqlite);
    expect(await exportProfile(postgres, 'ana', fromPostgres)).toEqual({ ...counts, directory: fromPostgres });
    expect(counts).toMatchObject({ foods: 2, diary: 107, targets: 3 });
    expect(filesOf(fromPostgres, { anyOwnCode: true })).toEqual(filesOf(fromSqlite, { anyOwnCode: true }));
    expect(filesOf(fromPostgres)[exportFiles.foods]).toMatch(/^UP\d+,Pan de masa madre,"Horno, ""el bueno""",250,/m);
    expect(filesOf(fromPostgres)[exportFiles.diary]).toMatch(/^2026-06-14,breakfast,UP\d+,70,,$/m);
    expect(filesOf(fromPostgres)[exportFiles.diary]).toContain('2026-06-14,snack,L002,366,cup (240 ml),1.5');
    expect(await count(url, 'diary_entries')).toBe(108);
    expect(entryCount(postgres)).toBe(0);
  });

  it('round-trips: an export imported into a fresh database and data directory gives the same days and the same export', async () => {
    const url = await freshDatabase();
    const original = await onPostgres(url);
    await fill(original);
    const first = join(tempDir(), 'first');
    await exportProfile(original, 'ana', first);

    const copyUrl = await freshDatabase();
    const copy = await onPostgres(copyUrl);
    expect(await importProfile(copy, 'ana', first)).toMatchObject({ profile: 'ana', foods: 2, diary: 107, targets: 3 });
    expect(await count(copyUrl, 'diary_entries')).toBe(107);
    expect(await count(copyUrl, 'diary_targets')).toBe(3);
    expect(await count(copyUrl, 'diary_imports')).toBe(1);
    const second = join(tempDir(), 'second');
    await exportProfile(copy, 'ana', second);
    expect(filesOf(second)).toEqual(filesOf(first));
    for (const date of ['2026-05-01', '2026-05-31', '2026-06-14']) expect(await dayWithoutIds(copy, 'ana', date)).toEqual(await dayWithoutIds(original, 'ana', date));
  });

  it('gives the same imports, refusals and repeats as SQLite for one script of profile imports', async () => {
    const directory = await sqliteExport();
    const url = await freshDatabase();
    const [sqlite, postgres] = [await onSqlite(), await onPostgres(url)];
    for (const services of [sqlite, postgres]) await value(services, 'diary.add', { profile: 'ben', date: '2026-06-14', meal: 'lunch', food: 'A015', grams: 80 });
    const expected = await importScript(sqlite, directory);
    expect(await importScript(postgres, directory)).toEqual(expected);
    expect(expected.slice(0, 4)).toEqual([
      { ok: { profile: 'copy', directory, foods: 2, diary: 107, targets: 3 } },
      { code: 'conflict', message: 'Profile "copy" already has data (2 foods, 107 diary entries, 3 targets); import into a new or empty profile.' },
      { code: 'conflict', message: 'Profile "ben" already has data (0 foods, 1 diary entries, 0 targets); import into a new or empty profile.' },
      'refused as a repeat',
    ]);
    expect(await count(url, 'diary_entries')).toBe(108);
  });

  it('leaves no profile, food, entry or target anywhere when the connection drops in the middle, and the same import again lands once', async () => {
    const directory = await sqliteExport();
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const { dropped } = await dropConnectionWhenBlocked(url, 'diary_entries', 'INSERT INTO diary_entries');
    const [result, pid] = await Promise.all([outcome(importProfile(services, 'copy', directory)), dropped]);
    expect(pid).toBeGreaterThan(0);
    expect(result).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/^Lost the connection to the PostgreSQL database .*; what was not committed was rolled back\./) });
    for (const table of ['diary_entries', 'diary_targets', 'diary_imports']) expect(await count(url, table), table).toBe(0);
    expect(services.profiles.exists('copy')).toBe(false);
    expect(services.db.prepare("SELECT count(*) AS n FROM foods WHERE owner = 'copy'").get()).toEqual({ n: 0 });
    expect(await count(url, 'own_foods')).toBe(0);

    expect(await outcome(importProfile(services, 'copy', directory))).toMatchObject({ ok: { foods: 2, diary: 107, targets: 3 } });
    expect(await count(url, 'diary_entries')).toBe(107);
  });

  it('imports once when two servers sharing the database import the same export into one profile at once', async () => {
    const directory = await sqliteExport();
    const url = await freshDatabase();
    const [a, b] = [await onPostgres(url), await onPostgres(url)];
    const results = await Promise.all([outcome(importProfile(a, 'copy', directory)), outcome(importProfile(b, 'copy', directory))]);
    expect(results.map((result) => ('ok' in (result as object) ? 'ok' : (result as { code: string }).code)).sort()).toEqual(['conflict', 'ok']);
    expect(await count(url, 'diary_entries')).toBe(107);
    expect(await count(url, 'diary_targets')).toBe(3);
    // The server whose import was refused keeps no profile or food of it.
    expect([a, b].filter((services) => services.profiles.exists('copy'))).toHaveLength(1);
  });

  it('imports an export whose diary logs its own foods as SQLite does, and another server reads them', async () => {
    const source = await onSqlite();
    const bread = await value<Food>(source, 'foods.add', { profile: 'ana', name: 'Pan de masa madre', per100g: { energy_kcal: 250 } });
    await value(source, 'diary.add', { profile: 'ana', date: '2026-06-14', meal: 'breakfast', food: 'A015', grams: 80 });
    await value(source, 'diary.add', { profile: 'ana', date: '2026-06-14', meal: 'lunch', food: bread.code, grams: 60 });
    const directory = join(tempDir(), 'ana');
    await exportProfile(source, 'ana', directory);
    writeFileSync(join(directory, exportFiles.diary), `${readFileSync(join(directory, exportFiles.diary), 'utf8')}2026-06-15,lunch,${bread.code},70,,\n`);

    const url = await freshDatabase();
    const [services, other] = [await onPostgres(url), await onPostgres(url)];
    expect(await outcome(importProfile(services, 'copy', directory))).toMatchObject({ ok: { foods: 1, diary: 3 } });
    const sqlite = await diaryServices(tempDir());
    try {
      expect(await outcome(importProfile(sqlite, 'copy', directory))).toMatchObject({ ok: { foods: 1, diary: 3 } });
      other.profiles.ensure('copy', 'copy');
      for (const date of ['2026-06-14', '2026-06-15']) expect(await dayWithoutIds(other, 'copy', date)).toEqual(await dayWithoutIds(sqlite, 'copy', date));
    } finally {
      await sqlite.close();
    }
    expect(await count(url, 'own_foods')).toBe(1);
    expect(await count(url, 'diary_entries')).toBe(3);
  });
});

describe('two profile imports at once on the SQLite diary', () => {
  it('import once: the second is refused while the first runs, and nothing of it is written', async () => {
    const directory = await sqliteExport();
    const services = await onSqlite();
    const results = await Promise.all([outcome(importProfile(services, 'copy', directory)), outcome(importProfile(services, 'copy', directory))]);
    expect(results.map((result) => ('ok' in (result as object) ? 'ok' : (result as { code: string }).code)).sort()).toEqual(['conflict', 'ok']);
    expect(entryCount(services, 'copy')).toBe(107);
    expect(services.db.prepare("SELECT count(*) AS n FROM diary_targets WHERE profile = 'copy'").get()).toEqual({ n: 3 });
  });
});
