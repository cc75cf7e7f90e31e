/**
 * How many vectors one space of the embedded store holds before a search misses its latency target on the machine
 * cita is built for (2 cores). Exact search (`exact: 'auto'`, WebAssembly SIMD over the space held in memory) is
 * linear in the rows: `cita bench --only knn` measured about 22 ms per query at 100,000 384-d vectors, and its
 * target is 30 ms (the bench's "KNN 100k float32 p95" line), so the target is reached near 136,000; this is
 * rounded down. Past it, the PostgreSQL + pgvector path (issue #21 / README "Past one machine") is the answer, as the
 * KB decision record says of a managed store past ~50K chunks.
 */
export const embeddedStoreComfortVectors = 130_000;

/** A corpus past the comfort size, for `status` and its screens. */
export interface StoreSizeWarning {
  code: 'store_size';
  corpus: string;
  vectors: number;
  limit: number;
  message: string;
}

/** One warning per corpus whose vectors (its own space or its cross-language one) exceed the limit. */
export function storeSizeWarnings(spaces: ReadonlyArray<{ corpus: string; vectors: number }>, limit: number = embeddedStoreComfortVectors): StoreSizeWarning[] {
  const largest = new Map<string, number>();
  for (const space of spaces) largest.set(space.corpus, Math.max(largest.get(space.corpus) ?? 0, space.vectors));
  return [...largest]
    .filter(([, vectors]) => vectors > limit)
    .map(([corpus, vectors]) => ({
      code: 'store_size',
      corpus,
      vectors,
      limit,
      message: `The ${corpus} corpus has ${vectors} vectors; past ${limit} a search on the embedded store misses its latency target on a 2-core machine (cita bench). Consider the PostgreSQL + pgvector path (README "Past one machine").`,
    }));
}
