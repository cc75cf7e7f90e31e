import { receiveMessageOnPort, workerData } from 'node:worker_threads';
import { controlWord, scanChunkRows, scanState, takeChunk, type ScanWorkerData, type ScanWorkerMessage } from './scan-protocol.js';
import { createSimdDotKernel, type SimdDotKernel } from './simd-dot-kernel.js';

/**
 * A scan worker (scan-pool.ts): it sleeps in `Atomics.wait` on its control block, and for each job runs the dot
 * kernel over the chunks of its slice of rows in the shared memory that the caller has not taken, from the front,
 * each into its own scratch and then into its results buffer. It holds one memory at a time, so a space the caller has dropped is freed at the next job on
 * another. Any error ends the worker after saying `failed`; the caller then scans the slice itself.
 */

const { control: controlBuffer, port } = workerData as ScanWorkerData;
const control = new Int32Array(controlBuffer);
let kernel: SimdDotKernel | undefined;
let memoryId = -1;
let scratch: Float32Array = new Float32Array(0);
let results: Float32Array = new Float32Array(0);

function readMessages(): void {
  for (let received = receiveMessageOnPort(port); received; received = receiveMessageOnPort(port)) {
    const message = received.message as ScanWorkerMessage;
    if (message.memory) {
      kernel = createSimdDotKernel(message.memory.memory);
      memoryId = message.memory.id;
      scratch = new Float32Array(0);
    }
    if (message.results) results = new Float32Array(message.results);
  }
}

function scanSlice(): void {
  readMessages();
  const rows = (control[controlWord.rows] as number) >>> 0;
  const count = control[controlWord.count] as number;
  const stride = control[controlWord.stride] as number;
  const query = (control[controlWord.query] as number) >>> 0;
  const scratchAddress = (control[controlWord.scratch] as number) >>> 0;
  if (!kernel || memoryId !== control[controlWord.memory]) throw new Error('a scan job came before its memory');
  if (results.length < count) throw new Error(`a results buffer of ${results.length} floats for ${count} rows`);
  // The scratch lies below the rows, so a view made before the memory grew still covers it.
  if (scratch.length === 0 || scratch.byteOffset !== scratchAddress) scratch = new Float32Array(kernel.memory.buffer, scratchAddress, scanChunkRows);
  for (let chunk = takeChunk(control, 'front'); chunk >= 0; chunk = takeChunk(control, 'front')) {
    const first = chunk * scanChunkRows;
    const rowsInChunk = Math.min(scanChunkRows, count - first);
    kernel.dots(rows + first * stride * 4, rowsInChunk, stride, query, scratchAddress);
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
