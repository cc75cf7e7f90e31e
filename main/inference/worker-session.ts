/**
 * A session as the worker thread holds it: runs inputs in the queue's order (model-run-queue.ts), checking for a cancel
 * between batches. Apart from the protocol, which names each kind's input and output from the sessions' own types.
 */
export interface WorkerSession<Input, Output> {
  /** Undefined when cancelled part-way; `transfer` lists buffers handed over instead of copied. */
  run(input: Input, isCancelled: () => boolean): Promise<{ output: Output; transfer?: ArrayBuffer[] } | undefined>;
  dispose(): Promise<void>;
  /**
   * For a session whose vectors keep their bytes only in some batches (q8 through the rowwise graph: texts of one token
   * length): the group a queued read may share a call with, and how many of that group make a call worth sharing, or
   * undefined when the read runs alone. A session without it merges any reads (fp32: no batch changes a vector).
   */
  mergeGroup?(input: Input): MergeGroup | undefined;
}

/** Reads with the same key may share one call; fewer than `minimum` of them queued together run one by one. */
export interface MergeGroup {
  key: number;
  minimum: number;
}
