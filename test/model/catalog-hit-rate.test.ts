/**
 * The data catalog's evaluation gate (SPEC §4.3) with the real bge-small-en-v1.5 model: hybrid Hit Rate@3 ≥ 0.8 on
 * the 20 analyst queries of kb/eval/catalog.json. Hit Rate@3 is the README's: the expected source is the source of
 * at least one of the top 3 hits (not of the top 3 distinct sources).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput, Strategy } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import type { CorpusModule, EvaluationCase } from '../../main/corpora/corpus-module.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { loadCatalogEvaluation } from '../../main/corpora/catalog/catalog-evaluation.js';
import { evaluateRankings, type RankingMetrics } from '../../main/eval/metrics.js';
import { modelDir, realModelTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('catalog Hit Rate@3 gate');
const tempDir = useTempDirs();

interface StrategyScore {
  strategy: Strategy;
  /** The README's Hit Rate@k: the expected source among the sources of the top k hits. */
  hitRate: { 1: number; 3: number; 5: number };
  mrr: number;
  /** `cita eval`'s metrics (over distinct sources), for comparison with its table. */
  distinct: RankingMetrics;
  misses: string[];
}

describe.runIf(run)('data catalog retrieval with the real bge-small model', () => {
  let services: Services;
  let catalog: CorpusModule;

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), modelDir });
    catalog = services.module('catalog') as CorpusModule;
    const counts = await ingestCorpus(services, catalog);
    expect(counts.embedded).toBe(216);
  });

  afterAll(async () => {
    await services?.close();
  });

  async function search(query: string, strategy: Strategy, k = 10): Promise<SearchOutput> {
    const result = await services.dispatcher.call('search', { corpus: 'catalog', query, strategy, k }, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    const output = result.value as SearchOutput;
    const degraded = output.notices.filter((notice) => ['keyword_only', 'no_vectors', 'embedder_failed'].includes(notice.code));
    expect(degraded, `${strategy} "${query}" ran degraded`).toEqual([]);
    return output;
  }

  async function score(cases: readonly EvaluationCase[], strategy: Strategy): Promise<StrategyScore> {
    const ranks: Array<number | null> = [];
    const ranked: Array<{ expected: string[]; ranked: string[] }> = [];
    const misses: string[] = [];
    for (const entry of cases) {
      const output = await search(entry.query, strategy);
      const items = output.hits.map((hit) => catalog.evaluation?.itemOf(hit) ?? '');
      ranked.push({ expected: entry.expected, ranked: items });
      const index = items.findIndex((item) => entry.expected.includes(item));
      ranks.push(index < 0 ? null : index + 1);
      if (index < 0 || index >= 3)
        misses.push(
          `${entry.id} "${entry.query}" → ${output.hits
            .slice(0, 3)
            .map((hit) => hit.id)
            .join(', ')}`,
        );
    }
    const within = (k: number) => ranks.filter((rank) => rank !== null && rank <= k).length / ranks.length;
    return {
      strategy,
      hitRate: { 1: within(1), 3: within(3), 5: within(5) },
      mrr: ranks.reduce<number>((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / ranks.length,
      distinct: evaluateRankings(ranked),
      misses,
    };
  }

  it('reaches hybrid Hit Rate@3 ≥ 0.8 on the 20 analyst queries, with keyword and vector measured beside it', async () => {
    const cases = loadCatalogEvaluation();
    expect(cases).toHaveLength(20);
    const scores: StrategyScore[] = [];
    for (const strategy of ['keyword', 'vector', 'hybrid'] as const) scores.push(await score(cases, strategy));
    const table = scores.map(
      (entry) =>
        `${entry.strategy.padEnd(8)} HR@1 ${entry.hitRate[1].toFixed(2)}  HR@3 ${entry.hitRate[3].toFixed(2)}  HR@5 ${entry.hitRate[5].toFixed(2)}  MRR ${entry.mrr.toFixed(3)}` +
        `   (distinct sources: HR@3 ${(entry.distinct.hitRate[3] ?? 0).toFixed(2)}  MRR ${entry.distinct.mrr.toFixed(3)}  nDCG@10 ${entry.distinct.ndcg10.toFixed(3)})` +
        entry.misses.map((miss) => `\n    outside the top 3: ${miss}`).join(''),
    );
    console.info(`catalog evaluation (${services.embedding.describe().id}):\n${table.join('\n')}`);
    const hybrid = scores.find((entry) => entry.strategy === 'hybrid') as StrategyScore;
    expect(hybrid.hitRate[3], hybrid.misses.join('\n')).toBeGreaterThanOrEqual(0.8);
  });

  it('puts every field first when its exact business name is the query, in the hybrid phase', async () => {
    const fields = services.db.prepare('SELECT source, physical_name, business_name FROM catalog_fields ORDER BY id').all() as Array<{ source: string; physical_name: string; business_name: string }>;
    const lost: string[] = [];
    for (const field of fields) {
      const output = await search(field.business_name, 'hybrid', 3);
      if (output.hits[0]?.id !== `${field.source}.${field.physical_name}`) lost.push(`"${field.business_name}" → ${output.hits[0]?.id}`);
    }
    expect(lost).toEqual([]);
  });

  it('keeps the deposit rate "Tasa de interés pactada" first, above the credit-side interest rates', async () => {
    const hybrid = await search('Tasa de interés pactada', 'hybrid', 3);
    expect(hybrid.hits[0]?.id).toBe('depositos.DEP_TASA_PACTADA');
    const vector = await search('Tasa de interés pactada', 'vector', 3);
    // Not asserted: what the model alone prefers is a fact about the model, reported for the reader.
    console.info(`vector-only top hit for "Tasa de interés pactada": ${vector.hits[0]?.id}`);
  });
});
