import { describe, expect, it } from 'vitest';
import { mergeLimit, takeNext, type QueueEntry, type QueuedRun } from '../../../main/inference/model-run-queue.js';

type Run = QueuedRun & { name: string };
const read = (name: string, session = 1, size = 1): { run: Run } => ({ run: { name, session, size, order: { priority: 'read', merge: true } } });
const write = (name: string, session = 1): { run: Run } => ({ run: { name, session, size: 1, order: { priority: 'write', merge: false } } });
const control = (name: string): { control: string } => ({ control: name });

/** Every step until the queue is empty, as names: runs taken together are joined with "+". */
function drain(queue: QueueEntry<Run, string>[]): string[] {
  const steps: string[] = [];
  for (let step = takeNext(queue); step; step = takeNext(queue)) steps.push('control' in step ? step.control : step.runs.map((run) => run.name).join('+'));
  return steps;
}

describe('the model worker queue', () => {
  it('takes a write before the query embeddings queued ahead of it', () => {
    const queue = [...Array.from({ length: 20 }, (_, index) => read(`q${index}`)), write('food add')];
    expect(drain(queue)[0]).toBe('food add');
  });

  it('takes the reads queued together for one session as one call, in arrival order', () => {
    expect(drain([read('a'), read('b', 2), read('c'), read('d')])).toEqual(['a+c+d', 'b']);
  });

  it('never merges a read that asked to run alone', () => {
    const alone: { run: Run } = { run: { name: 'rerank', session: 1, size: 1, order: { priority: 'read', merge: false } } };
    expect(drain([read('a'), alone, read('b')])).toEqual(['a+b', 'rerank']);
    expect(drain([alone, read('a'), read('b')])).toEqual(['rerank', 'a+b']);
  });

  it('lets nothing overtake an open or a release, so a session is never released under its own runs', () => {
    expect(drain([read('a'), control('release 1'), write('w'), read('b')])).toEqual(['a', 'release 1', 'w', 'b']);
  });

  it('caps a merged call at the merge limit of texts', () => {
    const steps = drain([read('big', 1, mergeLimit - 1), read('fits'), read('over')]);
    expect(steps).toEqual(['big+fits', 'over']);
  });

  it('takes writes in their own order, one call each', () => {
    expect(drain([read('a'), write('w1'), read('b'), write('w2')])).toEqual(['w1', 'w2', 'a+b']);
  });
});
