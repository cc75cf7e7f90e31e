/**
 * Hamming distances of many binary codes to one query, in WebAssembly: `i64.popcnt` is one machine instruction,
 * which JavaScript has no access to (a table-lookup popcount in JS was ~3x slower at 100k codes).
 *
 * The module is assembled here from its opcodes (no build step, no dependency). Its one function is
 *   scan(codes, count, words, query, out): for i in 0..count:
 *     out_u16[i] = Σ_w popcount(codes_u64[i * words + w] XOR query_u64[w])
 * with every argument a byte offset (or a count) into the exported memory.
 */

import { addConstant, compileModule, instantiateKernel, localGet as get, localSet as set, singleFunctionModule, valueType, type WasmMemory } from './wasm-assembly.js';

// Locals: 0 codes, 1 count, 2 words, 3 query, 4 out (parameters); 5 item, 6 word, 7 code pointer, 8 query pointer
// (i32); 9 distance (i64).
const body = [
  ...get(0),
  ...set(7),
  0x02,
  0x40, // block: all items
  0x03,
  0x40, // loop: one item
  ...get(5),
  ...get(1),
  0x4f,
  0x0d,
  0x01, // item >= count → leave
  0x42,
  0x00,
  ...set(9), // distance = 0
  0x41,
  0x00,
  ...set(6), // word = 0
  ...get(3),
  ...set(8), // query pointer = query
  0x02,
  0x40, // block: all words
  0x03,
  0x40, // loop: one word
  ...get(6),
  ...get(2),
  0x4f,
  0x0d,
  0x01, // word >= words → leave
  ...get(9),
  ...get(7),
  0x29,
  0x03,
  0x00, // i64.load codes
  ...get(8),
  0x29,
  0x03,
  0x00, // i64.load query
  0x85,
  0x7b,
  0x7c,
  ...set(9), // distance += popcnt(code ^ query)
  ...addConstant(7, 8),
  ...addConstant(8, 8),
  ...addConstant(6, 1),
  0x0c,
  0x00, // next word
  0x0b,
  0x0b,
  ...get(4),
  ...get(5),
  0x41,
  0x01,
  0x74,
  0x6a, // out + item * 2
  ...get(9),
  0xa7, // (i32) distance
  0x3b,
  0x01,
  0x00, // i32.store16
  ...addConstant(5, 1),
  0x0c,
  0x00, // next item
  0x0b,
  0x0b,
  0x0b, // end of function
];
/** Compiled once: a constant, like a table of code, not state. */
const compiled = compileModule(
  singleFunctionModule({
    exportName: 'scan',
    parameters: 5,
    locals: [
      [4, valueType.i32],
      [1, valueType.i64],
    ],
    body,
  }),
);

/** One instance: its own memory, grown on demand. */
export interface HammingKernel {
  readonly memory: WasmMemory;
  scan(codes: number, count: number, words: number, query: number, out: number): void;
  /** Makes the memory at least `bytes` long (views of the old buffer become invalid). */
  ensure(bytes: number): void;
}

export function createHammingKernel(): HammingKernel {
  const kernel = instantiateKernel<HammingKernel['scan']>(compiled, 'scan');
  return { memory: kernel.memory, scan: kernel.run, ensure: kernel.ensure };
}
