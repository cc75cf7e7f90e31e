import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { AppError } from '../../../main/core/errors.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { catalogSnapshot, searchCatalog, shippedSeed, tableCount, writeCatalogCsv, writeCatalogJson, type SeedJson } from './catalog-fixtures.js';

const tempDir = useTempDirs();
const openServices = useServices();

async function open(embedder: Embedder | null = null): Promise<{ services: Services; catalog: CorpusModule }> {
  const services = await openServices({ dataDir: tempDir(), embedder });
  return { services, catalog: services.module('catalog') as CorpusModule };
}

/** The AppError an ingest throws (the test fails if it does not throw one). */
async function ingestError(services: Services, catalog: CorpusModule, from: string): Promise<AppError> {
  try {
    await ingestCorpus(services, catalog, { from });
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error(`ingesting ${from} did not fail`);
}

describe('catalog import: the shipped seed', () => {
  it('loads 9 sources, 216 fields and 79 tribal notes', async () => {
    const { services, catalog } = await open();
    const counts = await ingestCorpus(services, catalog);
    expect(counts).toEqual({ corpus: 'catalog', inserted: 216, updated: 0, unchanged: 0, removed: 0, embedded: 0 });
    expect([tableCount(services, 'catalog_sources'), tableCount(services, 'catalog_fields'), tableCount(services, 'catalog_notes')]).toEqual([9, 216, 79]);
  });

  it('is idempotent: ingesting it again changes nothing and embeds nothing', async () => {
    const { services, catalog } = await open(createWordHashEmbedder());
    expect((await ingestCorpus(services, catalog)).embedded).toBe(216);
    const before = catalogSnapshot(services);
    expect(await ingestCorpus(services, catalog)).toEqual({ corpus: 'catalog', inserted: 0, updated: 0, unchanged: 216, removed: 0, embedded: 0 });
    expect(catalogSnapshot(services)).toEqual(before);
  });

  it('lists its sources with their field counts (catalog.sources)', async () => {
    const { services, catalog } = await open();
    await ingestCorpus(services, catalog);
    const result = await services.dispatcher.call('catalog.sources', {}, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    const sources = result.value as Array<{ id: string; name: string; owner: string; fields: number }>;
    expect(sources).toHaveLength(9);
    expect(sources.find((source) => source.id === 'creditos')).toMatchObject({ name: 'Cartera de créditos', owner: 'Gerencia de Riesgo de Crédito', fields: 27 });
    expect(sources.reduce((sum, source) => sum + source.fields, 0)).toBe(216);
  });
});

describe('catalog import: upsert by (source, physical_name)', () => {
  it('updates an edited field and marks only its vector stale; the next ingest re-embeds only that one', async () => {
    const { services, catalog } = await open(createWordHashEmbedder());
    await ingestCorpus(services, catalog);
    const seed = shippedSeed();
    (seed.fields[9] as SeedJson['fields'][number]).definition += ' Incluye cuotas prorrogadas.';
    const from = writeCatalogJson(tempDir(), seed);
    const counts = await catalog.ingest?.({ from });
    expect(counts).toMatchObject({ inserted: 0, updated: 1, unchanged: 215, removed: 0 });
    expect(catalog.retriever?.counts()).toMatchObject({ rows: 216, stale: 1, missing: 0 });
    expect((await ingestCorpus(services, catalog, { from })).embedded).toBe(1);
    expect(catalog.retriever?.counts()).toMatchObject({ stale: 0 });
  });

  it('marks a vector stale when only a tribal note changes, but not when only the data type does', async () => {
    const { services, catalog } = await open(createWordHashEmbedder());
    await ingestCorpus(services, catalog);
    const seed = shippedSeed();
    const withNotes = seed.fields.findIndex((field) => (field.tribal_notes ?? []).length > 0);
    (seed.fields[withNotes]?.tribal_notes?.[0] as { note: string }).note += ' (revisado)';
    (seed.fields[0] as SeedJson['fields'][number]).data_type = 'VARCHAR(30)';
    const counts = await catalog.ingest?.({ from: writeCatalogJson(tempDir(), seed) });
    expect(counts).toMatchObject({ updated: 2, unchanged: 214 });
    expect(catalog.retriever?.counts()).toMatchObject({ stale: 1 });
  });

  it('counts a changed condition as an update without touching the vector (conditions are not embedded)', async () => {
    const { services, catalog } = await open(createWordHashEmbedder());
    await ingestCorpus(services, catalog);
    const seed = shippedSeed();
    const withNotes = seed.fields.findIndex((field) => (field.tribal_notes ?? []).length > 0);
    (seed.fields[withNotes]?.tribal_notes?.[0] as { condition: unknown }).condition = { always: true };
    expect(await catalog.ingest?.({ from: writeCatalogJson(tempDir(), seed) })).toMatchObject({ updated: 1, unchanged: 215 });
    expect(catalog.retriever?.counts()).toMatchObject({ stale: 0 });
  });

  it('removes a field that a re-import of its source no longer lists, with its notes, vector and keyword entry', async () => {
    const { services, catalog } = await open(createWordHashEmbedder());
    await ingestCorpus(services, catalog);
    const seed = shippedSeed();
    const removed = seed.fields.findIndex((field) => field.physical_name === 'CRT_DIAS_MORA');
    seed.fields.splice(removed, 1);
    expect(await catalog.ingest?.({ from: writeCatalogJson(tempDir(), seed) })).toMatchObject({ inserted: 0, updated: 0, unchanged: 215, removed: 1 });
    expect(tableCount(services, 'catalog_notes')).toBe(79 - 3);
    expect(catalog.retriever?.counts()).toMatchObject({ rows: 215, vectors: 215, missing: 0 });
    for (const strategy of ['keyword', 'hybrid']) {
      const output = await searchCatalog(services, { query: 'días de atraso CRT_DIAS_MORA', strategy, k: 100 });
      expect(output.hits.map((hit) => hit.id)).not.toContain('creditos.CRT_DIAS_MORA');
    }
  });

  it('leaves the sources an import does not list untouched', async () => {
    const { services, catalog } = await open();
    await ingestCorpus(services, catalog);
    const directory = join(tempDir(), 'ventas');
    mkdirSync(directory);
    writeFileSync(join(directory, 'fields.csv'), 'source,physical_name,business_name,definition,data_type\nventas,VTA_MONTO,Monto de venta,Importe vendido en moneda nacional.,DECIMAL(18,2)\n');
    writeFileSync(join(directory, 'notes.csv'), 'source,physical_name,note,condition_json\n');
    expect(await ingestCorpus(services, catalog, { from: directory })).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, removed: 0 });
    expect(tableCount(services, 'catalog_fields')).toBe(217);
    const output = await searchCatalog(services, { query: 'monto de venta', strategy: 'keyword' });
    expect(output.hits.find((hit) => hit.source === 'ventas')).toMatchObject({ id: 'ventas.VTA_MONTO', catalog: { source_name: 'ventas' } });
    expect(output.hits.map((hit) => hit.id)).toContain('cobranza.COB_MONTO_VENTA_CARTERA_MN');
  });

  it('loads the CSV form of the seed into exactly the rows the JSON form gives', async () => {
    const fromJson = await open();
    await ingestCorpus(fromJson.services, fromJson.catalog);
    const fromCsv = await open();
    const directory = writeCatalogCsv(join(tempDir(), 'csv'), shippedSeed());
    expect(await ingestCorpus(fromCsv.services, fromCsv.catalog, { from: directory })).toMatchObject({ inserted: 216 });
    expect(catalogSnapshot(fromCsv.services)).toEqual(catalogSnapshot(fromJson.services));
    expect(await ingestCorpus(fromJson.services, fromJson.catalog, { from: directory })).toMatchObject({ inserted: 0, updated: 0, unchanged: 216, removed: 0 });
  });
});

describe('catalog import: bad input names its location and writes nothing', () => {
  function badJson(change: (seed: SeedJson) => void): string {
    const seed = shippedSeed();
    change(seed);
    return writeCatalogJson(tempDir(), seed);
  }

  const cases: Array<[string, () => string, RegExp]> = [
    [
      'a malformed condition',
      () =>
        badJson((seed) => {
          (seed.fields[12]?.tribal_notes?.[0] as { condition: unknown }).condition = { any: ['mora'], all: ['x'] };
        }),
      /^fields\[12\]\.tribal_notes\[0\]\.condition: a condition has exactly one key, this one has 2 \(any, all\)$/,
    ],
    [
      'a duplicate (source, physical_name)',
      () =>
        badJson((seed) => {
          seed.fields.push({ ...(seed.fields[3] as SeedJson['fields'][number]), business_name: 'Copia' });
        }),
      /^fields\[216\]: duplicate field \(creditos, CRT_TIPO_CARTERA\), first defined at fields\[3\]$/,
    ],
    [
      'an unknown source',
      () =>
        badJson((seed) => {
          (seed.fields[40] as SeedJson['fields'][number]).source = 'liquidz';
        }),
      /^fields\[40\]\.source: unknown source "liquidz"/,
    ],
    [
      'a missing column in fields.csv',
      () => {
        const directory = join(tempDir(), 'csv');
        mkdirSync(directory);
        writeFileSync(join(directory, 'fields.csv'), 'source,physical_name,business_name,data_type\ncreditos,X,Y,INTEGER\n');
        writeFileSync(join(directory, 'notes.csv'), 'source,physical_name,note,condition_json\n');
        return directory;
      },
      /^fields\.csv line 1: missing column definition/,
    ],
    [
      'a malformed condition in notes.csv',
      () => {
        const seed = shippedSeed();
        const directory = writeCatalogCsv(join(tempDir(), 'csv'), seed);
        writeFileSync(join(directory, 'notes.csv'), `source,physical_name,note,condition_json\n\ncreditos,CRT_DIAS_MORA,Nota,"{""lang"": ""fr""}"\n`, { flag: 'w' });
        return directory;
      },
      /^notes\.csv line 3, column condition_json\.lang: the language is "es" or "en"/,
    ],
  ];

  for (const [what, make, detail] of cases) {
    it(`rejects ${what} with its location, on an empty and on a seeded database`, async () => {
      const { services, catalog } = await open(createWordHashEmbedder());
      const from = make();
      const first = await ingestError(services, catalog, from);
      expect(first.code).toBe('invalid_input');
      expect(first.message).toMatch(/nothing was written/);
      expect(
        first.details?.some((line) => detail.test(line)),
        first.details?.join('\n'),
      ).toBe(true);
      expect([tableCount(services, 'catalog_sources'), tableCount(services, 'catalog_fields'), tableCount(services, 'catalog_notes')]).toEqual([0, 0, 0]);

      await ingestCorpus(services, catalog);
      const before = catalogSnapshot(services);
      await ingestError(services, catalog, from);
      expect(catalogSnapshot(services)).toEqual(before);
      expect(catalog.retriever?.counts()).toMatchObject({ rows: 216, vectors: 216, stale: 0 });
    });
  }

  it('refuses a path that does not exist and a lone CSV file, with a sentence saying what to give', async () => {
    const { services, catalog } = await open();
    expect((await ingestError(services, catalog, join(tempDir(), 'missing.json'))).message).toMatch(/no catalog file or directory/);
    const directory = writeCatalogCsv(join(tempDir(), 'csv'), shippedSeed());
    expect((await ingestError(services, catalog, join(directory, 'fields.csv'))).message).toMatch(/point --from at the directory/);
  });
});
