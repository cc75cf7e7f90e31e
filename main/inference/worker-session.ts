/**
 * A session as the worker thread holds it: runs inputs in the queue's order (model-run-queue.ts), checking for a cancel
 * between batches. Apart from the protocol, which names each kind's input and output from the sessions' own types.
 */
export interface WorkerSession<Input, Output> {
  /** Undefined when cancelled part-way; `transfer` lists buffers handed over instead of copied. */
  run(input: Input, isCancelled: () => boolean): Promise<{ output: Output; transfer?: ArrayBuffer[] } | undefined>;
  dispose(): Promise<void>;
}
