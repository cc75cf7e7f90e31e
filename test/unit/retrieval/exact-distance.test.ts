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
  it('computes the cosine distance of vectors of any length within [0, 2], and none for a vector without a direction', () => {
    expect(cosineDistance(Float32Array.of(1, 0), Float32Array.of(0, 3))).toBe(1);
    expect(cosineDistance(Float32Array.of(1, 1), Float32Array.of(-2, -2))).toBeCloseTo(2, 12);
    expect(cosineDistance(Float32Array.of(1, 0), Float32Array.of(-1, 0))).toBe(2);
    expect(cosineDistance(Float32Array.of(3, 4), Float32Array.of(6, 8))).toBe(0);
    const same = Float32Array.from({ length: 384 }, (_, index) => Math.sin(index * 0.37));
    expect(cosineDistance(same, same)).toBeGreaterThanOrEqual(0);
    expect(cosineDistance(Float32Array.of(1, 2), Float32Array.of(0, 0))).toBeNaN();
  });

  it('sums in float64: the distance of float32 vectors is the one computed from their values as doubles', () => {
    const query = Float32Array.from({ length: 384 }, (_, index) => Math.sin(index + 1) / 7);
    const vector = Float32Array.from({ length: 384 }, (_, index) => Math.cos(index * 3) / 5);
    // The reference, written otherwise: the values as plain doubles, norms first.
    const [q, v] = [Array.from(query), Array.from(vector)];
    const norm = (values: number[]) => Math.sqrt(values.reduce((sum, value) => sum + value * value, 0));
    const reference = 1 - q.reduce((sum, value, index) => sum + value * (v[index] as number), 0) / (norm(q) * norm(v));
    expect(Math.abs(cosineDistance(query, vector) - reference)).toBeLessThan(1e-15);
    // A float32 accumulation is off by far more than that.
    let dot32 = Math.fround(0);
    for (let index = 0; index < 384; index += 1) dot32 = Math.fround(dot32 + Math.fround((query[index] as number) * (vector[index] as number)));
    expect(Math.abs(1 - dot32 / (norm(q) * norm(v)) - reference)).toBeGreaterThan(1e-12);
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

  it('keeps the k nearest once rescored, whichever places the engine gave them', () => {
    const vectors = new Map<number, Float32Array>([
      [1, Float32Array.of(0, 1)],
      [2, Float32Array.of(1, 1)],
      [3, Float32Array.of(1, 0)],
    ]);
    // The engine's order (1, 2, 3) is not the exact one: the row it found last is the nearest.
    expect(exactlyRescored(Float32Array.of(1, 0), [1, 2, 3], (id) => vectors.get(id), 2).map((hit) => hit.itemId)).toEqual([3, 2]);
  });

  it("reads pgvector's binary form back as the float32 values written, and refuses bytes of another form", () => {
    const written = Float32Array.of(0.1, -2e-5, 1 / 3, 123456.789, 0, -0);
    expect(vectorFromPgBinary(pgBinary([...written]))).toEqual(written);
    // As node-pg hands a bytea over: a Buffer at any offset of a larger one.
    const pooled = Buffer.concat([Buffer.from([7, 7, 7]), Buffer.from(pgBinary([...written]))]).subarray(3);
    expect(pooled.byteOffset % 4).not.toBe(0);
    expect(vectorFromPgBinary(pooled)).toEqual(written);
    expect(vectorFromPgBinary(pgBinary([]))).toEqual(new Float32Array(0));
    expect(vectorFromPgBinary(pgBinary([1, 2, 3]).subarray(0, 12))).toBeUndefined();
    expect(vectorFromPgBinary(Uint8Array.of(0, 1))).toBeUndefined();
  });
});
