/**
 * Several cita processes' worth of writers on one PostgreSQL (issue #21): catalog imports from separate connection
 * pools (each `createServices` is what one `cita serve` holds) while searches run, and no write is lost.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { fieldTotal, letters, searchCatalog, writeCatalogJson, type SeedJson } from './catalog-fixtures.js';

const run = postgresTests('concurrent writers on the PostgreSQL catalog');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** A catalog of one source with `fields` generated fields. */
function generated(source: string, fields: number): SeedJson {
  return {
    version: 1,
    sources: [{ id: source, name: `Fuente ${source}`, system: 'prueba', owner: 'Equipo de datos', description: 'Generada por la prueba de concurrencia' }],
    fields: Array.from({ length: fields }, (_, index) => ({
      source,
      physical_name: `F_${source.toUpperCase()}_${index}`,
      business_name: `Importe ${source} número ${letters(index)}`,
      definition: `Monto de la operación ${letters(index)} registrado por la fuente ${source}.`,
      data_type: 'DECIMAL(18,2)',
    })),
  };
}

async function openCita(url: string): Promise<{ services: Services; catalog: CorpusModule }> {
  const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), databaseUrl: url });
  return { services, catalog: services.module('catalog') as CorpusModule };
}

describe.runIf(run)('concurrent writers on one PostgreSQL', () => {
  it('loses no write when three processes import at once while a fourth searches', async () => {
    const url = await freshDatabase();
    const writers = await Promise.all([openCita(url), openCita(url), openCita(url)]);
    const reader = await openCita(url);
    const [first, second, third] = writers as [(typeof writers)[number], (typeof writers)[number], (typeof writers)[number]];
    let writing = true;
    const searches: Array<Promise<number>> = [];
    const searching = (async () => {
      let done = 0;
      while (writing) {
        const output = await searchCatalog(reader.services, { query: 'saldo vencido de la cartera', strategy: done % 2 === 0 ? 'keyword' : 'hybrid' });
        expect(output.corpus).toBe('catalog');
        done += 1;
      }
      return done;
    })();
    searches.push(searching);
    // The shipped catalog from two processes at once, a 300-field source from a third, and 20 one-field sources from all three.
    const imports = [
      ingestCorpus(first.services, first.catalog),
      ingestCorpus(second.services, second.catalog),
      ingestCorpus(third.services, third.catalog, { from: writeCatalogJson(tempDir(), generated('tesoreria_prueba', 300)) }),
      ...Array.from({ length: 20 }, (_, index) => {
        const writer = writers[index % 3] as (typeof writers)[number];
        return ingestCorpus(writer.services, writer.catalog, { from: writeCatalogJson(tempDir(), generated(`extra_${letters(index)}`, 1)) });
      }),
    ];
    // Stopped and awaited even when an import fails, so that failure is the one reported, not a search on a closed pool.
    const settled = await Promise.allSettled(imports);
    writing = false;
    const searched = await searching;
    const failed = settled.find((result) => result.status === 'rejected');
    if (failed) throw failed.reason;
    const counts = settled.map((result) => (result as PromiseFulfilledResult<Awaited<(typeof imports)[number]>>).value);
    expect(searched).toBeGreaterThan(0);
    // The shipped catalog was inserted once: the other import found every field already there.
    expect([counts[0]?.inserted, counts[1]?.inserted].sort()).toEqual([0, 216]);
    expect([counts[0]?.unchanged, counts[1]?.unchanged].sort()).toEqual([0, 216]);
    expect(counts[2]?.inserted).toBe(300);
    expect(counts.slice(3).every((entry) => entry.inserted === 1)).toBe(true);
    const sources = await reader.services.dispatcher.call('catalog.sources', {}, { transport: 'cli', role: 'viewer' });
    if (!sources.ok) throw new Error(sources.error.message);
    const listed = sources.value as Array<{ id: string; fields: number }>;
    expect(listed).toHaveLength(9 + 1 + 20);
    expect(listed.reduce((sum, source) => sum + source.fields, 0)).toBe(216 + 300 + 20);
    // Every process sees every field, embedded once: the store keeps nothing per process.
    for (const { services } of [...writers, reader]) {
      const output = await searchCatalog(services, { query: 'Importe extra_t número a', strategy: 'hybrid', k: 3 });
      expect(output.hits[0]?.id).toBe('extra_t.F_EXTRA_T_0');
    }
    const status = await reader.services.dispatcher.call('status', {}, { transport: 'cli', role: 'editor' });
    if (!status.ok) throw new Error(status.error.message);
    expect((status.value as { corpora: Array<{ corpus: string; rows: number; vectors: number; missing: number }> }).corpora.find((entry) => entry.corpus === 'catalog')).toMatchObject({
      rows: 536,
      vectors: 536,
      missing: 0,
    });
    // The field count the keyword IDF reads, kept by every import's own statements, lost none of them either.
    expect(await fieldTotal(url)).toEqual({ kept: 536, counted: 536 });
  }, 120_000);
});
