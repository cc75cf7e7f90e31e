/**
 * How the host of a model worker hands results back (model-worker.ts): a write's at once, a read's in its turn
 * (read-turns.ts), so a food added during a burst of searches does not wait for every search its reply came behind.
 */
import { describe, expect, it } from 'vitest';
import { createReadTurns } from '../../../main/core/read-turns.js';
import { standInWorker } from '../../helpers/stand-in-model-worker.js';

const read = { priority: 'read', merge: false } as const;
const write = { priority: 'write', merge: false } as const;
const config = { modelDir: '/nowhere', threads: 1, dimensions: 1 };

describe('the model worker host', () => {
  it('resumes a write before the reads whose results arrived ahead of it', async () => {
    const worker = standInWorker();
    const session = await worker.host.open('multilingual', config);
    const resumed: string[] = [];
    const reads = Array.from({ length: 5 }, (_, index) => worker.host.run(session, [`query ${index}`], undefined, read).then(() => resumed.push(`query ${index}`)));
    const added = worker.host.run(session, ['a food added'], undefined, write).then(() => resumed.push('write'));
    // The worker posts the five query vectors, then the write's, in one go (as it does when the main thread is busy).
    worker.answerAll();
    await Promise.all([...reads, added]);
    expect(resumed[0], resumed.join(', ')).toBe('write');
    expect(resumed.slice(1)).toEqual(['query 0', 'query 1', 'query 2', 'query 3', 'query 4']);
  });

  it('hands each read result back in a turn of its own', async () => {
    const due: (() => void)[] = [];
    const worker = standInWorker(createReadTurns((next) => void due.push(next)));
    const session = await worker.host.open('multilingual', config);
    let answered = 0;
    const reads = [0, 1].map((index) => worker.host.run(session, [`query ${index}`], undefined, read).then(() => answered++));
    worker.answerAll();
    await Promise.resolve();
    expect(answered).toBe(0);
    due.shift()?.();
    await reads[0];
    expect(answered).toBe(1);
    due.shift()?.();
    await Promise.all(reads);
    expect(answered).toBe(2);
  });

  it('still rejects a read that failed, in its turn', async () => {
    const worker = standInWorker();
    const session = await worker.host.open('multilingual', config);
    const failing = worker.host.run(session, ['query'], undefined, read);
    worker.failAll('the model could not run');
    await expect(failing).rejects.toThrow('the model could not run');
  });
});
