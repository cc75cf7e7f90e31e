import { describe, expect, it } from 'vitest';
import { mergeLimit, takeNext, type QueueEntry, type QueuedRun } from '../../../main/inference/model-run-queue.js';

type Run = QueuedRun & { name: string };
const read = (name: string, session = 1, size = 1): { run: Run } => ({ run: { name, session, size, order: { priority: 'read', merge: true } } });
const write = (name: string, session = 1): { run: Run } => ({ run: { name, session, size: 1, order: { priority: 'write', merge: false } } });
/** A read of a session that groups its reads (q8 through the rowwise graph: one token length a group). */
const grouped = (name: string, key: number, minimum = 2, session = 1): { run: Run } => ({
  run: { name, session, size: 1, order: { priority: 'read', merge: true }, group: { key, minimum } },
});
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

  it('merges a grouped read only with the queued reads of its group, ahead of other groups queued before them', () => {
    const queue = [grouped('a12', 12), grouped('b13', 13), grouped('c12', 12), grouped('d13', 13), grouped('e12', 12), grouped('f14', 14)];
    expect(drain(queue)).toEqual(['a12+c12+e12', 'b13+d13', 'f14']);
  });

  it('runs a grouped read alone when fewer of its group than its minimum are queued', () => {
    expect(drain([grouped('a12', 12, 4), grouped('b12', 12, 4), grouped('c12', 12, 4), grouped('d13', 13, 2), grouped('e13', 13, 2)])).toEqual(['a12', 'b12', 'c12', 'd13+e13']);
    expect(drain([grouped('a12', 12, 4), grouped('b12', 12, 4), grouped('c12', 12, 4), grouped('d12', 12, 4)])).toEqual(['a12+b12+c12+d12']);
  });

  it('caps a group at the merge limit and still takes a write first', () => {
    const queue = [...Array.from({ length: mergeLimit + 3 }, (_, index) => grouped(`q${index}`, 12)), write('food add')];
    const steps = drain(queue);
    expect(steps[0]).toBe('food add');
    expect(steps[1]?.split('+')).toHaveLength(mergeLimit);
    expect(steps[2]?.split('+')).toHaveLength(3);
  });
});
