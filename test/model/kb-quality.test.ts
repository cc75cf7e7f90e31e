/**
 * Retrieval quality of the clinical KB with the real bge-small model on kb/eval/clinical.json: the CI gate
 * (dense and hybrid Hit Rate@3 ≥ 0.9 on the in-scope questions) and the table of every strategy, with the
 * Spanish and out-of-scope questions reported on their own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput, Strategy } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { loadKbEvaluation, type KbEvaluationQuestion } from '../../main/corpora/kb/kb-evaluation.js';
import { loadClinicalLexicon } from '../../main/corpora/kb/clinical-lexicon.js';
import { loadKbCalibration } from '../../main/corpora/kb/kb-calibration-file.js';
import { createKbRepository } from '../../main/corpora/kb/kb-repository.js';
import { createKbSearch, defaultHybridFusion, type HybridFusion } from '../../main/corpora/kb/kb-search.js';
import { createKbSqliteStore } from '../../main/corpora/kb/kb-sqlite-store.js';
import { evaluateRankings, type RankingMetrics } from '../../main/eval/metrics.js';
import { modelDir, realModelTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('clinical KB retrieval quality');
const tempDir = useTempDirs();

interface Variant {
  label: string;
  strategy: Strategy;
  fusion?: HybridFusion;
  rerank: boolean;
}
// The first stage is compared without the cross-encoder; the shipped search (hybrid + cross-encoder) is the last row.
const variants: Variant[] = [
  { label: 'keyword (BM25)', strategy: 'keyword', rerank: false },
  { label: 'vector (dense)', strategy: 'vector', rerank: false },
  { label: `hybrid (${defaultHybridFusion}, shipped)`, strategy: 'hybrid', rerank: false },
  { label: `hybrid (${defaultHybridFusion === 'rrf' ? 'weighted' : 'rrf'})`, strategy: 'hybrid', fusion: defaultHybridFusion === 'rrf' ? 'weighted' : 'rrf', rerank: false },
  { label: 'hybrid + cross-encoder (shipped)', strategy: 'hybrid', rerank: true },
];

describe.runIf(run)('clinical KB retrieval with the real bge-small model', () => {
  let services: Services;
  const questions = loadKbEvaluation();
  const english = questions.filter((question) => question.expected.length > 0 && !question.spanish);
  const spanish = questions.filter((question) => question.expected.length > 0 && question.spanish);
  const outOfScope = questions.filter((question) => question.expected.length === 0);
  const rankings = new Map<string, Map<string, { cards: string[]; topSimilarity: number | null }>>();

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), modelDir });
    const kb = services.module('kb') as NonNullable<ReturnType<Services['module']>>;
    const counts = await ingestCorpus(services, kb);
    expect(counts.embedded).toBe(counts.inserted);
    const repository = createKbRepository(services.db);
    for (const variant of variants) {
      const byQuestion = new Map<string, { cards: string[]; topSimilarity: number | null }>();
      // The shipped variants go through the search operation, as a user's search does; the alternative fusion
      // is built directly because no setting selects it.
      const alternative = variant.fusion
        ? createKbSearch({
            store: createKbSqliteStore({ db: services.db, repository, retriever: kb.retriever as NonNullable<typeof kb.retriever>, vectors: services.vectors }),
            settings: services.settings,
            lexicon: loadClinicalLexicon,
            calibration: loadKbCalibration(),
            reranker: () => services.reranker.get(),
            rerankerProblem: () => services.reranker.describe().problem,
            hybridFusion: variant.fusion,
          })
        : null;
      for (const question of questions) {
        let hits: SearchOutput['hits'];
        if (alternative) {
          hits = (await alternative.search({ corpus: 'kb', query: question.query, k: 10, strategy: variant.strategy, profile: 'default', rerank: variant.rerank })).hits;
        } else {
          const result = await services.dispatcher.call(
            'search',
            { corpus: 'kb', query: question.query, k: 10, strategy: variant.strategy, rerank: variant.rerank },
            { transport: 'cli', role: 'viewer' },
          );
          if (!result.ok) throw new Error(result.error.message);
          const output = result.value as SearchOutput;
          if (variant.strategy !== 'keyword') expect(output.embedder).toMatch(/^local:bge-small-en-v1\.5:/);
          hits = output.hits;
        }
        const distances = hits.map((hit) => hit.explain.vector_distance).filter((distance): distance is number => distance !== null);
        byQuestion.set(question.id, { cards: hits.map((hit) => hit.kb?.card_id ?? hit.id), topSimilarity: distances.length ? 1 - Math.min(...distances) : null });
      }
      rankings.set(variant.label, byQuestion);
    }
    printTable();
  }, 600_000);

  afterAll(async () => {
    await services?.close();
  });

  function metricsOf(label: string, set: readonly KbEvaluationQuestion[]): RankingMetrics {
    const byQuestion = rankings.get(label) as Map<string, { cards: string[] }>;
    return evaluateRankings(set.map((question) => ({ expected: question.expected, ranked: byQuestion.get(question.id)?.cards ?? [] })));
  }

  function printTable(): void {
    const lines = ['', `clinical KB · ${services.embedding.describe().id} · timings not measured (2 shared cores)`];
    lines.push('questions                   strategy                     n   HR@1   HR@3   MRR    nDCG@10');
    for (const [name, set] of [
      ['English in scope', english],
      ['Spanish in scope', spanish],
      ['all in scope', [...english, ...spanish]],
    ] as const) {
      for (const variant of variants) {
        const metrics = metricsOf(variant.label, set);
        lines.push(
          `${name.padEnd(27)} ${variant.label.padEnd(28)} ${String(metrics.cases).padStart(2)}  ${[metrics.hitRate[1], metrics.hitRate[3], metrics.mrr, metrics.ndcg10].map((value) => (value ?? 0).toFixed(3)).join('  ')}`,
        );
      }
    }
    for (const question of outOfScope) {
      const cells = variants.map((variant) => {
        const result = rankings.get(variant.label)?.get(question.id);
        if (!result || result.cards.length === 0) return `${variant.label}: refused (0 hits)`;
        return `${variant.label}: ${result.cards.length} hits, top ${result.cards[0]}${result.topSimilarity !== null ? ` (best cosine ${result.topSimilarity.toFixed(3)})` : ''}`;
      });
      lines.push(`out of scope ${question.id} "${question.query}": ${cells.join('; ')}`);
    }
    const inScopeTop = [...english, ...spanish].map((question) => rankings.get('vector (dense)')?.get(question.id)?.topSimilarity ?? 1);
    lines.push(
      `dense top-1 cosine: in scope min ${Math.min(...inScopeTop).toFixed(3)}, out of scope max ${Math.max(...outOfScope.map((question) => rankings.get('vector (dense)')?.get(question.id)?.topSimilarity ?? 0)).toFixed(3)}`,
    );
    console.info(lines.join('\n'));
  }

  it('finds the expected card in the dense top 3 for at least 90% of the English in-scope questions', () => {
    expect(metricsOf('vector (dense)', english).hitRate[3]).toBeGreaterThanOrEqual(0.9);
  });

  it('finds the expected card in the hybrid top 3 for at least 90% of all in-scope questions, Spanish included, with and without the cross-encoder', () => {
    for (const label of [variants[2]?.label as string, variants[4]?.label as string]) {
      expect(metricsOf(label, english).hitRate[3], label).toBeGreaterThanOrEqual(0.9);
      expect(metricsOf(label, [...english, ...spanish]).hitRate[3], label).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('ranks at least as well with the cross-encoder as without it, and never below vectors alone (MRR and Hit Rate@3 over all in-scope questions)', () => {
    const inScope = [...english, ...spanish];
    const shipped = metricsOf(variants[4]?.label as string, inScope);
    expect(shipped.mrr).toBeGreaterThanOrEqual(metricsOf(variants[2]?.label as string, inScope).mrr);
    expect(shipped.hitRate[3]).toBeGreaterThanOrEqual(metricsOf(variants[1]?.label as string, inScope).hitRate[3] ?? 1);
  });

  it('ships the hybrid fusion that ranks better on the evaluation set (MRR over all in-scope questions)', () => {
    const inScope = [...english, ...spanish];
    expect(metricsOf(variants[2]?.label as string, inScope).mrr).toBeGreaterThanOrEqual(metricsOf(variants[3]?.label as string, inScope).mrr);
  });

  it('answers at least 95% of the in-scope questions (the goal of issue #12), with verbatim quotes whose figures are all found in the context', async () => {
    const inScope = [...english, ...spanish];
    const refused: string[] = [];
    for (const question of inScope) {
      const result = await services.dispatcher.call('ask', { corpus: 'kb', question: question.query }, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      const answer = result.value as AskOutput;
      // Every answer was given until the example questions (2026-12-05): c34, "torn about quitting smoking… a
      // structured way to explore the pros and cons", is now nearest a nicotine-patch question no card answers.
      if (answer.refused) {
        refused.push(question.id);
        continue;
      }
      expect(answer.grounding.unverified, `${question.id}: ${answer.answer}`).toBe(0);
      expect(
        answer.citations.every((citation) => citation.source_url?.startsWith('https://')),
        question.id,
      ).toBe(true);
      // Quotes drop list markers and emphasis marks; otherwise they are the context's words in its order.
      const plainContext = answer.context
        .replace(/\*\*|__|`/g, '')
        .replace(/\n\s*(?:[-*+]|\d+[.)])\s+/g, '\n')
        .replace(/\s+/g, ' ');
      for (const quoted of answer.answer.matchAll(/“(.+?)” \[\d+\]/g)) {
        for (const part of (quoted[1] as string).split(' … ')) expect(plainContext, question.id).toContain(part);
      }
    }
    expect(refused.length, `refused: ${refused.join(', ')}`).toBeLessThanOrEqual(Math.floor(0.05 * inScope.length));
  }, 600_000);
});
