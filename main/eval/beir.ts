import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { AppError } from '../core/errors.js';

/** A BEIR benchmark as cita evaluates it: the judged queries and, per query, each judged document's grade. */
export interface BeirSet {
  /** Queries with at least one judgement, in qrels order. */
  queries: Array<{ id: string; text: string }>;
  /** query id → (document id → grade); grade > 0 is relevant. */
  qrels: Map<string, Map<string, number>>;
  /** Every document id of corpus.jsonl. */
  corpusIds: Set<string>;
}

/** What the ranking metrics say about one strategy over a set (BEIR's usual four, means over queries). */
export interface BeirMetrics {
  queries: number;
  ndcg10: number;
  mrr10: number;
  recall100: number;
  recall1000: number;
}

const queryLineSchema = z.object({ _id: z.union([z.string().min(1), z.number().transform(String)]), text: z.string().min(1) });
const corpusIdSchema = z.object({ _id: z.union([z.string().min(1), z.number().transform(String)]) });

function problemError(what: string, problems: readonly string[]): AppError {
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : '';
  return new AppError('invalid_input', `${what}: ${problems[0]}${more}. Nothing was evaluated.`, [...problems]);
}

function jsonLines(file: string, label: string, each: (json: unknown, where: string) => void): void {
  readFileSync(file, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim().length === 0) return;
      const where = `${label} line ${index + 1}`;
      let json: unknown;
      try {
        json = JSON.parse(line);
      } catch (error) {
        throw problemError(`${label} is not JSON Lines`, [`${where} is not JSON (${(error as Error).message})`]);
      }
      each(json, where);
    });
}

/**
 * Reads a BEIR folder (`corpus.jsonl`, `queries.jsonl`, `qrels/<split>.tsv`) and checks it: every qrels line names
 * a query of queries.jsonl and a document of corpus.jsonl, with an integer grade. Every bad line is named.
 */
export function loadBeirSet(directory: string, split = 'test'): BeirSet {
  const files = { corpus: join(directory, 'corpus.jsonl'), queries: join(directory, 'queries.jsonl'), qrels: join(directory, 'qrels', `${split}.tsv`) };
  for (const [name, file] of Object.entries(files)) {
    if (!existsSync(file)) throw new AppError('invalid_input', `${directory} is not a BEIR folder: its ${name} file ${file} is missing.`);
  }
  const corpusIds = new Set<string>();
  jsonLines(files.corpus, 'corpus.jsonl', (json, where) => {
    const parsed = corpusIdSchema.safeParse(json);
    if (!parsed.success) throw problemError('corpus.jsonl is not a BEIR corpus', [`${where} has no _id`]);
    corpusIds.add(parsed.data._id);
  });
  const texts = new Map<string, string>();
  jsonLines(files.queries, 'queries.jsonl', (json, where) => {
    const parsed = queryLineSchema.safeParse(json);
    if (!parsed.success) throw problemError('queries.jsonl is not a BEIR query file', [`${where} needs "_id" and "text"`]);
    texts.set(parsed.data._id, parsed.data.text);
  });
  const qrels = new Map<string, Map<string, number>>();
  const problems: string[] = [];
  readFileSync(files.qrels, 'utf8')
    .split('\n')
    .forEach((line, index) => {
      if (line.trim().length === 0) return;
      const where = `qrels/${split}.tsv line ${index + 1}`;
      const cells = line.split('\t').map((cell) => cell.trim());
      if (index === 0 && cells[0] === 'query-id') return;
      // BEIR's three columns, or TREC's four (query 0 document grade).
      const [queryId, documentId, grade] = cells.length === 4 ? [cells[0], cells[2], cells[3]] : cells;
      if (cells.length < 3 || cells.length > 4 || !queryId || !documentId || grade === undefined || !/^-?\d+$/.test(grade)) {
        problems.push(`${where} is not "query-id<TAB>corpus-id<TAB>score"`);
        return;
      }
      if (!texts.has(queryId)) problems.push(`${where} names query "${queryId}", which queries.jsonl does not have`);
      else if (!corpusIds.has(documentId)) problems.push(`${where} names document "${documentId}", which corpus.jsonl does not have`);
      else {
        const judged = qrels.get(queryId) ?? new Map<string, number>();
        judged.set(documentId, Number(grade));
        qrels.set(queryId, judged);
      }
    });
  if (problems.length > 0) throw problemError(`qrels/${split}.tsv does not match the corpus and queries`, problems);
  const queries = [...qrels.keys()].filter((id) => [...(qrels.get(id)?.values() ?? [])].some((grade) => grade > 0)).map((id) => ({ id, text: texts.get(id) as string }));
  if (queries.length === 0) throw new AppError('invalid_input', `qrels/${split}.tsv judges no document relevant to any query. Nothing was evaluated.`);
  return { queries, qrels, corpusIds };
}

/**
 * nDCG@10 (gain = grade, as trec_eval and BEIR's pytrec_eval), MRR@10, Recall@100 and Recall@1000 of one query's
 * ranking (document ids, best first, each once).
 */
export function beirQueryMetrics(judged: ReadonlyMap<string, number>, ranked: readonly string[]): Omit<BeirMetrics, 'queries'> {
  const relevant = [...judged].filter(([, grade]) => grade > 0);
  let dcg = 0;
  ranked.slice(0, 10).forEach((id, index) => {
    const grade = judged.get(id) ?? 0;
    if (grade > 0) dcg += grade / Math.log2(index + 2);
  });
  const ideal = relevant
    .map(([, grade]) => grade)
    .sort((a, b) => b - a)
    .slice(0, 10)
    .reduce((sum, grade, index) => sum + grade / Math.log2(index + 2), 0);
  const first = ranked.slice(0, 10).findIndex((id) => (judged.get(id) ?? 0) > 0);
  const recallAt = (k: number) => ranked.slice(0, k).filter((id) => (judged.get(id) ?? 0) > 0).length / relevant.length;
  return { ndcg10: ideal === 0 ? 0 : dcg / ideal, mrr10: first < 0 ? 0 : 1 / (first + 1), recall100: recallAt(100), recall1000: recallAt(1000) };
}

/** The mean of each metric over the queries. */
export function meanBeirMetrics(perQuery: ReadonlyArray<Omit<BeirMetrics, 'queries'>>): BeirMetrics {
  const mean = (pick: (metrics: Omit<BeirMetrics, 'queries'>) => number) => (perQuery.length === 0 ? 0 : perQuery.reduce((sum, metrics) => sum + pick(metrics), 0) / perQuery.length);
  return {
    queries: perQuery.length,
    ndcg10: mean((metrics) => metrics.ndcg10),
    mrr10: mean((metrics) => metrics.mrr10),
    recall100: mean((metrics) => metrics.recall100),
    recall1000: mean((metrics) => metrics.recall1000),
  };
}

/**
 * A TREC run: `query Q0 document rank score tag`, one line per retrieved document. The score is 1 / rank, so a
 * reader that re-sorts by score (trec_eval does) keeps cita's order even where fused scores tie.
 */
export function trecRunLines(rankings: ReadonlyArray<{ queryId: string; ranked: readonly string[] }>, tag: string): string {
  const safeTag = tag.replace(/\s+/g, '-');
  const spaced = rankings.flatMap(({ queryId, ranked }) => [queryId, ...ranked]).find((id) => /\s/.test(id));
  if (spaced !== undefined) throw new AppError('invalid_input', `The id "${spaced}" has white space, which a TREC run file cannot hold: no run file was written.`);
  return rankings
    .flatMap(({ queryId, ranked }) => ranked.map((documentId, index) => `${queryId} Q0 ${documentId} ${index + 1} ${(1 / (index + 1)).toFixed(6)} ${safeTag}`))
    .map((line) => `${line}\n`)
    .join('');
}
