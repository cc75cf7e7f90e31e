/**
 * Issue #15's concurrency scenario: many hybrid food searches sent at once to `cita serve` over HTTP, and a food added
 * while they are in flight. A search is timed from the moment all were sent; the write from its own request.
 */
import { semanticFoodQueries } from './hybrid-bench.js';
import { startServedCita } from './serve-bench.js';
import { round, summarize, type LatencySummary } from './stats.js';

export interface ConcurrencyBenchResult {
  searches: number;
  /** Each search from the moment the burst was sent to its answer. */
  latency: LatencySummary;
  errors: number;
  firstError: string | null;
  /** The burst from the first request to the last answer. */
  seconds: number;
  /** A food added `writeAfterMs` into the burst. */
  write: { afterMs: number; ms: number | null; error: string | null };
}

const qualifiers = ['fresh', 'dried', 'cooked', 'raw', 'roasted', 'boiled', 'sweet', 'salted', 'frozen', 'ground'];

/** Distinct descriptive queries (the semantic path, each embedded: no cache can answer them). */
export function concurrencyQueries(count: number): string[] {
  return Array.from({ length: count }, (_, index) => {
    const base = semanticFoodQueries[index % semanticFoodQueries.length] as string;
    const round = Math.floor(index / semanticFoodQueries.length);
    return `${qualifiers[round % qualifiers.length]} ${base}${round >= qualifiers.length ? ` ${round}` : ''}`;
  });
}

/** Starts `cita serve` on a seeded data directory, warms it with one search, then sends the burst and the write. */
export async function benchConcurrency(options: { dataDir: string; searches: number; writeAfterMs: number }): Promise<ConcurrencyBenchResult> {
  const served = await startServedCita(options.dataDir);
  try {
    await served.post('search', { corpus: 'foods', query: 'warm up', strategy: 'hybrid' });
    const queries = concurrencyQueries(options.searches);
    const times: number[] = [];
    const failures: string[] = [];
    const started = performance.now();
    const searches = queries.map((query) =>
      served.post('search', { corpus: 'foods', query, strategy: 'hybrid', k: 10 }).then(
        () => times.push(performance.now() - started),
        (error: unknown) => failures.push((error as Error).message),
      ),
    );
    const write = new Promise<{ ms: number | null; error: string | null }>((resolve) =>
      setTimeout(() => {
        const issued = performance.now();
        served.post('foods.add', { name: `Bench food ${Date.now()}`, per100g: { energy_kcal: 100 } }).then(
          () => resolve({ ms: round(performance.now() - issued, 1), error: null }),
          (error: unknown) => resolve({ ms: null, error: (error as Error).message }),
        );
      }, options.writeAfterMs),
    );
    await Promise.all(searches);
    const seconds = (performance.now() - started) / 1000;
    return {
      searches: queries.length,
      latency: summarize(times),
      errors: failures.length,
      firstError: failures[0] ?? null,
      seconds: round(seconds, 2),
      write: { afterMs: options.writeAfterMs, ...(await write) },
    };
  } finally {
    await served.stop();
  }
}
