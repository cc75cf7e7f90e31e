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
 * The query pool's size (model-pool.ts; each worker past the first is a process with its own copy of the query models,
 * ~420 MB resident: bge-small q8, the multilingual model and its tokenizer) for a setting: a number as given (a server with cores to spare may set it); `auto` is one
 * worker, the model thread alone, on every machine. It is sized by measurement, and the only measurement so far
 * (issue #15, 2 cores) found no gain: two workers and the main thread were no faster in 200 concurrent searches, and
 * a food added during them waited longer (4.5-7 s against ~3 s at load 12). Until a machine with more cores shows
 * one, a laptop is not charged 420 MB per extra process for a guess.
 */
export function queryWorkers(setting: number | 'auto'): number {
  return setting === 'auto' ? 1 : setting;
}
