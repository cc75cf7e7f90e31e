/** Small statistics for the benchmarks. */

export interface LatencySummary {
  runs: number;
  p50Ms: number;
  p95Ms: number;
  meanMs: number;
  maxMs: number;
  /**
   * Process CPU time (all threads) per run. On a machine shared with other work, wall time includes waiting for a
   * core; CPU time is close to what an idle machine's wall time would be for single-threaded work.
   */
  cpuMeanMs?: number;
}

/** The value at `fraction` of a sorted list (nearest rank). */
export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? Number.NaN;
}

export function round(value: number, digits: number): number {
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** The sum of a list of numbers (typed arrays too). */
export function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let index = 0; index < values.length; index++) total += values[index] as number;
  return total;
}

/** p50, p95, mean and max of a list of milliseconds. */
export function summarize(milliseconds: readonly number[]): LatencySummary {
  const sorted = [...milliseconds].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return {
    runs: sorted.length,
    p50Ms: round(percentile(sorted, 0.5), 2),
    p95Ms: round(percentile(sorted, 0.95), 2),
    meanMs: round(mean, 2),
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN, 2),
  };
}

/** Times `run` once per input, after `warmUp` untimed calls with the first input. */
export async function timeEach<T>(inputs: readonly T[], run: (input: T) => unknown, warmUp = 1): Promise<LatencySummary> {
  if (inputs.length === 0) throw new Error('timeEach needs at least one input');
  for (let index = 0; index < warmUp; index++) await run(inputs[0] as T);
  const times: number[] = [];
  const cpuBefore = process.cpuUsage();
  for (const input of inputs) {
    const started = performance.now();
    await run(input);
    times.push(performance.now() - started);
  }
  const cpu = process.cpuUsage(cpuBefore);
  return { ...summarize(times), cpuMeanMs: round((cpu.user + cpu.system) / 1000 / inputs.length, 2) };
}

/** Share of the exact top-k ids that the approximate list found (recall@k). */
export function recallAtK(exact: readonly number[], approximate: readonly number[], k: number): number {
  const truth = new Set(exact.slice(0, k));
  if (truth.size === 0) return 1;
  return approximate.slice(0, k).filter((id) => truth.has(id)).length / truth.size;
}

/**
 * Times each of `runs` once per input, taking turns input by input, after `warmUp` untimed calls of each: on a machine
 * shared with other work a change of load then falls on every contender alike. CPU time is per call, all threads.
 */
export async function timeTakingTurns<T>(inputs: readonly T[], runs: readonly ((input: T) => unknown)[], warmUp = 1): Promise<LatencySummary[]> {
  if (inputs.length === 0) throw new Error('timeTakingTurns needs at least one input');
  for (const run of runs) for (let index = 0; index < warmUp; index++) await run(inputs[0] as T);
  const times = runs.map(() => [] as number[]);
  const cpuMicroseconds = runs.map(() => 0);
  for (const input of inputs) {
    for (const [position, run] of runs.entries()) {
      const cpuBefore = process.cpuUsage();
      const started = performance.now();
      await run(input);
      times[position]?.push(performance.now() - started);
      const cpu = process.cpuUsage(cpuBefore);
      cpuMicroseconds[position] = (cpuMicroseconds[position] as number) + cpu.user + cpu.system;
    }
  }
  return times.map((list, position) => ({ ...summarize(list), cpuMeanMs: round((cpuMicroseconds[position] as number) / 1000 / inputs.length, 2) }));
}
