import { resolve } from 'node:path';
import { AppError } from '../core/errors.js';
import type { Embedder } from './embedder.js';
import { verifyModel } from './model-manifest.js';
import { sharedModelPool } from '../inference/model-pool.js';
import type { ModelRunner, ModelSessionHandle } from '../inference/model-worker.js';
import { queryWorkers } from './embedder-threads.js';
import type { RunOrder } from '../inference/model-worker-protocol.js';
import { loadMultilingualManifest, type MultilingualManifest } from './multilingual-manifest.js';

/** Bumped whenever the text given to the model changes (normalisation, special tokens), so old vectors are never mixed. */
export const multilingualTextVersion = 'use1';

/** The multilingual embedder's id, known without loading it: provider, model, dims, dtype, text version. */
export function multilingualEmbedderId(manifest: Pick<MultilingualManifest, 'model' | 'dimensions'>): string {
  return `local:${manifest.model}:${manifest.dimensions}:q8:${multilingualTextVersion}`;
}

export interface MultilingualEmbedderOptions {
  modelDir: string;
  /** ONNX Runtime intra-op threads; 1 by default (the 2-core target). */
  threads?: number;
  /** Workers embedding queries side by side (model-pool.ts); one per core but one by default (embedder-threads.ts). */
  queryWorkers?: number;
  /** Tests pass a fake; the app uses the shipped one. */
  manifest?: MultilingualManifest;
}

/**
 * USE-multilingual-v3: Spanish and English texts in one space, so a Spanish question meets an English row (and the
 * other way round). Symmetric: queries and passages are embedded alike. Queries run in the model pool (model-pool.ts), documents in the process's model thread.
 */
export async function createMultilingualEmbedder(options: MultilingualEmbedderOptions): Promise<Embedder> {
  const manifest = options.manifest ?? loadMultilingualManifest();
  const modelDir = resolve(options.modelDir);
  const verification = verifyModel(modelDir, { manifest });
  if (!verification.ok) throw new AppError('unavailable', `The multilingual embedding model cannot be used: ${verification.problem}`);
  const threads = options.threads ?? 1;
  if (!Number.isInteger(threads) || threads < 1) throw new AppError('invalid_input', `threads must be a positive integer, got ${threads}`);
  const workers = options.queryWorkers ?? queryWorkers('auto');
  if (!Number.isInteger(workers) || workers < 1) throw new AppError('invalid_input', `queryWorkers must be a positive integer, got ${workers}`);
  const host = sharedModelPool();
  const config = { modelDir, threads, dimensions: manifest.dimensions };
  const session = await host.openPooled('multilingual', config, { workers, queryConfig: { ...config, threads: 1 } }).catch((error: unknown) => {
    throw new AppError('unavailable', `The multilingual embedding model failed to load: ${(error as Error).message}`);
  });
  return new MultilingualEmbedder(multilingualEmbedderId(manifest), manifest.dimensions, host, session);
}

class MultilingualEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly #host: ModelRunner;
  readonly #session: ModelSessionHandle<'multilingual'>;
  #closed: Promise<void> | undefined;

  constructor(id: string, dimensions: number, host: ModelRunner, session: ModelSessionHandle<'multilingual'>) {
    this.id = id;
    this.dimensions = dimensions;
    this.#host = host;
    this.#session = session;
  }

  /** A write (a food added, an ingest, a re-embed): it goes before queued query embeddings, as the local embedder's. */
  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    return this.#embed(texts, signal, { priority: 'write', merge: false });
  }

  async #embed(texts: readonly string[], signal: AbortSignal | undefined, order: RunOrder): Promise<Float32Array[]> {
    if (this.#closed) throw new Error('The multilingual embedder is closed');
    if (texts.some((text) => typeof text !== 'string')) throw new TypeError('every text must be a string');
    signal?.throwIfAborted();
    if (texts.length === 0) return [];
    const data = await this.#host.run(this.#session, [...texts], signal, order).catch((error: unknown) => {
      throw signal?.aborted ? error : new Error(`Multilingual embedding failed: ${(error as Error).message}`);
    });
    const vectors: Float32Array[] = [];
    for (let row = 0; row < texts.length; row++) vectors.push(data.slice(row * this.dimensions, (row + 1) * this.dimensions));
    return vectors;
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.#embed([text], signal, { priority: 'read', merge: false });
    if (!vector) throw new Error('The model worker returned no vector');
    return vector;
  }

  close(): Promise<void> {
    this.#closed ??= this.#host.release(this.#session);
    return this.#closed;
  }
}
