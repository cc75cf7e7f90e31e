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
      // The query's codes as large as the index makes them (the int32 sum's limit for this stride), at both ends.
      const limit = Math.min(32_767, Math.floor((2 ** 31 - 1) / (127 * stride)));
      for (let index = 0; index < stride; index++) query[index] = index % 3 === 0 ? -limit : index % 3 === 1 ? limit : Math.round((random() * 2 - 1) * limit);
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
    // 42 rows a search when written (the fallback would begin past 500).
    expect(searches.rescored / searches.bounded).toBeLessThan(150);
  });

  it('is exact for vectors that are not unit length and dimensions that are not a multiple of 32', () => {
    const random = seededRandom(45);
    // 600: past 512 the query's codes are coarser (the int32 sum's limit).
    for (const dimensions of [7, 50, 100, 600]) {
      const entries = Array.from({ length: 3000 }, (_, position) => ({
        itemId: position + 1,
        owner: owners[position % 3] as string,
        vector: Float32Array.from({ length: dimensions }, () => (random() * 2 - 1) * 10 ** Math.floor(random() * 4 - 2)),
      }));
      const { full, bounded } = pair(dimensions, entries);
      const queries = Array.from({ length: 3 }, () => Float32Array.from({ length: dimensions }, () => (random() * 2 - 1) * 3));
      expectSameAnswers(full, bounded, queries);
      // Every top 1 and top 10 ran bounded (4 visibilities × 3 queries × 2); a top 100 of random rows may scan in full.
      expect(bounded.searches().bounded, `${dimensions} dimensions`).toBeGreaterThanOrEqual(24);
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

describe('the bounded scan at the edges of float32 (after a review)', () => {
  /** Filler rows enough to pass the default minimum, far from the probes below (their first value is 0). */
  function withFiller(dimensions: number, probes: readonly ExactSimdEntry[]): ExactSimdEntry[] {
    const random = seededRandom(60);
    const filler = Array.from({ length: 4096 }, (_, position) => {
      const vector = normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
      vector[0] = 0;
      return { itemId: 1000 + position, owner: '*', vector };
    });
    return [...probes, ...filler];
  }

  it('answers as the full scan for a query of subnormal size, scanning in full', () => {
    const dimensions = 4;
    const entries = withFiller(dimensions, [
      { itemId: 2, owner: '*', vector: Float32Array.from([1, 0, 0, 0]) },
      { itemId: 1, owner: '*', vector: Float32Array.from([0.9, 0.1, 0, 0]) },
    ]);
    const { full, bounded } = pair(dimensions, entries);
    const query = Float32Array.from([3 * 2 ** -149, 0, 0, 0]);
    expectIdentical(bounded.nearest(query, 1), full.nearest(query, 1));
    expect(bounded.searches().full).toBe(1);
  });

  it('answers as the full scan for a query whose float32 dot products overflow, scanning in full', () => {
    const dimensions = 4;
    const entries = withFiller(dimensions, [
      { itemId: 2, owner: '*', vector: Float32Array.from([2, 0, 0, 0]) },
      { itemId: 1, owner: '*', vector: Float32Array.from([1.9, 0.5, 0, 0]) },
    ]);
    const { full, bounded } = pair(dimensions, entries);
    const query = Float32Array.from([3e38, 0, 0, 0]);
    expectIdentical(bounded.nearest(query, 1), full.nearest(query, 1));
    expect(bounded.searches().full).toBe(1);
  });

  it('scans in full while it holds a row whose float32 norm overflows, and never returns a row without a distance', () => {
    const dimensions = 4;
    const huge = { itemId: 5, owner: '*', vector: Float32Array.from([3e38, 0, 0, 0]) };
    const entries = withFiller(dimensions, [{ itemId: 1, owner: '*', vector: Float32Array.from([0.5, 0.5, 0, 0]) }, { itemId: 2, owner: '*', vector: Float32Array.from([0.4, 0.5, 0, 0]) }, huge]);
    const { full, bounded } = pair(dimensions, entries);
    const query = Float32Array.from([2, 1, 0, 0]);
    const answer = bounded.nearest(query, 2);
    expectIdentical(answer, full.nearest(query, 2));
    expect(answer.map((hit) => hit.itemId)).toEqual([1, 2]);
    expect(bounded.searches()).toMatchObject({ full: 1, bounded: 0 });
    // Removed, it no longer holds searches to the full scan.
    full.remove(5);
    bounded.remove(5);
    expectIdentical(bounded.nearest(query, 2), full.nearest(query, 2));
    expect(bounded.searches()).toMatchObject({ full: 1, bounded: 1 });
  });

  it('keeps the rows the float32 kernel’s rounding lifts past rows whose exact score is higher', () => {
    // Rows and query exactly on their codes (scale 2^-7 and 2^-15), so only the float32 kernel's rounding separates a
    // row's computed score from its exact one. The query's codes are large except at positions 1-20 (code 1), and 60
    // rows differ from a base row by one code there: exact scores one unit apart, where the kernel's lane sums (past
    // 2^24) round by several units, so its order is not the exact one.
    const dimensions = 256;
    const random = seededRandom(61);
    const queryCodes = Array.from({ length: dimensions }, (_, index) => (index === 0 ? 32_767 : index <= 20 ? 1 : Math.round(random() * 65_000 - 32_500)));
    const query = Float32Array.from(queryCodes, (code) => code * 2 ** -15);
    const baseCodes = queryCodes.map((code, index) => (index === 0 ? 127 : index <= 20 ? 0 : Math.sign(code) * Math.min(126, Math.round(random() * 20 + 100))));
    const near = Array.from({ length: 60 }, (_, position) => {
      const codes = [...baseCodes];
      const at = 1 + (position % 20);
      codes[at] = position % 3 === 0 ? -1 : 1;
      return { itemId: 60 - position, owner: '*', vector: Float32Array.from(codes, (code) => code * 2 ** -7) };
    });
    const far = Array.from({ length: 2000 }, (_, position) => ({
      itemId: 100 + position,
      owner: '*',
      vector: Float32Array.from({ length: dimensions }, (_, index) => (index === 0 ? 127 : Math.round(random() * 254 - 127)) * 2 ** -7),
    }));
    const { full, bounded } = pair(dimensions, [...near, ...far]);
    for (const k of [1, 3, 10, 30]) expectIdentical(bounded.nearest(query, k), full.nearest(query, k));
    expect(bounded.searches().full).toBe(0);
  });
});
