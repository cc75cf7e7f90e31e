/**
 * The narrow copy of each catalog field that PostgreSQL's keyword statement reads (migrations/postgres/
 * 0009_catalog_field_search.sql, 0010_catalog_keyword_terms.sql): id, folded business name, term counts and BM25
 * lengths, equal to the fields' own through every kind of write, with the vocabulary's document frequencies equal to
 * a fresh count of them; and copied once for a database from before it.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, queryRows, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { generatedSource, importAsOlderCita, importShippedThenFailOne, shippedSeed, termCountsDiffering, writeCatalogJson } from './catalog-fixtures.js';

const run = postgresTests('the PostgreSQL catalog search table');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/**
 * The fields, and how many of them the search table holds exactly (same id, business term, term counts and lengths)
 * or not; and the vocabulary's terms whose document frequencies differ from a fresh count.
 */
async function searchCopy(url: string): Promise<{ fields: number; same: number; different: number; termsDiffering: string[] }> {
  const same = `s.business_term = f.business_term AND s.term_counts = f.term_counts AND (s.business_length, s.definition_length, s.physical_length) = (f.business_length, f.definition_length, f.physical_length)`;
  const [row] = await queryRows<{ fields: string; same: string; different: string }>(
    url,
    `SELECT count(f.id) AS fields, count(*) FILTER (WHERE ${same}) AS same, count(*) FILTER (WHERE s.id IS NULL OR f.id IS NULL OR NOT (${same})) AS different
     FROM catalog_fields f FULL JOIN catalog_field_search s ON s.id = f.id`,
  );
  return { fields: Number(row?.fields), same: Number(row?.same), different: Number(row?.different), termsDiffering: await termCountsDiffering(url) };
}

async function keywordIds(services: Services, query: string): Promise<string[]> {
  const answer = await services.dispatcher.call('search', { corpus: 'catalog', query, strategy: 'keyword', k: 5 }, { transport: 'cli', role: 'viewer' });
  if (!answer.ok) throw new Error(answer.error.message);
  return (answer.value as SearchOutput).hits.map((hit) => hit.id);
}

describe.runIf(run)('the catalog search table on PostgreSQL', () => {
  it("holds every field's id, business term, term counts and lengths, and the terms' counts, through imports, an update, removals, a source's delete and a truncate", async () => {
    const url = await freshDatabase();
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), databaseUrl: url });
    const catalog = services.module('catalog') as CorpusModule;
    await ingestCorpus(services, catalog);
    await ingestCorpus(services, catalog, { from: writeCatalogJson(tempDir(), generatedSource('tesoreria_prueba', 40)) });
    expect(await searchCopy(url)).toEqual({ fields: 256, same: 256, different: 0, termsDiffering: [] });
    // The shipped catalog again with two fields gone, one redefined with a word no other field has, one renamed and one new.
    const seed = shippedSeed();
    const changed = { ...seed, fields: seed.fields.filter((field) => field.physical_name !== 'CRT_TCEA' && field.physical_name !== 'CRT_DIAS_MORA') };
    const redefined = changed.fields.find((field) => field.physical_name === 'CRT_SALDO_VENCIDO_MN') as (typeof seed.fields)[number];
    redefined.definition = 'Capital impago de la cartera reprogramada, anotado en el libro xilografiado.';
    const renamed = changed.fields.find((field) => field.physical_name === 'CRT_SALDO_VIGENTE_MN') as (typeof seed.fields)[number];
    renamed.business_name = 'Saldo zafiro del préstamo';
    changed.fields.push({ ...redefined, physical_name: 'CRT_SALDO_NUEVO', business_name: 'Saldo extraordinario', definition: 'Saldo de prueba.' });
    expect(await keywordIds(services, 'xilografiado')).toEqual([]);
    expect(await ingestCorpus(services, catalog, { from: writeCatalogJson(tempDir(), changed) })).toMatchObject({ inserted: 1, updated: 2, removed: 2 });
    expect(await searchCopy(url)).toEqual({ fields: 255, same: 255, different: 0, termsDiffering: [] });
    // Found by what changed: the new word of a definition, the new business name (and its substring match).
    expect((await keywordIds(services, 'xilografiado'))[0]).toBe('creditos.CRT_SALDO_VENCIDO_MN');
    expect((await keywordIds(services, 'saldo zafiro'))[0]).toBe('creditos.CRT_SALDO_VIGENTE_MN');
    expect((await keywordIds(services, 'Saldo extraordinario'))[0]).toBe('creditos.CRT_SALDO_NUEVO');
    // A source deleted by hand: its fields go by the cascade. Then every field at once.
    await queryRows(url, "DELETE FROM catalog_sources WHERE id = 'tesoreria_prueba'");
    expect(await searchCopy(url)).toEqual({ fields: 215, same: 215, different: 0, termsDiffering: [] });
    await queryRows(url, 'TRUNCATE catalog_fields CASCADE');
    expect(await searchCopy(url)).toEqual({ fields: 0, same: 0, different: 0, termsDiffering: [] });
  });

  it('is left as it was by an import that fails', async () => {
    const url = await freshDatabase();
    await expect(importShippedThenFailOne(url, tempDir())).rejects.toThrow(/stops before its commit/);
    expect(await searchCopy(url)).toEqual({ fields: 216, same: 216, different: 0, termsDiffering: [] });
  });

  it('copies the fields of a database from before it, and searches them through its own indexes', async () => {
    const url = await freshDatabase();
    await importAsOlderCita(url, 8);
    const services = await openServices({ dataDir: tempDir(), embedder: null, databaseUrl: url });
    expect(await searchCopy(url)).toEqual({ fields: 216, same: 216, different: 0, termsDiffering: [] });
    expect((await keywordIds(services, 'saldo vencido'))[0]).toBe('creditos.CRT_SALDO_VENCIDO_MN');
    const indexes = await queryRows<{ tablename: string; indexname: string }>(
      url,
      "SELECT tablename, indexname FROM pg_indexes WHERE tablename IN ('catalog_fields', 'catalog_field_search') ORDER BY 1, 2",
    );
    expect(indexes).toEqual([
      { tablename: 'catalog_field_search', indexname: 'catalog_field_search_business_term' },
      { tablename: 'catalog_field_search', indexname: 'catalog_field_search_pkey' },
      { tablename: 'catalog_field_search', indexname: 'catalog_field_search_terms' },
      { tablename: 'catalog_fields', indexname: 'catalog_fields_keyword_format' },
      { tablename: 'catalog_fields', indexname: 'catalog_fields_pkey' },
      { tablename: 'catalog_fields', indexname: 'catalog_fields_source_physical_name_key' },
    ]);
  });
});
