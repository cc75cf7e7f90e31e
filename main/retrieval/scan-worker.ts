import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { controlWord, scanChunkRows, scanKernelKind, scanState, takeChunk, type ScanWorkerData, type ScanWorkerMessage } from './scan-protocol.js';
import { createSimdDotKernel } from './simd-dot-kernel.js';
import { createSimdInt8Kernel } from './simd-int8-kernel.js';
import type { WasmMemory } from './wasm-assembly.js';

/**
 * A scan worker (scan-pool.ts): it sleeps in `Atomics.wait` on its control block, and for each job runs the job's
 * kernel (float32 or int8 dot products) over the chunks of its slice of rows in the shared memory that the caller has not taken, from the front,
 * each into its own scratch and then into its results buffer. It holds one memory at a time, so a space the caller has dropped is freed at the next job on
 * another. Any error ends the worker after saying `failed`; the caller then scans the slice itself.
 */

const { control: controlBuffer, port } = workerData as ScanWorkerData;
const control = new Int32Array(controlBuffer);
interface HeldMemory {
  memory: WasmMemory;
  /** The job's kernel function over this memory, by kind, made on first use. */
  kernels: Map<number, (rows: number, count: number, stride: number, query: number, out: number) => void>;
}
let held: HeldMemory | undefined;
let memoryId = -1;
let scratch: Int32Array = new Int32Array(0);
let results: Int32Array = new Int32Array(0);

function kernelFor(memory: HeldMemory, kind: number): (rows: number, count: number, stride: number, query: number, out: number) => void {
  let run = memory.kernels.get(kind);
  if (!run) {
    if (kind === scanKernelKind.float32) run = createSimdDotKernel(memory.memory).dots;
    else if (kind === scanKernelKind.int8) run = createSimdInt8Kernel(memory.memory).dots8;
    else throw new Error(`a scan job for an unknown kernel ${kind}`);
    memory.kernels.set(kind, run);
  }
  return run;
}

function readMessages(): void {
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const message = received.message as ScanWorkerMessage;
    if (message.memory) {
      held = { memory: message.memory.memory, kernels: new Map() };
      memoryId = message.memory.id;
      scratch = new Int32Array(0);
    }
    if (message.results) results = new Int32Array(message.results);
  }
}

function scanSlice(): void {
  readMessages();
  const rows = (control[controlWord.rows] as number) >>> 0;
  const count = control[controlWord.count] as number;
  const stride = control[controlWord.stride] as number;
  const query = (control[controlWord.query] as number) >>> 0;
  const scratchAddress = (control[controlWord.scratch] as number) >>> 0;
  if (!held || memoryId !== control[controlWord.memory]) throw new Error('a scan job came before its memory');
  const kind = control[controlWord.kernel] as number;
  const run = kernelFor(held, kind);
  const rowBytes = kind === scanKernelKind.int8 ? stride : stride * 4;
  if (results.length < count) throw new Error(`a results buffer of ${results.length} words for ${count} rows`);
  // The scratch lies below the rows, so a view made before the memory grew still covers it.
  if (scratch.length === 0 || scratch.byteOffset !== scratchAddress) scratch = new Int32Array(held.memory.buffer, scratchAddress, scanChunkRows);
  for (let chunk = takeChunk(control, 'front'); chunk >= 0; chunk = takeChunk(control, 'front')) {
    const first = chunk * scanChunkRows;
    const rowsInChunk = Math.min(scanChunkRows, count - first);
    run(rows + first * rowBytes, rowsInChunk, stride, query, scratchAddress);
    results.set(scratch.subarray(0, rowsInChunk), first);
    // The caller gave up waiting: it scans this slice itself.
    if (Atomics.load(control, controlWord.state) !== scanState.job) return;
  }
}

Atomics.store(control, controlWord.state, scanState.idle);
Atomics.notify(control, controlWord.state);
for (;;) {
  const state = Atomics.load(control, controlWord.state);
  if (state !== scanState.job) {
    Atomics.wait(control, controlWord.state, state);
    continue;
  }
  try {
    scanSlice();
  } catch (error) {
    Atomics.store(control, controlWord.state, scanState.failed);
    Atomics.notify(control, controlWord.state);
    throw error;
  }
  // Abandoned meanwhile: the caller no longer uses this worker.
  if (Atomics.compareExchange(control, controlWord.state, scanState.job, scanState.done) !== scanState.job) break;
  Atomics.notify(control, controlWord.state);
}
port.close();
