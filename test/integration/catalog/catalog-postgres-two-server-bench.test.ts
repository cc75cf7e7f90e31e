/**
 * `cita bench --only catalog --catalog-fields N --database …` (issue #21): the two-`cita serve` scenario runs on the
 * synthetic catalog it has just loaded into PostgreSQL, its servers and writer embedding with the hashing embedder the
 * fields were embedded with (a search that fell back to keywords fails the bench), and no write is lost. Runs the
 * built cita (`npm run build:node`); a small catalog, since what is checked is the plumbing, not the timings.
 */
import { describe, expect, it } from 'vitest';
import { benchCatalogStores } from '../../../main/bench/catalog-store-bench.js';
import { formatBenchReport } from '../../../main/bench/format.js';
import { benchReport } from '../../helpers/bench-report.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { useTempDirs } from '../../helpers/temp.js';

const run = postgresTests('the catalog bench on PostgreSQL');
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

describe.runIf(run)('the catalog bench on a synthetic catalog in PostgreSQL', () => {
  it('runs two cita serve processes on the fields just loaded, hybrid with their vectors, and loses no write', async () => {
    const result = await benchCatalogStores({
      workDir: tempDir(),
      // No model here: neither the servers nor the writer may need one.
      modelDir: tempDir(),
      databaseUrl: await freshDatabase(),
      fields: 700,
      stores: ['postgres'],
      progress: () => undefined,
    });
    expect(result).toMatchObject({ scenario: 'synthetic', embedderId: 'bench:word-hash:384', runs: [{ store: 'PostgreSQL', fields: 700 }] });
    const two = result.twoServers;
    expect(two).toBeDefined();
    if (!two) return;
    expect(two.hybrid.runs).toBe(result.queries);
    expect(two.perServer.map((server) => server.runs)).toEqual([Math.ceil(result.queries / 2), Math.floor(result.queries / 2)]);
    expect(two.writes).toBeGreaterThanOrEqual(1);
    expect(two.fieldsWritten).toBe(two.writes * 5);
    expect(two.lostWrites).toBe(0);
    expect(two.foundFirst).toBe(two.fieldsWritten);
    const report = benchReport({ catalogStores: result });
    const text = formatBenchReport(report);
    expect(text).toContain(`two cita serve processes on the PostgreSQL catalog of 700 fields, both searched at once over HTTP`);
    expect(text).toContain(`lost writes 0; ${two.fieldsWritten} of ${two.fieldsWritten} found first by name through the other server`);
  }, 300_000);
});
