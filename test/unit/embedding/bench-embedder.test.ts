import { describe, expect, it } from 'vitest';
import { benchEmbedder, generatedTexts } from '../../../main/embedding/bench-embedder.js';
import type { Embedder } from '../../../main/embedding/embedder.js';

/** Counts calls; returns constant unit vectors. */
function countingEmbedder(): Embedder & { documentCalls: number[]; queries: string[] } {
  const vector = () => Float32Array.from([1, 0, 0]);
  const documentCalls: number[] = [];
  const queries: string[] = [];
  return {
    id: 'test:counting:3',
    dimensions: 3,
    documentCalls,
    queries,
    embedDocuments: async (texts) => (documentCalls.push(texts.length), texts.map(vector)),
    embedQuery: async (text) => (queries.push(text), vector()),
    close: async () => undefined,
  };
}

describe('benchEmbedder', () => {
  it('embeds every text once per batch size, in calls of that size, and times distinct queries', async () => {
    const embedder = countingEmbedder();
    const result = await benchEmbedder(embedder, { texts: generatedTexts(40, 7), batchSizes: [1, 16], queryRuns: 12 });
    expect(result.embedderId).toBe('test:counting:3');
    expect(result.throughput.map((entry) => entry.batchSize)).toEqual([1, 16]);
    expect(result.throughput.every((entry) => entry.textsPerSecond > 0)).toBe(true);
    // 1 warm-up call of 8, then 40 calls of 1, then 16 + 16 + 8.
    expect(embedder.documentCalls).toEqual([8, ...Array(40).fill(1), 16, 16, 8]);
    expect(result.query.runs).toBe(12);
    expect(new Set(embedder.queries.slice(1)).size).toBe(12);
    expect(result.query.p95Ms).toBeGreaterThanOrEqual(result.query.p50Ms);
  });

  it('generates the same short texts for the same seed', () => {
    const texts = generatedTexts(50, 3);
    expect(generatedTexts(50, 3)).toEqual(texts);
    for (const text of texts) {
      const words = text.split(' ').length;
      expect(words).toBeGreaterThanOrEqual(5);
      expect(words).toBeLessThanOrEqual(10);
    }
  });
});
