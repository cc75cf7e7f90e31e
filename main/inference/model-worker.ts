import { createRequire } from 'node:module';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { fork } from 'node:child_process';
import { AppError } from '../core/errors.js';
import { startWorkerFile } from '../core/worker-file.js';
import type { ModelKind, ModelKinds, ModelWorkerReply, ModelWorkerRequest, RunOrder } from './model-worker-protocol.js';
import { createReadTurns, type ReadTurns } from '../core/read-turns.js';

/** A session opened in the model worker, typed by its kind. */
export interface ModelSessionHandle<K extends ModelKind> {
  readonly session: number;
  readonly kind: K;
}

interface Pending {
  resolve: (output: unknown) => void;
  reject: (error: unknown) => void;
}

interface PendingRun extends Pending {
  priority: RunOrder['priority'];
}

/** How a host reaches its worker, a thread or a process: post, listen, and whether it keeps this process alive. */
export interface ModelWorkerChannel {
  post(request: ModelWorkerRequest): void;
  onMessage(listener: (reply: ModelWorkerReply) => void): void;
  /** Called once when the worker cannot serve any more (it crashed or exited). */
  onFailure(listener: (reason: Error) => void): void;
  ref(): void;
  unref(): void;
}

/** What the embedders and the reranker need of a model worker, or of a pool of them (model-pool.ts). */
export interface ModelRunner {
  readonly failed: boolean;
  open<K extends ModelKind>(kind: K, config: ModelKinds[K]['config']): Promise<ModelSessionHandle<K>>;
  release(handle: ModelSessionHandle<ModelKind>): Promise<void>;
  run<K extends ModelKind>(handle: ModelSessionHandle<K>, input: ModelKinds[K]['input'], signal: AbortSignal | undefined, order?: RunOrder): Promise<ModelKinds[K]['output']>;
}

/** Owns one model worker (a thread or a process): opens and releases sessions in it and routes requests and replies. */
export class ModelWorkerHost implements ModelRunner {
  readonly #worker: ModelWorkerChannel;
  readonly #opening = new Map<number, Pending>();
  readonly #releasing = new Map<number, () => void>();
  readonly #pending = new Map<number, PendingRun>();
  readonly #readTurns: ReadTurns;
  #nextId = 1;
  #failure: Error | undefined;

  /**
   * The process's model thread unless another channel is given (a model process of the pool). A read's result is
   * handed back in a turn of its own (read-turns.ts), so the reply to a write that came after it is not held back.
   */
  constructor(channel: ModelWorkerChannel = threadChannel(), readTurns: ReadTurns = createReadTurns()) {
    this.#worker = channel;
    this.#readTurns = readTurns;
    this.#worker.unref();
    this.#worker.onMessage((reply) => this.#receive(reply));
    this.#worker.onFailure((reason) => this.#fail(reason));
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
        this.#worker.post({ type: 'cancel', id });
        this.#updateReference();
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      const detach = () => signal?.removeEventListener('abort', onAbort);
      this.#pending.set(id, {
        priority: order.priority,
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
    this.#worker.post(request);
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
        const settle = reply.type === 'error' ? () => pending.reject(new Error(reply.message)) : () => pending.resolve(reply.output);
        if (pending.priority === 'write') settle();
        else this.#readTurns.defer(settle);
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

/** A model worker thread in this process (the only thread of the process that may run ONNX sessions). */
function threadChannel(): ModelWorkerChannel {
  keepOnnxRuntimeLoaded();
  const worker = startWorkerFile(import.meta.url, 'model-worker-thread');
  return {
    post: (request) => worker.postMessage(request),
    onMessage: (listener) => worker.on('message', listener),
    onFailure: (listener) => {
      worker.on('error', (error) => listener(new Error(`The model worker failed: ${error.message}`)));
      worker.on('exit', (code) => listener(new Error(`The model worker exited (${code})`)));
    },
    ref: () => worker.ref(),
    unref: () => worker.unref(),
  };
}

/**
 * A model worker in a child process of its own, for the query pool: onnxruntime-node runs inference in one thread
 * per process only. Vectors travel by structured clone over the IPC channel. The child ends with this process.
 */
export function processChannel(): ModelWorkerChannel {
  // The packaged app turns Electron's runAsNode fuse off, so a fork would start a second app, not Node; the desktop
  // app would need utilityProcess here, which it does not have yet: it embeds queries in its model thread alone.
  if (process.versions.electron) throw new AppError('unavailable', 'model processes are not available inside Electron');
  const extension = extname(fileURLToPath(import.meta.url));
  const script = fileURLToPath(new URL(`./model-worker-process${extension}`, import.meta.url));
  // Under vitest/tsx the worker is TypeScript; a child process (unlike a worker thread) honours --import.
  const child = fork(script, [], { serialization: 'advanced', execArgv: extension === '.ts' ? ['--import', 'tsx'] : [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let failed = false;
  const failures: ((reason: Error) => void)[] = [];
  const fail = (reason: Error) => {
    if (failed) return;
    failed = true;
    for (const listener of failures) listener(reason);
  };
  child.on('error', (error) => fail(new Error(`The model process failed: ${error.message}`)));
  child.on('exit', (code, signal) => fail(new Error(`The model process exited (${signal ?? code})`)));
  return {
    post: (request) => {
      if (!failed && child.connected) child.send(request);
    },
    onMessage: (listener) => child.on('message', (reply) => listener(reply as ModelWorkerReply)),
    onFailure: (listener) => failures.push(listener),
    // The IPC channel, not only the child, keeps this process's event loop alive.
    ref: () => (child.ref(), child.channel?.ref()),
    unref: () => (child.unref(), child.channel?.unref()),
  };
}

/**
 * Loads onnxruntime-node's addon in this thread too (no session, no inference), so that a worker re-created after a
 * crash can still load it.
 */
function keepOnnxRuntimeLoaded(): void {
  const requireFromHere = createRequire(import.meta.url);
  createRequire(requireFromHere.resolve('@huggingface/transformers'))('onnxruntime-node');
}
