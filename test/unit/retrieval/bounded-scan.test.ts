import { describe, expect, it } from 'vitest';
import { normalize, seededRandom, syntheticBase, vectorsAround } from '../../../main/bench/synthetic-vectors.js';
import { createExactSimdIndex, type ExactSimdEntry, type ExactSimdIndex } from '../../../main/retrieval/simd-exact-index.js';
import { createSimdInt8Kernel, int8Stride } from '../../../main/retrieval/simd-int8-kernel.js';

/** Two indexes over the same rows: one always scanning every row in float32, one running the bounded scan from 1 row. */
function pair(dimensions: number, entries: readonly ExactSimdEntry[]): { full: ExactSimdIndex; bounded: ExactSimdIndex } {
  const full = createExactSimdIndex(dimensions, 16, undefined, { boundedMinimumRows: Number.POSITIVE_INFINITY });
  const bounded = createExactSimdIndex(dimensions, 16, undefined, { boundedMinimumRows: 1 });
  for (const entry of entries) {
    full.upsert(entry);
    bounded.upsert(entry);
  }
  return { full, bounded };
}

/** The same answer, bit for bit: ids in the same order, distances `Object.is`-equal. */
function expectIdentical(got: ReturnType<ExactSimdIndex['nearest']>, expected: ReturnType<ExactSimdIndex['nearest']>): void {
  expect(got.map((hit) => hit.itemId)).toEqual(expected.map((hit) => hit.itemId));
  got.forEach((hit, position) => expect(Object.is(hit.distance, expected[position]?.distance)).toBe(true));
}

const owners = ['*', 'p1', 'p2'];
const visibilities: (ReadonlySet<string> | undefined)[] = [undefined, new Set(['*', 'p1']), new Set(['p2']), new Set(['nobody'])];

function expectSameAnswers(full: ExactSimdIndex, bounded: ExactSimdIndex, queries: readonly Float32Array[], ks: readonly number[] = [1, 10, 100]): void {
  for (const visible of visibilities) {
    for (const k of ks) {
      for (const query of queries) expectIdentical(bounded.nearest(query, k, visible), full.nearest(query, k, visible));
    }
  }
}

/** Rows spread like sentence embeddings (mixes of clustered base vectors plus noise), as the bench's are. */
function clustered(count: number, dimensions: number, seed: number): ExactSimdEntry[] {
  const base = syntheticBase(60, dimensions, seed);
  return vectorsAround(base, count, seed + 1).map((vector, position) => ({ itemId: position + 1, owner: owners[position % 3] as string, vector }));
}

describe('the int8 dot-product kernel', () => {
  it("computes every row's exact integer dot product with the query, at the codes' extremes too", () => {
    const random = seededRandom(31);
    for (const dimensions of [32, 64, 384, 1024]) {
      const stride = int8Stride(dimensions);
      const count = 67;
      const kernel = createSimdInt8Kernel();
      const rows = stride * 2;
      const out = rows + count * stride;
      kernel.ensure(out + count * 4);
      const query = new Int16Array(kernel.memory.buffer, 0, stride);
      const codes = new Int8Array(kernel.memory.buffer, rows, count * stride);
      const code = (position: number) => (position % 5 === 0 ? (position % 2 === 0 ? 127 : -127) : Math.round(random() * 254 - 127));
      for (let index = 0; index < stride; index++) query[index] = index % 3 === 0 ? -127 : code(index);
      for (let index = 0; index < count * stride; index++) codes[index] = index < stride ? 127 : code(index);
      kernel.dots8(rows, count, stride, 0, out);
      const dots = new Int32Array(kernel.memory.buffer, out, count);
      for (let row = 0; row < count; row++) {
        let expected = 0;
        for (let index = 0; index < stride; index++) expected += (codes[row * stride + index] as number) * (query[index] as number);
        expect(dots[row]).toBe(expected);
      }
    }
  });

  it('pads every dimension count to whole 32-code steps', () => {
    expect([1, 32, 33, 384, 385, 768].map(int8Stride)).toEqual([32, 32, 64, 384, 416, 768]);
  });
});

describe('the bounded scan', () => {
  it('gives the full float32 scan’s answer, ids, order and distances bit for bit, on clustered rows, every visibility and k', () => {
    const dimensions = 384;
    const entries = clustered(6000, dimensions, 40);
    const { full, bounded } = pair(dimensions, entries);
    const random = seededRandom(41);
    // Queries near stored rows, between them, and far from them.
    const queries = [
      ...Array.from({ length: 4 }, () => entries[Math.floor(random() * entries.length)]?.vector as Float32Array),
      ...vectorsAround(syntheticBase(60, dimensions, 40), 4, 42, 0.5),
      normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1)),
    ];
    expectSameAnswers(full, bounded, queries, [1, 10, 100, 7000]);
    const searches = bounded.searches();
    expect(searches.full).toBe(0);
    expect(searches.bounded).toBe(queries.length * visibilities.length * 4);
  });

  it('scores again only a small share of the rows for a top 10', () => {
    const dimensions = 384;
    const entries = clustered(8000, dimensions, 43);
    const { bounded } = pair(dimensions, entries);
    const queries = vectorsAround(syntheticBase(60, dimensions, 43), 20, 44, 0.5);
    for (const query of queries) bounded.nearest(query, 10);
    const searches = bounded.searches();
    expect(searches.bounded).toBe(20);
    expect(searches.rescored / searches.bounded).toBeLessThan(8000 / 16);
  });

  it('is exact for vectors that are not unit length and dimensions that are not a multiple of 32', () => {
    const random = seededRandom(45);
    for (const dimensions of [7, 50, 100]) {
      const entries = Array.from({ length: 3000 }, (_, position) => ({
        itemId: position + 1,
        owner: owners[position % 3] as string,
        vector: Float32Array.from({ length: dimensions }, () => (random() * 2 - 1) * 10 ** Math.floor(random() * 4 - 2)),
      }));
      const { full, bounded } = pair(dimensions, entries);
      const queries = Array.from({ length: 3 }, () => Float32Array.from({ length: dimensions }, () => (random() * 2 - 1) * 3));
      expectSameAnswers(full, bounded, queries);
      expect(bounded.searches().full).toBe(0);
    }
  });

  it('breaks exact ties by item id, as the full scan does', () => {
    const dimensions = 64;
    const random = seededRandom(46);
    const shared = normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
    // Thirty copies of one vector among random ones, inserted in an order unrelated to their ids.
    const entries = Array.from({ length: 2000 }, (_, position) => ({
      itemId: ((position * 7919) % 2000) + 1,
      owner: owners[position % 3] as string,
      vector: position % 67 === 0 ? shared : normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1)),
    }));
    const { full, bounded } = pair(dimensions, entries);
    expectSameAnswers(full, bounded, [shared], [1, 5, 10, 30, 40]);
    expect(bounded.nearest(shared, 10).map((hit) => hit.distance)).toEqual(new Array(10).fill(full.nearest(shared, 1)[0]?.distance));
  });

  it('scans every row in float32 when the ranges leave too many rows, as near-identical vectors do', () => {
    const dimensions = 64;
    const random = seededRandom(47);
    const centre = normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
    const entries = Array.from({ length: 3000 }, (_, position) => ({
      itemId: position + 1,
      owner: '*',
      vector: Float32Array.from(centre, (value) => value + (random() - 0.5) * 1e-6),
    }));
    const { full, bounded } = pair(dimensions, entries);
    expectIdentical(bounded.nearest(centre, 10), full.nearest(centre, 10));
    expect(bounded.searches()).toEqual({ full: 1, bounded: 0, rescored: 0 });
  });

  it('answers as the full scan for zero vectors, a zero query and a vector that is not finite', () => {
    const dimensions = 48;
    const random = seededRandom(48);
    const entries = Array.from({ length: 1500 }, (_, position) => ({
      itemId: position + 1,
      owner: owners[position % 3] as string,
      vector: position % 100 === 0 ? new Float32Array(dimensions) : normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1)),
    }));
    const { full, bounded } = pair(dimensions, entries);
    const query = normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
    expectSameAnswers(full, bounded, [query, new Float32Array(dimensions)], [1, 10, 1500]);
    expect(bounded.searches().bounded).toBeGreaterThan(0);

    const broken = { itemId: 99_999, owner: '*', vector: new Float32Array(dimensions).fill(Number.NaN) };
    full.upsert(broken);
    bounded.upsert(broken);
    const before = bounded.searches();
    expectIdentical(bounded.nearest(query, 10), full.nearest(query, 10));
    expect(bounded.searches().full).toBe(before.full + 1);
    // Once it is gone (replaced by a finite vector), searches are bounded again.
    const mended = { itemId: 99_999, owner: '*', vector: query };
    full.upsert(mended);
    bounded.upsert(mended);
    expectIdentical(bounded.nearest(query, 10), full.nearest(query, 10));
    expect(bounded.searches().bounded).toBe(before.bounded + 1);
    expect(bounded.nearest(query, 1)[0]?.itemId).toBe(99_999);
  });

  it('stays identical to the full scan through upserts, removes and growth, the moved rows keeping their codes', () => {
    const dimensions = 384;
    const random = seededRandom(49);
    const base = syntheticBase(40, dimensions, 49);
    const { full, bounded } = pair(dimensions, []);
    const queries = vectorsAround(base, 3, 50, 0.5);
    let seed = 51;
    for (let round = 0; round < 5; round++) {
      for (const vector of vectorsAround(base, 1200, seed++)) {
        const entry = { itemId: Math.floor(random() * 5000) + 1, owner: owners[Math.floor(random() * 3)] as string, vector };
        full.upsert(entry);
        bounded.upsert(entry);
      }
      for (const itemId of full.itemIds().filter(() => random() < 0.25)) {
        full.remove(itemId);
        bounded.remove(itemId);
      }
      expect(bounded.itemIds()).toEqual(full.itemIds());
      expectSameAnswers(full, bounded, queries);
    }
    // Every top 1 and top 10 ran bounded (5 rounds × 4 visibilities × 3 queries × 2); a top 100 of a few hundred
    // visible rows may leave too many rows, and then scans them all.
    expect(bounded.searches().bounded).toBeGreaterThanOrEqual(120);
  });

  it('uses the full scan below its minimum rows', () => {
    const dimensions = 32;
    const random = seededRandom(52);
    const index = createExactSimdIndex(dimensions, 16, undefined, { boundedMinimumRows: 100 });
    for (let itemId = 1; itemId <= 99; itemId++) index.upsert({ itemId, owner: '*', vector: normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1)) });
    const query = normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
    index.nearest(query, 5);
    index.upsert({ itemId: 100, owner: '*', vector: query });
    expect(index.nearest(query, 1)[0]?.itemId).toBe(100);
    expect(index.searches()).toMatchObject({ full: 1, bounded: 1 });
  });
});
