/**
 * The clinical KB's evaluation sets on both stores (issue #21): the shipped cards ingested into SQLite and into
 * PostgreSQL + pgvector with the real embedder, every KB set run through `search` per strategy, and the metrics
 * compared. The first stage only (no cross-encoder): that is where the stores differ; the cross-encoder costs about
 * 1.3 s a question on either store, so it runs on one set in kb-postgres-rerank-eval.test.ts. Fusion and
 * answerability are the same code; vectors are the same (exact KNN in sqlite-vec, HNSW asked for every chunk in
 * pgvector); BM25 is the same formula over the same query words, with PostgreSQL's Snowball stems of
 * the cards instead of cita's, so the keyword path may differ where the two stemmers do. Held to a small band.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import type { CorpusModule } from '../../main/corpora/corpus-module.js';
import { runEvaluation, type EvaluationRow } from '../../main/eval/run-evaluation.js';
import { modelDir, realModelTests } from '../helpers/model.js';
import { postgresTests, usePostgresDatabases } from '../helpers/postgres.js';
import { useTempDirs } from '../helpers/temp.js';

const run = [realModelTests('KB evaluation on both stores'), postgresTests('KB evaluation on both stores')].every(Boolean);
const tempDir = useTempDirs();
const freshDatabase = usePostgresDatabases();

/** How far HR@3, MRR and refusal accuracy may lie apart over the sets' questions. */
const band = 0.03;

describe.runIf(run)('the KB evaluation sets on SQLite and on PostgreSQL', () => {
  const stores: Array<{ name: string; services: Services; rows: EvaluationRow[]; ingestMs: number }> = [];

  beforeAll(async () => {
    const url = await freshDatabase();
    for (const [name, databaseUrl] of [
      ['SQLite', undefined],
      ['PostgreSQL', url],
    ] as const) {
      const services = await createServices({ dataDir: tempDir(), modelDir, reranker: null, ...(databaseUrl ? { databaseUrl } : {}) });
      const started = performance.now();
      const counts = await ingestCorpus(services, services.module('kb') as CorpusModule);
      const ingestMs = performance.now() - started;
      expect(counts.embedded).toBe(counts.inserted);
      const report = await runEvaluation(services, { corpus: 'kb', rerank: false });
      stores.push({ name, services, rows: report.rows, ingestMs });
    }
  }, 1_500_000);

  afterAll(async () => {
    for (const store of stores) await store.services.close();
  });

  const flat = (store: (typeof stores)[number]) => store.rows.filter((entry) => entry.structure === 'flat' && entry.language === null);
  const key = (entry: EvaluationRow) => `${entry.strategy}${entry.rerank ? ' +rerank' : ''} ${entry.subset ?? 'all'}`;
  const hitRate3 = (entry: EvaluationRow) => entry.hit_rate['@3'] ?? Number.NaN;
  /** The share of questions refused when unanswerable and answered when answerable. */
  const refusalAccuracy = (entry: EvaluationRow) => {
    const refusal = entry.refusal;
    if (!refusal) return Number.NaN;
    return (refusal.refused_unanswerable + refusal.answerable - refusal.refused_answerable) / Math.max(1, refusal.unanswerable + refusal.answerable);
  };

  it('gives the same metrics within a small band on both stores', () => {
    const [sqlite, postgres] = stores as [(typeof stores)[number], (typeof stores)[number]];
    const byKey = new Map(flat(postgres).map((entry) => [key(entry), entry]));
    const lines: string[] = [`ingest: SQLite ${sqlite.ingestMs.toFixed(0)} ms, PostgreSQL ${postgres.ingestMs.toFixed(0)} ms`];
    for (const a of flat(sqlite)) {
      const b = byKey.get(key(a));
      if (!b) throw new Error(`PostgreSQL has no row ${key(a)}`);
      lines.push(
        `${key(a).padEnd(34)} HR@3 ${hitRate3(a).toFixed(3)} / ${hitRate3(b).toFixed(3)}   MRR ${a.mrr.toFixed(3)} / ${b.mrr.toFixed(3)}   refusals right ${refusalAccuracy(a).toFixed(3)} / ${refusalAccuracy(b).toFixed(3)}`,
      );
    }
    console.info(`KB evaluation, SQLite / PostgreSQL:\n${lines.join('\n')}`);
    for (const a of flat(sqlite).filter((entry) => entry.subset === null)) {
      const b = byKey.get(key(a)) as EvaluationRow;
      expect(b.cases).toBe(a.cases);
      expect(Math.abs(hitRate3(a) - hitRate3(b)), `${key(a)} HR@3`).toBeLessThanOrEqual(band);
      expect(Math.abs(a.mrr - b.mrr), `${key(a)} MRR`).toBeLessThanOrEqual(band);
      if (a.refusal) expect(Math.abs(refusalAccuracy(a) - refusalAccuracy(b)), `${key(a)} refusals`).toBeLessThanOrEqual(band);
    }
  });
});
