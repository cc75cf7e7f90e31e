/**
 * Dot products of many float32 rows with one query, in WebAssembly SIMD (f32x4): four lanes at a time and four
 * independent accumulators, where a plain JavaScript loop does one multiply-add at a time (about 4-5x slower at
 * 100k × 384 on this machine) and sqlite-vec 0.1.9's vec0 scans without SIMD (about 10x slower).
 *
 * The module is assembled here from its opcodes (no build step, no dependency), like the Hamming kernel. Its one
 * function is
 *   dots(rows, count, stride, query, out): for i in 0..count:
 *     out_f32[i] = Σ_j rows_f32[i * stride + j] * query_f32[j]
 * with every pointer a byte offset into its memory, 16-byte aligned, and `stride` (floats per row) a
 * positive multiple of 16; rows and query are padded with zeros up to the stride. Each sum is accumulated in 16
 * float32 partial sums (4 accumulators × 4 lanes) and then added up, so it differs from a sequential float32 sum
 * only by rounding (~1e-7 for unit vectors).
 */

import { compileModule, createSharedMemory, instantiateKernel, leb, localGet as get, localSet as set, rowSumsBody, rowSumsLocals, singleFunctionModule, type WasmMemory } from './wasm-assembly.js';

// Locals (rowSumsBody's): 6 row pointer, 7 query pointer, 9-12 four accumulators.
/** v128.load with 16-byte alignment and a constant byte offset. */
const load = (offset: number) => [0xfd, 0x00, 0x04, ...leb(offset)];
const f32x4Add = [0xfd, 0xe4, 0x01];
const f32x4Mul = [0xfd, 0xe6, 0x01];
const extractLane = (lane: number) => [0xfd, 0x1f, lane];
/** accumulator += row[offset..offset+16) * query[offset..offset+16), as four f32 lanes. */
const multiplyAdd = (accumulator: number, offset: number) => [...get(accumulator), ...get(6), ...load(offset), ...get(7), ...load(offset), ...f32x4Mul, ...f32x4Add, ...set(accumulator)];
const body = rowSumsBody({
  rowBytes: [0x41, 0x02, 0x74], // stride << 2: floats to bytes
  // 16 floats a step (the stride is a positive multiple of 16).
  step: [...multiplyAdd(9, 0), ...multiplyAdd(10, 16), ...multiplyAdd(11, 32), ...multiplyAdd(12, 48)],
  rowStep: 64,
  queryStep: 64,
  vectorAdd: f32x4Add,
  extractLane,
  scalarAdd: 0x92, // f32.add
  store: [0x38, 0x02, 0x00], // f32.store
});
/** Compiled once: a constant, like a table of code, not state. Node ≥ 16.4 and Electron have WebAssembly SIMD. */
const compiled = compileModule(
  singleFunctionModule({
    exportName: 'dots',
    parameters: 5,
    locals: rowSumsLocals,
    body,
    sharedMemory: true,
  }),
);

/** Floats per row in the kernel's layout: the dimensions rounded up to a multiple of 16. */
export function simdStride(dimensions: number): number {
  return Math.max(16, Math.ceil(dimensions / 16) * 16);
}

/** One instance over a shared memory, grown on demand. */
export interface SimdDotKernel {
  readonly memory: WasmMemory;
  dots(rows: number, count: number, stride: number, query: number, out: number): void;
  /** Makes the memory at least `bytes` long (views made before see only the old length: make them again). */
  ensure(bytes: number): void;
}

/**
 * A kernel over a new shared memory, or over `memory` (another thread's instance over the same bytes: a scan
 * worker's). The memory is shared so that threads can split a scan (scan-pool.ts); one thread alone runs as fast.
 */
export function createSimdDotKernel(memory: WasmMemory = createSharedMemory()): SimdDotKernel {
  const kernel = instantiateKernel<SimdDotKernel['dots']>(compiled, 'dots', memory);
  return { memory: kernel.memory, dots: kernel.run, ensure: kernel.ensure };
}
