/**
 * The data catalog on PostgreSQL + pgvector (issue #21): the same ingest, search and pages as on SQLite, with the
 * database's own full-text search and vectors. Runs against CITA_TEST_DATABASE_URL (.ci/run starts one).
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { AppError } from '../../../main/core/errors.js';
import { migratePostgres, openPostgres, shippedPostgresMigrations } from '../../../main/db/postgres/postgres-database.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, queryRows, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { searchCatalog, shippedSeed, tableCount, writeCatalogJson } from './catalog-fixtures.js';

const run = postgresTests('the data catalog on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

async function open(databaseUrl: string, embedder: Embedder | null = createWordHashEmbedder()): Promise<{ services: Services; catalog: CorpusModule }> {
  const services = await openServices({ dataDir: tempDir(), embedder, databaseUrl });
  return { services, catalog: services.module('catalog') as CorpusModule };
}

describe.runIf(run)('PostgreSQL migrations', () => {
  it('applies each version once, however often and by however many processes it is opened', async () => {
    const url = await freshDatabase();
    const opened = await Promise.all([openPostgres(url), openPostgres(url), openPostgres(url)]);
    await Promise.all(opened.map((database) => database.close()));
    const again = await openPostgres(url);
    expect(await migratePostgres(again, shippedPostgresMigrations())).toEqual([]);
    await again.close();
    expect(await queryRows(url, 'SELECT version, name FROM cita_schema ORDER BY version')).toEqual(
      shippedPostgresMigrations().map((migration) => ({ version: migration.version, name: migration.name })),
    );
    expect((await queryRows<{ extname: string }>(url, 'SELECT extname FROM pg_extension ORDER BY extname')).map((row) => row.extname)).toEqual(expect.arrayContaining(['pg_trgm', 'vector']));
  });

  it('refuses a database written by a newer cita, changing nothing', async () => {
    const url = await freshDatabase();
    await (await openPostgres(url)).close();
    await queryRows(url, "INSERT INTO cita_schema (version, name) VALUES (99, 'from_the_future')");
    const error = await openPostgres(url).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('database_too_new');
    expect((error as AppError).message).toContain(`schema version 99, but this cita knows versions up to ${shippedPostgresMigrations().length}.`);
  });

  it('says in one line that an unreachable database cannot be reached, with no password in it', async () => {
    const error = await openPostgres('postgres://cita:secret@127.0.0.1:1/cita').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/^Cannot reach the PostgreSQL database postgres:\/\/cita:\*\*\*@127\.0\.0\.1:1\/cita: /);
    expect((error as AppError).message).not.toMatch(/secret|\n/);
  });
});

describe.runIf(run)('the catalog on PostgreSQL', () => {
  it('ingests the shipped catalog into PostgreSQL (not the SQLite file), embeds it there, and is idempotent', async () => {
    const url = await freshDatabase();
    const { services, catalog } = await open(url);
    expect(await ingestCorpus(services, catalog)).toEqual({ corpus: 'catalog', inserted: 216, updated: 0, unchanged: 0, removed: 0, embedded: 216 });
    expect(tableCount(services, 'catalog_fields')).toBe(0);
    const [counted] = await queryRows<{ fields: string; notes: string; sources: string }>(
      url,
      'SELECT (SELECT count(*) FROM catalog_fields) AS fields, (SELECT count(*) FROM catalog_notes) AS notes, (SELECT count(*) FROM catalog_sources) AS sources',
    );
    expect(counted).toEqual({ fields: '216', notes: '79', sources: '9' });
    expect(await ingestCorpus(services, catalog)).toEqual({ corpus: 'catalog', inserted: 0, updated: 0, unchanged: 216, removed: 0, embedded: 0 });
    const status = await services.dispatcher.call('status', {}, { transport: 'cli', role: 'editor' });
    if (!status.ok) throw new Error(status.error.message);
    const corpora = (status.value as { corpora: Array<{ corpus: string; rows: number; vectors: number; store?: string }> }).corpora;
    expect(corpora.find((entry) => entry.corpus === 'catalog')).toMatchObject({ rows: 216, vectors: 216, store: expect.stringMatching(/^PostgreSQL postgres:\/\//) });
    expect(corpora.find((entry) => entry.corpus === 'foods')?.store).toBeUndefined();
  });

  it('finds the exact business term first by keyword and by hybrid search, with the same hit shape as SQLite', async () => {
    const { services, catalog } = await open(await freshDatabase());
    await ingestCorpus(services, catalog);
    for (const strategy of ['keyword', 'hybrid']) {
      const output = await searchCatalog(services, { query: 'saldo vencido', strategy });
      expect(output.notices).toEqual([]);
      expect(output.hits[0]?.id).toBe('creditos.CRT_SALDO_VENCIDO_MN');
      expect(output.hits[0]?.relevance).toBe('strong');
    }
    // Accents and case fold on both sides; English stems meet English words; a typo still finds the field.
    expect((await searchCatalog(services, { query: 'SALDO VENCÍDO', strategy: 'keyword' })).hits[0]?.id).toBe('creditos.CRT_SALDO_VENCIDO_MN');
    expect((await searchCatalog(services, { query: 'netting set', strategy: 'keyword' })).hits.map((hit) => hit.id)).toContain('derivados.DRV_ID_NETTING_SET');
    expect((await searchCatalog(services, { query: 'colateral recibdo', strategy: 'keyword' })).hits.slice(0, 3).map((hit) => hit.id)).toContain('derivados.DRV_COLATERAL_RECIBIDO_MN');
  });

  it('attaches tribal notes by their conditions, as on SQLite', async () => {
    const { services, catalog } = await open(await freshDatabase());
    await ingestCorpus(services, catalog);
    const plain = (await searchCatalog(services, { query: 'días de atraso', strategy: 'hybrid', k: 20 })).hits.find((hit) => hit.id === 'creditos.CRT_DIAS_MORA');
    const card = (await searchCatalog(services, { query: 'días de atraso de la tarjeta', strategy: 'hybrid', k: 20 })).hits.find((hit) => hit.id === 'creditos.CRT_DIAS_MORA');
    expect(plain?.catalog?.tribal_notes).toEqual([]);
    expect(card?.catalog?.tribal_notes).toEqual([expect.stringMatching(/^En tarjetas de crédito el atraso/)]);
  });

  it('updates, removes (with the vectors) and re-embeds only what an import changed', async () => {
    const url = await freshDatabase();
    const embedder = createWordHashEmbedder();
    const { services, catalog } = await open(url, embedder);
    await ingestCorpus(services, catalog);
    const seed = shippedSeed();
    const changed = { ...seed, fields: seed.fields.filter((field) => field.physical_name !== 'CRT_TCEA') };
    const target = changed.fields.find((field) => field.physical_name === 'CRT_SALDO_VENCIDO_MN') as (typeof seed.fields)[number];
    target.definition = `${target.definition} Incluye la cartera reprogramada vencida.`;
    const documentsBefore = embedder.calls.documents;
    const counts = await ingestCorpus(services, catalog, { from: writeCatalogJson(tempDir(), changed) });
    expect(counts).toEqual({ corpus: 'catalog', inserted: 0, updated: 1, unchanged: 214, removed: 1, embedded: 1 });
    expect(embedder.calls.documents - documentsBefore).toBe(1);
    const [vectors] = await queryRows<{ n: string; stale: string }>(
      url,
      `SELECT count(*) AS n, count(*) FILTER (WHERE v.content_hash <> f.embed_hash) AS stale FROM catalog_vectors_1 v JOIN catalog_fields f ON f.id = v.field_id`,
    );
    expect(vectors).toEqual({ n: '215', stale: '0' });
    expect((await searchCatalog(services, { query: 'tasa de costo efectivo anual', strategy: 'keyword' })).hits.map((hit) => hit.id)).not.toContain('creditos.CRT_TCEA');
  });

  it('serves the field and source pages from PostgreSQL', async () => {
    const { services, catalog } = await open(await freshDatabase());
    await ingestCorpus(services, catalog);
    const field = await services.dispatcher.call('catalog.field', { source: 'creditos', physical_name: 'CRT_DIAS_MORA' }, { transport: 'cli', role: 'viewer' });
    if (!field.ok) throw new Error(field.error.message);
    expect(field.value).toMatchObject({ physical_name: 'CRT_DIAS_MORA', source: { id: 'creditos', fields: 27 } });
    const source = await services.dispatcher.call('catalog.source', { id: 'creditos' }, { transport: 'cli', role: 'viewer' });
    if (!source.ok) throw new Error(source.error.message);
    expect((source.value as { fields: unknown[] }).fields).toHaveLength(27);
  });

  it('runs keyword-only without an embedder, saying so', async () => {
    const { services, catalog } = await open(await freshDatabase(), null);
    expect((await ingestCorpus(services, catalog)).embedded).toBe(0);
    const output = await searchCatalog(services, { query: 'saldo vencido', strategy: 'hybrid' });
    expect(output.notices.map((notice) => notice.code)).toEqual(['keyword_only']);
    expect(output.hits[0]?.id).toBe('creditos.CRT_SALDO_VENCIDO_MN');
  });
});
