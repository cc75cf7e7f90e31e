/** The benchmark's arithmetic and plumbing (never its timings: those are measured by `cita bench`, not asserted). */
import { describe, expect, it } from 'vitest';
import { writeSyntheticFiles } from '../../../main/bench/catalog-store-bench.js';
import { writeSyntheticKb } from '../../../main/bench/kb-store-bench.js';
import { readCatalog } from '../../../main/corpora/catalog/catalog-files.js';
import { readKbSource } from '../../../main/corpora/kb/card-files.js';
import { concurrencyQueries } from '../../../main/bench/concurrency-bench.js';
import { formatBenchReport } from '../../../main/bench/format.js';
import { benchKeyword } from '../../../main/bench/keyword-bench.js';
import { benchKnn } from '../../../main/bench/knn-bench.js';
import { benchNumpyKnn, numpyAvailable } from '../../../main/bench/numpy-knn.js';
import { targetChecks } from '../../../main/bench/run-bench.js';
import { percentile, recallAtK, summarize } from '../../../main/bench/stats.js';
import { meanPairCosine, syntheticBase, vectorsAround } from '../../../main/bench/synthetic-vectors.js';
import { benchReport } from '../../helpers/bench-report.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));

describe('benchmark statistics', () => {
  it('takes nearest-rank percentiles and summaries', () => {
    const values = Array.from({ length: 100 }, (_, index) => index + 1);
    expect(percentile(values, 0.5)).toBe(50);
    expect(percentile(values, 0.95)).toBe(95);
    expect(summarize([5, 1, 3])).toEqual({ runs: 3, p50Ms: 3, p95Ms: 5, meanMs: 3, maxMs: 5 });
  });

  it('computes recall@k as the share of the exact top k found', () => {
    expect(recallAtK([1, 2, 3, 4], [4, 3, 9, 8], 4)).toBe(0.5);
    expect(recallAtK([1, 2], [1, 2, 3], 2)).toBe(1);
  });
});

describe('benchmark vectors', () => {
  it('are unit length, reproducible from their seed, and as anisotropic as real sentence embeddings', () => {
    const base = syntheticBase(200, 384, 1);
    const spread = vectorsAround(base, 50, 2);
    expect(vectorsAround(base, 50, 2)).toEqual(spread);
    for (const vector of [...base.slice(0, 10), ...spread.slice(0, 10)]) expect(norm(vector)).toBeCloseTo(1, 5);
    const cosine = meanPairCosine(base, 2000, 3);
    expect(cosine).toBeGreaterThan(0.45);
    expect(cosine).toBeLessThan(0.7);
  });
});

describe('the KNN benchmark', () => {
  it('measures float32 and the binary option on a temp database, with recall 1 when every row is rescored', async () => {
    const base = syntheticBase(100, 384, 4);
    const [result] = await benchKnn({ sizes: [1500], base, queries: vectorsAround(base, 5, 5), candidates: [50, 2000], alternatives: true, numpy: true, workDir: tempDir() });
    expect(result?.vectors).toBe(1500);
    expect(result?.float32.runs).toBe(5);
    expect(result?.binary.runs.map((run) => run.candidates)).toEqual([50, 2000]);
    expect(result?.binary.runs[1]?.recallAt10).toBe(1);
    expect(result?.binary.runs[0]?.recallAt10).toBeLessThanOrEqual(1);
    expect(result?.alternatives?.vec0BitK100.runs).toBe(5);
    // 1,500 rows are below the scan pool's minimum: one thread, timed in turns with itself (the queries four times over).
    expect(result?.memorySimd).toMatchObject({ threads: 1, all: { runs: 20 }, oneThread: { runs: 20 }, sameAsOneThread: true, fullScan: { runs: 20 }, sameAsFullScan: true });
    // And below the bounded scan's minimum rows: every search scans every row.
    expect(result?.memorySimd?.bounded).toEqual({ minimumRows: 4096, searches: 0, fullScans: 5, rescoredPerSearch: 1500 });
    const probe = numpyAvailable();
    if (probe.ok) expect(result?.numpy).toMatchObject({ available: true, latency: { runs: 5 }, ratioP95: expect.any(Number) as number, oneThreadRatioP95: expect.any(Number) as number });
    else expect(result?.numpy).toEqual({ available: false, reason: probe.reason });
  });
});

describe("numpy's yardstick for exact KNN", () => {
  const base = syntheticBase(16, 32, 3);
  const queries = vectorsAround(base, 4, 4);
  const blocks = () => [vectorsAround(base, 300, 5), vectorsAround(base, 200, 6)];

  it('says why it was not measured when python3 cannot be run', () => {
    expect(benchNumpyKnn({ rows: blocks(), queries, k: 10, workDir: tempDir(), python: 'python3-that-is-not-installed' })).toEqual({
      available: false,
      reason: expect.stringContaining('python3-that-is-not-installed is not installed') as string,
    });
  });

  it('says why it was not measured when the interpreter has no numpy', () => {
    // Node is an interpreter that cannot import numpy: the same failure as a python3 without it.
    expect(benchNumpyKnn({ rows: blocks(), queries, k: 10, workDir: tempDir(), python: process.execPath })).toMatchObject({
      available: false,
      reason: expect.stringContaining('has no numpy') as string,
    });
  });

  it('times every query on this machine when python3 has numpy, and otherwise says what is missing', () => {
    const result = benchNumpyKnn({ rows: blocks(), queries, k: 10, workDir: tempDir() });
    const probe = numpyAvailable();
    if (probe.ok) expect(result).toMatchObject({ available: true, numpyVersion: probe.version, latency: { runs: 4 } });
    else expect(result).toEqual({ available: false, reason: probe.reason });
  });
});

describe('the keyword benchmark', () => {
  it('ingests synthetic foods and restores a snapshot that answers like the rebuilt index', () => {
    const result = benchKeyword({ rows: 600, workDir: tempDir() });
    expect(result.ingest.rows).toBe(600);
    expect(result.keywordIndex.documents).toBe(600);
    expect(result.keywordIndex.sameResults).toBe(true);
    expect(['rebuild', 'snapshot']).toContain(result.keywordIndex.faster);
  });

  it('times the clinical lexicon over the longest question the API takes', () => {
    const { clinicalLexicon } = benchKeyword({ rows: 50, workDir: tempDir() });
    expect(clinicalLexicon.questionChars).toBe(2000);
    expect(clinicalLexicon.mentions).toBeGreaterThanOrEqual(60);
    expect(clinicalLexicon.latency.runs).toBe(101);
    expect(clinicalLexicon.latency.p50Ms).toBeGreaterThan(0);
  });
});

const latency = (p95Ms: number) => ({ runs: 10, p50Ms: p95Ms / 2, p95Ms, meanMs: p95Ms / 2, maxMs: p95Ms });

describe('the target checks', () => {
  it('marks each target met, missed, or not measured', () => {
    const checks = targetChecks(
      benchReport({
        knn: {
          vectors: 'test',
          meanPairCosine: 0.5,
          defaultCandidates: 800,
          results: [
            {
              vectors: 100_000,
              dimensions: 384,
              insertPerSecond: 1,
              float32: latency(45),
              float32Visible: latency(50),
              binary: { copySeconds: 1, indexBuildMs: 1, runs: [{ candidates: 800, latency: latency(8), recallAt10: 0.97 }] },
            },
          ],
        },
      }),
    );
    const byName = Object.fromEntries(checks.map((check) => [check.name, check]));
    expect(byName['KNN 100k float32 p95']).toMatchObject({ value: 45, met: false });
    expect(byName['KNN 100k binary + rescoring p95 (800 candidates)']).toMatchObject({ value: 8, met: true });
    expect(byName['KNN 100k binary recall@10 vs exact']).toMatchObject({ value: 0.97, met: true });
    expect(byName['query embedding p50 (q8)']).toMatchObject({ value: null, met: null });
    expect(formatBenchReport({ ...benchReport({}), targets: checks })).toContain('MISS KNN 100k float32 p95: 45 ms (target ≤ 30 ms)');
  });

  it('checks the embedder against its onnxruntime-node ceiling as ratios, and prints both sides', () => {
    const workload = (name: string, ratio: number) => ({
      name,
      texts: 10,
      callSize: 16,
      meanTokens: 300,
      citaTextsPerSecond: 9 * ratio,
      citaTokensPerSecond: 2700 * ratio,
      sameThreads: { threads: 1, batchSize: 1, textsPerSecond: 9, ratio: 1 },
      allCores: { threads: 2, batchSize: 16, textsPerSecond: 9, ratio, tokensPerSecond: 2700 },
      maxVectorDifference: 1e-7,
    });
    const ceiling = {
      embedderId: 'local:test',
      threads: 1,
      cores: 2,
      rounds: 3,
      workloads: [workload('short texts, calls of 64', 0.62), workload('long passages (SciFact abstracts), calls of 16', 0.95)],
      query: { runs: 30, citaP50Ms: 6, citaP95Ms: 9, ceilingP50Ms: { oneThread: 5, allCores: 6 }, ratio: 1.2 },
    };
    const ingestCeiling = {
      documents: 150,
      chunks: 400,
      meanTokensPerChunk: 120,
      seconds: 10,
      chunksPerSecond: 40,
      tokensPerSecond: 4800,
      ceiling: { threads: 2, seconds: 8, chunksPerSecond: 50, tokensPerSecond: 6000, embedderSeconds: 6, multilingualSeconds: 2 },
      crossLanguage: { chunks: 400, problem: null },
      preparationSeconds: 7,
      ratio: 0.8,
    };
    const withCeiling = benchReport({ ceiling, ingestCeiling });
    const byName = Object.fromEntries(targetChecks(withCeiling).map((check) => [check.name, check]));
    expect(byName['long-passage ingest vs onnxruntime-node (all cores)']).toMatchObject({ value: 0.8, met: false });
    expect(byName['long passages embedded vs onnxruntime-node (all cores)']).toMatchObject({ value: 0.95, met: true });
    expect(formatBenchReport(withCeiling)).toContain(
      '400 chunks of 120 tokens in 10 s (40 chunks/s, 4800 tokens/s; cross-language vectors of 400 chunks included); onnxruntime-node 2 threads on the same calls ' +
        "50 chunks/s, 6000 tokens/s (bge-small 6 s + multilingual 2 s) (0.8 ×); the data directory's one-time preparation 7 s apart",
    );
    const withoutModel = formatBenchReport(benchReport({ ceiling, ingestCeiling: { ...ingestCeiling, crossLanguage: { chunks: 0, problem: 'model.onnx is missing' } } }));
    expect(withoutModel).toContain('4800 tokens/s; no cross-language vectors: model.onnx is missing)');
    expect(byName['short-text throughput vs onnxruntime-node (all cores), calls of 64']).toMatchObject({ value: 0.62, met: false });
    expect(byName['query embedding p50 vs onnxruntime-node']).toMatchObject({ value: 1.2, met: true });
    expect(formatBenchReport(withCeiling)).toContain('single query p50: cita 6 ms (p95 9); onnxruntime-node 1 thread 5 ms, 2 threads 6 ms (1.2 ×)');
  });

  it('checks the concurrency burst: p95, errors and the write during it', () => {
    const concurrency = { searches: 200, latency: latency(620), errors: 0, firstError: null, seconds: 1.5, write: { afterMs: 100, ms: 150, error: null } };
    const byName = Object.fromEntries(targetChecks(benchReport({ concurrency })).map((check) => [check.name, check]));
    expect(byName['concurrent hybrid searches p95']).toMatchObject({ value: 620, met: false });
    expect(byName['concurrent hybrid search errors']).toMatchObject({ value: 0, met: true });
    expect(byName['a food added during them']).toMatchObject({ value: 150, met: true });
    expect(formatBenchReport(benchReport({ concurrency }))).toContain('a food added 100 ms in: 150 ms');
  });
});

describe('the synthetic catalog', () => {
  it('is written in import files of whole sources, each within the per-file limit, every field once', () => {
    const files = writeSyntheticFiles(tempDir(), 1000, 450);
    expect(files).toHaveLength(3);
    const parts = files.map((file) => readCatalog(file));
    expect(parts.map((part) => part.fields.length)).toEqual([432, 432, 136]);
    const sources = parts.map((part) => new Set(part.fields.map((field) => field.source)));
    for (const [index, part] of parts.entries()) expect(new Set(part.sources.map((source) => source.id))).toEqual(sources[index]);
    expect(new Set(parts.flatMap((part) => part.fields.map((field) => `${field.source}.${field.physicalName}`))).size).toBe(1000);
  });
});

describe('the synthetic KB', () => {
  it('is the shipped cards and numbered copies of them, each a valid card with an id and a title of its own', async () => {
    const { cards, complete } = await readKbSource(writeSyntheticKb(tempDir(), 100));
    expect(complete).toBe(true);
    expect(cards).toHaveLength(100);
    expect(new Set(cards.map((card) => card.id)).size).toBe(100);
    expect(new Set(cards.map((card) => card.title)).size).toBe(100);
    const first = cards.find((card) => card.id === 'ddi-warfarin-nsaids');
    expect(cards.find((card) => card.id === 'ddi-warfarin-nsaids-1')).toMatchObject({ title: `${first?.title} 1`, body: first?.body });
  });
});

describe('the catalog on two cita serve processes', () => {
  const twoServers = (lostWrites: number) => ({
    servers: 2 as const,
    hybrid: latency(400),
    perServer: [latency(380), latency(420)] as [ReturnType<typeof latency>, ReturnType<typeof latency>],
    writes: 28,
    fieldsWritten: 140,
    writeSeconds: 28.1,
    lostWrites,
    foundFirst: 140,
  });
  const withTwoServers = (lostWrites: number) => benchReport({ catalogStores: { scenario: 'shipped', embedderId: 'local:test', queries: 190, runs: [], twoServers: twoServers(lostWrites) } });

  it('holds lost writes to 0 and prints them beside the searches', () => {
    const check = (lostWrites: number) => targetChecks(withTwoServers(lostWrites)).find((entry) => entry.name === 'catalog writes lost, two cita serve processes on PostgreSQL');
    expect(check(0)).toMatchObject({ value: 0, met: true });
    expect(check(1)).toMatchObject({ value: 1, met: false });
    expect(formatBenchReport(withTwoServers(0))).toContain('a third process committed 28 imports (140 fields) in 28.1 s: lost writes 0; 140 of 140 found first by name through the other server');
  });

  it('is not measured without PostgreSQL', () => {
    expect(targetChecks(benchReport({})).find((entry) => entry.name.startsWith('catalog writes lost'))).toMatchObject({ value: null, met: null });
  });
});

describe('the concurrency burst', () => {
  it('sends distinct descriptive queries, so no cache answers them', () => {
    const queries = concurrencyQueries(200);
    expect(new Set(queries).size).toBe(200);
    expect(queries[0]).toBe('fresh citrus fruit');
  });
});
