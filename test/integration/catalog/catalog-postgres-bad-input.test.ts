/**
 * What goes wrong with a team's PostgreSQL (issue #21, "Bad input"): a server that cannot be reached, one without
 * pgvector, a database written by a newer cita, a connection dropped in the middle of an import or of its embedding.
 * Each is one line without a stack, leaves nothing half-written, and running the command again finishes the job.
 * The CLI cases run the built cita (`npm run build:node`) against CITA_TEST_DATABASE_URL, keyword-only (no model
 * directory), so they weigh the store and not the embedder.
 */
import { describe, expect, it } from 'vitest';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { reembedSpaces, reembedWork } from '../../../main/app/reembed.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { AppError } from '../../../main/core/errors.js';
import { shippedPostgresMigrations } from '../../../main/db/postgres/postgres-database.js';
import { runCita, runCitaAsync, type CliRun } from '../../helpers/cli.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, testDatabaseUrl, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, cutOnThirdBatch, dropConnectionWhenBlocked, withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const run = postgresTests('bad input on the PostgreSQL catalog');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** The environment of a keyword-only cita: no model where it looks for one. */
function keywordOnlyEnvironment(): Record<string, string> {
  const empty = tempDir();
  return { CITA_MODEL_DIR: empty, CITA_MULTILINGUAL_DIR: empty, CITA_RERANKER_DIR: empty, CITA_DATABASE_URL: '' };
}

/** `cita` failed with exactly one line on stderr, `cita: …`, and no stack. */
function expectOneLineFailure(result: CliRun, pattern: RegExp): void {
  expect(result.status, result.stderr).toBe(1);
  const lines = result.stderr.split('\n').filter((line) => line.length > 0 && !/^(reading|embedding) /.test(line));
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^cita: /);
  expect(lines[0]).toMatch(pattern);
  expect(result.stderr).not.toMatch(/\n\s+at |Error:/);
}

describe.runIf(run)('a PostgreSQL cita cannot use', () => {
  it('an unreachable server is one line naming it (without its password), and nothing else happens', async () => {
    const result = runCita(['status', '--data-dir', tempDir(), '--database', 'postgres://cita:secret@127.0.0.1:1/cita'], { env: keywordOnlyEnvironment() });
    expectOneLineFailure(result, /^cita: Cannot reach the PostgreSQL database postgres:\/\/cita:\*\*\*@127\.0\.0\.1:1\/cita: /);
    expect(result.stderr).not.toMatch(/secret/);
  }, 120_000);

  it('a database without pgvector that cita may not add it to is one line saying what a superuser runs; once it is added, the retry works', async () => {
    const url = await freshDatabase();
    const role = `cita_plain_${process.pid}`;
    // A role as a managed service hands out: it may create tables in the public schema, not extensions in the database.
    await withClient(testDatabaseUrl as string, async (admin) => {
      await admin.query(`DROP ROLE IF EXISTS ${role}`);
      await admin.query(`CREATE ROLE ${role} LOGIN`);
    });
    await withClient(url, async (admin) => {
      await admin.query('CREATE EXTENSION pg_trgm');
      await admin.query(`GRANT CREATE ON SCHEMA public TO ${role}`);
    });
    const plain = new URL(url);
    plain.username = role;
    try {
      const refused = runCita(['status', '--data-dir', tempDir(), '--database', plain.toString()], { env: keywordOnlyEnvironment() });
      expectOneLineFailure(refused, /lacks the vector extension and cita may not create it .*a superuser runs: CREATE EXTENSION vector;$/);
      // Nothing was changed: no schema table, no catalog table.
      expect(await withClient(url, async (client) => (await client.query("SELECT to_regclass('cita_schema') AS t, to_regclass('catalog_fields') AS f")).rows[0])).toEqual({ t: null, f: null });

      await withClient(url, (admin) => admin.query('CREATE EXTENSION vector'));
      const retried = runCita(['ingest', '--corpus', 'catalog', '--json', '--data-dir', tempDir(), '--database', plain.toString()], { env: keywordOnlyEnvironment() });
      expect(retried.status, retried.stderr).toBe(0);
      expect(retried.json()).toMatchObject({ corpus: 'catalog', inserted: 216 });
    } finally {
      await withClient(url, async (admin) => {
        await admin.query(`REASSIGN OWNED BY ${role} TO CURRENT_USER`);
        await admin.query(`DROP OWNED BY ${role}`);
      });
      await withClient(testDatabaseUrl as string, (admin) => admin.query(`DROP ROLE IF EXISTS ${role}`));
    }
  }, 120_000);

  it('a database written by a newer cita is one line asking for an update, and nothing in it changes', async () => {
    const url = await freshDatabase();
    const ingested = runCita(['ingest', '--corpus', 'catalog', '--data-dir', tempDir(), '--database', url], { env: keywordOnlyEnvironment() });
    expect(ingested.status, ingested.stderr).toBe(0);
    await withClient(url, (client) => client.query("INSERT INTO cita_schema (version, name) VALUES (99, 'from_a_newer_cita')"));
    const snapshot = () => withClient(url, async (client) => (await client.query('SELECT (SELECT count(*) FROM catalog_fields) AS fields, (SELECT max(version) FROM cita_schema) AS version')).rows[0]);
    const before = await snapshot();
    const result = runCita(['ingest', '--corpus', 'catalog', '--data-dir', tempDir(), '--database', url], { env: keywordOnlyEnvironment() });
    expectOneLineFailure(
      result,
      new RegExp(`has schema version 99, but this cita knows versions up to ${shippedPostgresMigrations().length}\\. It was written by a newer cita; update cita\\. Nothing was changed\\.$`),
    );
    expect(await snapshot()).toEqual(before);
  }, 120_000);
});

describe.runIf(run)('a connection dropped in the middle', () => {
  it('of an import: one line, no field, note, source or word of it kept, and the same command run again imports it all', async () => {
    const url = await freshDatabase();
    // Migrated first, so the table the import will wait on exists.
    expect(runCita(['status', '--data-dir', tempDir(), '--database', url], { env: keywordOnlyEnvironment() }).status).toBe(0);
    const { dropped } = await dropConnectionWhenBlocked(url, 'catalog_notes', 'INSERT INTO catalog_notes');
    const environment = keywordOnlyEnvironment();
    const dataDir = tempDir();
    const [failed, pid] = await Promise.all([runCitaAsync(['ingest', '--corpus', 'catalog', '--data-dir', dataDir, '--database', url], { env: environment }), dropped]);
    expect(pid).toBeGreaterThan(0);
    expectOneLineFailure(
      failed,
      /^cita: Lost the connection to the PostgreSQL database \(terminating connection due to administrator command\); what was not committed was rolled back\. Run the command again/,
    );
    // The import had written its sources, fields and their terms (the vocabulary) before it waited to write the notes,
    // its last statement: all rolled back.
    for (const table of ['catalog_sources', 'catalog_fields', 'catalog_field_search', 'catalog_terms', 'catalog_notes']) expect(await count(url, table), table).toBe(0);

    const retried = await runCitaAsync(['ingest', '--corpus', 'catalog', '--json', '--data-dir', dataDir, '--database', url], { env: environment });
    expect(retried.status, retried.stderr).toBe(0);
    expect(retried.json()).toMatchObject({ corpus: 'catalog', inserted: 216, updated: 0, unchanged: 0, removed: 0 });
    expect(await count(url, 'catalog_fields')).toBe(216);
    expect(await count(url, 'catalog_notes')).toBe(79);
  }, 120_000);

  it('of the embedding after it: the import and the vectors written so far stay, and the retry embeds only the rest', async () => {
    const url = await freshDatabase();
    const inner = createWordHashEmbedder();
    const { embedder, dropped } = cutOnThirdBatch(inner, url, 'catalog_vectors_1');
    const services = await openServices({ dataDir: tempDir(), embedder, databaseUrl: url });
    const catalog = services.module('catalog') as CorpusModule;
    const error = await ingestCorpus(services, catalog).catch((caught: unknown) => caught);
    expect(await dropped()).toBeGreaterThan(0);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('unavailable');
    expect((error as AppError).message).toMatch(
      // The batch's INSERT commits on its own: once sent, it may have been saved.
      /^Lost the connection to the PostgreSQL database \([^)]*\) while committing; the change may or may not have been saved\. Look before running the command again \(an ingest is safe to repeat/,
    );
    expect((error as AppError).message).not.toMatch(/\n/);
    // Committed before the embedding began: every field; of the vectors, the two batches (of 32) written before the cut.
    expect(await count(url, 'catalog_fields')).toBe(216);
    expect(await count(url, 'catalog_vectors_1')).toBe(64);

    const documentsBefore = inner.calls.documents;
    // The same services (the pool replaces the connection it lost): as a long-running `cita serve` would retry.
    expect(await ingestCorpus(services, catalog)).toEqual({ corpus: 'catalog', inserted: 0, updated: 0, unchanged: 216, removed: 0, embedded: 216 - 64 });
    expect(inner.calls.documents - documentsBefore).toBe(216 - 64);
    expect(await count(url, 'catalog_vectors_1')).toBe(216);
  }, 120_000);

  it('of a re-embed under a new embedder: the job fails in one line, the vectors written so far stay, and the job run again embeds only the rest', async () => {
    const url = await freshDatabase();
    const first = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), databaseUrl: url });
    await ingestCorpus(first, first.module('catalog') as CorpusModule);
    const inner = createWordHashEmbedder({ id: 'test:word-hash-next:32', dimensions: 32 });
    // The new space's table: its third batch's write is cut as above.
    const { embedder, dropped } = cutOnThirdBatch(inner, url, 'catalog_vectors_2');
    const services = await openServices({ dataDir: tempDir(), embedder, databaseUrl: url });
    const reembed = async () => services.jobs.wait(services.jobs.start('reembed', reembedWork(reembedSpaces(services, services.modules, 'catalog'))).job);
    const failed = await reembed();
    expect(await dropped()).toBeGreaterThan(0);
    expect(failed.state).toBe('failed');
    expect(failed.message).toMatch(
      // The batch's INSERT commits on its own: once sent, it may have been saved.
      /^Lost the connection to the PostgreSQL database \([^)]*\) while committing; the change may or may not have been saved\. Look before running the command again \(an ingest is safe to repeat/,
    );
    expect(await count(url, 'catalog_vectors_2')).toBe(64);

    const documentsBefore = inner.calls.documents;
    const retried = await reembed();
    expect(retried.state).toBe('done');
    expect(retried.message).toMatch(new RegExp(`^catalog: ${216 - 64} embedded`));
    expect(inner.calls.documents - documentsBefore).toBe(216 - 64);
    expect(await count(url, 'catalog_vectors_2')).toBe(216);
  }, 120_000);
});
