/**
 * Long-passage ingest as the app runs it (`ingest --corpus kb --from corpus.jsonl`: parsing, chunking, SQLite, keyword
 * index, the chunks' vectors of bge-small and of the multilingual model for the cross-language path) next to
 * onnxruntime-node embedding the very same chunks in the very same calls with both models. Each of the ingest's
 * embedding calls is replayed through the ceiling right after it, so load from other processes falls on both.
 *
 * The data directory's one-time preparation (the KB's example questions embedded by both models and cached there, ~5 s
 * on the 2-core target, the same for 1 abstract or 5,000) is paid by a first ingest of one abstract and reported
 * apart: it is not passage throughput, and counted in it made the ratio depend on the corpus's size.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { createServices } from '../app/bootstrap.js';
import { ingestCorpus } from '../app/ingest.js';
import type { Embedder } from '../embedding/embedder.js';
import { createLocalEmbedder } from '../embedding/local-embedder.js';
import { verifyModel } from '../embedding/model-manifest.js';
import { createMultilingualEmbedder } from '../embedding/multilingual-embedder.js';
import { loadMultilingualManifest } from '../embedding/multilingual-manifest.js';
import { sharedModelWorker, type ModelSessionHandle } from '../inference/model-worker.js';
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
  /**
   * onnxruntime-node with every core on the same calls: for bge-small the faster of one chunk per inference and one
   * batch per call; for the multilingual model its session alone (onnxruntime-node and the tokenizer, one chunk per
   * inference: its graph quantizes a batch as one) at one thread and at every core, the faster.
   */
  ceiling: { threads: number; seconds: number; chunksPerSecond: number; tokensPerSecond: number; embedderSeconds: number; multilingualSeconds: number };
  /** The chunks the multilingual model embedded too (its time in cita is inside `seconds`), or why it did not. */
  crossLanguage: { chunks: number; problem: null } | { chunks: 0; problem: string };
  /**
   * The first ingest, of one abstract into the fresh data directory, not counted above: the example questions of both
   * models (cached in the data directory), and the process's own first-time costs (the token counter, a cold JIT).
   */
  preparationSeconds: number;
  /** cita's tokens/s over the ceiling's. */
  ratio: number;
}

/** Ingests the first `documents` of a BEIR corpus into a fresh KB with the local embedder at `threads`. */
export async function benchIngestCeiling(options: {
  workDir: string;
  modelDir: string;
  multilingualDir: string;
  passagesFile: string;
  documents: number;
  threads: number;
  cores: number;
}): Promise<IngestCeilingResult> {
  const lines = readFileSync(options.passagesFile, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .slice(0, options.documents);
  const corpus = join(options.workDir, 'ingest-corpus.jsonl');
  writeFileSync(corpus, `${lines.join('\n')}\n`);
  // The same file name: a card's source name is its file's, so the first card is unchanged in the timed ingest.
  const first = join(options.workDir, 'first', 'ingest-corpus.jsonl');
  mkdirSync(dirname(first), { recursive: true });
  writeFileSync(first, `${lines.slice(0, 1).join('\n')}\n`);

  const host = sharedModelWorker();
  // Whatever was opened is released, in reverse order, even when opening the next thing or the ingest fails.
  const releases: Array<() => Promise<void>> = [];
  try {
    const embedder = await createLocalEmbedder({ modelDir: options.modelDir, threads: options.threads });
    releases.push(() => embedder.close());
    const ceiling = await openCeiling(options.modelDir, 'q8', options.cores);
    releases.push(() => host.release(ceiling));
    const manifest = loadMultilingualManifest();
    const verification = verifyModel(options.multilingualDir, { manifest });
    const multilingual = verification.ok ? await createMultilingualEmbedder({ modelDir: options.multilingualDir }) : null;
    if (multilingual) releases.push(() => multilingual.close());
    const multilingualCeilings: ModelSessionHandle<'multilingual'>[] = [];
    if (multilingual) {
      for (const threads of new Set([1, options.cores])) {
        const handle = await host.open('multilingual', { modelDir: resolve(options.multilingualDir), threads, dimensions: manifest.dimensions });
        releases.push(() => host.release(handle));
        multilingualCeilings.push(handle);
      }
    }
    const nothingYet = () => ({ replayWallMs: 0, embedderMs: 0, multilingualMs: 0, chunks: 0, crossLanguageChunks: 0, tokens: 0 });
    const totals = nothingYet();
    const replaying: Embedder = {
      ...passThrough(embedder),
      async embedDocuments(texts, signal) {
        const vectors = await embedder.embedDocuments(texts, signal);
        const started = performance.now();
        const calls = [[...texts]];
        const [alone, batched] = [await host.run(ceiling, { calls, batchSize: 1 }, undefined), await host.run(ceiling, { calls, batchSize: texts.length }, undefined)];
        totals.embedderMs += Math.min(sum(alone.milliseconds), sum(batched.milliseconds));
        totals.chunks += texts.length;
        totals.tokens += sum(alone.tokens);
        totals.replayWallMs += performance.now() - started;
        return vectors;
      },
    };
    const replayingMultilingual: Embedder | null = multilingual && {
      ...passThrough(multilingual),
      async embedDocuments(texts, signal) {
        const vectors = await multilingual.embedDocuments(texts, signal);
        const started = performance.now();
        // Timed around the worker's call, so the ceiling carries one message round trip a call (~0.1 ms of ~450).
        let best = Infinity;
        for (const handle of multilingualCeilings) {
          const before = performance.now();
          await host.run(handle, [...texts], undefined);
          best = Math.min(best, performance.now() - before);
        }
        totals.multilingualMs += best;
        totals.crossLanguageChunks += texts.length;
        totals.replayWallMs += performance.now() - started;
        return vectors;
      },
    };
    const services = await createServices({ dataDir: join(options.workDir, 'ingest'), modelDir: options.modelDir, embedder: replaying, multilingual: replayingMultilingual, reranker: null });
    releases.push(() => services.close());
    const module = services.module('kb');
    if (!module) throw new Error('no kb corpus');
    const preparing = performance.now();
    await ingestCorpus(services, module, { from: first });
    const preparationSeconds = (performance.now() - preparing - totals.replayWallMs) / 1000;
    Object.assign(totals, nothingYet());

    const started = performance.now();
    await ingestCorpus(services, module, { from: corpus });
    const seconds = (performance.now() - started - totals.replayWallMs) / 1000;
    const ceilingSeconds = (totals.embedderMs + totals.multilingualMs) / 1000;
    const { chunks, tokens } = totals;
    if (chunks === 0) throw new Error('the ingest embedded nothing');
    if (multilingual && totals.crossLanguageChunks !== chunks) throw new Error(`the cross-language path embedded ${totals.crossLanguageChunks} chunks, bge-small ${chunks}`);
    return {
      documents: lines.length,
      chunks,
      meanTokensPerChunk: round(tokens / chunks, 1),
      seconds: round(seconds, 2),
      chunksPerSecond: round(chunks / seconds, 1),
      tokensPerSecond: round(tokens / seconds, 0),
      ceiling: {
        threads: options.cores,
        seconds: round(ceilingSeconds, 3),
        chunksPerSecond: round(chunks / ceilingSeconds, 1),
        tokensPerSecond: round(tokens / ceilingSeconds, 0),
        embedderSeconds: round(totals.embedderMs / 1000, 3),
        multilingualSeconds: round(totals.multilingualMs / 1000, 3),
      },
      // A verified model is loaded (createMultilingualEmbedder throws otherwise), so only a failed verification is left.
      crossLanguage: verification.ok ? { chunks: totals.crossLanguageChunks, problem: null } : { chunks: 0, problem: verification.problem },
      preparationSeconds: round(preparationSeconds, 2),
      ratio: round(ceilingSeconds / seconds, 3),
    };
  } finally {
    // Each is released even when one before it fails; a failed release is a warning, never hiding the bench's own error.
    const failures: unknown[] = [];
    for (const release of releases.reverse()) await release().catch((error: unknown) => failures.push(error));
    if (failures.length > 0) process.emitWarning(`the ingest bench could not release everything it opened: ${String(failures[0])}`);
  }
}

/** An embedder's queries and identity as they are; its documents are replayed by the caller. */
function passThrough(embedder: Embedder): Omit<Embedder, 'embedDocuments'> {
  return {
    id: embedder.id,
    dimensions: embedder.dimensions,
    embedQuery: (text, signal) => embedder.embedQuery(text, signal),
    close: () => embedder.close(),
  };
}
