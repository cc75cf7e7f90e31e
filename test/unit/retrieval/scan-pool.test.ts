import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MessageChannel, Worker, type MessagePort } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { normalize, seededRandom } from '../../../main/bench/synthetic-vectors.js';
import { createScanPool, scanThreads, startScanWorker, type ScanPool, type ScanPoolOptions } from '../../../main/retrieval/scan-pool.js';
import { controlWord, controlWords, fullSpan, scanChunkRows, scanKernelKind, scanState, type ScanWorkerData } from '../../../main/retrieval/scan-protocol.js';
import { createSimdDotKernel } from '../../../main/retrieval/simd-dot-kernel.js';
import { createExactSimdIndex, type ExactSimdIndex, type ExactSimdIndexOptions } from '../../../main/retrieval/simd-exact-index.js';
import { createSimdInt8Kernel } from '../../../main/retrieval/simd-int8-kernel.js';

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
  got.forEach((hit, position) => expect(hit.distance).toBe(expected[position]?.distance));
}

/** The owners the queries below ask for: everyone, two partitions, one, nobody. */
const visibilities: (ReadonlySet<string> | undefined)[] = [undefined, new Set(['*', 'p1']), new Set(['p2']), new Set(['nobody'])];

/** Every query, visibility and k; the query changes from one scan to the next, so a dot left from the last scan shows. */
function expectSameAnswers(split: ExactSimdIndex, alone: ExactSimdIndex, queries: readonly Float32Array[]): void {
  for (const owners of visibilities) {
    for (const k of [1, 10, 1000]) {
      for (const query of queries) expectIdentical(split.nearest(query, k, owners), alone.nearest(query, k, owners));
    }
  }
}

/**
 * A worker speaking the pool's protocol that says it is up, then misbehaves on its first job: it takes the first
 * chunk of its slice and throws, says `failed` or never answers; or it sleeps through the job.
 */
function fakeWorker(onJob: 'throw' | 'fail' | 'never answer' | 'sleep') {
  return (workerData: ScanWorkerData, transferList: MessagePort[]) => {
    const state = controlWord.state;
    const source = `
      const { workerData } = require('node:worker_threads');
      const control = new Int32Array(workerData.control);
      const onJob = ${JSON.stringify(onJob)};
      Atomics.store(control, ${state}, ${scanState.idle});
      Atomics.notify(control, ${state});
      while (Atomics.load(control, ${state}) !== ${scanState.job}) Atomics.wait(control, ${state}, ${scanState.idle});
      // Takes the first chunk unless the caller has taken them all (as takeChunk does).
      for (let span = Atomics.load(control, ${controlWord.span}); onJob !== 'sleep' && (span & 0xffff) < span >>> 16; span = Atomics.load(control, ${controlWord.span})) {
        if (Atomics.compareExchange(control, ${controlWord.span}, span, span + 1) === span) break;
      }
      if (onJob === 'throw') throw new Error('a scan worker made to fail');
      if (onJob === 'fail') { Atomics.store(control, ${state}, ${scanState.failed}); Atomics.notify(control, ${state}); }
      Atomics.wait(control, ${state}, Atomics.load(control, ${state}));
    `;
    return new Worker(source, { eval: true, workerData, transferList });
  };
}

/** A pool whose scans are counted by the threads that answered. */
function counted(pool: ScanPool): { pool: ScanPool; threads: number[] } {
  const threads: number[] = [];
  return {
    threads,
    pool: {
      ...pool,
      dots: (kernel, job) => {
        const answered = pool.dots(kernel, job);
        threads.push(answered);
        return answered;
      },
    },
  };
}

function filledPair(dimensions: number, rows: number, random: () => number, pool: ScanPool, options: ExactSimdIndexOptions): { split: ExactSimdIndex; alone: ExactSimdIndex } {
  const split = createExactSimdIndex(dimensions, rows, pool, options);
  const alone = createExactSimdIndex(dimensions, rows, undefined, options);
  for (let position = 0; position < rows; position++) {
    const entry = { itemId: position + 1, owner: ['*', 'p1', 'p2'][position % 3] as string, vector: randomUnit(dimensions, random) };
    split.upsert(entry);
    alone.upsert(entry);
  }
  return { split, alone };
}

describe('a scan worker', () => {
  it.each(['float32', 'int8'] as const)('writes the bytes the %s kernel writes on the calling thread, for the chunks it takes', async (kind) => {
    const stride = kind === 'float32' ? 48 : 64;
    const rowBytes = kind === 'float32' ? stride * 4 : stride;
    const rows = 2 * scanChunkRows + 5;
    const kernel = kind === 'float32' ? createSimdDotKernel() : createSimdInt8Kernel();
    const scratch = stride * 4;
    const rowsAddress = scratch + scanChunkRows * 4;
    const out = rowsAddress + rows * rowBytes;
    kernel.ensure(out + rows * 4);
    const random = seededRandom(20);
    if (kind === 'float32') {
      const memory = new Float32Array(kernel.memory.buffer);
      for (let index = 0; index < out / 4; index++) memory[index] = random() * 2 - 1;
    } else {
      const memory = new Int8Array(kernel.memory.buffer);
      for (let index = 0; index < out; index++) memory[index] = Math.round(random() * 254 - 127);
      // The query: int16 codes, large enough that a partial sum leaves the int16 range.
      const query = new Int16Array(kernel.memory.buffer, 0, stride);
      for (let index = 0; index < stride; index++) query[index] = Math.round(random() * 60_000 - 30_000);
    }
    if ('dots8' in kernel) kernel.dots8(rowsAddress, rows, stride, 0, out);
    else kernel.dots(rowsAddress, rows, stride, 0, out);
    const expected = new Int32Array(kernel.memory.buffer, out, rows).slice();

    const control = new Int32Array(new SharedArrayBuffer(controlWords * 4));
    const results = new Int32Array(new SharedArrayBuffer(rows * 4));
    const { port1, port2 } = new MessageChannel();
    const worker = startScanWorker({ control: control.buffer as SharedArrayBuffer, port: port2 }, [port2]);
    try {
      await new Promise<void>((resolve) => {
        const check = () => (Atomics.load(control, controlWord.state) === scanState.idle ? resolve() : setTimeout(check, 5));
        check();
      });
      port1.postMessage({ memory: { id: 7, memory: kernel.memory }, results: results.buffer });
      Object.assign(control, {
        [controlWord.memory]: 7,
        [controlWord.kernel]: scanKernelKind[kind],
        [controlWord.rows]: rowsAddress,
        [controlWord.count]: rows,
        [controlWord.stride]: stride,
        [controlWord.query]: 0,
        [controlWord.scratch]: scratch,
      });
      control[controlWord.span] = fullSpan(3);
      Atomics.store(control, controlWord.state, scanState.job);
      Atomics.notify(control, controlWord.state);
      while (Atomics.load(control, controlWord.state) === scanState.job) Atomics.wait(control, controlWord.state, scanState.job, 5000);
      expect(Atomics.load(control, controlWord.state)).toBe(scanState.done);
      expect(Buffer.from(results.buffer)).toEqual(Buffer.from(expected.buffer));
    } finally {
      await worker.terminate();
    }
  });
});

/**
 * Whether a worker answered in one of the counted scans, scanning again (up to 500 times) until one does: the caller
 * takes what a worker has not started, so on a loaded machine a few scans may all run on the calling thread.
 */
function sharedOnce(threads: readonly number[], scan: () => void): boolean {
  for (let tries = 0; tries < 500 && !threads.some((answered) => answered > 1); tries++) scan();
  return threads.some((answered) => answered > 1);
}

/** Every row scanned in float32, the scan the failing-worker tests below time. */
const floatScan: ExactSimdIndexOptions = { boundedMinimumRows: Number.POSITIVE_INFINITY };

/** Both ways a search scans: every row in float32, and the bounded scan (its int8 pass split by the pool). */
const scans: { scan: string; options: ExactSimdIndexOptions }[] = [
  { scan: 'the float32 scan', options: floatScan },
  { scan: 'the bounded scan', options: { boundedMinimumRows: 1 } },
];

describe.each(scans)('the scan pool, with $scan', ({ options }) => {
  it('gives the same neighbours, bit for bit, as one thread, at sizes around the slice and chunk boundaries', async () => {
    const { pool, threads } = counted(await startedPool({ threads: 3, minimumRows: 0 }));
    const wide = 384;
    const random = seededRandom(21);
    const queries = Array.from({ length: 4 }, () => randomUnit(wide, random));
    let last: ReturnType<typeof filledPair> | undefined;
    for (const rows of [1, 2, 3, 5, 3 * scanChunkRows - 1, 3 * scanChunkRows, 3 * scanChunkRows + 1, 12 * scanChunkRows + 2]) {
      last = filledPair(wide, rows, random, pool, options);
      expectSameAnswers(last.split, last.alone, queries);
    }
    // The caller takes what a worker has not started, so not every scan is shared; many are.
    const { split, alone } = last as ReturnType<typeof filledPair>;
    expect(sharedOnce(threads, () => expectSameAnswers(split, alone, queries.slice(0, 1)))).toBe(true);
  });

  it('stays identical to one thread through upserts and removes', async () => {
    const { pool, threads } = counted(await startedPool({ threads: 2, minimumRows: 0 }));
    const wide = 384;
    const random = seededRandom(22);
    const split = createExactSimdIndex(wide, 16, pool, options);
    const alone = createExactSimdIndex(wide, 16, undefined, options);
    const queries = Array.from({ length: 3 }, () => randomUnit(wide, random));
    for (let round = 0; round < 6; round++) {
      for (let add = 0; add < 1500; add++) {
        const entry = { itemId: Math.floor(random() * 6000) + 1, owner: ['*', 'p1', 'p2'][add % 3] as string, vector: randomUnit(wide, random) };
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
    expect(sharedOnce(threads, () => expectSameAnswers(split, alone, queries.slice(0, 1)))).toBe(true);
  });

  it('follows its shared memory as it grows from one row to many, with the workers already scanning it', async () => {
    const { pool, threads } = counted(await startedPool({ threads: 2, minimumRows: 0 }));
    const random = seededRandom(23);
    const wide = 384;
    const split = createExactSimdIndex(wide, 1, pool, options);
    const alone = createExactSimdIndex(wide, 1, undefined, options);
    const queries = Array.from({ length: 5 }, () => randomUnit(wide, random));
    const firstBytes = split.bytes();
    for (const target of [1, 10, 1000, 40_000]) {
      while (split.size() < target) {
        const entry = { itemId: split.size() + 1, owner: '*', vector: randomUnit(wide, random) };
        split.upsert(entry);
        alone.upsert(entry);
      }
      threads.length = 0;
      for (const query of queries) expectIdentical(split.nearest(query, 25), alone.nearest(query, 25));
    }
    expect(split.bytes()).toBeGreaterThan(firstBytes + 40_000 * wide * 4);
    // At 40k rows (60 MB, grown from one page) the worker has scanned part of the rows itself.
    expect(sharedOnce(threads, () => expectIdentical(split.nearest(queries[0] as Float32Array, 25), alone.nearest(queries[0] as Float32Array, 25)))).toBe(true);
    const searches = split.searches();
    expect(options.boundedMinimumRows === 1 ? searches.full : searches.bounded).toBe(0);
  });
});

describe('the scan pool', () => {
  const dimensions = 48;

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

  it.each(['throw', 'fail', 'never answer'] as const)('scans the chunk of a worker that does not answer (%s) itself, and stops using it', async (onJob) => {
    const answerWithinMs = 300;
    const started: Worker[] = [];
    const startWorker = fakeWorker(onJob);
    const pool = await startedPool({ threads: 2, minimumRows: 0, answerWithinMs, startWorker: (data, transfer) => (started.push(startWorker(data, transfer)), started.at(-1) as Worker) });
    // Large enough that the worker takes its chunk while the caller scans its own half (~1 ms), so the caller waits for it.
    const rows = 40_000;
    const wide = 384;
    const { split, alone } = filledPair(wide, rows, seededRandom(25), pool, floatScan);
    const query = randomUnit(wide, seededRandom(26));
    expect(pool.threadsFor(rows)).toBe(2);
    const before = performance.now();
    expectIdentical(split.nearest(query, 10), alone.nearest(query, 10));
    expect(performance.now() - before).toBeLessThan(answerWithinMs + 2000);
    // Had the caller taken every chunk first, the worker is retired once it has been busy past the bound.
    await new Promise((resolve) => setTimeout(resolve, answerWithinMs));
    expect(pool.threadsFor(rows)).toBe(1);
    expectIdentical(split.nearest(query, 10), alone.nearest(query, 10));
    // Retired: ended, not left running.
    const worker = started[0] as Worker;
    if (worker.threadId !== -1) await new Promise((resolve) => worker.once('exit', resolve));
  });

  it('does not wait for a worker that has not started its slice: it scans the slice itself', async () => {
    const answerWithinMs = 5000;
    const pool = await startedPool({ threads: 2, minimumRows: 0, answerWithinMs, startWorker: fakeWorker('sleep') });
    const { split, alone } = filledPair(dimensions, 5000, seededRandom(27), pool, floatScan);
    const query = randomUnit(dimensions, seededRandom(28));
    const before = performance.now();
    expectIdentical(split.nearest(query, 10), alone.nearest(query, 10));
    expect(performance.now() - before).toBeLessThan(answerWithinMs / 2);
    // Still busy with that job as far as the caller knows: it sits the next scans out.
    expect(pool.threadsFor(5000)).toBe(1);
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
