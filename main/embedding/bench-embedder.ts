import type { Embedder } from './embedder.js';

export interface BenchEmbedderOptions {
  /** Documents to embed; by default 256 generated short texts of 5-10 words. */
  texts?: readonly string[];
  /** Texts per embedDocuments call. */
  batchSizes?: readonly number[];
  /** Single queries timed one after another for the latency figures. */
  queryRuns?: number;
  signal?: AbortSignal;
}

export interface BenchEmbedderResult {
  embedderId: string;
  dimensions: number;
  textCount: number;
  meanWordsPerText: number;
  /** `cpuMsPerText`: process CPU time (all threads) per text, near an idle machine's wall time per text. */
  throughput: { batchSize: number; seconds: number; textsPerSecond: number; cpuMsPerText: number }[];
  query: { runs: number; p50Ms: number; p95Ms: number; meanMs: number; cpuMeanMs: number };
}

const vocabulary = (
  'breakfast lunch dinner snack rice lentils dal chapati curry yogurt banana apple spinach chicken egg paneer ' +
  'protein fibre sodium iron calcium vitamin sugar glucose insulin blood pressure kidney diabetes anaemia ' +
  'dataset table column survey district census household income record value unit source report guideline ' +
  'dose daily weekly high low intake serving cooked raw fried boiled'
).split(' ');

/** Measures documents/second at each call size and single-query latency (p50/p95), after one warm-up call. */
export async function benchEmbedder(embedder: Embedder, options: BenchEmbedderOptions = {}): Promise<BenchEmbedderResult> {
  const texts = options.texts ?? generatedTexts(256, 1);
  const batchSizes = options.batchSizes ?? [1, 16, 64];
  const queryRuns = options.queryRuns ?? 100;
  const signal = options.signal;
  if (texts.length === 0) throw new Error('benchEmbedder needs at least one text');

  // Warm-up: the first calls pay for session initialisation and allocator growth.
  await embedder.embedDocuments(texts.slice(0, 8), signal);
  await embedder.embedQuery('warm up query', signal);

  const throughput: BenchEmbedderResult['throughput'] = [];
  for (const batchSize of batchSizes) {
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    for (let start = 0; start < texts.length; start += batchSize) {
      await embedder.embedDocuments(texts.slice(start, start + batchSize), signal);
    }
    const seconds = (performance.now() - started) / 1000;
    const cpuMsPerText = cpuMilliseconds(process.cpuUsage(cpuBefore)) / texts.length;
    throughput.push({ batchSize, seconds: round(seconds, 3), textsPerSecond: round(texts.length / seconds, 1), cpuMsPerText: round(cpuMsPerText, 2) });
  }

  // Distinct queries, so no cache anywhere could flatter the figures.
  const queries = generatedTexts(queryRuns, 2);
  const latencies: number[] = [];
  const queryCpuBefore = process.cpuUsage();
  for (const query of queries) {
    const started = performance.now();
    await embedder.embedQuery(query, signal);
    latencies.push(performance.now() - started);
  }
  const queryCpuMs = cpuMilliseconds(process.cpuUsage(queryCpuBefore)) / Math.max(1, queries.length);
  latencies.sort((a, b) => a - b);
  const words = texts.reduce((sum, text) => sum + text.split(/\s+/).filter(Boolean).length, 0);
  return {
    embedderId: embedder.id,
    dimensions: embedder.dimensions,
    textCount: texts.length,
    meanWordsPerText: round(words / texts.length, 1),
    throughput,
    query: {
      runs: latencies.length,
      p50Ms: round(percentile(latencies, 0.5), 2),
      p95Ms: round(percentile(latencies, 0.95), 2),
      meanMs: round(latencies.reduce((sum, value) => sum + value, 0) / latencies.length, 2),
      cpuMeanMs: round(queryCpuMs, 2),
    },
  };
}

/** Deterministic short texts (5-10 words) from a small domain vocabulary. */
export function generatedTexts(count: number, seed: number): string[] {
  let state = seed;
  const next = () => {
    state = (state * 16807) % 2147483647;
    return state / 2147483647;
  };
  return Array.from({ length: count }, () => {
    const length = 5 + Math.floor(next() * 6);
    return Array.from({ length }, () => vocabulary[Math.floor(next() * vocabulary.length)]).join(' ');
  });
}

function cpuMilliseconds(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}
