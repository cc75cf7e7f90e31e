/**
 * How the one model worker orders embeddings (model-run-queue.ts) with the real model: query embeddings that arrive
 * together share a call and get the vectors they would get alone, and a write is never queued behind them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatedTexts } from '../../main/embedding/bench-embedder.js';
import type { Embedder } from '../../main/embedding/embedder.js';
import { createLocalEmbedder } from '../../main/embedding/local-embedder.js';
import { modelDir, realModelTests } from '../helpers/model.js';

const bytesOf = (vector: Float32Array | undefined) => Buffer.from((vector ?? new Float32Array()).buffer, vector?.byteOffset ?? 0, vector?.byteLength ?? 0);

describe.runIf(realModelTests('the embedding queue with the real model'))('the embedding queue (real model)', () => {
  let q8: Embedder;
  let fp32: Embedder;
  beforeAll(async () => {
    q8 = await createLocalEmbedder({ modelDir });
    fp32 = await createLocalEmbedder({ modelDir, dtype: 'fp32' });
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

  it('still answers a query whose neighbour in a shared call was cancelled', async () => {
    const controller = new AbortController();
    const blocker = q8.embedDocuments(generatedTexts(20, 5));
    const cancelled = q8.embedQuery('cancelled query', controller.signal);
    const kept = q8.embedQuery('kept query');
    controller.abort(new Error('user cancelled'));
    await expect(cancelled).rejects.toThrow('user cancelled');
    await blocker;
    expect(bytesOf(await kept)).toEqual(bytesOf(await q8.embedQuery('kept query')));
  });
});
