/**
 * Reads take turns on the main thread, so a write is never queued behind them.
 *
 * A burst of searches leaves the main thread with a backlog of work for each: parsing and checking the request,
 * keyword search, then, when its query vector comes back, KNN, fusion and the answer, a few milliseconds each. Node
 * runs every callback that is ready in one go (all the requests that have arrived, all the replies a model worker
 * has posted), so a food added during the burst waited behind the whole backlog at each step: 0.45 s of a 0.46 s write
 * went on waiting for its model reply to be read. A read that waits for its turn here runs after the event loop has
 * taken its pending I/O, a write among it, and one read runs per turn; a write never waits for a turn.
 */
export interface ReadTurns {
  /** Runs `task` in a turn of its own, once the reads queued before it have had theirs. */
  defer(task: () => void): void;
  /** Resolves in a turn of its own, once the reads queued before it have had theirs. */
  next(): Promise<void>;
}

/** `schedule` is setImmediate (after the I/O already waiting) unless a test chooses otherwise. */
export function createReadTurns(schedule: (next: () => void) => void = setImmediate): ReadTurns {
  const waiting: (() => void)[] = [];
  let scheduled = false;
  const runNext = () => {
    const task = waiting.shift();
    scheduled = waiting.length > 0;
    if (scheduled) schedule(runNext);
    task?.();
  };
  const defer = (task: () => void) => {
    waiting.push(task);
    if (!scheduled) {
      scheduled = true;
      schedule(runNext);
    }
  };
  return { defer, next: () => new Promise<void>((resolve) => defer(resolve)) };
}
