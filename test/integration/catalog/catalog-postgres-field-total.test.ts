/**
 * The number of catalog fields PostgreSQL keeps for the keyword IDF's N (migrations/postgres/0003_catalog_field_total.sql),
 * so a search no longer counts the whole table, and the sums of their BM25 lengths (0010): equal to a fresh count
 * through every kind of write.
 */
import { describe, expect, it } from 'vitest';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { openPostgres } from '../../../main/db/postgres/postgres-database.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, queryRows, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { fieldTotal, generatedSource, importAsOlderCita, importShippedThenFailOne, lengthTotals, shippedSeed, writeCatalogJson } from './catalog-fixtures.js';

const run = postgresTests('the PostgreSQL catalog field total');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** The three length sums kept equal those counted from the fields (and are above zero when there are fields). */
async function expectLengthSumsKept(url: string, someFields: boolean): Promise<void> {
  const { kept, counted } = await lengthTotals(url);
  expect(kept).toEqual(counted);
  expect(kept.every((sum) => sum > 0)).toBe(someFields);
}

describe.runIf(run)('the field total on PostgreSQL', () => {
  it('equals a fresh count after imports, a replacing import and deletes, and so do the length sums', async () => {
    const url = await freshDatabase();
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), databaseUrl: url });
    const catalog = services.module('catalog') as CorpusModule;
    expect(await fieldTotal(url)).toEqual({ kept: 0, counted: 0 });
    await expectLengthSumsKept(url, false);
    await ingestCorpus(services, catalog);
    await ingestCorpus(services, catalog, { from: writeCatalogJson(tempDir(), generatedSource('tesoreria_prueba', 40)) });
    expect(await fieldTotal(url)).toEqual({ kept: 256, counted: 256 });
    await expectLengthSumsKept(url, true);
    // The shipped catalog again with two fields gone, one redefined and one new: removals, an update and an insert.
    const seed = shippedSeed();
    const changed = { ...seed, fields: seed.fields.filter((field) => field.physical_name !== 'CRT_TCEA' && field.physical_name !== 'CRT_DIAS_MORA') };
    const target = changed.fields.find((field) => field.physical_name === 'CRT_SALDO_VENCIDO_MN') as (typeof seed.fields)[number];
    changed.fields.push({ ...target, physical_name: 'CRT_SALDO_NUEVO', business_name: 'Saldo extraordinario' });
    target.definition = 'Capital impago de la cartera reprogramada, en moneda nacional.';
    expect(await ingestCorpus(services, catalog, { from: writeCatalogJson(tempDir(), changed) })).toMatchObject({ inserted: 1, updated: 1, removed: 2 });
    expect(await fieldTotal(url)).toEqual({ kept: 255, counted: 255 });
    await expectLengthSumsKept(url, true);
    // A source deleted by hand: its fields go by the cascade. Then every field at once.
    await queryRows(url, "DELETE FROM catalog_sources WHERE id = 'tesoreria_prueba'");
    expect(await fieldTotal(url)).toEqual({ kept: 215, counted: 215 });
    await expectLengthSumsKept(url, true);
    await queryRows(url, 'TRUNCATE catalog_fields CASCADE');
    expect(await fieldTotal(url)).toEqual({ kept: 0, counted: 0 });
    await expectLengthSumsKept(url, false);
  });

  it('is left as it was by an import that fails', async () => {
    const url = await freshDatabase();
    await expect(importShippedThenFailOne(url, tempDir())).rejects.toThrow(/stops before its commit/);
    expect(await fieldTotal(url)).toEqual({ kept: 216, counted: 216 });
    await expectLengthSumsKept(url, true);
  });

  it('counts the fields a database held before it kept the total', async () => {
    const url = await freshDatabase();
    await importAsOlderCita(url, 2);
    await (await openPostgres(url)).close();
    expect(await fieldTotal(url)).toEqual({ kept: 216, counted: 216 });
  });
});
