import { describe, expect, it } from 'vitest';
import { cosineDistance, exactlyRescored, vectorFromPgBinary } from '../../../main/retrieval/exact-distance.js';

/** pgvector's binary form of a vector (vector_send): dimensions and a reserved word, 16 bits each, then big-endian float32s. */
function pgBinary(values: readonly number[]): Uint8Array {
  const bytes = new Uint8Array(4 + 4 * values.length);
  const view = new DataView(bytes.buffer);
  view.setUint16(0, values.length);
  values.forEach((value, index) => view.setFloat32(4 + 4 * index, value));
  return bytes;
}

describe('exact cosine distances, the same on every store', () => {
  it('computes the cosine distance of vectors of any length, and none for a vector without a direction', () => {
    expect(cosineDistance(Float32Array.of(1, 0), Float32Array.of(0, 3))).toBe(1);
    expect(cosineDistance(Float32Array.of(1, 1), Float32Array.of(-2, -2))).toBeCloseTo(2, 12);
    expect(cosineDistance(Float32Array.of(3, 4), Float32Array.of(6, 8))).toBeCloseTo(0, 12);
    expect(cosineDistance(Float32Array.of(1, 2), Float32Array.of(0, 0))).toBeNaN();
  });

  it('gives the same bits for the same float32 inputs, whatever order the rows come in', () => {
    const query = Float32Array.from({ length: 384 }, (_, index) => Math.sin(index + 1));
    const rows = Array.from({ length: 20 }, (_, row) => Float32Array.from({ length: 384 }, (_, index) => Math.cos(row * 7 + index)));
    const ids = rows.map((_, index) => index + 1);
    const once = exactlyRescored(query, ids, (id) => rows[id - 1]);
    const reversed = exactlyRescored(query, [...ids].reverse(), (id) => rows[id - 1]);
    expect(reversed).toEqual(once);
    expect(once.map((hit) => hit.distance)).toEqual([...once.map((hit) => hit.distance)].sort((a, b) => a - b));
  });

  it('orders equal distances by id and leaves out rows whose vector is missing or has no direction', () => {
    const vectors = new Map<number, Float32Array>([
      [9, Float32Array.of(1, 0)],
      [4, Float32Array.of(2, 0)],
      [7, Float32Array.of(0, 1)],
      [5, Float32Array.of(0, 0)],
    ]);
    expect(exactlyRescored(Float32Array.of(1, 0), [9, 7, 4, 5, 11], (id) => vectors.get(id))).toEqual([
      { itemId: 4, distance: 0 },
      { itemId: 9, distance: 0 },
      { itemId: 7, distance: 1 },
    ]);
  });

  it("reads pgvector's binary form back as the float32 values written, and refuses bytes of another form", () => {
    const written = Float32Array.of(0.1, -2e-5, 1 / 3, 123456.789, 0, -0);
    expect(vectorFromPgBinary(pgBinary([...written]))).toEqual(written);
    expect(vectorFromPgBinary(pgBinary([]))).toEqual(new Float32Array(0));
    expect(vectorFromPgBinary(pgBinary([1, 2, 3]).subarray(0, 12))).toBeUndefined();
    expect(vectorFromPgBinary(Uint8Array.of(0, 1))).toBeUndefined();
  });
});
