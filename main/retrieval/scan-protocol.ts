import type { MessagePort } from 'node:worker_threads';
import type { WasmMemory } from './wasm-assembly.js';

/**
 * What the scan pool (scan-pool.ts) and its workers (scan-worker.ts) share: one small control block per worker, an
 * Int32Array over a SharedArrayBuffer, carries each job and its outcome; messages on a port carry what changes
 * rarely (the memory to scan, a longer results buffer), and the worker reads them with `receiveMessageOnPort` when
 * a job wakes it, so it never needs its event loop.
 */

/**
 * Positions in the control block. Addresses are byte offsets into the scanned memory (unsigned: read with >>> 0).
 * `span` holds the chunks of the slice nobody has taken yet, `front | back << 16`: the worker takes chunks from the
 * front, the caller, once done with its own slice, from the back (each with a compare-and-swap, so every chunk is
 * scanned once). A worker that wakes late, or runs slowly on a busy machine, then costs the caller no waiting.
 */
export const controlWord = { state: 0, memory: 1, rows: 2, count: 3, stride: 4, query: 5, scratch: 6, span: 7, kernel: 8 } as const;
export const controlWords = 9;

/** Which kernel a job runs: float32 dot products (simd-dot-kernel.ts) or int8 ones (simd-int8-kernel.ts). */
export const scanKernelKind = { float32: 0, int8: 1 } as const;

/** A worker's state: it sets `idle` once started, the caller `job`, the worker `done` or `failed`, or the caller `abandoned`. */
export const scanState = { starting: 0, idle: 1, job: 2, done: 3, failed: 4, abandoned: 5 } as const;

/** The span of `chunks` chunks, none taken (a slice has at most 65,535: a 4 GB memory holds 2^26 rows at most, split in two or more). */
export function fullSpan(chunks: number): number {
  return chunks << 16;
}

/** Takes one chunk from the front (the worker) or the back (the caller) of a control block's span; -1 once none is left. */
export function takeChunk(control: Int32Array, end: 'front' | 'back'): number {
  for (;;) {
    const span = Atomics.load(control, controlWord.span);
    const front = span & 0xffff;
    const back = span >>> 16;
    if (front >= back) return -1;
    const next = end === 'front' ? span + 1 : ((back - 1) << 16) | front;
    if (Atomics.compareExchange(control, controlWord.span, span, next) === span) return end === 'front' ? front : back - 1;
  }
}

/** Chunks taken from the front so far: the worker's share of its slice. */
export function frontTaken(control: Int32Array): number {
  return Atomics.load(control, controlWord.span) & 0xffff;
}

/**
 * Rows per chunk: a worker scans a chunk per kernel call into its own scratch (4 bytes a row, a float32 or an int32
 * dot product), then copies it to its results buffer. A worker
 * writes into the scanned memory only there, so one that answers too late (and was abandoned) cannot overwrite
 * anything the caller reads: its scratch is never given to another worker, and its results buffer is not read again.
 */
export const scanChunkRows = 1024;

/** The most threads a scan uses, the caller's included; scratch for the workers is reserved in every scanned memory. */
export const maximumScanThreads = 16;

/** Bytes each scanned memory reserves for the workers' scratch, one chunk of dot products per worker. */
export const scanScratchBytes = (maximumScanThreads - 1) * scanChunkRows * 4;

/** What a worker is started with. */
export interface ScanWorkerData {
  control: SharedArrayBuffer;
  port: MessagePort;
}

/** A message to a worker: a new memory to scan (it drops the one it held), or a longer results buffer. */
export interface ScanWorkerMessage {
  memory?: { id: number; memory: WasmMemory };
  results?: SharedArrayBuffer;
}
