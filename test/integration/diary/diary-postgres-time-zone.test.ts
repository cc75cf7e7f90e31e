/**
 * The PostgreSQL diary's days do not depend on the session's time zone (issue #21): a diary day is a calendar date,
 * and in a time zone whose clock skips midnight (America/Havana on 2024-03-10) or a whole day (Pacific/Apia skipped
 * 2011-12-30) the series, the targets and the dates an entry may have are those of SQLite.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiarySeries } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { diaryServices, value } from './diary-helpers.js';

const run = postgresTests('the PostgreSQL diary in any time zone');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** Services on a fresh database whose sessions run in `timeZone`. */
async function onPostgresIn(timeZone: string): Promise<Services> {
  const url = await freshDatabase();
  await withClient(url, (client) => client.query(`ALTER DATABASE "${new URL(url).pathname.slice(1)}" SET timezone = '${timeZone}'`));
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'Ana');
  return services;
}

async function onSqlite(): Promise<Services> {
  const services = await diaryServices(tempDir());
  services.profiles.ensure('ana', 'Ana');
  return services;
}

/** A target from `from`, an entry on `day`, and the series from `from` to `to`, as each store answers them. */
async function seriesOn(services: Services, input: { from: string; day: string; to: string }): Promise<DiarySeries> {
  await value(services, 'diary.targets.set', { profile: 'ana', nutrient: 'sodium', amount: 2000, effective_from: input.from });
  await value(services, 'diary.add', { profile: 'ana', date: input.day, meal: 'lunch', food: 'A015', grams: 80 });
  return value<DiarySeries>(services, 'diary.series', { profile: 'ana', date_from: input.from, date_to: input.to, nutrients: ['sodium'] });
}

describe.runIf(run)('the PostgreSQL diary in any time zone', () => {
  it('where the clock skips midnight (America/Havana), a series keeps its last day’s target, as on SQLite', async () => {
    const input = { from: '2024-03-08', day: '2024-03-12', to: '2024-03-12' };
    const series = await seriesOn(await onPostgresIn('America/Havana'), input);
    expect(series.days.map((day) => [day.date, day.targets.sodium])).toEqual(['2024-03-08', '2024-03-09', '2024-03-10', '2024-03-11', '2024-03-12'].map((date) => [date, 2000]));
    expect(series).toEqual(await seriesOn(await onSqlite(), input));
  });

  it('where a whole day was skipped (Pacific/Apia, 2011-12-30), that date takes an entry and a target, as on SQLite', async () => {
    const input = { from: '2011-12-30', day: '2011-12-30', to: '2011-12-31' };
    const series = await seriesOn(await onPostgresIn('Pacific/Apia'), input);
    expect(series.days.map((day) => [day.date, day.entries, day.targets.sodium])).toEqual([
      ['2011-12-30', 1, 2000],
      ['2011-12-31', 0, 2000],
    ]);
    expect(series).toEqual(await seriesOn(await onSqlite(), input));
  });
});
