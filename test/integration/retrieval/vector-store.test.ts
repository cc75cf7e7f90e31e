import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/connection.js';
import { createVectorStore, vec0MaximumK } from '../../../main/retrieval/vector-store.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

function unit(...values: number[]): Float32Array {
  const norm = Math.hypot(...values);
  return new Float32Array(values.map((value) => value / norm));
}

function randomUnit(dimensions: number, seed: number): Float32Array {
  let state = seed;
  const next = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  return unit(...Array.from({ length: dimensions }, next));
}

function cosineDistance(a: Float32Array, b: Float32Array): number {
  return 1 - a.reduce((sum, value, index) => sum + value * (b[index] as number), 0);
}

describe('vector store', () => {
  it('keeps one space per corpus, embedder id and formula', () => {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'));
    const vectors = createVectorStore(db);
    const a = vectors.space('foods', 'local:a', 'v1', 3);
    expect(vectors.space('foods', 'local:a', 'v1', 3).table).toBe(a.table);
    expect(vectors.space('foods', 'local:b', 'v1', 3).table).not.toBe(a.table);
    expect(vectors.space('foods', 'local:a', 'v2', 3).table).not.toBe(a.table);
    expect(vectors.findSpace('foods', 'cloud:c', 'v1')).toBeUndefined();
    db.close();
  });

  it("answers a query for more neighbours than vec0's 4,096 with the 4,096 nearest, in order", () => {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'));
    const vectors = createVectorStore(db, { exact: 'vec0' });
    const space = vectors.space('kb', 'e', 'v1', 4);
    const items = Array.from({ length: vec0MaximumK + 20 }, (_, index) => ({ itemId: index + 1, owner: null, vector: randomUnit(4, index + 7), contentHash: `h${index}` }));
    vectors.put(space, items);
    const query = randomUnit(4, 99_999);
    const nearest = vectors.nearest(space, query, items.length);
    expect(nearest).toHaveLength(vec0MaximumK);
    const expected = items.map((item) => ({ itemId: item.itemId, distance: cosineDistance(query, item.vector) })).sort((a, b) => a.distance - b.distance);
    expect(nearest[0]?.itemId).toBe(expected[0]?.itemId);
    expect(nearest.every((neighbour, index) => index === 0 || neighbour.distance >= (nearest[index - 1]?.distance ?? 0))).toBe(true);
    db.close();
  });

  it('replaces an item instead of duplicating it', () => {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'));
    const vectors = createVectorStore(db);
    const space = vectors.space('foods', 'e', 'v1', 3);
    vectors.put(space, [{ itemId: 1, owner: null, vector: unit(1, 0, 0), contentHash: 'h1' }]);
    vectors.put(space, [{ itemId: 1, owner: null, vector: unit(0, 1, 0), contentHash: 'h2' }]);
    expect(vectors.count(space)).toBe(1);
    expect(vectors.nearest(space, unit(0, 1, 0), 1)[0]).toMatchObject({ itemId: 1 });
    expect(vectors.nearest(space, unit(0, 1, 0), 1)[0]?.distance).toBeCloseTo(0, 6);
    db.close();
  });

  it('refuses a vector of the wrong dimension and writes nothing of the batch', () => {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'));
    const vectors = createVectorStore(db);
    const space = vectors.space('foods', 'e', 'v1', 3);
    expect(() =>
      vectors.put(space, [
        { itemId: 1, owner: null, vector: unit(1, 0, 0), contentHash: 'h' },
        { itemId: 2, owner: null, vector: unit(1, 0), contentHash: 'h' },
      ]),
    ).toThrow(/dimensions/);
    expect(vectors.count(space)).toBe(0);
    db.close();
  });

  it('finds the exact k nearest among shared rows and the visible owners only', () => {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'));
    const vectors = createVectorStore(db);
    const space = vectors.space('foods', 'e', 'v1', 16);
    const owners = [null, 'ana', 'bea'];
    const records = Array.from({ length: 300 }, (_, index) => ({
      itemId: index + 1,
      owner: owners[index % 3] as string | null,
      vector: randomUnit(16, index + 7),
      contentHash: 'h',
    }));
    vectors.put(space, records);
    const query = randomUnit(16, 99_999);
    const visible = records.filter((record) => record.owner === null || record.owner === 'ana');
    const expected = visible
      .map((record) => ({ itemId: record.itemId, distance: cosineDistance(query, record.vector) }))
      .sort((a, b) => a.distance - b.distance)
      .slice(0, 10)
      .map((entry) => entry.itemId);
    const found = vectors.nearest(space, query, 10, ['ana']);
    expect(found.map((entry) => entry.itemId)).toEqual(expected);
    expect(found.every((entry) => records[entry.itemId - 1]?.owner !== 'bea')).toBe(true);
    db.close();
  });
});
