import { basename, dirname, resolve } from 'node:path';
import { AppError } from '../core/errors.js';
import type { Embedder } from './embedder.js';
import { embedderThreads, queryWorkers } from './embedder-threads.js';
import { localEmbedderId } from './local-embedder-id.js';
import { loadModelManifest, verifyModel, type ModelManifest } from './model-manifest.js';
import { checkRowwiseGraph } from './rowwise-graph.js';
import type { RunOrder } from '../inference/model-worker-protocol.js';
import { sharedModelPool } from '../inference/model-pool.js';
import type { ModelRunner, ModelSessionHandle } from '../inference/model-worker.js';

export interface LocalEmbedderOptions {
  modelDir: string;
  /** q8 (default): the int8 model, ~2.5x faster; fp32: the reference weights. */
  dtype?: 'q8' | 'fp32';
  /** ONNX Runtime intra-op threads; every core up to 4 by default (embedder-threads.ts). The vectors do not depend on it. */
  threads?: number;
  /** Workers embedding queries side by side (model-pool.ts); one per core but one by default; vectors do not depend on it either. */
  queryWorkers?: number;
  /**
   * Texts per inference call. q8 defaults to 1: dynamic int8 quantisation scales activations over the whole
   * batch, so a batched text's vector would depend on its neighbours (cosine ~0.995 instead of 1).
   * fp32 defaults to 16, which gives the same vectors as one at a time.
   */
  batchSize?: number;
  /**
   * q8: batch texts of one token length through the verified rowwise graph (rowwise-graph.ts) when the model directory
   * holds it (default true); the vectors are the same either way, only the time differs.
   */
  rowwise?: boolean;
  /** Tests pass a fake; the app uses the shipped one. */
  manifest?: ModelManifest;
}

/** The local bge-small-en-v1.5 embedder: verified files, inference in the model worker thread, query prefix on queries only. */
export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<Embedder> {
  const manifest = options.manifest ?? loadModelManifest();
  const modelDir = resolve(options.modelDir);
  const verification = verifyModel(modelDir, { manifest });
  if (!verification.ok) {
    throw new AppError('unavailable', `The local embedding model cannot be used: ${verification.problem}`);
  }
  const dtype = options.dtype ?? 'q8';
  const batchSize = options.batchSize ?? (dtype === 'q8' ? 1 : 16);
  const threads = options.threads ?? embedderThreads('auto');
  const workers = options.queryWorkers ?? queryWorkers('auto');
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new AppError('invalid_input', `batchSize must be a positive integer, got ${batchSize}`);
  if (!Number.isInteger(threads) || threads < 1) throw new AppError('invalid_input', `threads must be a positive integer, got ${threads}`);
  if (!Number.isInteger(workers) || workers < 1) throw new AppError('invalid_input', `queryWorkers must be a positive integer, got ${workers}`);

  // Without the rowwise graph (an install from before it, or its derivation failed) every q8 text runs alone.
  const rowwise = dtype === 'q8' && batchSize === 1 && (options.rowwise ?? true) ? checkRowwiseGraph(modelDir, manifest) : undefined;
  const host = sharedModelPool();
  const config = {
    modelRoot: dirname(modelDir),
    modelName: basename(modelDir),
    dtype,
    threads,
    batchSize,
    dimensions: manifest.dimensions,
    ...(rowwise?.ok ? { rowwiseFileName: rowwise.fileName } : {}),
  };
  // The copies beside the first worker only embed queries, which run fastest on one thread (embedding-session.ts).
  // Without the rowwise graph they run one q8 query a call, as every q8 session does without it (its memory is saved).
  const { rowwiseFileName: _batchesOnly, ...queryConfig } = config;
  const session = await host.openPooled('embedding', config, { workers, queryConfig: { ...queryConfig, threads: 1 } }).catch((error: unknown) => {
    throw new AppError('unavailable', `The local embedding model failed to load: ${(error as Error).message}`);
  });
  // Queued queries may share a call: fp32 ones in one batched inference, q8 ones through the rowwise graph with the
  // queries of their token length only (the worker's session groups them: a padded q8 batch would change the vectors).
  const mergeQueries = dtype === 'fp32' || rowwise?.ok === true;
  return new LocalEmbedder(localEmbedderId(manifest, dtype, batchSize), manifest.dimensions, manifest.queryPrefix, host, session, mergeQueries);
}

class LocalEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly #queryPrefix: string;
  readonly #host: ModelRunner;
  readonly #session: ModelSessionHandle<'embedding'>;
  readonly #mergeQueries: boolean;
  #closed: Promise<void> | undefined;

  constructor(id: string, dimensions: number, queryPrefix: string, host: ModelRunner, session: ModelSessionHandle<'embedding'>, mergeQueries: boolean) {
    this.id = id;
    this.dimensions = dimensions;
    this.#queryPrefix = queryPrefix;
    this.#host = host;
    this.#session = session;
    this.#mergeQueries = mergeQueries;
  }

  /** Documents are written: they go before every queued query embedding (model-run-queue.ts). */
  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    return this.#embed(texts, signal, { priority: 'write', merge: false });
  }

  /**
   * Queries queued together share one call to the worker, in batches that do not change a vector (fp32; q8 queries of
   * one token length through the rowwise graph), so a query's vector is the same alone or merged.
   */
  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.#embed([this.#queryPrefix + text], signal, { priority: 'read', merge: this.#mergeQueries });
    if (!vector) throw new Error('The embedding worker returned no vector');
    return vector;
  }

  async #embed(texts: readonly string[], signal: AbortSignal | undefined, order: RunOrder): Promise<Float32Array[]> {
    if (this.#closed) throw new Error('The embedder is closed');
    if (texts.some((text) => typeof text !== 'string')) throw new TypeError('every text must be a string');
    signal?.throwIfAborted();
    if (texts.length === 0) return [];
    const data = await this.#host.run(this.#session, [...texts], signal, order).catch((error: unknown) => {
      throw signal?.aborted ? error : new Error(`Embedding failed: ${(error as Error).message}`);
    });
    // One copy per vector, so each owns its buffer (callers may hand `.buffer` to SQLite).
    const vectors: Float32Array[] = [];
    for (let row = 0; row < texts.length; row++) vectors.push(data.slice(row * this.dimensions, (row + 1) * this.dimensions));
    return vectors;
  }

  close(): Promise<void> {
    this.#closed ??= this.#host.release(this.#session);
    return this.#closed;
  }
}
