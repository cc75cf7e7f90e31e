import { availableParallelism } from 'node:os';

/**
 * Most intra-op threads `auto` gives the local models. Measured only on 2 cores (`cita bench --only ceiling`): there
 * every core was never slower than one, for single queries as for long passages; beyond 4 threads a 33M-parameter
 * model's small matrices are split too finely to gain, so the cap is a guess until a larger machine measures it.
 */
export const autoThreadsCap = 4;

/** The intra-op thread count for a setting: a number as given, `auto` as every core up to the cap. */
export function embedderThreads(setting: number | 'auto', cores: number = availableParallelism()): number {
  if (setting !== 'auto') return setting;
  return Math.max(1, Math.min(autoThreadsCap, cores));
}

/**
 * Most workers `auto` gives the query pool (model-pool.ts): each worker past the first is a process holding its own
 * copy of the query models. Measured only on 2 cores, where two workers (one per core) beat one; the cap is a guess
 * until a larger machine measures it.
 */
export const autoQueryWorkersCap = 4;

/** The query pool's size for a setting: a number as given, `auto` as one worker per core up to the cap. */
export function queryWorkers(setting: number | 'auto', cores: number = availableParallelism()): number {
  if (setting !== 'auto') return setting;
  return Math.max(1, Math.min(autoQueryWorkersCap, cores));
}
