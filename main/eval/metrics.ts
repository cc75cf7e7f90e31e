/** One evaluated query: the relevant item keys and the item keys the system returned, best first. */
export interface RankedCase {
  expected: readonly string[];
  ranked: readonly string[];
}

export interface RankingMetrics {
  cases: number;
  /** Share of queries with a relevant item in the top k, for each k asked. */
  hitRate: Record<number, number>;
  /** Mean reciprocal rank of the first relevant item (0 when none is returned). */
  mrr: number;
  /** Mean nDCG@10 with binary gains over distinct items. */
  ndcg10: number;
}

/** Keeps the first occurrence of each item: several chunks or fields of one relevant item count once. */
export function distinctItems(ranked: readonly string[]): string[] {
  return [...new Set(ranked)];
}

function firstRelevantRank(expected: ReadonlySet<string>, ranked: readonly string[]): number | null {
  const index = ranked.findIndex((item) => expected.has(item));
  return index < 0 ? null : index + 1;
}

function ndcgAt10(expected: ReadonlySet<string>, ranked: readonly string[]): number {
  let dcg = 0;
  ranked.slice(0, 10).forEach((item, index) => {
    if (expected.has(item)) dcg += 1 / Math.log2(index + 2);
  });
  let ideal = 0;
  for (let index = 0; index < Math.min(expected.size, 10); index += 1) ideal += 1 / Math.log2(index + 2);
  return ideal === 0 ? 0 : dcg / ideal;
}

/**
 * Hit Rate@k and MRR over cases with at least one relevant item (out-of-scope cases are skipped), counted on the
 * hits as returned (a relevant item must be among the first k hits, SPEC §4.3); nDCG@10 over distinct items, so
 * several hits of one relevant item (fields of one source, chunks of one card) gain once.
 */
export function evaluateRankings(cases: readonly RankedCase[], ks: readonly number[] = [1, 3, 5, 10]): RankingMetrics {
  const scored = cases.filter((entry) => entry.expected.length > 0);
  const hits: Record<number, number> = Object.fromEntries(ks.map((k) => [k, 0]));
  let reciprocal = 0;
  let ndcg = 0;
  for (const entry of scored) {
    const expected = new Set(entry.expected);
    const rank = firstRelevantRank(expected, entry.ranked);
    for (const k of ks) if (rank !== null && rank <= k) hits[k] = (hits[k] ?? 0) + 1;
    reciprocal += rank === null ? 0 : 1 / rank;
    ndcg += ndcgAt10(expected, distinctItems(entry.ranked));
  }
  const count = scored.length;
  const mean = (total: number) => (count === 0 ? 0 : total / count);
  return {
    cases: count,
    hitRate: Object.fromEntries(ks.map((k) => [k, mean(hits[k] ?? 0)])),
    mrr: mean(reciprocal),
    ndcg10: mean(ndcg),
  };
}
