/**
 * Re-embedding the data catalog on PostgreSQL (issue #21): after the embedder changes, `jobs.start` (the app's
 * "Re-embed now", `cita reembed`) embeds the catalog's main and cross-language spaces in the database, with the same
 * job progress as the SQLite corpora, resumably, and status counts the result. The old embedder's spaces are kept, as
 * on SQLite, so switching back re-embeds only what changed meanwhile. Runs against CITA_TEST_DATABASE_URL.
 */
import { describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { reembedSpaces, reembedWork } from '../../../main/app/reembed.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { runCita } from '../../helpers/cli.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, queryRows, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { searchCatalog, shippedSeed, writeCatalogJson } from './catalog-fixtures.js';

const run = postgresTests('re-embedding the catalog on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();
const fields = 216;

interface Counts {
  corpus: string;
  rows: number;
  vectors: number;
  stale: number;
  missing: number;
}

/** The embedders a catalog was embedded with: a main one and a multilingual one, each with its own id. */
function embedders(name: string, dimensions: number): { embedder: ReturnType<typeof createWordHashEmbedder>; multilingual: ReturnType<typeof createWordHashEmbedder> } {
  return {
    embedder: createWordHashEmbedder({ id: `test:${name}:${dimensions}`, dimensions }),
    multilingual: createWordHashEmbedder({ id: `test:${name}-multilingual:${dimensions + 16}`, dimensions: dimensions + 16 }),
  };
}

async function open(databaseUrl: string, models: { embedder: Embedder; multilingual: Embedder | null }): Promise<Services> {
  return openServices({ dataDir: tempDir(), databaseUrl, ...models });
}

async function call<T>(services: Services, operation: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(operation as never, input as never, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

/** The catalog's counts in `status`: its main space and its cross-language one. */
async function catalogCounts(services: Services): Promise<{ main: Counts | undefined; crossLanguage: Counts | undefined }> {
  const status = await call<{ corpora: Counts[]; multilingual: { corpora: Counts[] } }>(services, 'status', {});
  return { main: status.corpora.find((entry) => entry.corpus === 'catalog'), crossLanguage: status.multilingual.corpora.find((entry) => entry.corpus === 'catalog') };
}

/** Starts the re-embed job as the app's "Re-embed now" does (`corpus` as `cita reembed --corpus`), with its progress lines. */
async function reembed(services: Services, corpus?: string): Promise<{ state: string; message: string; done: number; progress: string[] }> {
  const progress: string[] = [];
  const job = await call<{ job: string }>(services, 'jobs.start', { kind: 'reembed', ...(corpus ? { corpus } : {}) });
  const unsubscribe = services.events.on('job.progress', (event) => {
    if (event.job === job.job && event.state === 'running') progress.push(event.message);
  });
  const finished = await services.jobs.wait(job.job);
  unsubscribe();
  return { ...finished, progress };
}

/** A catalog on `url` embedded by the embedders named `name`, by a process that has ended since. */
async function embeddedCatalog(url: string, name: string, dimensions: number): Promise<void> {
  const services = await createServices({ dataDir: tempDir(), databaseUrl: url, ...embedders(name, dimensions) });
  try {
    expect((await ingestCorpus(services, services.module('catalog') as CorpusModule)).embedded).toBe(fields);
  } finally {
    await services.close();
  }
}

describe.runIf(run)('re-embedding the catalog on PostgreSQL', () => {
  it('embeds both spaces under a new embedder in one job with progress, and status then counts them current', async () => {
    const url = await freshDatabase();
    await embeddedCatalog(url, 'first', 64);
    const services = await open(url, embedders('second', 32));
    expect(await catalogCounts(services)).toEqual({
      main: expect.objectContaining({ rows: fields, vectors: 0, stale: 0, missing: fields }),
      crossLanguage: expect.objectContaining({ rows: fields, vectors: 0, stale: 0, missing: fields }),
    });
    expect((await searchCatalog(services, { query: 'saldo vencido', strategy: 'vector' })).notices.map((notice) => notice.code)).toContain('no_vectors');

    const job = await reembed(services, 'catalog');
    expect(job).toMatchObject({ state: 'done', done: 2 * fields, message: `catalog: ${fields} embedded; catalog (cross-language): ${fields} embedded` });
    expect(job.progress).toEqual(expect.arrayContaining([`catalog: 32 of ${2 * fields}`, `catalog (cross-language): ${fields + 32} of ${2 * fields}`, `${2 * fields} of ${2 * fields}`]));
    expect(await catalogCounts(services)).toEqual({
      main: expect.objectContaining({ rows: fields, vectors: fields, stale: 0, missing: 0 }),
      crossLanguage: expect.objectContaining({ rows: fields, vectors: fields, stale: 0, missing: 0 }),
    });
    const output = await searchCatalog(services, { query: 'saldo vencido', strategy: 'vector' });
    expect(output.notices).toEqual([]);
    expect(output.hits.map((hit) => hit.id)).toContain('creditos.CRT_SALDO_VENCIDO_MN');
    expect((await reembed(services)).message).toBe('nothing to embed: every row has a current vector');
  });

  it('covers the catalog when no corpus is named, beside the corpora in the SQLite file', async () => {
    const url = await freshDatabase();
    await embeddedCatalog(url, 'first', 64);
    const models = embedders('second', 32);
    const services = await open(url, models);
    const job = await reembed(services);
    expect(job.state).toBe('done');
    expect(job.message).toContain(`catalog: ${fields} embedded; catalog (cross-language): ${fields} embedded`);
    expect(models.embedder.calls.documents).toBe(fields);
    expect(models.multilingual.calls.documents).toBe(fields);
  });

  it("keeps the old embedder's vectors, so switching back embeds only the fields changed meanwhile", async () => {
    const url = await freshDatabase();
    await embeddedCatalog(url, 'first', 64);
    const second = await open(url, embedders('second', 32));
    expect((await reembed(second, 'catalog')).state).toBe('done');
    const seed = shippedSeed();
    const changed = seed.fields.find((field) => field.physical_name === 'CRT_SALDO_VENCIDO_MN') as (typeof seed.fields)[number];
    changed.definition = `${changed.definition} Incluye la cartera reprogramada vencida.`;
    expect((await ingestCorpus(second, second.module('catalog') as CorpusModule, { from: writeCatalogJson(tempDir(), seed) })).updated).toBe(1);

    const firstAgain = embedders('first', 64);
    const services = await open(url, firstAgain);
    expect((await catalogCounts(services)).main).toMatchObject({ vectors: fields, stale: 1, missing: 0 });
    const job = await reembed(services, 'catalog');
    expect(job).toMatchObject({ state: 'done', message: 'catalog: 1 embedded; catalog (cross-language): 1 embedded' });
    expect(firstAgain.embedder.calls.documents).toBe(1);
    expect(await queryRows(url, 'SELECT embedder_id, formula FROM catalog_vector_spaces ORDER BY id')).toEqual([
      { embedder_id: 'test:first:64', formula: expect.any(String) },
      { embedder_id: 'test:first-multilingual:80', formula: expect.stringMatching(/:business-name$/) },
      { embedder_id: 'test:second:32', formula: expect.any(String) },
      { embedder_id: 'test:second-multilingual:48', formula: expect.stringMatching(/:business-name$/) },
    ]);
  });

  it('resumes a cancelled re-embed where it stopped, embedding no field twice', async () => {
    const url = await freshDatabase();
    await embeddedCatalog(url, 'first', 64);
    const second = embedders('second', 32);
    let batches = 0;
    let cancel = () => {};
    const stopping: Embedder = {
      ...second.embedder,
      embedDocuments: async (texts, signal) => {
        batches += 1;
        if (batches === 3) cancel();
        return second.embedder.embedDocuments(texts, signal);
      },
    };
    const services = await open(url, { embedder: stopping, multilingual: second.multilingual });
    const job = await call<{ job: string }>(services, 'jobs.start', { kind: 'reembed', corpus: 'catalog' });
    cancel = () => services.jobs.cancel(job.job);
    const stopped = await services.jobs.wait(job.job);
    expect(stopped.state).toBe('cancelled');
    const kept = (await catalogCounts(services)).main?.vectors ?? 0;
    expect(kept).toBeGreaterThanOrEqual(64);
    expect(kept).toBeLessThan(fields);

    const resumed = await reembed(services, 'catalog');
    expect(resumed.message).toBe(`catalog: ${fields - kept} embedded; catalog (cross-language): ${fields} embedded`);
    expect(second.embedder.calls.documents).toBe(fields);
    expect(await catalogCounts(services)).toMatchObject({ main: { vectors: fields, stale: 0, missing: 0 }, crossLanguage: { vectors: fields, missing: 0 } });
  });

  it('lets two processes re-embed the same catalog at once without a deadlock or a duplicate vector', async () => {
    const url = await freshDatabase();
    await embeddedCatalog(url, 'first', 64);
    // Two sets of services (two connection pools, as two processes), small batches so their writes interleave.
    const both = await Promise.all([open(url, embedders('second', 32)), open(url, embedders('second', 32))]);
    const jobs = both.map((services) => services.jobs.start('reembed', reembedWork(reembedSpaces(services, services.modules, 'catalog'), { batchSize: 5 })));
    const finished = await Promise.all(both.map((services, index) => services.jobs.wait((jobs[index] as { job: string }).job)));
    expect(finished.map((job) => job.state)).toEqual(['done', 'done']);
    for (const services of both) {
      expect(await catalogCounts(services)).toMatchObject({ main: { vectors: fields, stale: 0, missing: 0 }, crossLanguage: { vectors: fields, stale: 0, missing: 0 } });
    }
    const [space] = await queryRows<{ table_name: string }>(url, "SELECT table_name FROM catalog_vector_spaces WHERE embedder_id = 'test:second:32'");
    expect(await queryRows(url, `SELECT count(*)::int AS vectors, count(DISTINCT field_id)::int AS fields FROM ${space?.table_name}`)).toEqual([{ vectors: fields, fields }]);
  });
});

describe.runIf(run)('re-embedding the catalog on PostgreSQL cannot', () => {
  it('re-embed a corpus that does not exist: the command says which exist, over the API too', async () => {
    const result = runCita(['reembed', '--corpus', 'catalogue', '--data-dir', tempDir(), '--database', 'postgres://cita@127.0.0.1:1/cita']);
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe('cita: --corpus must be foods, catalog, kb or manuals (got "catalogue")');
    const services = await open(await freshDatabase(), embedders('first', 64));
    const refused = await services.dispatcher.call('jobs.start', { kind: 'reembed', corpus: 'catalogue' } as never, { transport: 'cli', role: 'editor' });
    expect(refused.ok ? undefined : refused.error.code).toBe('invalid_input');
  });

  it('reach an unreachable database: one line naming it, without its password', () => {
    const empty = tempDir();
    const result = runCita(['reembed', '--corpus', 'catalog', '--data-dir', tempDir(), '--database', 'postgres://cita:secret@127.0.0.1:1/cita'], {
      env: { CITA_MODEL_DIR: empty, CITA_MULTILINGUAL_DIR: empty, CITA_RERANKER_DIR: empty },
    });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(/^cita: Cannot reach the PostgreSQL database postgres:\/\/cita:\*\*\*@127\.0\.0\.1:1\/cita: [^\n]+$/);
  });

  it('embed without an embedder: the job fails saying why, and the catalog keeps its vectors', async () => {
    const url = await freshDatabase();
    await embeddedCatalog(url, 'first', 64);
    const services = await openServices({ dataDir: tempDir(), databaseUrl: url, embedder: null, multilingual: null });
    const job = await reembed(services, 'catalog');
    expect(job.state).toBe('failed');
    expect(job.message).toMatch(/^Nothing can be embedded: /);
    expect(await queryRows(url, 'SELECT count(*)::int AS n FROM catalog_vectors_1')).toEqual([{ n: fields }]);
  });
});
