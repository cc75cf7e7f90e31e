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
 * Most workers `auto` gives the query pool (model-pool.ts); each worker past the first is a process with its own copy of
 * the query models (~420 MB resident: bge-small q8, the multilingual model and its tokenizer). The cap is a guess until
 * a machine with more cores measures it.
 */
export const autoQueryWorkersCap = 4;

/**
 * The query pool's size for a setting: a number as given; `auto` leaves one core to the main thread, which spends about
 * as much CPU per hybrid search as inference does (issue #15's profile: ~6-10 ms against ~8.5 ms). On 2 cores that is
 * one worker: two workers and the main thread on 2 cores were no faster in 200 concurrent searches, and a food added
 * during them waited longer (4.5-7 s against ~3 s at load 12), so a second copy of the models would cost 420 MB for nothing.
 */
export function queryWorkers(setting: number | 'auto', cores: number = availableParallelism()): number {
  if (setting !== 'auto') return setting;
  return Math.max(1, Math.min(autoQueryWorkersCap, cores - 1));
}
