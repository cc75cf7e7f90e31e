/**
 * The query pool's policy (model-pool.ts) with stand-in workers: reads spread over every worker, writes only go to
 * the first (whose queue puts them before every read), and a dead model process is passed over.
 */
import { describe, expect, it } from 'vitest';
import { chooseWorker, ModelPool } from '../../../main/inference/model-pool.js';
import type { ModelWorkerHost } from '../../../main/inference/model-worker.js';
import { standInWorker } from '../../helpers/stand-in-model-worker.js';

const read = { priority: 'read', merge: false } as const;
const write = { priority: 'write', merge: false } as const;

const config = { modelDir: '/nowhere', threads: 2, dimensions: 1 };

describe('chooseWorker', () => {
  it('sends a read to the worker with the fewest texts outstanding', () => {
    expect(chooseWorker([3, 1, 2], read)).toBe(1);
  });

  it('sends a read to the first worker on a tie, so a lone query runs where it did before the pool', () => {
    expect(chooseWorker([0, 0], read)).toBe(0);
    expect(chooseWorker([2, 1, 1], read)).toBe(1);
  });

  it('sends a write to the first worker even when it is the busiest', () => {
    expect(chooseWorker([40, 0, 0], write)).toBe(0);
  });
});

describe('ModelPool', () => {
  it('opens a pooled session in every worker, the copies with their own configuration', async () => {
    const first = standInWorker();
    const second = standInWorker();
    const opened: unknown[] = [];
    const pool = new ModelPool(first.host, () => second.host);
    const openOf = (host: ModelWorkerHost) => {
      const open = host.open.bind(host);
      host.open = (kind, value) => (opened.push(value), open(kind, value));
    };
    openOf(first.host);
    openOf(second.host);
    await pool.openPooled('multilingual', config, { workers: 2, queryConfig: { ...config, threads: 1 } });
    expect(opened).toEqual([config, { ...config, threads: 1 }]);
  });

  it('spreads concurrent reads over both workers', async () => {
    const first = standInWorker();
    const second = standInWorker();
    const pool = new ModelPool(first.host, () => second.host);
    const session = await pool.openPooled('multilingual', config, { workers: 2, queryConfig: config });
    const reads = Array.from({ length: 6 }, (_, index) => pool.run(session, [`query ${index}`], undefined, read));
    expect([first.runs.length, second.runs.length]).toEqual([3, 3]);
    first.answerAll();
    second.answerAll();
    await Promise.all(reads);
    expect(pool.runsPerWorker()).toEqual([3, 3]);
  });

  it('sends writes to the first worker only, however many reads it has queued', async () => {
    const first = standInWorker();
    const second = standInWorker();
    const pool = new ModelPool(first.host, () => second.host);
    const session = await pool.openPooled('multilingual', config, { workers: 2, queryConfig: config });
    const reads = Array.from({ length: 4 }, (_, index) => pool.run(session, [`query ${index}`], undefined, read));
    const writes = [pool.run(session, ['a food added'], undefined, write), pool.run(session, ['another'], undefined, write)];
    expect(first.runs.filter((run) => (run.order as typeof write).priority === 'write')).toHaveLength(2);
    expect(second.runs.every((run) => (run.order as typeof read).priority === 'read')).toBe(true);
    first.answerAll();
    second.answerAll();
    await Promise.all([...reads, ...writes]);
  });

  it('counts texts, not runs, so reads go round a worker busy with a long batch', async () => {
    const first = standInWorker();
    const second = standInWorker();
    const pool = new ModelPool(first.host, () => second.host);
    const session = await pool.openPooled('multilingual', config, { workers: 2, queryConfig: config });
    const batch = pool.run(
      session,
      Array.from({ length: 40 }, (_, index) => `passage ${index}`),
      undefined,
      write,
    );
    const reads = Array.from({ length: 5 }, (_, index) => pool.run(session, [`query ${index}`], undefined, read));
    expect(second.runs).toHaveLength(5);
    first.answerAll();
    second.answerAll();
    await Promise.all([batch, ...reads]);
  });

  it('passes over a model process that died and runs reads on the first worker', async () => {
    const first = standInWorker();
    const second = standInWorker();
    const pool = new ModelPool(first.host, () => second.host);
    const session = await pool.openPooled('multilingual', config, { workers: 2, queryConfig: config });
    second.die();
    const reads = Array.from({ length: 3 }, (_, index) => pool.run(session, [`query ${index}`], undefined, read));
    expect(first.runs).toHaveLength(3);
    first.answerAll();
    await Promise.all(reads);
    expect(pool.failed).toBe(false);
  });

  it('keeps a session opened for one worker in the first worker only', async () => {
    const first = standInWorker();
    let started = 0;
    const pool = new ModelPool(first.host, () => (started++, standInWorker().host));
    const session = await pool.open('multilingual', config);
    const reads = [pool.run(session, ['a'], undefined, read), pool.run(session, ['b'], undefined, read)];
    expect([started, first.runs.length]).toEqual([0, 2]);
    first.answerAll();
    await Promise.all(reads);
  });
});

describe('ModelPool when a model process cannot help', () => {
  it('opens in the first worker alone when a model process cannot be started', async () => {
    const first = standInWorker();
    const pool = new ModelPool(first.host, () => {
      throw new Error('no processes here');
    });
    const session = await pool.openPooled('multilingual', config, { workers: 3, queryConfig: config });
    const reads = [pool.run(session, ['a'], undefined, read), pool.run(session, ['b'], undefined, read)];
    expect(first.runs).toHaveLength(2);
    first.answerAll();
    await Promise.all(reads);
    expect(pool.runsPerWorker()).toEqual([2]);
  });
});
