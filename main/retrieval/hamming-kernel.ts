/**
 * Hamming distances of many binary codes to one query, in WebAssembly: `i64.popcnt` is one machine instruction,
 * which JavaScript has no access to (a table-lookup popcount in JS was ~3x slower at 100k codes).
 *
 * The module is assembled here from its opcodes (no build step, no dependency). Its one function is
 *   scan(codes, count, words, query, out): for i in 0..count:
 *     out_u16[i] = Σ_w popcount(codes_u64[i * words + w] XOR query_u64[w])
 * with every argument a byte offset (or a count) into the exported memory.
 */

const i32 = 0x7f;
const i64 = 0x7e;

/** Unsigned LEB128, as WebAssembly writes sizes and counts. */
function leb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

function section(id: number, content: number[]): number[] {
  return [id, ...leb(content.length), ...content];
}

function name(text: string): number[] {
  return [...leb(text.length), ...[...text].map((character) => character.charCodeAt(0))];
}

// Locals: 0 codes, 1 count, 2 words, 3 query, 4 out (parameters); 5 item, 6 word, 7 code pointer, 8 query pointer
// (i32); 9 distance (i64).
const get = (local: number) => [0x20, local];
const set = (local: number) => [0x21, local];
const addConstant = (local: number, amount: number) => [...get(local), 0x41, ...leb(amount), 0x6a, ...set(local)];
const body = [
  ...get(0), ...set(7),
  0x02, 0x40, // block: all items
  0x03, 0x40, // loop: one item
  ...get(5), ...get(1), 0x4f, 0x0d, 0x01, // item >= count → leave
  0x42, 0x00, ...set(9), // distance = 0
  0x41, 0x00, ...set(6), // word = 0
  ...get(3), ...set(8), // query pointer = query
  0x02, 0x40, // block: all words
  0x03, 0x40, // loop: one word
  ...get(6), ...get(2), 0x4f, 0x0d, 0x01, // word >= words → leave
  ...get(9),
  ...get(7), 0x29, 0x03, 0x00, // i64.load codes
  ...get(8), 0x29, 0x03, 0x00, // i64.load query
  0x85, 0x7b, 0x7c, ...set(9), // distance += popcnt(code ^ query)
  ...addConstant(7, 8),
  ...addConstant(8, 8),
  ...addConstant(6, 1),
  0x0c, 0x00, // next word
  0x0b, 0x0b,
  ...get(4), ...get(5), 0x41, 0x01, 0x74, 0x6a, // out + item * 2
  ...get(9), 0xa7, // (i32) distance
  0x3b, 0x01, 0x00, // i32.store16
  ...addConstant(5, 1),
  0x0c, 0x00, // next item
  0x0b, 0x0b,
  0x0b, // end of function
];
const functionBody = [0x02, 0x04, i32, 0x01, i64, ...body];

const moduleBytes = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00,
  ...section(1, [0x01, 0x60, 0x05, i32, i32, i32, i32, i32, 0x00]),
  ...section(3, [0x01, 0x00]),
  ...section(5, [0x01, 0x00, 0x01]),
  ...section(7, [0x02, ...name('scan'), 0x00, 0x00, ...name('memory'), 0x02, 0x00]),
  ...section(10, [0x01, ...leb(functionBody.length), ...functionBody]),
]);

/** What this file uses of the WebAssembly API (the Node typings of this project do not declare it; Node 20 has it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** Compiled once: a constant, like a table of code, not state. */
const compiled = new wasm.Module(moduleBytes);

/** One instance: its own memory, grown on demand. */
export interface HammingKernel {
  readonly memory: WasmMemory;
  scan(codes: number, count: number, words: number, query: number, out: number): void;
  /** Makes the memory at least `bytes` long (views of the old buffer become invalid). */
  ensure(bytes: number): void;
}

export function createHammingKernel(): HammingKernel {
  const instance = new wasm.Instance(compiled, {});
  const memory = instance.exports.memory as WasmMemory;
  const scan = instance.exports.scan as HammingKernel['scan'];
  return {
    memory,
    scan,
    ensure(bytes) {
      const missing = bytes - memory.buffer.byteLength;
      if (missing > 0) memory.grow(Math.ceil(missing / 65_536));
    },
  };
}
