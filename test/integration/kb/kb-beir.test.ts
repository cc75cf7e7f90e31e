import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { AppError } from '../../../main/core/errors.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { beirQueryMetrics } from '../../../main/eval/beir.js';
import { runBeirEvaluation } from '../../../main/eval/run-beir.js';
import { useTempDirs } from '../../helpers/temp.js';
import { recordingEmbedder } from './kb-fixtures.js';

const tempDir = useTempDirs();
const open: Services[] = [];
afterEach(async () => {
  for (const services of open.splice(0)) await services.close();
});

interface TrecLine {
  query: string;
  document: string;
  rank: number;
  score: number;
  tag: string;
}

/**
 * A strict reader of TREC run files, as trec_eval reads them: six whitespace-separated fields, "Q0" second,
 * ranks 1, 2, 3… within each query, scores that never rise as the rank grows, one tag, no document twice.
 */
function readTrecRun(text: string): TrecLine[] {
  const lines = text.split('\n');
  expect(lines.at(-1)).toBe('');
  const parsed = lines.slice(0, -1).map((line, index) => {
    const fields = line.split(/\s+/);
    if (fields.length !== 6) throw new Error(`line ${index + 1}: ${fields.length} fields`);
    const [query, q0, document, rank, score, tag] = fields as [string, string, string, string, string, string];
    if (q0 !== 'Q0') throw new Error(`line ${index + 1}: second field ${q0}`);
    if (!/^\d+$/.test(rank) || !/^-?\d+(\.\d+)?(e-?\d+)?$/.test(score)) throw new Error(`line ${index + 1}: rank ${rank}, score ${score}`);
    return { query, document, rank: Number(rank), score: Number(score), tag };
  });
  const byQuery = new Map<string, TrecLine[]>();
  for (const line of parsed) byQuery.set(line.query, [...(byQuery.get(line.query) ?? []), line]);
  for (const [query, run] of byQuery) {
    run.forEach((line, index) => {
      if (line.rank !== index + 1) throw new Error(`query ${query}: rank ${line.rank} at position ${index + 1}`);
      if (index > 0 && line.score >= (run[index - 1] as TrecLine).score) throw new Error(`query ${query}: score does not fall at rank ${line.rank}`);
    });
    if (new Set(run.map((line) => line.document)).size !== run.length) throw new Error(`query ${query}: a document twice`);
  }
  if (new Set(parsed.map((line) => line.tag)).size !== 1) throw new Error('more than one run tag');
  return parsed;
}

/** A tiny BEIR folder: each query shares its rare words with one document. */
function beirFolder(qrels = 'query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\tPMC:2/B\t1\nq3\td3\t2\nq3\td4\t1\n'): string {
  const folder = join(tempDir(), 'beir');
  mkdirSync(join(folder, 'qrels'), { recursive: true });
  const corpus = [
    { _id: 'd1', title: 'Aspirin and bleeding', text: 'Low-dose aspirin raises the risk of gastrointestinal bleeding.' },
    { _id: 'PMC:2/B', title: 'Vitamin D', text: 'Vitamin D supplements did not prevent fractures in older adults.' },
    { _id: 'd3', title: 'Statins', text: 'Statins lower LDL cholesterol and cardiovascular events.' },
    { _id: 'd4', title: 'Cholesterol diet', text: 'A diet low in saturated fat lowers LDL cholesterol a little.' },
    { _id: 'd5', title: 'Sleep', text: 'Short sleep is associated with weight gain.' },
  ];
  writeFileSync(join(folder, 'corpus.jsonl'), `${corpus.map((document) => JSON.stringify(document)).join('\n')}\n`);
  const queries = [
    { _id: 'q1', text: 'Does aspirin cause gastrointestinal bleeding?' },
    { _id: 'q2', text: 'vitamin D supplements and fractures' },
    { _id: 'q3', text: 'statins lower LDL cholesterol' },
    { _id: 'q9', text: 'an unjudged query' },
  ];
  writeFileSync(join(folder, 'queries.jsonl'), `${queries.map((query) => JSON.stringify(query)).join('\n')}\n`);
  writeFileSync(join(folder, 'qrels', 'test.tsv'), qrels);
  return folder;
}

async function setUp(folder: string) {
  const services = await createServices({ dataDir: tempDir(), embedder: recordingEmbedder() });
  open.push(services);
  await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>, { from: join(folder, 'corpus.jsonl') });
  return services;
}

describe('cita eval --beir', () => {
  it('scores nDCG@10 with graded gains, MRR@10 and recall at a depth', () => {
    const judged = new Map([['a', 2], ['b', 1], ['c', 0]]);
    const metrics = beirQueryMetrics(judged, ['x', 'b', 'a']);
    const ideal = 2 / Math.log2(2) + 1 / Math.log2(3);
    expect(metrics.ndcg10).toBeCloseTo((1 / Math.log2(3) + 2 / Math.log2(4)) / ideal, 10);
    expect(metrics.mrr10).toBe(0.5);
    expect(metrics.recall100).toBe(1);
    expect(beirQueryMetrics(judged, ['c', 'x'])).toEqual({ ndcg10: 0, mrr10: 0, recall100: 0, recall1000: 0 });
  });

  it('evaluates every judged query per strategy through search and writes run files a TREC reader accepts', async () => {
    const folder = beirFolder();
    const services = await setUp(folder);
    const runDirectory = tempDir();
    const runFile = join(runDirectory, 'scifact.run');
    const report = await runBeirEvaluation(services, { directory: folder, strategies: ['keyword', 'hybrid'], runFile });
    expect(report.documents).toBe(5);
    const keyword = report.rows.find((row) => row.strategy === 'keyword');
    expect(keyword).toMatchObject({ queries: 3, mrr10: 1, recall100: 1, recall1000: 1, run_file: join(runDirectory, 'scifact.keyword.run') });
    expect(keyword?.ndcg10).toBeGreaterThan(0.9);
    const run = readTrecRun(readFileSync(join(runDirectory, 'scifact.keyword.run'), 'utf8'));
    expect(new Set(run.map((line) => line.query))).toEqual(new Set(['q1', 'q2', 'q3']));
    // Hits name documents by the corpus's own ids, not the KB's derived ones.
    expect(run.find((line) => line.query === 'q2' && line.rank === 1)?.document).toBe('PMC:2/B');
    expect(run.every((line) => line.tag === 'cita-keyword')).toBe(true);
    expect(readTrecRun(readFileSync(join(runDirectory, 'scifact.hybrid.run'), 'utf8')).length).toBeGreaterThan(0);
    expect(() => readTrecRun('q1 Q0 d1 2 1.0 x\n')).toThrow(/rank 2 at position 1/);
  });

  it('refuses a qrels line that names a document the corpus does not have, naming the line', async () => {
    const folder = beirFolder('query-id\tcorpus-id\tscore\nq1\td1\t1\nq2\td404\t1\n');
    const services = await setUp(folder);
    const error = await runBeirEvaluation(services, { directory: folder, strategies: ['keyword'] }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).message).toMatch(/qrels\/test\.tsv line 3 names document "d404", which corpus\.jsonl does not have/);
  });

  it('says to ingest the corpus first when the KB does not hold it', async () => {
    const folder = beirFolder();
    const services = await createServices({ dataDir: tempDir(), embedder: recordingEmbedder() });
    open.push(services);
    const error = await runBeirEvaluation(services, { directory: folder, strategies: ['keyword'] }).catch((caught: unknown) => caught);
    expect((error as AppError).message).toMatch(/ingest it first with cita ingest --corpus kb --from/);
  });
});
