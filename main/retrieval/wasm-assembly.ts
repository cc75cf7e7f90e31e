/**
 * The little WebAssembly assembler the scan kernels share: encodings, local-variable opcodes, a module of one
 * exported function over one memory (its own, or a shared one it imports), and its instantiation. Kernels stay a
 * page of opcodes each, with no build step and no dependency.
 */

export const valueType = { i32: 0x7f, i64: 0x7e, v128: 0x7b } as const;

/** Unsigned LEB128, as WebAssembly writes sizes, counts and memory offsets. */
export function leb(value: number): number[] {
  const bytes: number[] = [];
  do {
    let byte = value & 0x7f;
    value >>>= 7;
    if (value !== 0) byte |= 0x80;
    bytes.push(byte);
  } while (value !== 0);
  return bytes;
}

/** Signed LEB128, as `i32.const` takes its operand (64 in unsigned LEB128 would read as -64). */
export function sleb(value: number): number[] {
  const bytes: number[] = [];
  for (;;) {
    const byte = value & 0x7f;
    value >>= 7;
    const done = (value === 0 && (byte & 0x40) === 0) || (value === -1 && (byte & 0x40) !== 0);
    bytes.push(done ? byte : byte | 0x80);
    if (done) return bytes;
  }
}

export const localGet = (local: number): number[] => [0x20, local];
export const localSet = (local: number): number[] => [0x21, local];
export const localTee = (local: number): number[] => [0x22, local];
/** local += amount (i32). */
export const addConstant = (local: number, amount: number): number[] => [...localGet(local), 0x41, ...sleb(amount), 0x6a, ...localSet(local)];

function section(id: number, content: number[]): number[] {
  return [id, ...leb(content.length), ...content];
}

function name(text: string): number[] {
  return [...leb(text.length), ...[...text].map((character) => character.charCodeAt(0))];
}

/** The most pages a 32-bit WebAssembly memory can have (4 GB); a shared memory must declare its maximum. */
export const maximumMemoryPages = 65_536;

/**
 * A module with one function `exportName` taking `parameters` i32 arguments and returning nothing, with the given
 * local groups ([count, type]) and body (ending with `end`), over one memory: its own, exported as `memory` (1 page
 * to start, growable), or with `sharedMemory` a shared one it imports as `env.memory` (up to `maximumMemoryPages`),
 * so that other threads can run the same function over the same bytes.
 */
export function singleFunctionModule(options: {
  exportName: string;
  parameters: number;
  locals: ReadonlyArray<readonly [number, number]>;
  body: readonly number[];
  sharedMemory?: boolean;
}): Uint8Array {
  const functionBody = [...leb(options.locals.length), ...options.locals.flatMap(([count, type]) => [...leb(count), type]), ...options.body];
  const exportFunction = [...name(options.exportName), 0x00, 0x00];
  const memorySections = options.sharedMemory
    ? // import "env" "memory": memory, limits shared with a maximum (flag 3), 1 page to start.
      { imports: section(2, [0x01, ...name('env'), ...name('memory'), 0x02, 0x03, 0x01, ...leb(maximumMemoryPages)]), own: [], exports: section(7, [0x01, ...exportFunction]) }
    : { imports: [], own: section(5, [0x01, 0x00, 0x01]), exports: section(7, [0x02, ...exportFunction, ...name('memory'), 0x02, 0x00]) };
  return new Uint8Array([
    0x00,
    0x61,
    0x73,
    0x6d,
    0x01,
    0x00,
    0x00,
    0x00,
    ...section(1, [0x01, 0x60, ...leb(options.parameters), ...new Array<number>(options.parameters).fill(valueType.i32), 0x00]),
    ...memorySections.imports,
    ...section(3, [0x01, 0x00]),
    ...memorySections.own,
    ...memorySections.exports,
    ...section(10, [0x01, ...leb(functionBody.length), ...functionBody]),
  ]);
}

/** What the kernels use of the WebAssembly API (the Node typings of this project do not declare it; Node 20 has it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (descriptor: { initial: number; maximum: number; shared: true }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;

/** Compiles a module once (a constant, like a table of code, not state). */
export function compileModule(bytes: Uint8Array): object {
  return new wasm.Module(bytes);
}

/**
 * A memory several threads can use at once, for a module built with `sharedMemory`. Its buffer is a
 * SharedArrayBuffer: growing it never moves the bytes, but `memory.buffer` is then a new, longer object, so views
 * must be made again to see the new pages.
 */
export function createSharedMemory(): WasmMemory {
  return new wasm.Memory({ initial: 1, maximum: maximumMemoryPages, shared: true });
}

/**
 * One instance of a compiled kernel and its function, over its own memory or, for a module built with
 * `sharedMemory`, over the given shared one; `ensure` grows the memory on demand.
 */
export function instantiateKernel<F>(compiled: object, exportName: string, shared?: WasmMemory): { memory: WasmMemory; run: F; ensure(bytes: number): void } {
  const instance = new wasm.Instance(compiled, shared ? { env: { memory: shared } } : {});
  const memory = shared ?? (instance.exports.memory as WasmMemory);
  return {
    memory,
    run: instance.exports[exportName] as F,
    ensure(bytes) {
      const missing = bytes - memory.buffer.byteLength;
      if (missing > 0) memory.grow(Math.ceil(missing / 65_536));
    },
  };
}

/** The locals `rowSumsBody` uses beyond its five parameters: four i32 (item, row pointer, query pointer, row end), five v128. */
export const rowSumsLocals: ReadonlyArray<readonly [number, number]> = [
  [4, valueType.i32],
  [5, valueType.v128],
];

/**
 * The body of a kernel `(rows, count, stride, query, out)` that writes one 4-byte sum per row, the skeleton the float32
 * and int8 dot kernels share: for each row, four v128 accumulators (locals 9-12) start at zero, `step` runs over the
 * row (row pointer in local 6, query pointer in local 7, local 13 free) advancing them by `rowStep` and `queryStep`
 * bytes until the row's end (the row pointer plus `stride` turned into bytes by `rowBytes`), then the accumulators are
 * added in pairs, ((9 + 10) + (11 + 12)), their four lanes in order, and the sum stored at `out`, 4 bytes a row.
 */
export function rowSumsBody(kernel: {
  rowBytes: readonly number[];
  step: readonly number[];
  rowStep: number;
  queryStep: number;
  vectorAdd: readonly number[];
  extractLane: (lane: number) => number[];
  scalarAdd: number;
  store: readonly number[];
}): number[] {
  const zero = [0xfd, 0x0c, ...new Array<number>(16).fill(0)];
  return [
    ...localGet(0),
    ...localSet(6), // row pointer = rows
    0x02,
    0x40, // block: all rows
    0x03,
    0x40, // loop: one row
    ...localGet(5),
    ...localGet(1),
    0x4f,
    0x0d,
    0x01, // item >= count → leave
    ...zero,
    ...localTee(9),
    ...localTee(10),
    ...localTee(11),
    ...localSet(12), // accumulators = 0
    ...localGet(3),
    ...localSet(7), // query pointer = query
    ...localGet(6),
    ...localGet(2),
    ...kernel.rowBytes,
    0x6a,
    ...localSet(8), // row end = row pointer + the row's bytes
    0x03,
    0x40, // loop: one step
    ...kernel.step,
    ...addConstant(6, kernel.rowStep),
    ...addConstant(7, kernel.queryStep),
    ...localGet(6),
    ...localGet(8),
    0x49,
    0x0d,
    0x00, // row pointer < row end → again
    0x0b,
    ...localGet(4), // out address
    ...localGet(9),
    ...localGet(10),
    ...kernel.vectorAdd,
    ...localGet(11),
    ...localGet(12),
    ...kernel.vectorAdd,
    ...kernel.vectorAdd,
    ...localTee(9),
    ...kernel.extractLane(0),
    ...localGet(9),
    ...kernel.extractLane(1),
    kernel.scalarAdd,
    ...localGet(9),
    ...kernel.extractLane(2),
    kernel.scalarAdd,
    ...localGet(9),
    ...kernel.extractLane(3),
    kernel.scalarAdd,
    ...kernel.store,
    ...addConstant(4, 4),
    ...addConstant(5, 1),
    0x0c,
    0x00, // next row
    0x0b,
    0x0b,
    0x0b, // end of function
  ];
}
