/**
 * The order in which the model worker thread takes its work (model-worker-thread.ts), kept apart as a pure function so
 * the policy is tested without a model: opens and releases stay in arrival order and nothing passes them; between
 * them a write goes first, and reads that may share a call are taken together (of one group, when the session keys
 * them: the head of the queue and the queued reads of its group, ahead of reads of other groups queued before them).
 */
import type { RunOrder } from './model-worker-protocol.js';
import type { MergeGroup } from './worker-session.js';

/** A run as the queue sees it: its session, its order and how many texts it carries. */
export interface QueuedRun {
  session: number;
  order: RunOrder;
  /** Texts in the input (1 for an input that is not a list of texts). */
  size: number;
  /** A merged read shares its call only with reads of the same key (worker-session.ts); none for a session that merges any. */
  group?: MergeGroup;
}

export type QueueEntry<Run extends QueuedRun, Control> = { control: Control } | { run: Run };

/**
 * At most this many texts share one merged call, so a write arriving during it waits for at most 16 queries' work:
 * one padded inference (fp32), or one inference of up to 16 equal-length queries through the rowwise graph (q8), which
 * costs ~16 queries' work less the 1.1-2.6 × a batch saves (equal-length-batches.ts): ~40 ms for 16 short ones here.
 */
export const mergeLimit = 16;

/** Removes and returns the next step: one control task, or one or more runs to execute as one call. */
export function takeNext<Run extends QueuedRun, Control>(queue: QueueEntry<Run, Control>[]): { control: Control } | { runs: Run[] } | undefined {
  const head = queue[0];
  if (!head) return undefined;
  if ('control' in head) {
    queue.shift();
    return head;
  }
  // Only runs before the first control task may be reordered: a release must not overtake its session's runs.
  const barrier = queue.findIndex((entry) => 'control' in entry);
  const segment = barrier === -1 ? queue.length : barrier;
  const runAt = (index: number) => (queue[index] as { run: Run }).run;

  const write = Array.from({ length: segment }, (_, index) => index).find((index) => runAt(index).order.priority === 'write');
  if (write !== undefined) return { runs: take(queue, [write]) };
  const first = runAt(0);
  const taken = [0];
  if (first.order.merge) {
    let texts = first.size;
    for (let index = 1; index < segment; index++) {
      const run = runAt(index);
      if (run.session !== first.session || !run.order.merge || run.group?.key !== first.group?.key || texts + run.size > mergeLimit) continue;
      taken.push(index);
      texts += run.size;
    }
    // Too few of its group to batch: merged, they would still run one by one, and the first would wait for the last.
    if (first.group && texts < first.group.minimum) taken.splice(1);
  }
  return { runs: take(queue, taken) };
}

/** Removes the runs at the given ascending indices from the queue and returns them in queue order. */
function take<Run extends QueuedRun, Control>(queue: QueueEntry<Run, Control>[], indices: readonly number[]): Run[] {
  const runs = indices.map((index) => (queue[index] as { run: Run }).run);
  for (const index of [...indices].reverse()) queue.splice(index, 1);
  return runs;
}
