/**
 * Another app's import (Cronometer, MyFitnessPal: diary.import.preview and diary.import.confirm) with the diary on
 * PostgreSQL (issue #21): one script gives the same previews, refusals, imports and days on both stores, the entries
 * landing where the diary is; a confirm is one transaction (a connection dropped in it keeps nothing, and the same
 * confirm again lands once); a row logging a profile's own food or unit imports there as on SQLite, the food and unit
 * added through another server with a data directory of its own.
 * Keyword-only services: what is compared is the import's bookkeeping, not the embedder's judgement.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiaryDay, Food, ImportPreview } from '../../../shared/contract.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, dropConnectionWhenBlocked } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, rounded, value } from './diary-helpers.js';

const run = postgresTests("another app's import on the PostgreSQL diary");
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

const cronometer = readFileSync(join(repositoryRoot, 'test', 'fixtures', 'app-exports', 'cronometer-servings.csv'), 'utf8');
const header = 'Day,Time,Group,Food Name,Amount,Energy (kcal),Category';

async function onPostgres(url: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  for (const id of ['ana', 'ben']) services.profiles.ensure(id, id);
  return services;
}

async function onSqlite(): Promise<Services> {
  const services = await diaryServices(tempDir());
  for (const id of ['ana', 'ben']) services.profiles.ensure(id, id);
  return services;
}

/** One script of another app's import; what each step returned, in order. */
async function script(services: Services): Promise<unknown[]> {
  const results: unknown[] = [];
  const record = async (name: string, input: unknown) => {
    const result = await call(services, name, input);
    // A repeated import names the time of the first, which differs from run to run.
    results.push([name, result.ok ? rounded(result.value) : { error: result.error.code, message: result.error.message.replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/, '(time)'), details: result.error.details }]);
    return result;
  };
  const preview = await record('diary.import.preview', { profile: 'ana', csv: cronometer });
  await record('diary.import.confirm', { profile: 'ana', csv: cronometer });
  const rows = preview.ok ? (preview.value as ImportPreview).rows : [];
  const choices = rows
    .filter((row) => row.status === 'unmatched' || row.status === 'no_grams')
    .map((row) => (row.status === 'unmatched' ? { line: row.line, exclude: true } : { line: row.line, grams: 100 }));
  const input = { profile: 'ana', csv: cronometer, choices, accept_weak: true };
  await record('diary.import.confirm', input);
  await record('diary.import.confirm', input);
  await record('diary.import.confirm', { ...input, profile: 'ben', allow_repeat: true });
  await record('diary.import.confirm', { ...input, profile: 'ben', allow_repeat: true });
  const milk = `${header}\n2026-06-08,,Breakfast,"Milk, Whole",1.00 cup,149,Dairy\n2026-06-09,,Snack,Something odd,1 bowl,10,Other\n`;
  await record('diary.import.confirm', {
    profile: 'ben',
    csv: milk,
    choices: [
      { line: 2, food: 'L002' },
      { line: 3, food: 'NOPE' },
    ],
  });
  await record('diary.import.confirm', {
    profile: 'ben',
    csv: milk,
    choices: [
      { line: 2, food: 'L002' },
      { line: 3, food: 'A015', grams: 60 },
    ],
  });
  for (const [profile, date] of [
    ['ana', '2026-06-08'],
    ['ana', '2026-06-09'],
    ['ana', '2026-06-10'],
    ['ben', '2026-06-08'],
    ['ben', '2026-06-09'],
  ] as const) {
    await record('diary.day', { profile, date });
  }
  return results;
}

describe.runIf(run)("another app's import on the PostgreSQL diary", () => {
  it('gives the same previews, refusals, imports and days as SQLite, with the entries in PostgreSQL', async () => {
    const url = await freshDatabase();
    const sqlite = await onSqlite();
    const postgres = await onPostgres(url);
    const expected = await script(sqlite);
    const actual = await script(postgres);
    expect(actual.length).toBe(expected.length);
    for (const [index, step] of expected.entries()) expect(actual[index], JSON.stringify(step).slice(0, 160)).toEqual(step);
    // The script did what it says: three imports landed, two refusals were a repeat and an unresolved file, one a food.
    const codes = expected.map((step) => {
      const outcome = (step as [string, { error?: string }])[1];
      return outcome.error ?? 'ok';
    });
    expect(codes.slice(1, 8)).toEqual(['invalid_input', 'ok', 'conflict', 'ok', 'ok', 'not_found', 'ok']);
    const imported = entryCount(sqlite);
    expect(imported).toBeGreaterThan(40);
    expect(await count(url, 'diary_entries')).toBe(imported);
    expect(await count(url, 'diary_imports')).toBe(4);
    expect(entryCount(postgres)).toBe(0);
  });

  it('keeps nothing of a confirm whose connection dropped, and the same confirm again lands once', async () => {
    const url = await freshDatabase();
    const services = await onPostgres(url);
    const csv = `${header}\n2026-06-08,,Breakfast,"Milk, Whole",1.00 cup,149,Dairy\n2026-06-08,,Lunch,Rice,80 g,280,Grains\n`;
    const input = { profile: 'ana', csv, choices: [{ line: 3, food: 'A015' }] };
    const { dropped } = await dropConnectionWhenBlocked(url, 'diary_entries', 'INSERT INTO diary_entries');
    const [result, pid] = await Promise.all([call(services, 'diary.import.confirm', input), dropped]);
    expect(pid).toBeGreaterThan(0);
    expect(result).toMatchObject({
      ok: false,
      error: { code: 'unavailable', message: expect.stringMatching(/^Lost the connection to the PostgreSQL database .*; what was not committed was rolled back\./) },
    });
    expect(await count(url, 'diary_entries')).toBe(0);
    expect(await count(url, 'diary_imports')).toBe(0);
    expect(await call(services, 'diary.import.confirm', input)).toMatchObject({ ok: true, value: { added: 2 } });
    expect(await call(services, 'diary.import.confirm', input)).toMatchObject({ ok: false, error: { code: 'conflict' } });
    expect(await count(url, 'diary_entries')).toBe(2);
  });

  it("imports rows logged as a profile's own food or own unit on both stores, added through another server on PostgreSQL", async () => {
    const url = await freshDatabase();
    const csv = `${header}\n2026-06-08,,Breakfast,Granola casera,50 g,225,Cereals\n2026-06-08,,Lunch,Rice,80 g,280,Grains\n2026-06-08,,Dinner,Dal,1 katori,160,Legumes\n`;
    /** Adds the own food and unit through `adding`, imports through `importing`; the day as names, amounts and nutrients. */
    const importOwn = async (adding: Services, importing: Services) => {
      const granola = await value<Food>(adding, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g: { energy_kcal: 450 } });
      await value(adding, 'foods.portions.add', { profile: 'ana', code: 'B013', name: 'katori', grams: 150 });
      const input = {
        profile: 'ana',
        csv,
        choices: [
          { line: 2, food: granola.code },
          { line: 3, food: 'A015' },
          { line: 4, food: 'B013' },
        ],
      };
      const preview = await value<ImportPreview>(importing, 'diary.import.preview', input);
      const result = await call(importing, 'diary.import.confirm', input);
      const day = await value<DiaryDay>(adding, 'diary.day', { profile: 'ana', date: '2026-06-08' });
      const entries = day.meals.flatMap((meal) =>
        meal.entries.map((entry) => ({
          meal: meal.meal,
          food: entry.food.name,
          grams: entry.grams,
          portion: entry.portion && { name: entry.portion.name.en, quantity: entry.portion.quantity },
          nutrients: entry.nutrients,
        })),
      );
      return { statuses: preview.rows.map((row) => [row.line, row.status, row.grams]), result, entries: rounded(entries), totals: rounded(day.totals) };
    };
    const postgres = await importOwn(await onPostgres(url), await onPostgres(url));
    const sqlite = await onSqlite();
    expect(postgres).toEqual(await importOwn(sqlite, sqlite));
    expect(postgres.statuses).toEqual([
      [2, 'ready', 50],
      [3, 'ready', 80],
      [4, 'ready', 150],
    ]);
    expect(postgres.result).toMatchObject({ ok: true, value: { added: 3 } });
    expect(postgres.entries).toContainEqual(expect.objectContaining({ food: 'Granola casera', grams: 50, nutrients: expect.objectContaining({ energy_kcal: 225 }) }));
    expect(await count(url, 'diary_entries')).toBe(3);
    expect(entryCount(sqlite, 'ana')).toBe(3);
  });
});
