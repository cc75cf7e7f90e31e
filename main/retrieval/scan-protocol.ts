import type { MessagePort } from 'node:worker_threads';
import type { WasmMemory } from './wasm-assembly.js';

/**
 * What the scan pool (scan-pool.ts) and its workers (scan-worker.ts) share: one small control block per worker, an
 * Int32Array over a SharedArrayBuffer, carries each job and its outcome; messages on a port carry what changes
 * rarely (the memory to scan, a longer results buffer), and the worker reads them with `receiveMessageOnPort` when
 * a job wakes it, so it never needs its event loop.
 */

/** Positions in the control block. Addresses are byte offsets into the scanned memory (unsigned: read with >>> 0). */
export const controlWord = { state: 0, memory: 1, rows: 2, count: 3, stride: 4, query: 5, scratch: 6 } as const;
export const controlWords = 8;

/** A worker's state: it sets `idle` once started, the caller `job`, the worker `done` or `failed`, or the caller `abandoned`. */
export const scanState = { starting: 0, idle: 1, job: 2, done: 3, failed: 4, abandoned: 5 } as const;

/**
 * Rows a worker scans per kernel call into its own scratch, before copying them to its results buffer. A worker
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
