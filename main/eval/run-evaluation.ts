import type { Corpus, SearchOutput, Strategy } from '../../shared/contract.js';
import type { Services } from '../app/bootstrap.js';
import type { EvaluationCase } from '../app/corpus-module.js';
import { AppError } from '../app/errors.js';
import { evaluateRankings } from './metrics.js';

export interface EvaluationRow {
  corpus: string;
  /** null: the whole set; otherwise one part of it (e.g. "es" for the KB's Spanish questions), after the whole. */
  subset: string | null;
  strategy: Strategy;
  /** The embedder the results came from; null when the strategy ran keyword-only. */
  embedder: string | null;
  cases: number;
  out_of_scope: number;
  hit_rate: Record<string, number>;
  mrr: number;
  ndcg10: number;
  /** Queries whose relevant items were not in the top 3, with what came instead. */
  misses: Array<{ id: string; query: string; expected: string[]; top3: string[] }>;
  /** Why this row is degraded or skipped, if it is. */
  note: string | null;
}

export interface EvaluationReport {
  embedder: string | null;
  rows: EvaluationRow[];
}

const strategies: Strategy[] = ['keyword', 'vector', 'hybrid'];

/** Runs every evaluation set (or one corpus) through `search` per strategy, exactly as a user would call it. */
export async function runEvaluation(
  services: Services,
  options: {
    corpus?: string;
    strategy?: Strategy;
    /** Another set for the one corpus asked (`cita eval --set FILE`) instead of the shipped one. */
    cases?: EvaluationCase[];
    onProgress?: (message: string) => void;
  } = {},
): Promise<EvaluationReport> {
  const modules = services.modules.filter((module) => module.evaluation && (options.corpus === undefined || module.name === options.corpus));
  if (modules.length === 0) {
    throw new AppError('invalid_input', options.corpus ? `The ${options.corpus} corpus has no evaluation set.` : 'No corpus has an evaluation set.');
  }
  if (options.cases && modules.length !== 1) throw new AppError('invalid_input', 'An evaluation set needs the one corpus it is for (--corpus).');
  const rows: EvaluationRow[] = [];
  for (const module of modules) {
    const evaluation = module.evaluation as NonNullable<typeof module.evaluation>;
    const cases = options.cases ?? evaluation.load();
    for (const strategy of options.strategy ? [options.strategy] : strategies) {
      options.onProgress?.(`evaluating ${module.name} · ${strategy} (${cases.length} queries)`);
      const ranked: Array<{ subset: string | null; expected: string[]; ranked: string[] }> = [];
      const misses: Array<EvaluationRow['misses'][number] & { subset: string | null }> = [];
      let embedder: string | null = null;
      let degraded: string | null = null;
      for (const entry of cases) {
        const result = await services.dispatcher.call('search', { corpus: module.name as Corpus, query: entry.query, k: 10, strategy }, { transport: 'cli', role: 'viewer' });
        if (!result.ok) throw new AppError(result.error.code, `evaluation query ${entry.id} failed: ${result.error.message}`);
        const output = result.value as SearchOutput;
        embedder = output.embedder ?? embedder;
        const notice = output.notices.find((item) => ['keyword_only', 'no_vectors', 'embedder_failed'].includes(item.code));
        if (notice && strategy !== 'keyword') degraded = notice.message;
        const items = output.hits.map((hit) => evaluation.itemOf(hit));
        const subset = entry.subset ?? null;
        ranked.push({ subset, expected: entry.expected, ranked: items });
        const top3 = items.slice(0, 3);
        if (entry.expected.length > 0 && !top3.some((item) => entry.expected.includes(item))) {
          misses.push({ subset, id: entry.id, query: entry.query, expected: entry.expected, top3 });
        }
      }
      // The whole set, then each part of it when the set has more than one.
      const subsets = [...new Set(ranked.map((entry) => entry.subset))];
      for (const subset of subsets.length > 1 ? [null, ...subsets] : [null]) {
        const part = ranked.filter((entry) => subset === null || entry.subset === subset);
        const metrics = evaluateRankings(part);
        rows.push({
          corpus: module.name,
          subset,
          strategy,
          embedder: strategy === 'keyword' ? null : embedder,
          cases: metrics.cases,
          out_of_scope: part.length - metrics.cases,
          hit_rate: Object.fromEntries(Object.entries(metrics.hitRate).map(([k, value]) => [`@${k}`, value])),
          mrr: metrics.mrr,
          ndcg10: metrics.ndcg10,
          misses: misses.filter((miss) => subset === null || miss.subset === subset).map(({ subset: _subset, ...miss }) => miss),
          note: degraded,
        });
      }
    }
  }
  return { embedder: services.embedding.describe().id, rows };
}

/** The report as a fixed-width table. */
export function formatEvaluation(report: EvaluationReport): string {
  const header = ['corpus', 'part', 'strategy', 'embedder', 'n', 'HR@1', 'HR@3', 'HR@5', 'HR@10', 'MRR', 'nDCG@10'];
  const lines = report.rows.map((row) => [
    row.corpus,
    row.subset ?? 'all',
    row.strategy,
    row.embedder ?? (row.strategy === 'keyword' ? '—' : 'none'),
    String(row.cases),
    ...['@1', '@3', '@5', '@10'].map((k) => (row.hit_rate[k] ?? 0).toFixed(3)),
    row.mrr.toFixed(3),
    row.ndcg10.toFixed(3),
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  const notes = report.rows.filter((row) => row.note && row.subset === null).map((row) => `note (${row.corpus} ${row.strategy}): ${row.note}`);
  return [render(header), render(widths.map((width) => '-'.repeat(width))), ...lines.map(render), ...notes].join('\n');
}
