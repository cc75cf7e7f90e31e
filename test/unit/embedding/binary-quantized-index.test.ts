import { describe, expect, it } from 'vitest';
import { normalize, seededRandom, syntheticBase } from '../../../main/bench/synthetic-vectors.js';
import { createBinaryQuantizedIndex, meanVector } from '../../../main/retrieval/binary-quantized-index.js';
import { createHammingKernel } from '../../../main/retrieval/hamming-kernel.js';

const dimensions = 64;
const vectors = syntheticBase(300, dimensions, 5);
const centre = meanVector(dimensions, vectors);

function filled(owner: (index: number) => string = (index) => (index % 2 === 0 ? '*' : 'p1')) {
  const index = createBinaryQuantizedIndex(dimensions, centre);
  vectors.forEach((vector, position) => index.upsert({ itemId: position + 1, owner: owner(position), vector }));
  return index;
}

describe('the binary quantised index', () => {
  it('puts an item whose code equals the query code among the candidates, and returns at least as many as asked', () => {
    const index = filled();
    for (const wanted of [1, 10, 50]) {
      const candidates = index.candidates(vectors[42] as Float32Array, wanted);
      expect(candidates).toContain(43);
      expect(candidates.length).toBeGreaterThanOrEqual(wanted);
      expect(new Set(candidates).size).toBe(candidates.length);
    }
  });

  it('returns everything when asked for more items than it holds', () => {
    expect(
      filled()
        .candidates(vectors[0] as Float32Array, 1000)
        .sort((a, b) => a - b),
    ).toEqual(vectors.map((_, position) => position + 1));
  });

  it('never proposes items of owners outside the visible set', () => {
    const index = filled((position) => ['*', 'p1', 'p2'][position % 3] as string);
    const candidates = index.candidates(vectors[2] as Float32Array, 1000, new Set(['*', 'p1']));
    expect(candidates.length).toBe(200);
    expect(candidates.every((itemId) => (itemId - 1) % 3 !== 2)).toBe(true);
  });

  it('replaces an item on upsert and forgets it on remove (the moved last item stays findable)', () => {
    const index = filled();
    const opposite = normalize(Float32Array.from(vectors[7] as Float32Array, (value, position) => 2 * (centre[position] as number) - value));
    index.upsert({ itemId: 8, owner: '*', vector: opposite });
    expect(index.size()).toBe(300);
    expect(index.candidates(vectors[7] as Float32Array, 5)).not.toContain(8);
    index.remove(1);
    expect(index.size()).toBe(299);
    expect(index.candidates(vectors[0] as Float32Array, 1000)).not.toContain(1);
    expect(index.candidates(vectors[299] as Float32Array, 1)).toContain(300);
  });

  it('ranks by Hamming distance: a near copy comes before random vectors', () => {
    const random = seededRandom(9);
    const index = createBinaryQuantizedIndex(dimensions, centre);
    vectors.forEach((vector, position) => index.upsert({ itemId: position + 1, owner: '*', vector }));
    const query = normalize(Float32Array.from(vectors[100] as Float32Array, (value) => value + (random() - 0.5) * 0.001));
    expect(index.candidates(query, 1)).toContain(101);
  });

  it('refuses dimensions that are not whole 32-bit words', () => {
    expect(() => createBinaryQuantizedIndex(30)).toThrow(/multiple of 32/);
  });

  it('works for dimensions that are an odd number of 32-bit words (a zero pad word)', () => {
    const small = syntheticBase(40, 96, 2);
    const index = createBinaryQuantizedIndex(96, meanVector(96, small));
    small.forEach((vector, position) => index.upsert({ itemId: position + 1, owner: '*', vector }));
    expect(index.candidates(small[17] as Float32Array, 1)).toContain(18);
    expect(index.candidates(small[0] as Float32Array, 100)).toHaveLength(40);
  });
});

describe('the WebAssembly Hamming kernel', () => {
  it('computes the same distances as a plain popcount, for every item', () => {
    const random = seededRandom(21);
    const words = 6;
    const count = 777;
    const kernel = createHammingKernel();
    const query = 0;
    const out = 64;
    const codes = 64 + count * 2 + 8;
    kernel.ensure(codes + count * words * 8);
    const memory = new Uint32Array(kernel.memory.buffer);
    const fill = (byteOffset: number, length: number) => {
      for (let index = 0; index < length; index++) memory[byteOffset / 4 + index] = Math.floor(random() * 2 ** 32) >>> 0;
    };
    fill(query, words * 2);
    fill(codes, count * words * 2);
    kernel.scan(codes, count, words, query, out);
    const distances = new Uint16Array(kernel.memory.buffer, out, count);
    const popcount = (value: number) =>
      value
        .toString(2)
        .split('')
        .filter((bit) => bit === '1').length;
    for (let item = 0; item < count; item++) {
      let expected = 0;
      for (let word = 0; word < words * 2; word++) expected += popcount(((memory[codes / 4 + item * words * 2 + word] as number) ^ (memory[query / 4 + word] as number)) >>> 0);
      expect(distances[item]).toBe(expected);
    }
  });
});
