import { writeFileSync } from 'node:fs';
import type { KbCardSummary, SearchOutput, Strategy } from '../../shared/contract.js';
import type { Services } from '../app/bootstrap.js';
import { AppError } from '../core/errors.js';
import { etaOf } from '../core/progress.js';
import { storeOf } from './run-evaluation.js';
import { beirQueryMetrics, loadBeirSet, meanBeirMetrics, trecRunLines, type BeirMetrics } from './beir.js';
import { semanticUnavailableCodes } from '../retrieval/semantic-path.js';

/** The most hits a BEIR evaluation asks for per query: enough for Recall@1000. */
export const beirDepth = 1000;

export interface BeirRow extends BeirMetrics {
  strategy: Strategy;
  /** null for keyword, or when the dense path was unavailable (then `note` says why). */
  embedder: string | null;
  /** Wall-clock seconds for the strategy's queries. */
  seconds: number;
  run_file: string | null;
  note: string | null;
}

export interface BeirReport {
  directory: string;
  /** Where the KB was read from: `SQLite <file>`, or `PostgreSQL postgres://…` (no password). */
  store: string;
  split: string;
  documents: number;
  rows: BeirRow[];
}

/** `FILE` for one strategy; `FILE` with the strategy before its extension when there are several. */
export function runFileFor(file: string, strategy: Strategy, several: boolean): string {
  if (!several) return file;
  const dot = file.lastIndexOf('.');
  return dot > file.lastIndexOf('/') ? `${file.slice(0, dot)}.${strategy}${file.slice(dot)}` : `${file}.${strategy}`;
}

/**
 * Evaluates the KB on a BEIR folder whose corpus.jsonl it holds (`cita ingest --corpus kb --from DIR/corpus.jsonl`):
 * every judged query through `search` as a user would call it (k = 1000, no cross-encoder: the first stage is
 * what BEIR measures), hits mapped back to the corpus's own ids; optionally a TREC run file per strategy.
 */
export async function runBeirEvaluation(
  services: Services,
  options: { directory: string; split?: string; strategies: readonly Strategy[]; runFile?: string; onProgress?: (message: string) => void },
): Promise<BeirReport> {
  const split = options.split ?? 'test';
  const set = loadBeirSet(options.directory, split);
  const viewer = { transport: 'cli' as const, role: 'viewer' as const };
  const cards = await services.dispatcher.call('kb.cards', {}, viewer);
  if (!cards.ok) throw new AppError(cards.error.code, cards.error.message);
  const held = new Set((cards.value as KbCardSummary[]).map((card) => card.original_id ?? card.id));
  const missing = [...set.corpusIds].filter((id) => !held.has(id));
  if (missing.length > 0) {
    throw new AppError(
      'invalid_input',
      `The KB does not hold ${missing.length} of the ${set.corpusIds.size} documents of ${options.directory}/corpus.jsonl (e.g. "${missing[0]}"): ingest it first with cita ingest --corpus kb --from ${options.directory}/corpus.jsonl. Nothing was evaluated.`,
    );
  }
  const rows: BeirRow[] = [];
  for (const strategy of options.strategies) {
    const started = Date.now();
    const rankings: Array<{ queryId: string; ranked: string[] }> = [];
    let embedder: string | null = null;
    let note: string | null = null;
    for (const [index, query] of set.queries.entries()) {
      const result = await services.dispatcher.call('search', { corpus: 'kb', query: query.text, k: beirDepth, strategy, rerank: false }, viewer);
      if (!result.ok) throw new AppError(result.error.code, `BEIR query ${query.id} failed: ${result.error.message}`);
      const output = result.value as SearchOutput;
      embedder = output.embedder ?? embedder;
      const degraded = output.notices.find((notice) => semanticUnavailableCodes.has(notice.code));
      if (degraded && strategy !== 'keyword') note = degraded.message;
      rankings.push({ queryId: query.id, ranked: [...new Set(output.hits.map((hit) => hit.kb?.original_id ?? hit.kb?.card_id ?? hit.id))] });
      if ((index + 1) % 25 === 0 || index + 1 === set.queries.length) {
        options.onProgress?.(`BEIR ${strategy}: ${index + 1} of ${set.queries.length} queries${etaOf(index + 1, set.queries.length, Date.now() - started)}`);
      }
    }
    const metrics = meanBeirMetrics(rankings.map(({ queryId, ranked }) => beirQueryMetrics(set.qrels.get(queryId) as Map<string, number>, ranked)));
    const runFile = options.runFile ? runFileFor(options.runFile, strategy, options.strategies.length > 1) : null;
    if (runFile) writeFileSync(runFile, trecRunLines(rankings, `cita-${strategy}`));
    rows.push({ strategy, embedder: strategy === 'keyword' ? null : embedder, ...metrics, seconds: (Date.now() - started) / 1000, run_file: runFile, note });
  }
  const kb = services.module('kb');
  return { directory: options.directory, store: kb ? storeOf(services, kb) : `SQLite ${services.databaseFile}`, split, documents: set.corpusIds.size, rows };
}

/** The report as a fixed-width table. */
export function formatBeirEvaluation(report: BeirReport): string {
  const header = ['strategy', 'embedder', 'queries', 'nDCG@10', 'MRR@10', 'R@100', 'R@1000', 'seconds'];
  const lines = report.rows.map((row) => [
    row.strategy,
    row.embedder ?? (row.strategy === 'keyword' ? '—' : 'none'),
    String(row.queries),
    row.ndcg10.toFixed(3),
    row.mrr10.toFixed(3),
    row.recall100.toFixed(3),
    row.recall1000.toFixed(3),
    row.seconds.toFixed(1),
  ]);
  const widths = header.map((title, index) => Math.max(title.length, ...lines.map((line) => (line[index] ?? '').length)));
  const render = (cells: string[]) => cells.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ');
  const notes = report.rows.filter((row) => row.note).map((row) => `note (${row.strategy}): ${row.note}`);
  const runs = report.rows.filter((row) => row.run_file).map((row) => `run file (${row.strategy}): ${row.run_file}`);
  return [
    `BEIR ${report.directory} (${report.split}, ${report.documents} documents), kb on ${report.store}`,
    render(header),
    render(widths.map((width) => '-'.repeat(width))),
    ...lines.map(render),
    ...notes,
    ...runs,
  ].join('\n');
}
