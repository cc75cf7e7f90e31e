import { describe, expect, it } from 'vitest';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createQueryCache, withQueryCache } from '../../../main/embedding/query-cache.js';

/** Counts the queries it really embeds; each vector depends on the embedder id and the text. */
function countingEmbedder(id: string): Embedder & { queries: string[] } {
  const queries: string[] = [];
  const vectorOf = (text: string) => Float32Array.from([text.length, id.length, queries.length]);
  return {
    id,
    dimensions: 3,
    queries,
    embedDocuments: async (texts) => texts.map(vectorOf),
    embedQuery: async (text) => (queries.push(text), vectorOf(text)),
    close: async () => undefined,
  };
}

describe('the query embedding cache', () => {
  it('serves a repeated query without embedding it again, with the same vector', async () => {
    const inner = countingEmbedder('test:a');
    const embedder = withQueryCache(inner, createQueryCache(8));
    const first = await embedder.embedQuery('lentil soup');
    const second = await embedder.embedQuery('lentil soup');
    expect(inner.queries).toEqual(['lentil soup']);
    expect(second).toEqual(first);
  });

  it('hands every caller its own copy', async () => {
    const embedder = withQueryCache(countingEmbedder('test:a'), createQueryCache(8));
    const first = await embedder.embedQuery('rice');
    first[0] = 99;
    const second = await embedder.embedQuery('rice');
    expect(second[0]).toBe(4);
    expect(second.buffer).not.toBe(first.buffer);
  });

  it('never gives a vector to another embedder id, so a change of embedder embeds the query again', async () => {
    const cache = createQueryCache(8);
    const before = countingEmbedder('local:model:384:q8');
    const after = countingEmbedder('local:model:384:fp32');
    await withQueryCache(before, cache).embedQuery('rice');
    const vector = await withQueryCache(after, cache).embedQuery('rice');
    expect(after.queries).toEqual(['rice']);
    expect(vector[1]).toBe('local:model:384:fp32'.length);
  });

  it('forgets the least recently used query beyond its capacity', async () => {
    const inner = countingEmbedder('test:a');
    const cache = createQueryCache(2);
    const embedder = withQueryCache(inner, cache);
    for (const text of ['a', 'b', 'a', 'c', 'a', 'b']) await embedder.embedQuery(text);
    // 'b' was the oldest when 'c' came, so it is embedded twice; 'a' stayed in use.
    expect(inner.queries).toEqual(['a', 'b', 'c', 'b']);
    expect(cache.size).toBe(2);
  });

  it('caches no failure', async () => {
    const inner = countingEmbedder('test:a');
    let fail = true;
    const flaky: Embedder = { ...inner, embedQuery: async (text, signal) => (fail ? Promise.reject(new Error('offline')) : inner.embedQuery(text, signal)) };
    const embedder = withQueryCache(flaky, createQueryCache(8));
    await expect(embedder.embedQuery('rice')).rejects.toThrow('offline');
    fail = false;
    expect((await embedder.embedQuery('rice')).length).toBe(3);
    expect(inner.queries).toEqual(['rice']);
  });

  it('refuses a capacity that is not a positive integer', () => {
    expect(() => createQueryCache(0)).toThrow(RangeError);
  });
});
