import { availableParallelism } from 'node:os';
import { MessageChannel, type MessagePort, type Worker } from 'node:worker_threads';
import { startWorkerFile } from '../core/worker-file.js';
import {
  controlWord,
  controlWords,
  frontTaken,
  fullSpan,
  maximumScanThreads,
  scanChunkRows,
  scanKernelKind,
  scanState,
  takeChunk,
  type ScanWorkerData,
  type ScanWorkerMessage,
} from './scan-protocol.js';
import type { SimdDotKernel } from './simd-dot-kernel.js';
import type { SimdInt8Kernel } from './simd-int8-kernel.js';
import type { WasmMemory } from './wasm-assembly.js';

/**
 * Long-lived worker threads that split an exact scan with the calling thread. The call stays synchronous: the caller
 * posts each worker its slice through a shared control block (`Atomics.notify`), scans the first slice itself, then
 * takes back, chunk by chunk from the end, whatever part of each worker's slice the worker has not started, and waits
 * (`Atomics.wait`, which Node allows on the main thread) only for chunks a worker is scanning, copying its answers
 * beside its own. So a worker that wakes late on a busy machine costs no waiting. Every row is scanned once, by the
 * same kernel, so the dot products are the bytes one thread computes.
 *
 * A worker that fails, or does not answer within `answerWithinMs`, has its chunks scanned by the caller and is never
 * used again. Workers start on the first scan large enough to split (that scan, and any before they are up, runs
 * on one thread), never keep the process alive (`unref`), and end with `close()`.
 */

/**
 * Threads `auto` gives a scan: every core up to this. A scan is bound by memory bandwidth once the matrix is past the
 * cache (one thread read ~20 GB/s here at 100k × 384), so more threads than this are unlikely to help; measured only
 * on 2 cores so far.
 */
export const autoScanThreadsCap = 4;

/**
 * Rows from which a scan is split. A worker round trip costs ~15-40 µs, and one thread scans a 384-d row in ~30 ns
 * while the matrix fits in the cache (10k rows, 15 MB) and ~60-100 ns past it. Measured on the 2-core machine, kernel
 * alone, one thread and two taking turns (4 runs at load 3.5-4.7, with no core to spare: two spinning threads got
 * 0.5-1.1 × one's work done): two were slower below 50k rows in every run (p50 5k 0.16 → 0.18 ms, 10k 0.33-0.40 →
 * 0.37-0.48 ms, 20k 0.97-1.41 → 1.04-1.68 ms) and at 50k-100k as often faster as slower. A machine with idle cores
 * would gain from fewer rows; this one has not shown it.
 */
export const defaultParallelScanMinimumRows = 50_000;

/** How long a caller waits for a worker's slice before scanning it itself; far above a slice's ~10 ms at 100k rows. */
export const defaultWorkerAnswerMs = 1000;

/** A kernel a pool can split: float32 rows (`stride` floats a row) or int8 rows (`stride` bytes a row); either writes 4 bytes a row. */
export type ScanKernel = SimdDotKernel | SimdInt8Kernel;

/** The kernel's function, its kind for a worker, and the bytes of one row of `stride`. */
function kernelParts(kernel: ScanKernel, stride: number): { run: SimdDotKernel['dots']; kind: number; rowBytes: number } {
  return 'dots8' in kernel ? { run: kernel.dots8, kind: scanKernelKind.int8, rowBytes: stride } : { run: kernel.dots, kind: scanKernelKind.float32, rowBytes: stride * 4 };
}

/** One scan, in byte offsets into the kernel's memory: `count` rows from `rows`, the query, where the dots go, and the workers' scratch. */
export interface DotsJob {
  rows: number;
  count: number;
  stride: number;
  query: number;
  out: number;
  scratch: number;
}

export interface ScanPoolOptions {
  /** Threads a scan uses, the caller's included: a number (at most `maximumScanThreads`), or `auto`. */
  threads: number | 'auto';
  /** Scans of fewer rows run on the calling thread alone (default `defaultParallelScanMinimumRows`). */
  minimumRows?: number;
  /** Default `defaultWorkerAnswerMs`. */
  answerWithinMs?: number;
  /** Starts one worker with its data; the default is scan-worker.ts (tests start workers that fail). */
  startWorker?: (data: ScanWorkerData, transferList: MessagePort[]) => Worker;
}

export interface ScanPool {
  /** Threads a scan of `rows` rows would use now: 1 below the minimum, else the caller and each worker that is up. */
  threadsFor(rows: number): number;
  /** Fills the job's dots for every row, split across the threads `threadsFor` gives; returns how many answered. */
  dots(kernel: ScanKernel, job: DotsJob): number;
  /** Starts the workers (if not yet) and resolves once each is up or has failed. */
  start(): Promise<void>;
  /** Ends the workers; scans after it run on the calling thread. */
  close(): Promise<void>;
}

interface ScanWorker {
  worker: Worker;
  control: Int32Array;
  port: MessagePort;
  /** Where this worker's scratch lies, counted in chunks from a job's `scratch`. */
  slot: number;
  /** The memory it holds (ids are the pool's), and its results buffer (4 bytes a row, copied as bits). */
  memoryId: number;
  results: Int32Array;
  retired: boolean;
  started: Promise<void>;
  /** When its last job was posted (performance.now()). */
  postedAt: number;
}

/** Atomics.waitAsync (Node 16+; TypeScript declares it in ES2024, and this project compiles against ES2023). */
type WaitAsync = (array: Int32Array, index: number, value: number) => { async: boolean; value: Promise<string> | string };

/** Starts scan-worker.ts, the pool's default worker. */
export function startScanWorker(workerData: ScanWorkerData, transferList: MessagePort[]): Worker {
  return startWorkerFile(import.meta.url, 'scan-worker', { workerData, transferList });
}

/** The threads for a setting: a number as given (at most `maximumScanThreads`), `auto` as every core up to the cap. */
export function scanThreads(setting: number | 'auto', cores: number = availableParallelism()): number {
  const wanted = setting === 'auto' ? Math.min(autoScanThreadsCap, cores) : setting;
  return Math.max(1, Math.min(maximumScanThreads, Math.floor(wanted)));
}

/**
 * Whether this thread may block in `Atomics.wait`: Node's main thread may; a browser page's may not, and an embedder
 * can forbid it. Asked with a value that does not match, so it never blocks: the check comes first.
 */
export function blockingWaitAllowed(): boolean {
  try {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 1, 0);
    return true;
  } catch {
    return false;
  }
}

/** A pool for scans on this thread (one thread alone where it may not wait); no worker starts until a scan needs one. */
export function createScanPool(options: ScanPoolOptions): ScanPool {
  const threads = blockingWaitAllowed() ? scanThreads(options.threads) : 1;
  const minimumRows = options.minimumRows ?? defaultParallelScanMinimumRows;
  const answerWithinMs = options.answerWithinMs ?? defaultWorkerAnswerMs;
  const startWorker = options.startWorker ?? startScanWorker;
  const memoryIds = new WeakMap<WasmMemory, number>();
  let nextMemoryId = 0;
  let workers: ScanWorker[] | undefined;
  let closed = false;

  function startOne(slot: number): ScanWorker {
    const controlBuffer = new SharedArrayBuffer(controlWords * 4);
    const control = new Int32Array(controlBuffer);
    const { port1, port2 } = new MessageChannel();
    const worker = startWorker({ control: controlBuffer, port: port2 }, [port2]);
    worker.unref();
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    const up = (Atomics as unknown as { waitAsync: WaitAsync }).waitAsync(control, controlWord.state, scanState.starting).value;
    const entry: ScanWorker = {
      worker,
      control,
      port: port1,
      slot,
      memoryId: -1,
      results: new Int32Array(0),
      retired: false,
      postedAt: 0,
      started: Promise.race([exited, Promise.resolve(up).then(() => undefined)]),
    };
    // An error ends the worker; without a listener it would be thrown here.
    worker.on('error', () => retire(entry));
    void exited.then(() => retire(entry));
    return entry;
  }

  function retire(entry: ScanWorker): void {
    if (entry.retired) return;
    entry.retired = true;
    entry.port.close();
    void entry.worker.terminate();
  }

  /**
   * Workers free for a job, starting them all on the first call. One still busy with an earlier job (it woke after
   * the caller had taken its whole slice) sits this one out; one that failed, or has been busy past the bound, retires.
   */
  function helpers(): ScanWorker[] {
    if (closed || threads === 1) return [];
    workers ??= Array.from({ length: threads - 1 }, (_, slot) => startOne(slot));
    return workers.filter((entry) => {
      const state = Atomics.load(entry.control, controlWord.state);
      if (state === scanState.failed || (state === scanState.job && performance.now() - entry.postedAt > answerWithinMs)) retire(entry);
      return !entry.retired && (state === scanState.idle || state === scanState.done);
    });
  }

  function memoryId(memory: WasmMemory): number {
    let id = memoryIds.get(memory);
    if (id === undefined) {
      id = nextMemoryId++;
      memoryIds.set(memory, id);
    }
    return id;
  }

  function post(entry: ScanWorker, kernel: ScanKernel, job: DotsJob, first: number, end: number): void {
    const message: ScanWorkerMessage = {};
    const id = memoryId(kernel.memory);
    if (entry.memoryId !== id) {
      message.memory = { id, memory: kernel.memory };
      entry.memoryId = id;
    }
    if (entry.results.length < end - first) {
      entry.results = new Int32Array(new SharedArrayBuffer(Math.ceil((end - first) * 1.25) * 4));
      message.results = entry.results.buffer as SharedArrayBuffer;
    }
    if (message.memory || message.results) entry.port.postMessage(message);
    const control = entry.control;
    const { kind, rowBytes } = kernelParts(kernel, job.stride);
    control[controlWord.memory] = id;
    control[controlWord.kernel] = kind;
    // Int32Array stores wrap addresses past 2 GB; the worker reads them back with >>> 0.
    control[controlWord.rows] = job.rows + first * rowBytes;
    control[controlWord.count] = end - first;
    control[controlWord.stride] = job.stride;
    control[controlWord.query] = job.query;
    control[controlWord.scratch] = job.scratch + entry.slot * scanChunkRows * 4;
    control[controlWord.span] = fullSpan(Math.ceil((end - first) / scanChunkRows));
    entry.postedAt = performance.now();
    Atomics.store(control, controlWord.state, scanState.job);
    Atomics.notify(control, controlWord.state);
  }

  /** Whether the worker answered by the deadline; if not, it is marked abandoned so it stops and writes nothing more we read. */
  function answered(entry: ScanWorker, deadline: number): boolean {
    const control = entry.control;
    for (;;) {
      if (Atomics.load(control, controlWord.state) !== scanState.job) break;
      const remaining = deadline - performance.now();
      if (remaining <= 0) break;
      Atomics.wait(control, controlWord.state, scanState.job, remaining);
    }
    return Atomics.compareExchange(control, controlWord.state, scanState.job, scanState.abandoned) === scanState.done;
  }

  return {
    threadsFor(rows) {
      return rows < minimumRows ? 1 : 1 + helpers().length;
    },
    dots(kernel, job) {
      const team = job.count < minimumRows ? [] : helpers();
      const { run, rowBytes } = kernelParts(kernel, job.stride);
      if (team.length === 0) {
        run(job.rows, job.count, job.stride, job.query, job.out);
        return 1;
      }
      const parts = team.length + 1;
      const boundary = (part: number) => Math.floor((part * job.count) / parts);
      const slices = team.map((entry, index) => ({ entry, first: boundary(index + 1), end: boundary(index + 2) }));
      for (const { entry, first, end } of slices) post(entry, kernel, job, first, end);
      const scan = (first: number, end: number) => run(job.rows + first * rowBytes, end - first, job.stride, job.query, job.out + first * 4);
      scan(0, boundary(1));
      // Copied as 32-bit words: the bits of a float32 or an int32 alike.
      const dots = new Int32Array(kernel.memory.buffer, job.out, job.count);
      let deadline: number | undefined;
      let threadsAnswered = 1;
      for (const { entry, first, end } of slices) {
        for (let chunk = takeChunk(entry.control, 'back'); chunk >= 0; chunk = takeChunk(entry.control, 'back')) {
          scan(first + chunk * scanChunkRows, Math.min(end, first + (chunk + 1) * scanChunkRows));
        }
        const workerRows = Math.min(end - first, frontTaken(entry.control) * scanChunkRows);
        if (workerRows === 0) continue;
        deadline ??= performance.now() + answerWithinMs;
        if (answered(entry, deadline)) {
          dots.set(entry.results.subarray(0, workerRows), first);
          threadsAnswered += 1;
          continue;
        }
        retire(entry);
        scan(first, first + workerRows);
      }
      return threadsAnswered;
    },
    async start() {
      helpers();
      // Held while awaited: an unref'd worker alone would let the process exit before it is up.
      for (const entry of workers ?? []) entry.worker.ref();
      await Promise.all((workers ?? []).map((entry) => entry.started));
      for (const entry of workers ?? []) entry.worker.unref();
    },
    async close() {
      closed = true;
      for (const entry of workers ?? []) retire(entry);
      await Promise.all((workers ?? []).map((entry) => entry.worker.terminate()));
    },
  };
}
