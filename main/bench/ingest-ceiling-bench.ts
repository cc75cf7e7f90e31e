/**
 * Long-passage ingest as the app runs it (`ingest --corpus kb --from corpus.jsonl`: parsing, chunking, SQLite, keyword
 * index, embedding) next to onnxruntime-node embedding the very same chunks in the very same calls. Each of the
 * ingest's embedding calls is replayed through the ceiling right after it, so load from other processes falls on both.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServices } from '../app/bootstrap.js';
import { ingestCorpus } from '../app/ingest.js';
import type { Embedder } from '../embedding/embedder.js';
import { createLocalEmbedder } from '../embedding/local-embedder.js';
import { sharedModelWorker } from '../inference/model-worker.js';
import { openCeiling } from './ceiling-bench.js';
import { round, sum } from './stats.js';

export interface IngestCeilingResult {
  documents: number;
  chunks: number;
  meanTokensPerChunk: number;
  /** The whole ingest, minus the time spent replaying its calls through the ceiling. */
  seconds: number;
  chunksPerSecond: number;
  tokensPerSecond: number;
  /** onnxruntime-node with every core on the same calls: the faster of one chunk per inference and one batch per call. */
  ceiling: { threads: number; seconds: number; chunksPerSecond: number; tokensPerSecond: number };
  /** cita's tokens/s over the ceiling's. */
  ratio: number;
}

/** Ingests the first `documents` of a BEIR corpus into a fresh KB with the local embedder at `threads`. */
export async function benchIngestCeiling(options: { workDir: string; modelDir: string; passagesFile: string; documents: number; threads: number; cores: number }): Promise<IngestCeilingResult> {
  const lines = readFileSync(options.passagesFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, options.documents);
  const corpus = join(options.workDir, 'ingest-corpus.jsonl');
  writeFileSync(corpus, `${lines.join('\n')}\n`);

  const host = sharedModelWorker();
  const embedder = await createLocalEmbedder({ modelDir: options.modelDir, threads: options.threads });
  const ceiling = await openCeiling(options.modelDir, 'q8', options.cores);
  let replayWallMs = 0;
  let ceilingMs = 0;
  let chunks = 0;
  let tokens = 0;
  const replaying: Embedder = {
    id: embedder.id,
    dimensions: embedder.dimensions,
    embedQuery: (text, signal) => embedder.embedQuery(text, signal),
    close: () => embedder.close(),
    async embedDocuments(texts, signal) {
      const vectors = await embedder.embedDocuments(texts, signal);
      const started = performance.now();
      const calls = [[...texts]];
      const [alone, batched] = [await host.run(ceiling, { calls, batchSize: 1 }, undefined), await host.run(ceiling, { calls, batchSize: texts.length }, undefined)];
      ceilingMs += Math.min(sum(alone.milliseconds), sum(batched.milliseconds));
      chunks += texts.length;
      tokens += sum(alone.tokens);
      replayWallMs += performance.now() - started;
      return vectors;
    },
  };
  const services = await createServices({ dataDir: join(options.workDir, 'ingest'), modelDir: options.modelDir, embedder: replaying, reranker: null });
  try {
    const started = performance.now();
    const module = services.module('kb');
    if (!module) throw new Error('no kb corpus');
    await ingestCorpus(services, module, { from: corpus });
    const seconds = (performance.now() - started - replayWallMs) / 1000;
    const ceilingSeconds = ceilingMs / 1000;
    if (chunks === 0) throw new Error('the ingest embedded nothing');
    return {
      documents: lines.length,
      chunks,
      meanTokensPerChunk: round(tokens / chunks, 1),
      seconds: round(seconds, 2),
      chunksPerSecond: round(chunks / seconds, 1),
      tokensPerSecond: round(tokens / seconds, 0),
      ceiling: { threads: options.cores, seconds: round(ceilingSeconds, 2), chunksPerSecond: round(chunks / ceilingSeconds, 1), tokensPerSecond: round(tokens / ceilingSeconds, 0) },
      ratio: round(ceilingSeconds / seconds, 3),
    };
  } finally {
    await services.close();
    await embedder.close();
    await host.release(ceiling);
  }
}
