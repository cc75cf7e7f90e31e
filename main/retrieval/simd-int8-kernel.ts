/**
 * Integer dot products of many int8 rows with one int16 query, in WebAssembly SIMD: the bounded scan's first pass
 * (simd-exact-index.ts). A 384-d row is 384 bytes here against 1,536 as float32, so a scan past the cache reads a
 * quarter of the memory. The sum is kept in int32 lanes, so it is exact when |Σ| < 2^31 (the caller sizes the query's
 * codes for that: |row code| ≤ 127, |query code| ≤ 2^31 / (127 · stride)); int32 additions wrap, so partial sums
 * may overflow on the way without harm.
 *
 * Assembled from its opcodes like the float kernel (simd-dot-kernel.ts). Its one function is
 *   dots8(rows, count, stride, query, out): for i in 0..count:
 *     out_i32[i] = Σ_j rows_i8[i * stride + j] * query_i16[j]
 * with every pointer a byte offset into its memory, 16-byte aligned, and `stride` (bytes per row, so values per row)
 * a positive multiple of 32; rows and query are padded with zeros up to the stride. Sixteen codes at a time are
 * widened to int16 (`i16x8.extend_{low,high}_i8x16_s`) and multiplied and summed in pairs (`i32x4.dot_i16x8_s`).
 */

import {
  compileModule,
  createSharedMemory,
  instantiateKernel,
  leb,
  localGet as get,
  localSet as set,
  localTee as tee,
  rowSumsBody,
  rowSumsLocals,
  singleFunctionModule,
  type WasmMemory,
} from './wasm-assembly.js';

// Locals (rowSumsBody's): 6 row pointer, 7 query pointer, 9-12 four accumulators, 13 the sixteen codes being widened.
/** v128.load with 16-byte alignment and a constant byte offset. */
const load = (offset: number) => [0xfd, 0x00, 0x04, ...leb(offset)];
const widenLow = [0xfd, 0x87, 0x01];
const widenHigh = [0xfd, 0x88, 0x01];
const dotPairs = [0xfd, 0xba, 0x01];
const i32x4Add = [0xfd, 0xae, 0x01];
const extractLane = (lane: number) => [0xfd, 0x1b, lane];
/** Sixteen codes from row[offset..offset+16) against query[offset..offset+16): the low eight into `low`, the high eight into `high`. */
const sixteen = (low: number, high: number, offset: number) => [
  ...get(low),
  ...get(6),
  ...load(offset),
  ...tee(13),
  ...widenLow,
  ...get(7),
  ...load(2 * offset),
  ...dotPairs,
  ...i32x4Add,
  ...set(low),
  ...get(high),
  ...get(13),
  ...widenHigh,
  ...get(7),
  ...load(2 * offset + 16),
  ...dotPairs,
  ...i32x4Add,
  ...set(high),
];
const body = rowSumsBody({
  rowBytes: [], // a code is a byte
  // 32 codes a step (the stride is a positive multiple of 32).
  step: [...sixteen(9, 10, 0), ...sixteen(11, 12, 16)],
  rowStep: 32,
  queryStep: 64,
  vectorAdd: i32x4Add,
  extractLane,
  scalarAdd: 0x6a, // i32.add
  store: [0x36, 0x02, 0x00], // i32.store
});
/** Compiled once: a constant, like a table of code, not state. */
const compiled = compileModule(
  singleFunctionModule({
    exportName: 'dots8',
    parameters: 5,
    locals: rowSumsLocals,
    body,
    sharedMemory: true,
  }),
);

/** Bytes (and codes) per row in the kernel's layout: the dimensions rounded up to a multiple of 32. */
export function int8Stride(dimensions: number): number {
  return Math.max(32, Math.ceil(dimensions / 32) * 32);
}

/** The largest code: rows and queries are quantized symmetrically to −127..127 (never −128). */
export const int8CodeLimit = 127;

/** One instance over a shared memory, grown on demand. */
export interface SimdInt8Kernel {
  readonly memory: WasmMemory;
  dots8(rows: number, count: number, stride: number, query: number, out: number): void;
  /** Makes the memory at least `bytes` long (views made before see only the old length: make them again). */
  ensure(bytes: number): void;
}

/** A kernel over a new shared memory, or over `memory` (a scan worker's instance over the caller's bytes). */
export function createSimdInt8Kernel(memory: WasmMemory = createSharedMemory()): SimdInt8Kernel {
  const kernel = instantiateKernel<SimdInt8Kernel['dots8']>(compiled, 'dots8', memory);
  return { memory: kernel.memory, dots8: kernel.run, ensure: kernel.ensure };
}
