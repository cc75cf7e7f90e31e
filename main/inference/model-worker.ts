import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../core/errors.js';
import type { ModelKind, ModelKinds, ModelWorkerReply, ModelWorkerRequest, RunOrder } from './model-worker-protocol.js';

/** A session opened in the model worker, typed by its kind. */
export interface ModelSessionHandle<K extends ModelKind> {
  readonly session: number;
  readonly kind: K;
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

/** Owns the model worker thread: opens and releases sessions in it and routes requests and replies. */
export class ModelWorkerHost {
  readonly #worker: Worker;
  readonly #opening = new Map<number, Pending>();
  readonly #releasing = new Map<number, () => void>();
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #failure: Error | undefined;

  constructor() {
    keepOnnxRuntimeLoaded();
    this.#worker = startWorker('model-worker-thread');
    this.#worker.unref();
    this.#worker.on('message', (reply: ModelWorkerReply) => this.#receive(reply));
    this.#worker.on('error', (error) => this.#fail(new Error(`The model worker failed: ${error.message}`)));
    this.#worker.on('exit', (code) => this.#fail(new Error(`The model worker exited (${code})`)));
  }

  get failed(): boolean {
    return this.#failure !== undefined;
  }

  /** Loads a model in the worker; rejects with the worker's reason when it cannot be loaded. */
  async open<K extends ModelKind>(kind: K, config: ModelKinds[K]['config']): Promise<ModelSessionHandle<K>> {
    const session = this.#nextId++;
    await this.#send({ type: 'open', session, kind, config }, (pending) => this.#opening.set(session, pending));
    return { session, kind };
  }

  release(handle: ModelSessionHandle<ModelKind>): Promise<void> {
    if (this.#failure) return Promise.resolve();
    return this.#send<void>({ type: 'release', session: handle.session }, ({ resolve }) => this.#releasing.set(handle.session, () => resolve(undefined)));
  }

  /**
   * Runs one input through a session; a cancel through `signal` rejects with its reason at once. By default a read
   * that runs alone; see RunOrder for writes and merged reads.
   */
  run<K extends ModelKind>(
    handle: ModelSessionHandle<K>,
    input: ModelKinds[K]['input'],
    signal: AbortSignal | undefined,
    order: RunOrder = { priority: 'read', merge: false },
  ): Promise<ModelKinds[K]['output']> {
    // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the signal's own reason (an AbortError unless the caller chose one), as fetch rejects
    if (signal?.aborted) return Promise.reject(signal.reason);
    const id = this.#nextId++;
    return this.#send({ type: 'run', id, session: handle.session, input, order }, ({ resolve, reject }) => {
      const onAbort = () => {
        if (!this.#pending.delete(id)) return;
        this.#worker.postMessage({ type: 'cancel', id } satisfies ModelWorkerRequest);
        this.#updateReference();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal?.removeEventListener('abort', onAbort);
      this.#pending.set(id, {
        // The worker answers a run with its session kind's output (model-worker-thread.ts).
        resolve: (output) => (detach(), resolve(output as ModelKinds[K]['output'])),
        reject: (error) => (detach(), reject(error)),
      });
    });
  }

  /** Registers the reply handler, then posts; the worker keeps the process alive only while something is awaited. */
  #send<T>(request: ModelWorkerRequest, register: (pending: { resolve: (value: T) => void; reject: (error: unknown) => void }) => void): Promise<T> {
    if (this.#failure) return Promise.reject(this.#failure);
    const promise = new Promise<T>((resolve, reject) => register({ resolve, reject }));
    this.#worker.postMessage(request);
    this.#updateReference();
    return promise;
  }

  #receive(reply: ModelWorkerReply): void {
    switch (reply.type) {
      case 'opened':
        this.#opening.get(reply.session)?.resolve(undefined);
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
      case 'result': {
        const pending = this.#pending.get(reply.id);
        if (!pending) break; // cancelled by the caller already
        this.#pending.delete(reply.id);
        if (reply.type === 'error') pending.reject(new Error(reply.message));
        else pending.resolve(reply.output);
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
 * The process's one model worker, created on first use and shared by the embedder and the reranker: ONNX sessions
 * in two threads crash onnxruntime-node 1.21 (see model-worker-protocol.ts). It is deliberately never ended:
 * onnxruntime-node cannot be loaded into a new worker once the worker that held it has exited ("Module did not
 * self-register"), and ending workers that had held ONNX sessions corrupted the heap in tests. Models open and
 * release sessions in it instead; it is unref'd while idle, so it never keeps the process alive.
 */
let processHost: ModelWorkerHost | undefined;

/** The shared model worker; a new one only when the previous one failed. */
export function sharedModelWorker(): ModelWorkerHost {
  if (!processHost || processHost.failed) processHost = new ModelWorkerHost();
  return processHost;
}

/**
 * Loads onnxruntime-node's addon in this thread too (no session, no inference), so that a worker re-created after a
 * crash can still load it.
 */
function keepOnnxRuntimeLoaded(): void {
  const requireFromHere = createRequire(import.meta.url);
  createRequire(requireFromHere.resolve('@huggingface/transformers'))('onnxruntime-node');
}

/**
 * The worker is JavaScript once tsc has built dist/, and TypeScript under vitest/tsx. Node 20 ignores `--import tsx`
 * in a worker's execArgv, so a TypeScript worker starts from a tiny CommonJS shim that registers tsx's loader and
 * then imports the real worker file.
 */
function startWorker(name: string): Worker {
  const extension = extname(fileURLToPath(import.meta.url));
  const script = new URL(`./${name}${extension}`, import.meta.url);
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
