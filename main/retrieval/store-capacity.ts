/**
 * How much one vector space of the embedded store holds before a search misses its latency target on the machine
 * cita is built for (2 cores). Exact search (`exact: 'auto'`, WebAssembly SIMD over the space held in memory) reads
 * every value of every vector once per query, so its time grows with rows × dimensions. `cita bench --only knn`
 * measured p50 20.4 ms / p95 22.8 ms at 100,000 384-d vectors, linear in the rows (5k 0.6 ms, 10k 1.2 ms, 20k
 * 2.5 ms, commit 4e082cc), against the bench's target of 30 ms p95 ("KNN 100k float32 p95"): the target is reached
 * near 131,000 384-d vectors, rounded down to 130,000. The kernel's cost follows the values read, not the rows: a
 * probe of it alone (random vectors, 60 queries, load average 6 on the 2 cores) took p50 15.0 ms and 11.0 ms of CPU
 * per query at 100,000 × 384, p50 14.3 ms and 11.0 ms at 37,500 × 1024 (the same 38.4M values), and p50 24.7 / p95
 * 37.1 ms at 50,000 × 1024. So the limit is a budget of values: 130,000 vectors at 384 dimensions (bge-small), 65,000
 * at 768 (Gemini), 48,750 at 1024 (Voyage), close to where the KB decision record names a managed store (~50K
 * chunks). Past it, the PostgreSQL + pgvector path (issue #21, README "PostgreSQL (teams)") is the answer.
 */
export const embeddedStoreComfortVectors = 130_000;

/** The dimensions the comfort size was measured at (bge-small-en-v1.5, the default local model). */
export const comfortMeasuredDimensions = 384;

/** The budget per space in vector values (rows × dimensions): 49,920,000. */
export const embeddedStoreComfortValues = embeddedStoreComfortVectors * comfortMeasuredDimensions;

/** Vectors of `dimensions` one space holds within the budget: 130,000 at 384, 65,000 at 768, 48,750 at 1024. */
export function comfortVectorsAt(dimensions: number, values: number = embeddedStoreComfortValues): number {
  return Math.floor(values / Math.max(1, dimensions));
}

/** A corpus past the comfort size, for `status` and its screens. */
export interface StoreSizeWarning {
  code: 'store_size';
  corpus: string;
  vectors: number;
  dimensions: number;
  limit: number;
  message: string;
}

/** One space of a corpus as status counts it: its vectors and their dimensions (null when the space does not exist yet). */
export interface SpaceSize {
  corpus: string;
  vectors: number;
  dimensions: number | null;
}

/**
 * One warning per corpus with a space (its own or its cross-language one) past the budget, for the space furthest
 * past it. `values` is the budget in rows × dimensions; tests lower it.
 */
export function storeSizeWarnings(spaces: readonly SpaceSize[], values: number = embeddedStoreComfortValues): StoreSizeWarning[] {
  const worst = new Map<string, { vectors: number; dimensions: number; limit: number }>();
  for (const space of spaces) {
    const dimensions = space.dimensions ?? comfortMeasuredDimensions;
    const limit = comfortVectorsAt(dimensions, values);
    const previous = worst.get(space.corpus);
    if (!previous || space.vectors / limit > previous.vectors / previous.limit) worst.set(space.corpus, { vectors: space.vectors, dimensions, limit });
  }
  return [...worst]
    .filter(([, space]) => space.vectors > space.limit)
    .map(([corpus, { vectors, dimensions, limit }]) => ({
      code: 'store_size',
      corpus,
      vectors,
      dimensions,
      limit,
      message:
        `The ${corpus} corpus has ${vectors} vectors of ${dimensions} dimensions; past ${limit} a search on the embedded store misses its 30 ms target ` +
        `on a 2-core machine (cita bench). Past one machine: PostgreSQL + pgvector, "cita serve --database postgres://…" (README "PostgreSQL (teams)").`,
    }));
}
