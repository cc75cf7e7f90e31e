import { describe, expect, it } from 'vitest';
import { normalize, seededRandom, syntheticBase, vectorsAround } from '../../../main/bench/synthetic-vectors.js';
import { createSimdDotKernel, simdStride } from '../../../main/retrieval/simd-dot-kernel.js';
import { createExactSimdIndex, type ExactSimdIndex } from '../../../main/retrieval/simd-exact-index.js';

function randomVector(dimensions: number, random: () => number): Float32Array {
  return Float32Array.from({ length: dimensions }, () => random() * 2 - 1);
}

/** Cosine distance in float64, the reference the index must agree with. */
function cosineDistance(a: Float32Array, b: Float32Array): number {
  let dot = 0;
  let aa = 0;
  let bb = 0;
  for (let index = 0; index < a.length; index++) {
    dot += (a[index] as number) * (b[index] as number);
    aa += (a[index] as number) ** 2;
    bb += (b[index] as number) ** 2;
  }
  return 1 - dot / Math.sqrt(aa * bb);
}

function bruteForce(entries: readonly { itemId: number; owner: string; vector: Float32Array }[], query: Float32Array, k: number, owners?: ReadonlySet<string>) {
  return entries
    .filter((entry) => !owners || owners.has(entry.owner))
    .map((entry) => ({ itemId: entry.itemId, distance: cosineDistance(query, entry.vector) }))
    .sort((a, b) => a.distance - b.distance || a.itemId - b.itemId)
    .slice(0, k);
}

function filled(entries: readonly { itemId: number; owner: string; vector: Float32Array }[], dimensions: number, initialCapacity?: number): ExactSimdIndex {
  const index = createExactSimdIndex(dimensions, initialCapacity);
  for (const entry of entries) index.upsert(entry);
  return index;
}

describe('the WebAssembly SIMD dot-product kernel', () => {
  it("computes every row's dot product with the query, as a float64 sum does to float32 rounding", () => {
    const random = seededRandom(3);
    for (const dimensions of [16, 48, 384]) {
      const stride = simdStride(dimensions);
      const count = 257;
      const kernel = createSimdDotKernel();
      const rows = stride * 4;
      const out = rows + count * stride * 4;
      kernel.ensure(out + count * 4);
      const memory = new Float32Array(kernel.memory.buffer);
      for (let index = 0; index < stride + count * stride; index++) memory[index] = random() * 2 - 1;
      kernel.dots(rows, count, stride, 0, out);
      const dots = new Float32Array(kernel.memory.buffer, out, count);
      for (let row = 0; row < count; row++) {
        let expected = 0;
        for (let index = 0; index < stride; index++) expected += (memory[stride + row * stride + index] as number) * (memory[index] as number);
        expect(Math.abs((dots[row] as number) - expected)).toBeLessThan(1e-4 * Math.sqrt(dimensions));
      }
    }
  });

  it('writes nothing for zero rows', () => {
    const kernel = createSimdDotKernel();
    const out = new Float32Array(kernel.memory.buffer, 1024, 4);
    out.fill(7);
    kernel.dots(64, 0, 16, 0, 1024);
    expect(Array.from(out)).toEqual([7, 7, 7, 7]);
  });

  it('pads every dimension count to whole 16-float steps', () => {
    expect([1, 3, 16, 17, 384, 768].map(simdStride)).toEqual([16, 16, 16, 32, 384, 768]);
  });
});

describe('the exact in-memory index', () => {
  const dimensions = 384;
  const base = syntheticBase(40, dimensions, 7);
  const entries = vectorsAround(base, 1500, 11).map((vector, position) => ({ itemId: position + 1, owner: ['*', 'p1', 'p2'][position % 3] as string, vector }));

  it('returns the same top k as a float64 brute force, with distances within 1e-5', () => {
    const index = filled(entries, dimensions);
    for (const query of vectorsAround(base, 20, 12, 0.5)) {
      for (const k of [1, 10, 50]) {
        const expected = bruteForce(entries, query, k);
        const got = index.nearest(query, k);
        expect(got.map((hit) => hit.itemId)).toEqual(expected.map((hit) => hit.itemId));
        got.forEach((hit, position) => expect(Math.abs(hit.distance - (expected[position]?.distance ?? Number.NaN))).toBeLessThan(1e-5));
      }
    }
  });

  it('is exact for vectors that are not unit length and dimensions that are not a multiple of 16', () => {
    const random = seededRandom(5);
    const odd = Array.from({ length: 300 }, (_, position) => ({ itemId: position + 10, owner: '*', vector: randomVector(37, random).map((value) => value * (1 + position)) }));
    const index = filled(odd, 37);
    const query = randomVector(37, random);
    const expected = bruteForce(odd, query, 15);
    const got = index.nearest(query, 15);
    expect(got.map((hit) => hit.itemId)).toEqual(expected.map((hit) => hit.itemId));
    got.forEach((hit, position) => expect(hit.distance).toBeCloseTo(expected[position]?.distance ?? Number.NaN, 5));
  });

  it('keeps invisible rows out of the heap, so the k best visible rows come back even when others are closer', () => {
    const query = entries[0]?.vector as Float32Array;
    const copies = Array.from({ length: 100 }, (_, position) => ({ itemId: 100_000 + position, owner: 'p3', vector: query }));
    const index = filled([...entries, ...copies], dimensions);
    const visible = new Set(['*', 'p1']);
    const got = index.nearest(query, 10, visible);
    expect(got.map((hit) => hit.itemId)).toEqual(bruteForce(entries, query, 10, visible).map((hit) => hit.itemId));
    expect(index.nearest(query, 5, new Set(['p3'])).every((hit) => hit.itemId >= 100_000 && hit.distance < 1e-6)).toBe(true);
    expect(index.nearest(query, 5, new Set(['nobody']))).toEqual([]);
  });

  it('breaks ties by item id, like the vec0 path', () => {
    const vector = normalize(Float32Array.from({ length: 16 }, (_, position) => position + 1));
    const index = filled(
      [5, 3, 9, 1, 7].map((itemId) => ({ itemId, owner: '*', vector })),
      16,
    );
    expect(index.nearest(vector, 3).map((hit) => hit.itemId)).toEqual([1, 3, 5]);
  });

  it('returns everything, nearest first, when asked for more than it holds, and nothing for k = 0 or when empty', () => {
    const index = filled(entries.slice(0, 7), dimensions);
    const query = entries[3]?.vector as Float32Array;
    expect(index.nearest(query, 100).map((hit) => hit.itemId)).toEqual(bruteForce(entries.slice(0, 7), query, 100).map((hit) => hit.itemId));
    expect(index.nearest(query, 0)).toEqual([]);
    expect(createExactSimdIndex(dimensions).nearest(query, 10)).toEqual([]);
  });

  it('keeps every row when it grows past its first capacity', () => {
    const index = filled(entries, dimensions, 1);
    expect(index.size()).toBe(entries.length);
    for (const position of [0, 1, 700, 1499]) {
      const entry = entries[position] as (typeof entries)[number];
      expect(index.entry(entry.itemId)).toEqual(entry);
      expect(index.nearest(entry.vector, 1)[0]).toMatchObject({ itemId: entry.itemId, distance: expect.closeTo(0, 6) });
    }
  });

  it('replaces an item on upsert and forgets it on remove, the moved last item staying findable', () => {
    const index = filled(entries, dimensions);
    const elsewhere = normalize(randomVector(dimensions, seededRandom(17)));
    index.upsert({ itemId: 8, owner: 'p2', vector: elsewhere });
    expect(index.size()).toBe(entries.length);
    expect(index.nearest(elsewhere, 1)[0]).toMatchObject({ itemId: 8, distance: expect.closeTo(0, 6) });
    expect(index.nearest(elsewhere, 1, new Set(['*']))[0]?.itemId).not.toBe(8);
    index.remove(1);
    index.remove(1);
    expect(index.size()).toBe(entries.length - 1);
    expect(index.nearest(entries[0]?.vector as Float32Array, 1500).map((hit) => hit.itemId)).not.toContain(1);
    const last = entries[entries.length - 1] as (typeof entries)[number];
    expect(index.nearest(last.vector, 1)[0]?.itemId).toBe(last.itemId);
    expect(index.itemIds()).toHaveLength(entries.length - 1);
  });

  it('refuses vectors and queries of the wrong dimension', () => {
    const index = createExactSimdIndex(16);
    expect(() => index.upsert({ itemId: 1, owner: '*', vector: new Float32Array(15) })).toThrow(/dimensions/);
    expect(() => index.nearest(new Float32Array(17), 1)).toThrow(/dimensions/);
    expect(() => createExactSimdIndex(0)).toThrow(/dimensions/);
  });

  it('counts about 1.9 kB per 384-d row once it holds many: the float32 row and its int8 codes', () => {
    const index = createExactSimdIndex(dimensions, entries.length);
    for (const entry of entries) index.upsert(entry);
    const perRow = index.bytes() / index.size();
    expect(perRow).toBeGreaterThan(1536 + 384);
    expect(perRow).toBeLessThan(1536 + 384 + 200);
  });
});
