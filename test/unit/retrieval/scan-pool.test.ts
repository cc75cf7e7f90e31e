import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Worker, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { normalize, seededRandom } from '../../../main/bench/synthetic-vectors.js';
import { createScanPool, scanThreads, startScanWorker, type ScanPool, type ScanPoolOptions } from '../../../main/retrieval/scan-pool.js';
import { controlWord, scanChunkRows, scanState, type ScanWorkerData } from '../../../main/retrieval/scan-protocol.js';
import { createExactSimdIndex, type ExactSimdEntry, type ExactSimdIndex } from '../../../main/retrieval/simd-exact-index.js';

const pools: ScanPool[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((pool) => pool.close()));
});

/** A started pool, closed after the test. */
async function startedPool(options: ScanPoolOptions): Promise<ScanPool> {
  const pool = createScanPool(options);
  pools.push(pool);
  await pool.start();
  return pool;
}

function randomUnit(dimensions: number, random: () => number): Float32Array {
  return normalize(Float32Array.from({ length: dimensions }, () => random() * 2 - 1));
}

/** The same answer, bit for bit: ids in the same order, distances `Object.is`-equal. */
function expectIdentical(got: ReturnType<ExactSimdIndex['nearest']>, expected: ReturnType<ExactSimdIndex['nearest']>): void {
  expect(got.map((hit) => hit.itemId)).toEqual(expected.map((hit) => hit.itemId));
  got.forEach((hit, position) => expect(Object.is(hit.distance, expected[position]?.distance)).toBe(true));
}

/** The owners the queries below ask for: everyone, two partitions, one, nobody. */
const visibilities: (ReadonlySet<string> | undefined)[] = [undefined, new Set(['*', 'p1']), new Set(['p2']), new Set(['nobody'])];

function expectSameAnswers(split: ExactSimdIndex, alone: ExactSimdIndex, queries: readonly Float32Array[]): void {
  for (const query of queries) {
    for (const owners of visibilities) {
      for (const k of [1, 10, 1000]) expectIdentical(split.nearest(query, k, owners), alone.nearest(query, k, owners));
    }
  }
}

/** A worker speaking the pool's protocol that says it is up, then misbehaves when its first job comes. */
function fakeWorker(onJob: 'throw' | 'fail' | 'never answer') {
  return (workerData: ScanWorkerData, transferList: MessagePort[]) => {
    const source = `
      const { workerData } = require('node:worker_threads');
      const control = new Int32Array(workerData.control);
      Atomics.store(control, ${controlWord.state}, ${scanState.idle});
      Atomics.notify(control, ${controlWord.state});
      while (Atomics.load(control, ${controlWord.state}) !== ${scanState.job}) Atomics.wait(control, ${controlWord.state}, ${scanState.idle});
      if (${JSON.stringify(onJob)} === 'throw') throw new Error('a scan worker made to fail');
      if (${JSON.stringify(onJob)} === 'fail') { Atomics.store(control, ${controlWord.state}, ${scanState.failed}); Atomics.notify(control, ${controlWord.state}); }
      Atomics.wait(control, ${controlWord.state}, Atomics.load(control, ${controlWord.state}));
    `;
    return new Worker(source, { eval: true, workerData, transferList });
  };
}

describe('the scan pool', () => {
  const dimensions = 48;

  it('gives the same neighbours, bit for bit, as one thread, at sizes around the slice and chunk boundaries', async () => {
    const pool = await startedPool({ threads: 3, minimumRows: 0 });
    const random = seededRandom(21);
    const queries = Array.from({ length: 4 }, () => randomUnit(dimensions, random));
    for (const rows of [1, 2, 3, 5, 3 * scanChunkRows - 1, 3 * scanChunkRows, 3 * scanChunkRows + 1, 6 * scanChunkRows + 2]) {
      const entries: ExactSimdEntry[] = Array.from({ length: rows }, (_, position) => ({
        itemId: position + 1,
        owner: ['*', 'p1', 'p2'][position % 3] as string,
        vector: randomUnit(dimensions, random),
      }));
      const split = createExactSimdIndex(dimensions, rows, pool);
      const alone = createExactSimdIndex(dimensions, rows);
      for (const entry of entries) {
        split.upsert(entry);
        alone.upsert(entry);
      }
      expect(pool.threadsFor(rows)).toBe(3);
      expectSameAnswers(split, alone, queries);
    }
  });

  it('stays identical to one thread through upserts and removes', async () => {
    const pool = await startedPool({ threads: 2, minimumRows: 0 });
    const random = seededRandom(22);
    const split = createExactSimdIndex(dimensions, 16, pool);
    const alone = createExactSimdIndex(dimensions, 16);
    const queries = Array.from({ length: 3 }, () => randomUnit(dimensions, random));
    for (let round = 0; round < 6; round++) {
      for (let add = 0; add < 1500; add++) {
        const entry = { itemId: Math.floor(random() * 6000) + 1, owner: ['*', 'p1', 'p2'][add % 3] as string, vector: randomUnit(dimensions, random) };
        split.upsert(entry);
        alone.upsert(entry);
      }
      for (const itemId of alone.itemIds().filter(() => random() < 0.2)) {
        split.remove(itemId);
        alone.remove(itemId);
      }
      expect(split.itemIds()).toEqual(alone.itemIds());
      expectSameAnswers(split, alone, queries);
    }
  });

  it('follows its shared memory as it grows from one row to many, with the workers already scanning it', async () => {
    const pool = await startedPool({ threads: 2, minimumRows: 0 });
    const random = seededRandom(23);
    const wide = 384;
    const split = createExactSimdIndex(wide, 1, pool);
    const alone = createExactSimdIndex(wide, 1);
    const query = randomUnit(wide, random);
    const firstBytes = split.bytes();
    for (const target of [1, 10, 1000, 40_000]) {
      while (split.size() < target) {
        const entry = { itemId: split.size() + 1, owner: '*', vector: randomUnit(wide, random) };
        split.upsert(entry);
        alone.upsert(entry);
      }
      expectIdentical(split.nearest(query, 25), alone.nearest(query, 25));
      expect(pool.threadsFor(target)).toBe(2);
    }
    expect(split.bytes()).toBeGreaterThan(firstBytes + 40_000 * wide * 4);
  });

  it('scans on the calling thread alone below its minimum rows, and starts no worker for it', () => {
    const started: Worker[] = [];
    const pool = createScanPool({ threads: 2, minimumRows: 5000, startWorker: (data, transfer) => (started.push(startScanWorker(data, transfer)), started.at(-1) as Worker) });
    pools.push(pool);
    const random = seededRandom(24);
    const index = createExactSimdIndex(dimensions, 100, pool);
    for (let itemId = 1; itemId <= 100; itemId++) index.upsert({ itemId, owner: '*', vector: randomUnit(dimensions, random) });
    expect(index.nearest(randomUnit(dimensions, random), 3)).toHaveLength(3);
    expect(pool.threadsFor(100)).toBe(1);
    expect(started).toHaveLength(0);
  });

  it.each(['throw', 'fail', 'never answer'] as const)('scans the slice of a worker that does not answer (%s) itself, and stops using it', async (onJob) => {
    const answerWithinMs = 300;
    const pool = await startedPool({ threads: 2, minimumRows: 0, answerWithinMs, startWorker: fakeWorker(onJob) });
    const random = seededRandom(25);
    const split = createExactSimdIndex(dimensions, 5000, pool);
    const alone = createExactSimdIndex(dimensions, 5000);
    for (let itemId = 1; itemId <= 5000; itemId++) {
      const entry = { itemId, owner: '*', vector: randomUnit(dimensions, random) };
      split.upsert(entry);
      alone.upsert(entry);
    }
    const query = randomUnit(dimensions, random);
    expect(pool.threadsFor(5000)).toBe(2);
    const started = performance.now();
    expectIdentical(split.nearest(query, 10), alone.nearest(query, 10));
    expect(performance.now() - started).toBeLessThan(answerWithinMs + 2000);
    expect(pool.threadsFor(5000)).toBe(1);
    const again = performance.now();
    expectIdentical(split.nearest(query, 10), alone.nearest(query, 10));
    expect(performance.now() - again).toBeLessThan(answerWithinMs);
  });

  it('ends its workers on close, and scans alone after it', async () => {
    const started: Worker[] = [];
    const pool = createScanPool({ threads: 3, minimumRows: 0, startWorker: (data, transfer) => (started.push(startScanWorker(data, transfer)), started.at(-1) as Worker) });
    await pool.start();
    expect(started).toHaveLength(2);
    const exits = started.map((worker) => new Promise((resolve) => worker.once('exit', resolve)));
    await pool.close();
    await Promise.all(exits);
    expect(pool.threadsFor(10_000)).toBe(1);
    const index = createExactSimdIndex(dimensions, 10, pool);
    index.upsert({ itemId: 1, owner: '*', vector: randomUnit(dimensions, seededRandom(26)) });
    expect(index.nearest(randomUnit(dimensions, seededRandom(27)), 1)).toHaveLength(1);
  });

  it('never keeps a process alive: one that scans with workers and does not close the pool still exits', () => {
    const here = (path: string) => JSON.stringify(fileURLToPath(new URL(path, import.meta.url)));
    const script = `
      import { createScanPool } from ${here('../../../main/retrieval/scan-pool.ts')};
      import { createExactSimdIndex } from ${here('../../../main/retrieval/simd-exact-index.ts')};
      const pool = createScanPool({ threads: 2, minimumRows: 0 });
      await pool.start();
      const index = createExactSimdIndex(16, 4, pool);
      for (let itemId = 1; itemId <= 4000; itemId++) index.upsert({ itemId, owner: '*', vector: Float32Array.from({ length: 16 }, (_, i) => Math.sin(itemId * (i + 1))) });
      console.log(pool.threadsFor(4000), index.nearest(new Float32Array(16).fill(1), 1).length);
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 30_000 });
    expect(run.error).toBeUndefined();
    expect(run.stdout.trim()).toBe('2 1');
    expect(run.status).toBe(0);
  });

  it('sizes `auto` as every core up to 4, and keeps a number within 1 and 16', () => {
    expect([1, 2, 8].map((cores) => scanThreads('auto', cores))).toEqual([1, 2, 4]);
    expect([0, 3, 99].map((threads) => scanThreads(threads))).toEqual([1, 3, 16]);
  });
});
