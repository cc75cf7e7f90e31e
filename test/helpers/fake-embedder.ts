import { createHash } from 'node:crypto';
import type { Embedder } from '../../main/embedding/embedder.js';
import { tokenize } from '../../main/core/text-folding.js';

/**
 * A small deterministic embedder for tests about something other than embedding quality: each word is hashed
 * to a few dimensions, so texts sharing words are close. It is never used by the product.
 */
export function createWordHashEmbedder(options: { dimensions?: number; id?: string; failQueries?: boolean } = {}): Embedder & { calls: { documents: number; queries: number } } {
  const dimensions = options.dimensions ?? 64;
  const calls = { documents: 0, queries: 0 };
  const embed = (text: string): Float32Array => {
    const vector = new Float32Array(dimensions);
    for (const token of tokenize(text)) {
      const digest = createHash('sha256').update(token).digest();
      for (let index = 0; index < 3; index += 1) {
        const slot = (digest[index] as number) % dimensions;
        vector[slot] = (vector[slot] ?? 0) + 1;
      }
    }
    const norm = Math.hypot(...vector) || 1;
    return vector.map((value) => value / norm);
  };
  return {
    id: options.id ?? `test:word-hash:${dimensions}`,
    dimensions,
    calls,
    async embedDocuments(texts) {
      calls.documents += texts.length;
      return texts.map(embed);
    },
    async embedQuery(text) {
      calls.queries += 1;
      if (options.failQueries) throw new Error('simulated embedder outage');
      return embed(text);
    },
    async close() {},
  };
}
