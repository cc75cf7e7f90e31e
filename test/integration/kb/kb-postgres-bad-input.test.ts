/**
 * The clinical KB's PostgreSQL connection dropped in the middle of an ingest (issue #21, "Bad input"), as a server
 * restart or an administrator's `pg_terminate_backend` drops it: the ingest fails with one line saying so, its
 * transaction leaves nothing half-written, and the same ingest run again leaves exactly the rows an uninterrupted
 * one does. A word-hash embedder: these weigh the store, not the model.
 */
import { describe, expect, it } from 'vitest';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { CorpusModule } from '../../../main/corpora/corpus-module.js';
import { AppError } from '../../../main/core/errors.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, cutOnThirdBatch, dropConnectionWhenBlocked, withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const run = postgresTests('a connection dropped during a KB ingest on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

const open = (url: string, embedder: Embedder = createWordHashEmbedder()) => openServices({ dataDir: tempDir(), embedder, reranker: null, databaseUrl: url });
const kbOf = (services: Awaited<ReturnType<typeof open>>) => services.module('kb') as CorpusModule;

/** Every row of the KB's tables but ids and times (identity ids are never reused, so a retry's ids differ). */
const contentOf = (url: string) =>
  withClient(url, async (client) => {
    const all = async (sql: string) => (await client.query(sql)).rows;
    return {
      cards: await all('SELECT id, title, category, body, content_hash FROM kb_cards ORDER BY id'),
      chunks: await all('SELECT card_id, chunk_index, passage, content_hash, embed_hash, search_vector::text AS search_vector FROM kb_chunks ORDER BY card_id, chunk_index'),
      words: await all('SELECT word FROM kb_words ORDER BY word'),
      vectors: await all('SELECT k.card_id, k.chunk_index, v.content_hash, v.embedding::text AS embedding FROM kb_vectors_1 v JOIN kb_chunks k ON k.id = v.chunk_id ORDER BY 1, 2'),
    };
  });

/**
 * The failure a dropped connection is: `unavailable`, one line, saying what happened and what to do: in a transaction,
 * rolled back; in a write that commits on its own (a batch of vectors), it may or may not have been saved.
 */
function expectLostConnection(error: unknown, during: 'transaction' | 'statement' = 'transaction'): void {
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).code).toBe('unavailable');
  expect((error as AppError).message).toMatch(
    during === 'transaction'
      ? /^Lost the connection to the PostgreSQL database \([^)]*\); what was not committed was rolled back\. Run the command again/
      : /^Lost the connection to the PostgreSQL database \([^)]*\) while committing; the change may or may not have been saved\. Look before running the command again \(an ingest is safe to repeat/,
  );
  expect((error as AppError).message).not.toMatch(/\n/);
}

describe.runIf(run)('a connection dropped in the middle of a KB ingest on PostgreSQL', () => {
  it('of the write: one line, no card, chunk or word of it kept, and the retry leaves the rows of an uninterrupted ingest', async () => {
    const [url, reference] = [await freshDatabase(), await freshDatabase()];
    const uninterrupted = await open(reference);
    const expected = await ingestCorpus(uninterrupted, kbOf(uninterrupted));

    const services = await open(url);
    // The write's last statement adds the new words to the vocabulary, after every card and chunk: cut there.
    const { dropped } = await dropConnectionWhenBlocked(url, 'kb_words', 'INSERT INTO kb_words');
    const [error, pid] = await Promise.all([ingestCorpus(services, kbOf(services)).catch((caught: unknown) => caught), dropped]);
    expect(pid).toBeGreaterThan(0);
    expectLostConnection(error);
    for (const table of ['kb_cards', 'kb_chunks', 'kb_words']) expect(await count(url, table), table).toBe(0);

    // The same services (the pool replaces the connection it lost), as a long-running `cita serve` would retry.
    expect(await ingestCorpus(services, kbOf(services))).toEqual(expected);
    expect(await contentOf(url)).toEqual(await contentOf(reference));
  }, 120_000);

  it('of the embedding after it: the cards and the vectors written so far stay, and the retry embeds only the rest', async () => {
    const [url, reference] = [await freshDatabase(), await freshDatabase()];
    const uninterrupted = await open(reference);
    const expected = await ingestCorpus(uninterrupted, kbOf(uninterrupted));

    const inner = createWordHashEmbedder();
    const { embedder, dropped } = cutOnThirdBatch(inner, url, 'kb_vectors_1');
    const services = await open(url, embedder);
    const error = await ingestCorpus(services, kbOf(services)).catch((caught: unknown) => caught);
    expect(await dropped()).toBeGreaterThan(0);
    expectLostConnection(error, 'statement');
    // Committed before the embedding began: every chunk; of the vectors, the two batches (of 32) written before the cut.
    expect(await count(url, 'kb_chunks')).toBe(expected.inserted);
    expect(await count(url, 'kb_vectors_1')).toBe(64);

    const documentsBefore = inner.calls.documents;
    expect(await ingestCorpus(services, kbOf(services))).toEqual({ ...expected, inserted: 0, unchanged: expected.inserted, embedded: expected.inserted - 64 });
    expect(inner.calls.documents - documentsBefore).toBe(expected.inserted - 64);
    expect(await contentOf(url)).toEqual(await contentOf(reference));
  }, 120_000);
});
