/**
 * Many writers on one PostgreSQL diary (issue #21, "Concurrency"): two app instances, each with a data directory
 * and a connection pool of its own, add entries for three profiles at once while both read days, series and Ask
 * your log answers; every add is there once, none is lost, and each instance reads the other's entries at its next
 * read. Keyword-only services: the diary has no vectors.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { AskOutput, DiaryDay, DiaryEntry } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { testToday, value } from './diary-helpers.js';

const run = postgresTests('concurrent writers on one PostgreSQL diary');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

const profiles = ['ana', 'ben', 'cho'] as const;
const meals = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
const days = ['2026-06-28', '2026-06-29', '2026-06-30', '2026-07-01', testToday];

async function instance(url: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  for (const id of profiles) services.profiles.ensure(id, id);
  return services;
}

/** The entries each profile holds in the database, and the number of distinct ids. */
const storedCounts = (url: string) =>
  withClient(url, async (client) => {
    const { rows } = await client.query<{ profile: string; entries: number; ids: number }>(
      'SELECT profile, count(*)::int AS entries, count(DISTINCT id)::int AS ids FROM diary_entries GROUP BY profile ORDER BY profile',
    );
    return rows;
  });

describe.runIf(run)('concurrent writers on one PostgreSQL diary', () => {
  it('keeps every entry two app instances add for three profiles at once while both read, and each reads the other’s', async () => {
    const url = await freshDatabase();
    const [a, b] = [await instance(url), await instance(url)];
    const perInstanceAndProfile = 40;
    let writing = true;
    let reads = 0;

    /** Reads while the writers write: days, a series and an answer, from both instances, until they stop. */
    const reader = async (services: Services, profile: string) => {
      while (writing) {
        await value<DiaryDay>(services, 'diary.day', { profile, date: testToday });
        await value(services, 'diary.series', { profile, date_from: days[0], date_to: testToday, nutrients: ['energy_kcal', 'sodium'] });
        await value<AskOutput>(services, 'ask', { corpus: 'diary', profile, question: 'how much sodium did I have this week?', today: testToday });
        reads += 3;
      }
    };
    /** One writer: adds for each profile in turn, several requests in flight at once. */
    const writer = async (services: Services, food: string) => {
      const added: DiaryEntry[] = [];
      const adds = Array.from({ length: perInstanceAndProfile * profiles.length }, (_, index) => ({
        profile: profiles[index % profiles.length] as string,
        date: days[index % days.length] as string,
        meal: meals[index % meals.length] as string,
        food,
        grams: 10 + index,
      }));
      for (let start = 0; start < adds.length; start += 6) {
        added.push(...(await Promise.all(adds.slice(start, start + 6).map((input) => value<DiaryEntry>(services, 'diary.add', input)))));
      }
      return added;
    };

    const started = Date.now();
    const readers = [...profiles.map((profile) => reader(a, profile)), ...profiles.map((profile) => reader(b, profile))];
    const written = await Promise.all([writer(a, 'A015'), writer(b, 'L002')]);
    writing = false;
    await Promise.all(readers);
    const seconds = (Date.now() - started) / 1000;

    const expected = perInstanceAndProfile * 2;
    expect(written.flat()).toHaveLength(expected * profiles.length);
    expect(new Set(written.flat().map((entry) => entry.id)).size).toBe(expected * profiles.length);
    expect(await storedCounts(url)).toEqual(profiles.map((profile) => ({ profile, entries: expected, ids: expected })));
    expect(reads).toBeGreaterThan(0);
    console.info(`diary on PostgreSQL: ${expected * profiles.length} adds from 2 instances in ${seconds.toFixed(1)} s, ${reads} reads meanwhile, 0 lost`);

    // Each instance reads every entry of both, with the same figures: the foods are read by code in each data directory.
    for (const profile of profiles) {
      const [fromA, fromB] = await Promise.all([a, b].map((services) => value<DiaryDay>(services, 'diary.day', { profile, date: testToday })));
      const codes = (fromA as DiaryDay).meals.flatMap((meal) => meal.entries.map((entry) => entry.food.code));
      expect(new Set(codes)).toEqual(new Set(['A015', 'L002']));
      expect(fromB).toEqual(fromA);
      const series = await value<{ days: Array<{ entries: number }> }>(b, 'diary.series', { profile, date_from: days[0], date_to: testToday, nutrients: ['energy_kcal'] });
      expect(series.days.reduce((sum, day) => sum + day.entries, 0)).toBe(expected);
    }
  });
});
