import { basename, dirname, resolve } from 'node:path';
import { AppError } from '../core/errors.js';
import { embedderThreads } from '../embedding/embedder-threads.js';
import { verifyModel } from '../embedding/model-manifest.js';
import { sharedModelWorker, type ModelSessionHandle, type ModelWorkerHost } from '../inference/model-worker.js';
import type { Reranker } from './reranker.js';
import { defaultRerankerBatchSize, defaultRerankerMaxTokens, localRerankerId } from './reranker-id.js';
import { loadRerankerManifest, type RerankerManifest } from './reranker-manifest.js';

export interface LocalRerankerOptions {
  modelDir: string;
  /** Longest (query, passage) input in tokens, special tokens included; longer pairs are truncated longest-first. */
  maxTokens?: number;
  /** Pairs per inference call; 1 by default, see defaultRerankerBatchSize. */
  batchSize?: number;
  /**
   * ONNX Runtime intra-op threads; every core up to 4 by default, as for the embedder (embedder-threads.ts). The
   * logits do not depend on it (`test/model/reranker.test.ts`); on 2 cores two threads answer a KB question
   * in less time than one (README, "Relevance").
   */
  threads?: number;
  /** Tests pass a fake; the app uses the shipped one. */
  manifest?: RerankerManifest;
}

/** One scoring call with what the model was actually fed, for tests, benchmarks and debugging. */
export interface RerankerRun {
  scores: number[];
  /** Tokens of each pair (special tokens included, before padding), in passage order. */
  tokens: number[];
  /** Padded length of each inference batch, in the order they ran. */
  lengths: number[];
}

/** The local cross-encoder; retrieval only needs the Reranker interface, its owner also closes it. */
export interface LocalReranker extends Reranker {
  /** `score` with what the model was fed: tokens per pair and padded batch lengths. */
  inspect(query: string, passages: readonly string[], options?: { signal?: AbortSignal }): Promise<RerankerRun>;
  /** Releases its session in the worker. */
  close(): Promise<void>;
}

/**
 * The local ms-marco-MiniLM-L-12-v2 cross-encoder: verified files, raw logits, inference in the process's one model
 * worker thread (shared with the embedder: two threads running ONNX sessions crash onnxruntime-node).
 */
export async function createLocalReranker(options: LocalRerankerOptions): Promise<LocalReranker> {
  const manifest = options.manifest ?? loadRerankerManifest();
  const modelDir = resolve(options.modelDir);
  const maxTokens = options.maxTokens ?? defaultRerankerMaxTokens;
  const batchSize = options.batchSize ?? defaultRerankerBatchSize;
  const threads = options.threads ?? embedderThreads('auto');
  checkPositiveInteger('batchSize', batchSize);
  checkPositiveInteger('threads', threads);
  checkPositiveInteger('maxTokens', maxTokens);
  if (maxTokens > manifest.maxPositions) {
    throw new AppError('invalid_input', `maxTokens must be at most ${manifest.maxPositions} (the model's positions), got ${maxTokens}`);
  }
  const verification = verifyModel(modelDir, { manifest });
  if (!verification.ok) {
    throw new AppError('unavailable', `The local reranker model cannot be used: ${verification.problem}`);
  }

  const host = sharedModelWorker();
  const session = await host.open('reranking', { modelRoot: dirname(modelDir), modelName: basename(modelDir), dtype: manifest.dtype, threads, batchSize, maxTokens }).catch((error: unknown) => {
    throw new AppError('unavailable', `The local reranker model failed to load: ${(error as Error).message}`);
  });
  return new LocalCrossEncoder(localRerankerId(manifest, { maxTokens, batchSize }), host, session);
}

function checkPositiveInteger(name: string, value: number): void {
  if (!Number.isInteger(value) || value < 1) throw new AppError('invalid_input', `${name} must be a positive integer, got ${value}`);
}

class LocalCrossEncoder implements LocalReranker {
  readonly id: string;
  readonly #host: ModelWorkerHost;
  readonly #session: ModelSessionHandle<'reranking'>;
  #closed: Promise<void> | undefined;

  constructor(id: string, host: ModelWorkerHost, session: ModelSessionHandle<'reranking'>) {
    this.id = id;
    this.#host = host;
    this.#session = session;
  }

  async score(query: string, passages: readonly string[], options: { signal?: AbortSignal } = {}): Promise<number[]> {
    return (await this.inspect(query, passages, options)).scores;
  }

  async inspect(query: string, passages: readonly string[], options: { signal?: AbortSignal } = {}): Promise<RerankerRun> {
    if (this.#closed) throw new Error('The reranker is closed');
    if (typeof query !== 'string' || passages.some((passage) => typeof passage !== 'string')) {
      throw new TypeError('the query and every passage must be strings');
    }
    const { signal } = options;
    signal?.throwIfAborted();
    if (passages.length === 0) return { scores: [], tokens: [], lengths: [] };
    const output = await this.#host.run(this.#session, { query, passages: [...passages] }, signal).catch((error: unknown) => {
      throw signal?.aborted ? error : new Error(`Reranking failed: ${(error as Error).message}`);
    });
    return { scores: Array.from(output.scores), tokens: output.tokens, lengths: output.lengths };
  }

  close(): Promise<void> {
    this.#closed ??= this.#host.release(this.#session);
    return this.#closed;
  }
}
