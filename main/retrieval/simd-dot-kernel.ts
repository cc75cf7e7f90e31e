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

import {
  addConstant,
  compileModule,
  createSharedMemory,
  instantiateKernel,
  leb,
  localGet as get,
  localSet as set,
  localTee as tee,
  singleFunctionModule,
  valueType,
  type WasmMemory,
} from './wasm-assembly.js';

// Locals: 0 rows, 1 count, 2 stride, 3 query, 4 out (parameters); 5 item, 6 row pointer, 7 query pointer, 8 row end
// (i32); 9-12 four accumulators (v128).
/** v128.load with 16-byte alignment and a constant byte offset. */
const load = (offset: number) => [0xfd, 0x00, 0x04, ...leb(offset)];
const f32x4Add = [0xfd, 0xe4, 0x01];
const f32x4Mul = [0xfd, 0xe6, 0x01];
const extractLane = (lane: number) => [0xfd, 0x1f, lane];
const zero = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
/** accumulator += row[offset..offset+16) * query[offset..offset+16), as four f32 lanes. */
const multiplyAdd = (accumulator: number, offset: number) => [...get(accumulator), ...get(6), ...load(offset), ...get(7), ...load(offset), ...f32x4Mul, ...f32x4Add, ...set(accumulator)];
const body = [
  ...get(0),
  ...set(6), // row pointer = rows
  0x02,
  0x40, // block: all rows
  0x03,
  0x40, // loop: one row
  ...get(5),
  ...get(1),
  0x4f,
  0x0d,
  0x01, // item >= count → leave
  ...zero,
  ...tee(9),
  ...tee(10),
  ...tee(11),
  ...set(12), // accumulators = 0
  ...get(3),
  ...set(7), // query pointer = query
  ...get(6),
  ...get(2),
  0x41,
  0x02,
  0x74,
  0x6a,
  ...set(8), // row end = row pointer + stride * 4
  0x03,
  0x40, // loop: 16 floats (the stride is a positive multiple of 16)
  ...multiplyAdd(9, 0),
  ...multiplyAdd(10, 16),
  ...multiplyAdd(11, 32),
  ...multiplyAdd(12, 48),
  ...addConstant(6, 64),
  ...addConstant(7, 64),
  ...get(6),
  ...get(8),
  0x49,
  0x0d,
  0x00, // row pointer < row end → again
  0x0b,
  ...get(4), // out address
  ...get(9),
  ...get(10),
  ...f32x4Add,
  ...get(11),
  ...get(12),
  ...f32x4Add,
  ...f32x4Add,
  ...tee(9),
  ...extractLane(0),
  ...get(9),
  ...extractLane(1),
  0x92,
  ...get(9),
  ...extractLane(2),
  0x92,
  ...get(9),
  ...extractLane(3),
  0x92,
  0x38,
  0x02,
  0x00, // f32.store
  ...addConstant(4, 4),
  ...addConstant(5, 1),
  0x0c,
  0x00, // next row
  0x0b,
  0x0b,
  0x0b, // end of function
];
/** Compiled once: a constant, like a table of code, not state. Node ≥ 16.4 and Electron have WebAssembly SIMD. */
const compiled = compileModule(
  singleFunctionModule({
    exportName: 'dots',
    parameters: 5,
    locals: [
      [4, valueType.i32],
      [4, valueType.v128],
    ],
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
