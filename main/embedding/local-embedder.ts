import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, extname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../app/errors.js';
import type { Embedder } from './embedder.js';
import { localEmbedderId } from './local-embedder-id.js';
import type { LocalEmbedderReply, LocalEmbedderRequest, LocalSessionConfig } from './local-embedder-worker.js';
import { loadModelManifest, verifyModel, type ModelManifest } from './model-manifest.js';

export interface LocalEmbedderOptions {
  modelDir: string;
  /** q8 (default): the int8 model, ~2.5x faster; fp32: the reference weights. */
  dtype?: 'q8' | 'fp32';
  /** ONNX Runtime intra-op threads; 1 by default (measured fastest on the 2-core target). */
  threads?: number;
  /**
   * Texts per inference call. q8 defaults to 1: dynamic int8 quantisation scales activations over the whole
   * batch, so a batched text's vector would depend on its neighbours (cosine ~0.995 instead of 1).
   * fp32 defaults to 16, which gives the same vectors as one at a time.
   */
  batchSize?: number;
  /** Tests pass a fake; the app uses the shipped one. */
  manifest?: ModelManifest;
}

/** The local bge-small-en-v1.5 embedder: verified files, inference in a worker thread, query prefix on queries only. */
export async function createLocalEmbedder(options: LocalEmbedderOptions): Promise<Embedder> {
  const manifest = options.manifest ?? loadModelManifest();
  const modelDir = resolve(options.modelDir);
  const verification = verifyModel(modelDir, { manifest });
  if (!verification.ok) {
    throw new AppError('unavailable', `The local embedding model cannot be used: ${verification.problem}`);
  }
  const dtype = options.dtype ?? 'q8';
  const batchSize = options.batchSize ?? (dtype === 'q8' ? 1 : 16);
  const threads = options.threads ?? 1;
  if (!Number.isInteger(batchSize) || batchSize < 1) throw new AppError('invalid_input', `batchSize must be a positive integer, got ${batchSize}`);
  if (!Number.isInteger(threads) || threads < 1) throw new AppError('invalid_input', `threads must be a positive integer, got ${threads}`);

  const host = sharedHost();
  const session = await host.open({
    modelRoot: dirname(modelDir),
    modelName: basename(modelDir),
    dtype,
    threads,
    batchSize,
    dimensions: manifest.dimensions,
  });
  return new LocalEmbedder(localEmbedderId(manifest, dtype, batchSize), manifest.dimensions, manifest.queryPrefix, host, session);
}

class LocalEmbedder implements Embedder {
  readonly id: string;
  readonly dimensions: number;
  readonly #queryPrefix: string;
  readonly #host: EmbeddingWorkerHost;
  readonly #session: number;
  #closed: Promise<void> | undefined;

  constructor(id: string, dimensions: number, queryPrefix: string, host: EmbeddingWorkerHost, session: number) {
    this.id = id;
    this.dimensions = dimensions;
    this.#queryPrefix = queryPrefix;
    this.#host = host;
    this.#session = session;
  }

  embedDocuments(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (this.#closed) return Promise.reject(new Error('The embedder is closed'));
    return this.#host.embed(this.#session, [...texts], this.dimensions, signal);
  }

  async embedQuery(text: string, signal?: AbortSignal): Promise<Float32Array> {
    const [vector] = await this.embedDocuments([this.#queryPrefix + text], signal);
    if (!vector) throw new Error('The embedding worker returned no vector');
    return vector;
  }

  close(): Promise<void> {
    this.#closed ??= this.#host.release(this.#session);
    return this.#closed;
  }
}

interface Pending {
  count: number;
  dimensions: number;
  resolve: (vectors: Float32Array[]) => void;
  reject: (error: unknown) => void;
}

/** Owns the worker thread: opens and releases model sessions in it and routes requests and replies. */
class EmbeddingWorkerHost {
  readonly #worker: Worker;
  readonly #opening = new Map<number, { resolve: (session: number) => void; reject: (error: unknown) => void }>();
  readonly #releasing = new Map<number, () => void>();
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | undefined;

  constructor() {
    keepOnnxRuntimeLoaded();
    this.#worker = newWorker();
    this.#worker.unref();
    this.#worker.on('message', (reply: LocalEmbedderReply) => this.#receive(reply));
    this.#worker.on('error', (error) => this.#fail(new Error(`The embedding worker failed: ${error.message}`)));
    this.#worker.on('exit', (code) => this.#fail(new Error(`The embedding worker exited (${code})`)));
  }

  get failed(): boolean {
    return this.#failure !== undefined;
  }

  open(config: LocalSessionConfig): Promise<number> {
    const session = this.#nextId++;
    return this.#send({ type: 'open', session, config }, (resolvePromise, reject) => {
      this.#opening.set(session, {
        resolve: resolvePromise,
        reject: (error) => reject(new AppError('unavailable', `The local embedding model failed to load: ${(error as Error).message}`)),
      });
    });
  }

  release(session: number): Promise<void> {
    if (this.#failure) return Promise.resolve();
    return this.#send({ type: 'release', session }, (resolvePromise) => this.#releasing.set(session, () => resolvePromise()));
  }

  embed(session: number, texts: string[], dimensions: number, signal: AbortSignal | undefined): Promise<Float32Array[]> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (texts.some((text) => typeof text !== 'string')) return Promise.reject(new TypeError('every text must be a string'));
    if (texts.length === 0) return Promise.resolve([]);
    const id = this.#nextId++;
    return this.#send({ type: 'embed', id, session, texts }, (resolvePromise, reject) => {
      const onAbort = () => {
        if (!this.#pending.delete(id)) return;
        this.#worker.postMessage({ type: 'cancel', id } satisfies LocalEmbedderRequest);
        this.#updateReference();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal?.removeEventListener('abort', onAbort);
      this.#pending.set(id, {
        count: texts.length,
        dimensions,
        resolve: (vectors) => (detach(), resolvePromise(vectors)),
        reject: (error) => (detach(), reject(error)),
      });
    });
  }

  /** Registers the reply handler, then posts; the worker keeps the process alive only while something is awaited. */
  #send<T>(request: LocalEmbedderRequest, register: (resolve: (value: T) => void, reject: (error: unknown) => void) => void): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const promise = new Promise<T>(register);
    this.#worker.postMessage(request);
    this.#updateReference();
    return promise;
  }

  #receive(reply: LocalEmbedderReply): void {
    switch (reply.type) {
      case 'opened':
        this.#opening.get(reply.session)?.resolve(reply.session);
        this.#opening.delete(reply.session);
        break;
      case 'open-failed':
        this.#opening.get(reply.session)?.reject(new Error(reply.message));
        this.#opening.delete(reply.session);
        break;
      case 'released':
        this.#releasing.get(reply.session)?.();
        this.#releasing.delete(reply.session);
        break;
      case 'error':
      case 'vectors': {
        const pending = this.#pending.get(reply.id);
        if (!pending) break; // cancelled by the caller already
        this.#pending.delete(reply.id);
        if (reply.type === 'error') {
          pending.reject(new Error(`Embedding failed: ${reply.message}`));
          break;
        }
        // One copy per vector, so each owns its buffer (callers may hand `.buffer` to SQLite).
        const vectors: Float32Array[] = [];
        for (let row = 0; row < pending.count; row++) {
          vectors.push(reply.data.slice(row * pending.dimensions, (row + 1) * pending.dimensions));
        }
        pending.resolve(vectors);
        break;
      }
    }
    this.#updateReference();
  }

  #updateReference(): void {
    if (this.#opening.size + this.#releasing.size + this.#pending.size > 0) this.#worker.ref();
    else this.#worker.unref();
  }

  #fail(reason: Error): void {
    this.#failure ??= reason;
    for (const { reject } of this.#opening.values()) reject(reason);
    for (const { reject } of this.#pending.values()) reject(reason);
    for (const resolvePromise of this.#releasing.values()) resolvePromise();
    this.#opening.clear();
    this.#pending.clear();
    this.#releasing.clear();
  }
}

/**
 * The process's one embedding worker, created on first use. It is deliberately never ended: onnxruntime-node
 * cannot be loaded into a new worker once the worker that held it has exited ("Module did not self-register"),
 * and ending workers that had held ONNX sessions corrupted the heap in tests. Embedders open and release
 * sessions in it instead; it is unref'd while idle, so it never keeps the process alive.
 */
let processHost: EmbeddingWorkerHost | undefined;

function sharedHost(): EmbeddingWorkerHost {
  if (!processHost || processHost.failed) processHost = new EmbeddingWorkerHost();
  return processHost;
}

/**
 * Loads onnxruntime-node's addon in this thread too (no session, no inference), so that a worker re-created
 * after a crash can still load it.
 */
function keepOnnxRuntimeLoaded(): void {
  const requireFromHere = createRequire(import.meta.url);
  createRequire(requireFromHere.resolve('@huggingface/transformers'))('onnxruntime-node');
}

/**
 * The worker is JavaScript once tsc has built dist/, and TypeScript under vitest/tsx. Node 20 ignores
 * `--import tsx` in a worker's execArgv, so a TypeScript worker starts from a tiny CommonJS shim that
 * registers tsx's loader and then imports the real worker file.
 */
function newWorker(): Worker {
  const extension = extname(fileURLToPath(import.meta.url));
  const script = new URL(`./local-embedder-worker${extension}`, import.meta.url);
  if (extension !== '.ts') return new Worker(script, { execArgv: [] });
  const shim = `import(${JSON.stringify(tsxEsmApi().href)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(script.href)}); });`;
  return new Worker(shim, { eval: true, execArgv: [] });
}

/** The ESM entry of `tsx/esm/api`, read from tsx's package exports (require.resolve would give the CommonJS one). */
function tsxEsmApi(): URL {
  const manifestPath = createRequire(import.meta.url).resolve('tsx/package.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { exports: Record<string, { import?: { default?: string } }> };
  const entry = manifest.exports['./esm/api']?.import?.default;
  if (!entry) throw new AppError('unavailable', 'tsx has no ESM entry for tsx/esm/api; cannot start a TypeScript worker');
  return pathToFileURL(join(dirname(manifestPath), entry));
}
