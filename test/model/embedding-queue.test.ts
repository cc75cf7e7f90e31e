/**
 * How a model worker orders embeddings (model-run-queue.ts) with the real model: query embeddings that arrive
 * together get the vectors they would get alone (fp32 ones share a call, q8 ones of one token length share an
 * inference of the rowwise graph), and a write is never queued behind them;
 * and how the query pool (model-pool.ts) spreads queries over a model process without changing a byte of their vectors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concurrencyQueries } from '../../main/bench/concurrency-bench.js';
import { generatedTexts } from '../../main/embedding/bench-embedder.js';
import type { Embedder } from '../../main/embedding/embedder.js';
import { createLocalEmbedder } from '../../main/embedding/local-embedder.js';
import { sharedModelPool } from '../../main/inference/model-pool.js';
import { mergeLimit } from '../../main/inference/model-run-queue.js';
import { modelDir, realModelTests } from '../helpers/model.js';

const bytesOf = (vector: Float32Array | undefined) => Buffer.from((vector ?? new Float32Array()).buffer, vector?.byteOffset ?? 0, vector?.byteLength ?? 0);

describe.runIf(realModelTests('the embedding queue with the real model'))('the embedding queue (real model)', () => {
  let q8: Embedder;
  let fp32: Embedder;
  beforeAll(async () => {
    // One worker: these tests are about one worker's queue.
    q8 = await createLocalEmbedder({ modelDir, queryWorkers: 1 });
    fp32 = await createLocalEmbedder({ modelDir, dtype: 'fp32', queryWorkers: 1 });
  });
  afterAll(async () => {
    await q8?.close();
    await fp32?.close();
  });

  it('gives concurrent query embeddings the same vectors as one after another', async () => {
    const queries = generatedTexts(24, 17);
    for (const embedder of [q8, fp32]) {
      const sequential: Float32Array[] = [];
      for (const query of queries) sequential.push(await embedder.embedQuery(query));
      const concurrent = await Promise.all(queries.map((query) => embedder.embedQuery(query)));
      queries.forEach((query, index) => expect(bytesOf(concurrent[index]), `${embedder.id}: ${query}`).toEqual(bytesOf(sequential[index])));
    }
  });

  it('gives concurrent queries of a few token lengths, merged by length through the rowwise graph, their vectors alone', async () => {
    // The bench's burst: 64 food searches of 12-16 tokens with the query prefix, so most share a call with their length.
    const queries = concurrencyQueries(64);
    const sequential: Float32Array[] = [];
    for (const query of queries) sequential.push(await q8.embedQuery(query));
    const concurrent = await Promise.all(queries.map((query) => q8.embedQuery(query)));
    queries.forEach((query, index) => expect(bytesOf(concurrent[index]), query).toEqual(bytesOf(sequential[index])));
  });

  it('runs a write before the query embeddings queued ahead of it', async () => {
    const finished: string[] = [];
    // Something long is already running, so every request below is queued behind it when the worker next chooses.
    const running = q8.embedDocuments(generatedTexts(40, 3));
    const queries = generatedTexts(24, 23).map((query, index) => q8.embedQuery(query).then(() => finished.push(`query ${index}`)));
    const write = q8.embedDocuments(['Homemade paneer, 100 g']).then(() => finished.push('write'));
    await Promise.all([running, ...queries, write]);
    // In arrival order the write would finish after all 24 queries.
    expect(finished.indexOf('write'), finished.join(', ')).toBe(0);
  });

  it('runs a write issued while queries are being embedded after the one running, not after a batch of them', async () => {
    const finished: string[] = [];
    const running = q8.embedDocuments(generatedTexts(40, 7));
    const queries = generatedTexts(24, 29).map((query, index) => q8.embedQuery(query).then(() => finished.push(`query ${index}`)));
    // The worker has just moved on to the queries: these are of many token lengths, so q8 runs nearly all of them
    // one per call and the write waits for one inference.
    await running;
    const write = q8.embedDocuments(['Homemade paneer, 100 g']).then(() => finished.push('write'));
    await Promise.all([...queries, write]);
    // Merged 16 queries to a call whatever their length, the write finished after 16 of them.
    expect(finished.indexOf('write'), finished.join(', ')).toBeLessThan(8);
  });

  it('runs a write issued during queries of one token length after the merged call running, not after all of them', async () => {
    const finished: string[] = [];
    const running = q8.embedDocuments(generatedTexts(40, 11));
    // One token length: the worker merges them, at most mergeLimit to a call (one inference of the rowwise graph).
    const queries = Array.from({ length: 3 * mergeLimit }, (_, index) => `sample query ${String.fromCharCode(97 + (index % 26))}`).map((query, index) =>
      q8.embedQuery(query).then(() => finished.push(`query ${index}`)),
    );
    await running;
    const write = q8.embedDocuments(['Homemade paneer, 100 g']).then(() => finished.push('write'));
    await Promise.all([...queries, write]);
    // The write is issued when `running` resolves on this thread; on a loaded machine the worker may have finished the
    // first merged call and started the second before it arrives (seen once with two other model processes running:
    // the write came 33rd). What must not happen is a write waiting for every queued query (49th).
    expect(finished.indexOf('write'), finished.join(', ')).toBeLessThanOrEqual(2 * mergeLimit);
  });

  it('still answers a query whose neighbour in a shared call was cancelled', async () => {
    const controller = new AbortController();
    const blocker = q8.embedDocuments(generatedTexts(20, 5));
    const cancelled = q8.embedQuery('cancelled query', controller.signal);
    const kept = q8.embedQuery('kept query');
    // Four of one token length, so q8 shares a call among them (the rowwise graph's minimum for short texts).
    const cancelledOfFour = q8.embedQuery('sample query a', controller.signal);
    const keptOfFour = ['sample query b', 'sample query c', 'sample query d'].map((query) => q8.embedQuery(query));
    controller.abort(new Error('user cancelled'));
    await expect(cancelled).rejects.toThrow('user cancelled');
    await expect(cancelledOfFour).rejects.toThrow('user cancelled');
    await blocker;
    expect(bytesOf(await kept)).toEqual(bytesOf(await q8.embedQuery('kept query')));
    const alone: Float32Array[] = [];
    for (const query of ['sample query b', 'sample query c', 'sample query d']) alone.push(await q8.embedQuery(query));
    (await Promise.all(keptOfFour)).forEach((vector, index) => expect(bytesOf(vector)).toEqual(bytesOf(alone[index])));
  });

  it('embeds concurrent queries in two workers, byte for byte as one worker does', async () => {
    const pooled = await createLocalEmbedder({ modelDir, queryWorkers: 2 });
    try {
      const queries = generatedTexts(24, 31);
      const before = sharedModelPool().runsPerWorker();
      const alone = await Promise.all(queries.map((query) => q8.embedQuery(query)));
      const spread = await Promise.all(queries.map((query) => pooled.embedQuery(query)));
      queries.forEach((query, index) => expect(bytesOf(spread[index]), query).toEqual(bytesOf(alone[index])));
      const after = sharedModelPool().runsPerWorker();
      expect((after[1] ?? 0) - (before[1] ?? 0), `runs per worker ${before.join('/')} → ${after.join('/')}`).toBeGreaterThan(0);
      expect(bytesOf(await pooled.embedDocuments(['Homemade paneer, 100 g']).then(([vector]) => vector))).toEqual(
        bytesOf(await q8.embedDocuments(['Homemade paneer, 100 g']).then(([vector]) => vector)),
      );
    } finally {
      await pooled.close();
    }
  });
});
