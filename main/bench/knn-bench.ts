import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { openDatabase } from '../db/connection.js';
import { createScanPool } from '../retrieval/scan-pool.js';
import { rescoreMargin } from '../retrieval/exact-distance.js';
import { defaultBoundedMinimumRows } from '../retrieval/simd-exact-index.js';
import { createSpaceLoader, type SpaceLoadSource } from '../retrieval/simd-space-loader.js';
import type { VectorSpace } from '../retrieval/vector-space.js';
import { createVectorStore, type VectorNeighbour } from '../retrieval/vector-store.js';
import { benchNumpyKnn, type NumpyKnnResult } from './numpy-knn.js';
import { recallAtK, round, timeEach, timeTakingTurns, type LatencySummary } from './stats.js';
import { vectorsAround } from './synthetic-vectors.js';

export interface KnnBenchOptions {
  /** Row counts to measure, e.g. 10k and 100k. */
  sizes: readonly number[];
  /** Real embeddings (or synthetic stand-ins) the stored vectors are spread around. */
  base: readonly Float32Array[];
  queries: readonly Float32Array[];
  /** Candidate counts tried for the binary option. */
  candidates: readonly number[];
  /** Also time sqlite-vec alternatives (vec0 with L2, vec0 bit[N]) that informed the binary option's design. */
  alternatives: boolean;
  /** Also time numpy's matrix-vector product on the same vectors (issue #15's yardstick), when python3 has numpy. */
  numpy?: boolean;
  workDir: string;
  /** Threads of the in-memory scan (scan-pool.ts), the caller's included; default `auto`, as the app runs it. */
  scanThreads?: number | 'auto';
  k?: number;
  progress?: (message: string) => void;
}

export interface BinaryRun {
  candidates: number;
  latency: LatencySummary;
  recallAt10: number;
}

export interface KnnSizeResult {
  vectors: number;
  dimensions: number;
  /** Rows/s through VectorStore.put (vec0, in transactions of 5000). */
  insertPerSecond: number;
  /** The product's path: exact KNN on the float32 vec0 table, cosine, all partitions. */
  float32: LatencySummary;
  /** The same restricted to shared + one profile (two partition queries merged), as food search does. */
  float32Visible: LatencySummary;
  binary: { copySeconds: number; indexBuildMs: number; runs: BinaryRun[] };
  /**
   * The `exact: 'memory-simd'` option: the float32 vectors in memory, scanned in WebAssembly SIMD. Always measured;
   * optional so reports (and test fixtures) written before the option still type-check.
   */
  memorySimd?: MemorySimdRun;
  /**
   * numpy on the same vectors and queries (matrix @ query, then argpartition for the k best), or why it did not run;
   * `ratioP95` is cita's in-memory p95 (with its threads) over numpy's, `oneThreadRatioP95` the same on one thread,
   * all measured in this run.
   */
  numpy?: NumpyKnnResult & { ratioP95?: number; oneThreadRatioP95?: number; fullScanRatioP95?: number };
  alternatives?: {
    /** vec0 float32 with distance_metric=l2 (same ranking for unit vectors). */
    float32L2: LatencySummary;
    /** vec0 bit[N] KNN without rescoring, k = 10 and k = 100 (its cost grows with k). */
    vec0BitK10: LatencySummary;
    vec0BitK100: LatencySummary;
  };
}

export interface MemorySimdRun {
  /** Reading the space from vec0 into memory (first search, and again after another connection writes). */
  loadMs: number;
  loadSource: SpaceLoadSource;
  /** Memory held for the space: the WebAssembly matrix and per-row bookkeeping. */
  bytes: number;
  bytesPerVector: number;
  /** Growth of the process's resident memory over the load (noisy: includes what the garbage collector keeps). */
  rssGrowthMb: number;
  /** Threads the scan used (the caller's included): 1 below the scan pool's minimum rows. */
  threads: number;
  /** All partitions, on `threads` threads, as the app searches. */
  all: LatencySummary;
  /** All partitions on the calling thread alone, taking turns query by query with `all`. Optional: later than the rest. */
  oneThread?: LatencySummary;
  /** Whether both gave the same ids and the same distances, bit for bit, for every query (the threads split the same sums). */
  sameAsOneThread?: boolean;
  /**
   * Every row scanned in float32 (no bounded scan) on the same threads, taking turns with `all`; whether the two
   * indexes themselves (before the stores' float64 rescoring) gave the same ids, order and distances, bit for bit, for
   * every query at k + the stores' rescoring margin; and the bounded scan's rows scored again in float32 a search (a
   * fallback to the full scan counts as every row). Optional: later than the rest.
   */
  fullScan?: LatencySummary;
  sameAsFullScan?: boolean;
  bounded?: { minimumRows: number; searches: number; fullScans: number; rescoredPerSearch: number };
  /** Shared + one profile, visibility applied inside the scan. */
  visible: LatencySummary;
  /** Share of queries whose ids are vec0's, in the same order, and the largest distance difference from vec0's (0 since both stores compute the distances again: exact-distance.ts). */
  sameTopK: number;
  maxDistanceDifference: number;
}

const chunk = 5000;

/**
 * KNN latency over temp databases of each size: float32 exact (vec0, and in memory with WebAssembly SIMD), the binary
 * option with recall, alternatives.
 */
export async function benchKnn(options: KnnBenchOptions): Promise<KnnSizeResult[]> {
  const k = options.k ?? 10;
  const progress = options.progress ?? (() => undefined);
  const dimensions = (options.base[0] as Float32Array).length;
  const results: KnnSizeResult[] = [];
  for (const size of options.sizes) {
    const directory = join(options.workDir, `knn-${size}`);
    const db = openDatabase(join(directory, 'cita.sqlite'));
    try {
      const store = createVectorStore(db);
      const space = store.space('bench', 'bench:vectors', 'v1', dimensions);
      progress(`knn ${size}: writing ${size} vectors`);
      const insertSeconds = insert(store, space, options.base, size);

      progress(`knn ${size}: float32 exact`);
      const float32 = await timeEach(options.queries, (query) => store.nearest(space, query, k));
      const float32Visible = await timeEach(options.queries, (query) => store.nearest(space, query, k, ['bench-profile']));
      const exactHits = options.queries.map((query) => store.nearest(space, query, k));
      const exact = exactHits.map((hits) => hits.map((hit) => hit.itemId));

      progress(`knn ${size}: float32 in memory, WebAssembly SIMD`);
      const memorySimd = await benchMemorySimd(db, space, options.queries, exactHits, k, options.scanThreads ?? 'auto');

      progress(`knn ${size}: binary option`);
      const binaryStores = options.candidates.map((candidates) => ({ candidates, store: createVectorStore(db, { quantized: { kind: 'binary', candidates } }) }));
      const first = binaryStores[0];
      if (!first) throw new Error('benchKnn needs at least one candidate count');
      // Once per space: the float copy is made from vec0. Once per store: the in-memory codes are built.
      const copyStarted = performance.now();
      first.store.count(space);
      const copySeconds = (performance.now() - copyStarted) / 1000;
      const buildStarted = performance.now();
      first.store.nearest(space, options.queries[0] as Float32Array, k);
      const indexBuildMs = performance.now() - buildStarted;
      const runs: BinaryRun[] = [];
      for (const { candidates, store: binary } of binaryStores) {
        const latency = await timeEach(options.queries, (query) => binary.nearest(space, query, k));
        const recall = options.queries.reduce(
          (sum, query, index) =>
            sum +
            recallAtK(
              exact[index] ?? [],
              binary.nearest(space, query, k).map((hit) => hit.itemId),
              k,
            ),
          0,
        );
        runs.push({ candidates, latency, recallAt10: round(recall / options.queries.length, 3) });
      }

      const result: KnnSizeResult = {
        vectors: size,
        dimensions,
        insertPerSecond: Math.round(size / insertSeconds),
        float32,
        float32Visible,
        binary: { copySeconds: round(copySeconds, 2), indexBuildMs: round(indexBuildMs, 1), runs },
        memorySimd,
      };
      if (options.numpy) {
        progress(`knn ${size}: numpy on the same vectors`);
        const numpy = benchNumpyKnn({ rows: rowBlocks(options.base, size), queries: options.queries, k, workDir: directory });
        result.numpy = numpy.available
          ? {
              ...numpy,
              ratioP95: round(memorySimd.all.p95Ms / numpy.latency.p95Ms, 2),
              oneThreadRatioP95: round((memorySimd.oneThread?.p95Ms ?? Number.NaN) / numpy.latency.p95Ms, 2),
              fullScanRatioP95: round((memorySimd.fullScan?.p95Ms ?? Number.NaN) / numpy.latency.p95Ms, 2),
            }
          : numpy;
      }
      if (options.alternatives) {
        progress(`knn ${size}: sqlite-vec alternatives`);
        result.alternatives = await alternatives(db, space, options.queries, dimensions);
      }
      results.push(result);
    } finally {
      db.close();
      rmSync(directory, { recursive: true, force: true });
    }
  }
  return results;
}

/**
 * The memory-simd option against vec0's answers: load cost, memory, latency with the scan's threads and on one
 * thread alone (taking turns, the queries four times over for a steadier p95), and whether the top k is the same.
 */
async function benchMemorySimd(
  db: ReturnType<typeof openDatabase>,
  space: VectorSpace,
  queries: readonly Float32Array[],
  exactHits: readonly VectorNeighbour[][],
  k: number,
  scanThreads: number | 'auto',
): Promise<MemorySimdRun> {
  // Measured on a copy that is dropped at once; the store reads its own on its first search (timeEach's warm-up).
  const measured = (() => {
    const rssBefore = process.memoryUsage().rss;
    const load = createSpaceLoader(db, space).load();
    const rssGrowthMb = round((process.memoryUsage().rss - rssBefore) / 2 ** 20, 1);
    return { milliseconds: load.milliseconds, source: load.source, bytes: load.index.bytes(), vectors: load.index.size(), rssGrowthMb };
  })();
  const scanPool = createScanPool({ threads: scanThreads });
  try {
    await scanPool.start();
    const store = createVectorStore(db, { exact: 'memory-simd', scanPool });
    const oneThreadStore = createVectorStore(db, { exact: 'memory-simd' });
    const fullScanStore = createVectorStore(db, { exact: 'memory-simd', scanPool, boundedScanMinimumRows: Number.POSITIVE_INFINITY });
    const rounds = Array.from({ length: 4 }, () => queries).flat();
    const [all, oneThread, fullScan] = (await timeTakingTurns(rounds, [
      (query) => store.nearest(space, query, k),
      (query) => oneThreadStore.nearest(space, query, k),
      (query) => fullScanStore.nearest(space, query, k),
    ])) as [LatencySummary, LatencySummary, LatencySummary];
    const visible = await timeEach(queries, (query) => store.nearest(space, query, k, ['bench-profile']));
    let same = 0;
    let sameAsOneThread = true;
    let sameAsFullScan = true;
    let maxDistanceDifference = 0;
    queries.forEach((query, index) => {
      const expected = exactHits[index] ?? [];
      const got = store.nearest(space, query, k);
      if (got.length === expected.length && got.every((hit, position) => hit.itemId === expected[position]?.itemId)) same += 1;
      if (JSON.stringify(got) !== JSON.stringify(oneThreadStore.nearest(space, query, k))) sameAsOneThread = false;
      got.forEach((hit, position) => {
        maxDistanceDifference = Math.max(maxDistanceDifference, Math.abs(hit.distance - (expected[position]?.distance ?? Number.POSITIVE_INFINITY)));
      });
    });
    // The bounded scan's work per search and its answers against every row in float32, on indexes of their own (the
    // stores' are inside them, and rescore what their index found in float64).
    const counted = createSpaceLoader(db, space).load().index;
    const everyRow = createSpaceLoader(db, space, undefined, { boundedMinimumRows: Number.POSITIVE_INFINITY }).load().index;
    for (const query of queries) {
      if (JSON.stringify(counted.nearest(query, k + rescoreMargin)) !== JSON.stringify(everyRow.nearest(query, k + rescoreMargin))) sameAsFullScan = false;
    }
    const searches = counted.searches();
    const rescoredRows = searches.rescored + searches.full * counted.size();
    return {
      loadMs: round(measured.milliseconds, 1),
      loadSource: measured.source,
      bytes: measured.bytes,
      bytesPerVector: round(measured.bytes / Math.max(1, measured.vectors), 1),
      rssGrowthMb: measured.rssGrowthMb,
      threads: scanPool.threadsFor(measured.vectors),
      all,
      oneThread,
      sameAsOneThread,
      fullScan,
      sameAsFullScan,
      bounded: {
        minimumRows: defaultBoundedMinimumRows,
        searches: searches.bounded,
        fullScans: searches.full,
        rescoredPerSearch: round(rescoredRows / Math.max(1, queries.length), 1),
      },
      visible,
      sameTopK: round(same / queries.length, 3),
      maxDistanceDifference: Number(maxDistanceDifference.toPrecision(2)),
    };
  } finally {
    await scanPool.close();
  }
}

/** The bench's rows in blocks, the same every time: generated block by block so 100k never sit in memory at once. */
function* rowBlocks(base: readonly Float32Array[], size: number): Generator<Float32Array[]> {
  for (let start = 0; start < size; start += chunk) yield vectorsAround(base, Math.min(chunk, size - start), 1000 + start);
}

function insert(store: ReturnType<typeof createVectorStore>, space: VectorSpace, base: readonly Float32Array[], size: number): number {
  let seconds = 0;
  let start = 0;
  // Generation is not timed.
  for (const vectors of rowBlocks(base, size)) {
    const first = start;
    start += vectors.length;
    const records = vectors.map((vector, index) => ({ itemId: first + index + 1, owner: null, vector, contentHash: 'bench' }));
    const started = performance.now();
    store.put(space, records);
    seconds += (performance.now() - started) / 1000;
  }
  return seconds;
}

/** Benchmark-only tables on the temp database: what sqlite-vec itself offers, for comparison. */
async function alternatives(db: ReturnType<typeof openDatabase>, space: VectorSpace, queries: readonly Float32Array[], dimensions: number) {
  db.exec(`CREATE VIRTUAL TABLE bench_l2 USING vec0(item_id INTEGER PRIMARY KEY, embedding FLOAT[${dimensions}])`);
  db.exec(`INSERT INTO bench_l2 (item_id, embedding) SELECT item_id, embedding FROM ${space.table}`);
  db.exec(`CREATE VIRTUAL TABLE bench_bits USING vec0(item_id INTEGER PRIMARY KEY, code BIT[${dimensions}])`);
  db.exec(`INSERT INTO bench_bits (item_id, code) SELECT item_id, vec_quantize_binary(embedding) FROM ${space.table}`);
  const l2 = db.prepare('SELECT item_id, distance FROM bench_l2 WHERE embedding MATCH ? AND k = ? ORDER BY distance');
  const bits = db.prepare('SELECT item_id, distance FROM bench_bits WHERE code MATCH vec_quantize_binary(?) AND k = ? ORDER BY distance');
  return {
    float32L2: await timeEach(queries, (query) => l2.all(query, 10)),
    vec0BitK10: await timeEach(queries, (query) => bits.all(query, 10)),
    vec0BitK100: await timeEach(queries, (query) => bits.all(query, 100)),
  };
}
