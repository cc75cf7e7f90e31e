import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { normalize, seededRandom, syntheticBase, vectorsAround } from '../../../main/bench/synthetic-vectors.js';
import { openDatabase, type Database } from '../../../main/db/connection.js';
import { createScanPool, type ScanPool } from '../../../main/retrieval/scan-pool.js';
import { createSpaceLoader } from '../../../main/retrieval/simd-space-loader.js';
import type { VectorSpace } from '../../../main/retrieval/vector-space.js';
import { createVectorStore, type VectorNeighbour, type VectorRecord, type VectorStore } from '../../../main/retrieval/vector-store.js';
import { useTempDirs } from '../../helpers/temp.js';

// Counts how often a store reads a space into memory, to check it follows its own writes without re-reading.
const loads = vi.hoisted(() => [] as string[]);
vi.mock('../../../main/retrieval/simd-space-loader.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../../main/retrieval/simd-space-loader.js')>();
  return {
    ...actual,
    createSpaceLoader: (...args: Parameters<typeof actual.createSpaceLoader>) => {
      const loader = actual.createSpaceLoader(...args);
      return {
        rows: () => loader.rows(),
        load: () => {
          loads.push(args[1].table);
          return loader.load();
        },
      };
    },
  };
});

const tempDir = useTempDirs();
const dimensions = 384;
const base = syntheticBase(64, dimensions, 1);

function open(directory = tempDir()): Database {
  return openDatabase(join(directory, 'cita.sqlite'));
}

function randomUnit(random: () => number): Float32Array {
  return normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
}

function records(vectors: readonly Float32Array[], owner: (index: number) => string | null, firstId = 1): VectorRecord[] {
  return vectors.map((vector, index) => ({ itemId: firstId + index, owner: owner(index), vector, contentHash: `h${index}` }));
}

const partitions = (index: number) => [null, 'p1', 'p2', 'p3'][index % 4] as string | null;

/**
 * Same ids in the same order (the vectors of these tests have no ties) and the same distances to the last bit: both
 * paths compute them again from the vectors they found (exact-distance.ts), as PostgreSQL's does.
 */
function expectSameNeighbours(got: readonly VectorNeighbour[], expected: readonly VectorNeighbour[]): void {
  expect(got).toEqual(expected);
}

/** Two engines' own answers: same ids in the same order, distances within 1e-5 (each sums its float32s its own way). */
function expectSameEngineNeighbours(got: readonly VectorNeighbour[], expected: readonly VectorNeighbour[]): void {
  expect(got.map((hit) => hit.itemId)).toEqual(expected.map((hit) => hit.itemId));
  got.forEach((hit, position) => expect(Math.abs(hit.distance - (expected[position]?.distance ?? Number.NaN))).toBeLessThan(1e-5));
}

const visibilities: (readonly string[] | undefined)[] = [undefined, [], ['p1'], ['p1', 'p2'], ['nobody']];

function expectSameAsVec0(memory: VectorStore, vec0: VectorStore, space: VectorSpace, queries: readonly Float32Array[], ks: readonly number[]): number {
  let compared = 0;
  for (const query of queries) {
    for (const k of ks) {
      for (const owners of visibilities) {
        const expected = vec0.nearest(space, query, k, owners);
        expectSameNeighbours(memory.nearest(space, query, k, owners), expected);
        compared += expected.length;
      }
    }
  }
  return compared;
}

describe('the memory-simd exact option of the vector store', () => {
  it("gives sqlite-vec's top k (same ids, same distances) on random vectors, for every visibility", () => {
    const db = open();
    const memory = createVectorStore(db, { exact: 'memory-simd' });
    const vec0 = createVectorStore(db);
    const space = memory.space('foods', 'test:embedder', 'f1', dimensions);
    const random = seededRandom(41);
    memory.put(
      space,
      records(
        Array.from({ length: 3000 }, () => randomUnit(random)),
        partitions,
      ),
    );
    // Holes in vec0's chunks (deleted rows) must not come back.
    for (let itemId = 5; itemId <= 3000; itemId += 97) memory.remove(space, itemId);
    const compared = expectSameAsVec0(
      memory,
      vec0,
      space,
      Array.from({ length: 10 }, () => randomUnit(random)),
      [1, 10, 40],
    );
    expect(compared).toBeGreaterThan(1000);
    db.close();
  });

  it("gives sqlite-vec's top k on real-like vectors (clustered, with a shared direction) across several vec0 chunks", () => {
    const db = open();
    const memory = createVectorStore(db, { exact: 'memory-simd' });
    const vec0 = createVectorStore(db);
    const space = memory.space('kb', 'test:embedder', 'f1', dimensions);
    memory.put(space, records(vectorsAround(base, 5000, 2), partitions));
    expectSameAsVec0(memory, vec0, space, vectorsAround(base, 12, 3, 0.5), [10, 25]);
    db.close();
  });

  it("never shows another profile's rows, even when they are the closest, and still finds the k best visible ones", () => {
    const db = open();
    const memory = createVectorStore(db, { exact: 'memory-simd' });
    const vec0 = createVectorStore(db);
    const space = memory.space('foods', 'test:embedder', 'f1', dimensions);
    const vectors = vectorsAround(base, 600, 7);
    const query = vectors[0] as Float32Array;
    // Rows 1-200: profile p2, exact copies of the query; 201-600: shared and p1.
    memory.put(
      space,
      records([...Array.from({ length: 200 }, () => query), ...vectors.slice(200)], (index) => (index < 200 ? 'p2' : index % 2 === 0 ? null : 'p1')),
    );
    const hits = memory.nearest(space, query, 10, ['p1']);
    expect(hits.every((hit) => hit.itemId > 200)).toBe(true);
    expectSameNeighbours(hits, vec0.nearest(space, query, 10, ['p1']));
    const own = memory.nearest(space, query, 5, ['p2']);
    expect(own.every((hit) => hit.itemId <= 200 && hit.distance < 1e-6)).toBe(true);
    expect(memory.nearest(space, query, 10, []).every((hit) => hit.itemId > 200 && hit.itemId % 2 === 1)).toBe(true);
    db.close();
  });

  it('follows its own writes in place: replaced, removed and new vectors, read from vec0 only once', () => {
    const db = open();
    const memory = createVectorStore(db, { exact: 'memory-simd' });
    const vec0 = createVectorStore(db);
    const space = memory.space('foods', 'test:embedder', 'f1', dimensions);
    const vectors = vectorsAround(base, 1200, 8);
    memory.put(space, records(vectors, partitions));
    const target = vectors[10] as Float32Array;
    loads.length = 0;
    expect(memory.nearest(space, target, 1)[0]?.itemId).toBe(11);

    const elsewhere = randomUnit(seededRandom(3));
    memory.put(space, [{ itemId: 11, owner: 'p1', vector: elsewhere, contentHash: 'new' }]);
    expect(memory.nearest(space, target, 5).map((hit) => hit.itemId)).not.toContain(11);
    expect(memory.nearest(space, elsewhere, 1, ['p1'])[0]).toMatchObject({ itemId: 11, distance: expect.closeTo(0, 5) });
    expect(memory.nearest(space, elsewhere, 3, ['p2']).map((hit) => hit.itemId)).not.toContain(11);

    memory.remove(space, 11);
    memory.remove(space, 12);
    memory.put(
      space,
      records(vectorsAround(base, 50, 9), () => 'p3', 5000),
    );
    expect(memory.nearest(space, elsewhere, 50, ['p1']).map((hit) => hit.itemId)).not.toContain(11);
    expectSameAsVec0(memory, vec0, space, [target, elsewhere, ...vectorsAround(base, 3, 10)], [10]);
    expect(loads).toEqual([space.table]);
    db.close();
  });

  it('reads the space again after another connection writes to it, and sees that write', () => {
    const directory = tempDir();
    const first = open(directory);
    const second = open(directory);
    const memory = createVectorStore(first, { exact: 'memory-simd' });
    const other = createVectorStore(second);
    const space = memory.space('foods', 'test:embedder', 'f1', dimensions);
    memory.put(space, records(vectorsAround(base, 500, 11), partitions));
    const fresh = randomUnit(seededRandom(12));
    loads.length = 0;
    expect(memory.nearest(space, fresh, 1)[0]?.itemId).not.toBe(999);
    other.put(space, [{ itemId: 999, owner: 'p2', vector: fresh, contentHash: 'x' }]);
    expect(memory.nearest(space, fresh, 1, ['p2'])[0]).toMatchObject({ itemId: 999, distance: expect.closeTo(0, 5) });
    other.remove(space, 999);
    expect(memory.nearest(space, fresh, 1, ['p2'])[0]?.itemId).not.toBe(999);
    expect(loads).toEqual([space.table, space.table, space.table]);
    first.close();
    second.close();
  });

  it("forgets a write made inside a caller's transaction that rolls back, and keeps one that commits", () => {
    const db = open();
    const memory = createVectorStore(db, { exact: 'memory-simd' });
    const space = memory.space('foods', 'test:embedder', 'f1', dimensions);
    const vectors = vectorsAround(base, 300, 13);
    memory.put(space, records(vectors, partitions));
    const fresh = randomUnit(seededRandom(14));
    expect(memory.nearest(space, fresh, 1)[0]?.itemId).not.toBe(777);

    const rolledBack = db.transaction(() => {
      memory.put(space, [{ itemId: 777, owner: null, vector: fresh, contentHash: 'x' }]);
      memory.remove(space, 1);
      expect(memory.nearest(space, fresh, 1)[0]?.itemId).toBe(777);
      throw new Error('cancelled');
    });
    expect(() => rolledBack()).toThrow('cancelled');
    expect(memory.nearest(space, fresh, 1)[0]?.itemId).not.toBe(777);
    expect(memory.nearest(space, vectors[0] as Float32Array, 1)[0]?.itemId).toBe(1);

    db.transaction(() => memory.put(space, [{ itemId: 778, owner: null, vector: fresh, contentHash: 'x' }]))();
    expect(memory.nearest(space, fresh, 1)[0]?.itemId).toBe(778);
    db.close();
  });

  it('splits the scans of a space with the scan pool it is given, answering bit for bit as one thread, through its writes', async () => {
    const pool = createScanPool({ threads: 2, minimumRows: 1000 });
    await pool.start();
    // Scans that went through the pool with a worker free to take a part (the caller may still take it all).
    let splitScans = 0;
    const counting: ScanPool = {
      ...pool,
      dots: (kernel, job) => {
        if (pool.threadsFor(job.count) > 1) splitScans += 1;
        return pool.dots(kernel, job);
      },
    };
    try {
      const db = open();
      const split = createVectorStore(db, { exact: 'memory-simd', scanPool: counting });
      const space = split.space('kb', 'test:embedder', 'f1', dimensions);
      split.put(space, records(vectorsAround(base, 3000, 19), partitions));
      const queries = vectorsAround(base, 4, 20, 0.5);
      const expectIdentical = () => {
        // A store on the same connection does not see another's writes: a new one reads the space as it is now.
        const alone = createVectorStore(db, { exact: 'memory-simd' });
        for (const query of queries) {
          for (const owners of visibilities) expect(split.nearest(space, query, 10, owners)).toEqual(alone.nearest(space, query, 10, owners));
        }
      };
      expectIdentical();
      split.put(space, records(vectorsAround(base, 500, 21), partitions, 2500));
      for (let itemId = 1; itemId <= 3000; itemId += 7) split.remove(space, itemId);
      expectIdentical();
      expect(splitScans).toBeGreaterThan(0);
      db.close();
    } finally {
      await pool.close();
    }
  });

  it('is off by default, and `auto` holds a space in memory only from the size it is given', () => {
    const db = open();
    const plain = createVectorStore(db);
    const auto = createVectorStore(db, { exact: 'auto', memorySimdMinimumRows: 1000 });
    const binary = createVectorStore(db, { quantized: { kind: 'binary' }, exact: 'memory-simd' });
    const vec0 = createVectorStore(db);
    const space = plain.space('foods', 'test:embedder', 'f1', dimensions);
    auto.put(space, records(vectorsAround(base, 999, 15), partitions));
    const queries = vectorsAround(base, 3, 16);
    loads.length = 0;
    for (const query of queries) {
      plain.nearest(space, query, 10);
      binary.nearest(space, query, 10);
      expectSameNeighbours(auto.nearest(space, query, 10, ['p1']), vec0.nearest(space, query, 10, ['p1']));
    }
    expect(loads).toEqual([]);

    auto.put(
      space,
      records(vectorsAround(base, 1, 17), () => null, 1000),
    );
    for (const query of queries) expectSameNeighbours(auto.nearest(space, query, 10, ['p1']), vec0.nearest(space, query, 10, ['p1']));
    expect(loads).toEqual([space.table]);

    auto.remove(space, 1000);
    auto.remove(space, 999);
    for (const query of queries) expectSameNeighbours(auto.nearest(space, query, 10), vec0.nearest(space, query, 10));
    auto.put(
      space,
      records(vectorsAround(base, 2, 18), () => 'p1', 2000),
    );
    for (const query of queries) expectSameNeighbours(auto.nearest(space, query, 10), vec0.nearest(space, query, 10));
    expect(loads).toEqual([space.table, space.table]);
    db.close();
  });
});

describe('`auto` by default (the app’s store)', () => {
  it('holds even a small space in memory, answering as vec0 does', () => {
    const db = open();
    const auto = createVectorStore(db, { exact: 'auto' });
    const vec0 = createVectorStore(db);
    const space = auto.space('foods', 'test:embedder', 'f1', dimensions);
    auto.put(space, records(vectorsAround(base, 40, 21), partitions));
    loads.length = 0;
    for (const query of vectorsAround(base, 3, 22)) expectSameNeighbours(auto.nearest(space, query, 10, ['p1']), vec0.nearest(space, query, 10, ['p1']));
    expect(loads).toEqual([space.table]);
    db.close();
  });

  it("counts a held space's rows as SQLite does, after its own writes and after another connection's", () => {
    const directory = tempDir();
    const db = open(directory);
    const auto = createVectorStore(db, { exact: 'auto' });
    const space = auto.space('foods', 'test:embedder', 'f1', dimensions);
    const sqlCount = () => (db.prepare(`SELECT count(*) AS n FROM ${space.table}`).get() as { n: number }).n;
    auto.put(space, records(vectorsAround(base, 12, 23), partitions));
    auto.nearest(space, base[0] as Float32Array, 5);
    auto.put(space, records(vectorsAround(base, 3, 24), partitions, 100));
    auto.remove(space, 1);
    expect(auto.count(space)).toBe(14);
    const other = open(directory);
    createVectorStore(other).put(space, records(vectorsAround(base, 2, 25), partitions, 200));
    other.close();
    expect([auto.count(space), sqlCount()]).toEqual([16, 16]);
    db.close();
  });
});

describe('reading a space into memory', () => {
  it("reads vec0's chunks directly, and gets what vec0's own scan gives, holes and partitions included", () => {
    const db = open();
    const store = createVectorStore(db);
    const space = store.space('foods', 'test:embedder', 'f1', dimensions);
    store.put(space, records(vectorsAround(base, 2500, 19), partitions));
    for (let itemId = 1; itemId <= 2500; itemId += 10) store.remove(space, itemId);
    const loader = createSpaceLoader(db, space);
    expect(loader.rows()).toBe(2250);
    const load = loader.load();
    expect(load.source).toBe('vec0-chunks');
    expect(load.index.size()).toBe(2250);
    const scan = db.prepare<[], { item_id: number; owner: string; embedding: Buffer }>(`SELECT item_id, owner, embedding FROM ${space.table}`).all();
    expect(scan).toHaveLength(2250);
    for (const row of scan) {
      const held = load.index.entry(row.item_id);
      expect(held?.owner).toBe(row.owner);
      expect(Buffer.from(held?.vector.buffer ?? new ArrayBuffer(0)).equals(row.embedding)).toBe(true);
    }
    db.close();
  });

  it("falls back to vec0's public scan when the chunk layout is not the expected one, and stays exact", () => {
    const db = open();
    // A vec0 table without a partition key has no partition column in its chunks.
    db.exec(`CREATE VIRTUAL TABLE vec_other USING vec0(item_id INTEGER PRIMARY KEY, owner TEXT, embedding FLOAT[${dimensions}] distance_metric=cosine)`);
    const insert = db.prepare<[bigint, string, Float32Array]>('INSERT INTO vec_other (item_id, owner, embedding) VALUES (?, ?, ?)');
    const vectors = vectorsAround(base, 300, 21);
    vectors.forEach((vector, index) => insert.run(BigInt(index + 1), index % 2 === 0 ? '*' : 'p1', vector));
    const space: VectorSpace = { id: 99, corpus: 'other', embedderId: 'test:embedder', formula: 'f1', dimensions, table: 'vec_other' };
    const load = createSpaceLoader(db, space).load();
    expect(load.source).toBe('vec0-scan');
    expect(load.index.size()).toBe(300);
    const query = vectorsAround(base, 1, 22)[0] as Float32Array;
    const expected = db
      .prepare<[Float32Array], { item_id: number; distance: number }>('SELECT item_id, distance FROM vec_other WHERE embedding MATCH ? AND k = 10 ORDER BY distance')
      .all(query)
      .map((row) => ({ itemId: row.item_id, distance: row.distance }));
    expectSameEngineNeighbours(load.index.nearest(query, 10), expected);
    expect(load.index.nearest(query, 300, new Set(['p1'])).every((hit) => hit.itemId % 2 === 0)).toBe(true);
    db.close();
  });
});
