import type { Embedder } from './embedder.js';

/** Recently embedded queries, keyed by embedder id and text: a vector is only ever reused for the id that made it. */
export interface QueryCache {
  get(embedderId: string, text: string): Float32Array | undefined;
  set(embedderId: string, text: string, vector: Float32Array): void;
  clear(): void;
  readonly size: number;
}

/** A least-recently-used cache of query vectors (a Map keeps insertion order; a hit is moved to the end). */
export function createQueryCache(capacity: number): QueryCache {
  if (!Number.isInteger(capacity) || capacity < 1) throw new RangeError(`capacity must be a positive integer, got ${capacity}`);
  const entries = new Map<string, Float32Array>();
  // The id cannot contain a NUL, so no two (id, text) pairs share a key.
  const keyOf = (embedderId: string, text: string) => `${embedderId}\u0000${text}`;
  return {
    get(embedderId, text) {
      const key = keyOf(embedderId, text);
      const vector = entries.get(key);
      if (vector === undefined) return undefined;
      entries.delete(key);
      entries.set(key, vector);
      return vector;
    },
    set(embedderId, text, vector) {
      const key = keyOf(embedderId, text);
      entries.delete(key);
      entries.set(key, vector);
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
    clear: () => entries.clear(),
    get size() {
      return entries.size;
    },
  };
}

/**
 * The embedder with repeated queries served from `cache`. Each caller gets its own copy, since callers may hand a
 * vector's buffer to SQLite or change it. Documents are never cached.
 */
export function withQueryCache(embedder: Embedder, cache: QueryCache): Embedder {
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    ...(embedder.pacing ? { pacing: embedder.pacing } : {}),
    embedDocuments: (texts, signal) => embedder.embedDocuments(texts, signal),
    async embedQuery(text, signal) {
      const cached = cache.get(embedder.id, text);
      if (cached) return cached.slice();
      const vector = await embedder.embedQuery(text, signal);
      cache.set(embedder.id, text, vector.slice());
      return vector;
    },
    close: () => embedder.close(),
  };
}
