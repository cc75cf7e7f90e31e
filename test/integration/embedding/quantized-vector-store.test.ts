import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../main/db/connection.js';
import { normalize, seededRandom, syntheticBase, vectorsAround } from '../../../main/bench/synthetic-vectors.js';
import type { VectorSpace } from '../../../main/retrieval/vector-space.js';
import { createVectorStore, type VectorStore } from '../../../main/retrieval/vector-store.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const dimensions = 384;
const base = syntheticBase(64, dimensions, 1);

function fill(store: VectorStore, space: VectorSpace, vectors: readonly Float32Array[], owner: (index: number) => string | null = () => null) {
  store.put(
    space,
    vectors.map((vector, index) => ({ itemId: index + 1, owner: owner(index), vector, contentHash: `h${index}` })),
  );
}

function companionExists(db: Database, space: VectorSpace): boolean {
  return db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(`${space.table}_floats`) !== undefined;
}

function open(): Database {
  return openDatabase(join(tempDir(), 'cita.sqlite'));
}

describe('the binary-quantised option of the vector store', () => {
  it('is off by default: no float copy, plain vec0 search', () => {
    const db = open();
    const store = createVectorStore(db);
    const space = store.space('foods', 'test:embedder', 'f1', dimensions);
    fill(store, space, vectorsAround(base, 50, 2));
    expect(store.nearest(space, base[0] as Float32Array, 5)).toHaveLength(5);
    expect(companionExists(db, space)).toBe(false);
    db.close();
  });

  it('gives exactly the exact top k, with exact cosine distances, when every row is a candidate', () => {
    const db = open();
    const exact = createVectorStore(db);
    const binary = createVectorStore(db, { quantized: { kind: 'binary', candidates: 1000 } });
    const space = exact.space('foods', 'test:embedder', 'f1', dimensions);
    fill(exact, space, vectorsAround(base, 600, 3));
    for (const query of vectorsAround(base, 10, 4)) {
      const expected = exact.nearest(space, query, 10);
      const got = binary.nearest(space, query, 10);
      expect(got.map((hit) => hit.itemId)).toEqual(expected.map((hit) => hit.itemId));
      got.forEach((hit, index) => expect(hit.distance).toBeCloseTo(expected[index]?.distance ?? Number.NaN, 5));
    }
    expect(companionExists(db, space)).toBe(true);
    db.close();
  });

  it('finds most of the exact top 10 from a fraction of the rows (recall@10 ≥ 0.9 rescoring 10% of 5000)', () => {
    const db = open();
    const exact = createVectorStore(db);
    const binary = createVectorStore(db, { quantized: { kind: 'binary', candidates: 500 } });
    const space = exact.space('kb', 'test:embedder', 'f1', dimensions);
    fill(exact, space, vectorsAround(base, 5000, 5));
    let found = 0;
    const queries = vectorsAround(base, 40, 6);
    for (const query of queries) {
      const truth = new Set(exact.nearest(space, query, 10).map((hit) => hit.itemId));
      found += binary.nearest(space, query, 10).filter((hit) => truth.has(hit.itemId)).length;
    }
    expect(found / (queries.length * 10)).toBeGreaterThanOrEqual(0.9);
    db.close();
  });

  it("keeps visibility inside the search: another profile's rows never appear, even when they are the closest", () => {
    const db = open();
    const store = createVectorStore(db, { quantized: { kind: 'binary', candidates: 20 } });
    const space = store.space('foods', 'test:embedder', 'f1', dimensions);
    const vectors = vectorsAround(base, 400, 7);
    const query = vectors[0] as Float32Array;
    // Rows 1-200: profile p2, including exact copies of the query; 201-400: shared and p1.
    fill(store, space, [...Array.from({ length: 200 }, () => query), ...vectors.slice(200)], (index) => (index < 200 ? 'p2' : index % 2 === 0 ? null : 'p1'));
    const hits = store.nearest(space, query, 10, ['p1']);
    expect(hits).toHaveLength(10);
    expect(hits.every((hit) => hit.itemId > 200)).toBe(true);
    expect(store.nearest(space, query, 3, ['p2']).map((hit) => hit.distance)).toEqual([0, 0, 0].map(() => expect.closeTo(0, 5)));
    db.close();
  });

  it('stays in step with writes: a replaced vector moves, a removed one is gone', () => {
    const db = open();
    const store = createVectorStore(db, { quantized: { kind: 'binary', candidates: 50 } });
    const space = store.space('foods', 'test:embedder', 'f1', dimensions);
    const vectors = vectorsAround(base, 300, 8);
    fill(store, space, vectors);
    const target = vectors[10] as Float32Array;
    expect(store.nearest(space, target, 1)[0]?.itemId).toBe(11);
    const elsewhere = normalize(Float32Array.from({ length: dimensions }, seededRandom(3)).map((value) => value - 0.5));
    store.put(space, [{ itemId: 11, owner: null, vector: elsewhere, contentHash: 'new' }]);
    expect(store.nearest(space, target, 1)[0]?.itemId).not.toBe(11);
    expect(store.nearest(space, elsewhere, 1)[0]).toMatchObject({ itemId: 11, distance: expect.closeTo(0, 5) });
    store.remove(space, 11);
    expect(store.nearest(space, elsewhere, 5).map((hit) => hit.itemId)).not.toContain(11);
    expect(db.prepare(`SELECT count(*) AS n FROM ${space.table}_floats`).get()).toEqual({ n: 299 });
    db.close();
  });

  it('copies a space written before the option was on, and sees what another connection writes afterwards', () => {
    const directory = tempDir();
    const first = openDatabase(join(directory, 'cita.sqlite'));
    const plain = createVectorStore(first);
    const space = plain.space('foods', 'test:embedder', 'f1', dimensions);
    const vectors = vectorsAround(base, 200, 9);
    fill(plain, space, vectors);

    const second = openDatabase(join(directory, 'cita.sqlite'));
    const binary = createVectorStore(second, { quantized: { kind: 'binary', candidates: 30 } });
    expect(binary.nearest(space, vectors[5] as Float32Array, 1)[0]?.itemId).toBe(6);
    expect(second.prepare(`SELECT count(*) AS n FROM ${space.table}_floats`).get()).toEqual({ n: 200 });

    // The first connection's plain store now keeps the copy in step too (the table exists), and the second sees it.
    const fresh = normalize(Float32Array.from({ length: dimensions }, seededRandom(11)).map((value) => value - 0.5));
    plain.put(space, [{ itemId: 999, owner: null, vector: fresh, contentHash: 'x' }]);
    expect(binary.nearest(space, fresh, 1)[0]?.itemId).toBe(999);
    first.close();
    second.close();
  });
});
