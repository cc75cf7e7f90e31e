/**
 * ADR-0004's reproducibility promise with the real model: the same KB, the same embedder and the same query give
 * identical results and scores, run after run and across two fresh ingests into two data directories.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AskOutput, SearchOutput } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { loadKbEvaluation } from '../../main/corpora/kb/kb-evaluation.js';
import { modelDir, realModelTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('clinical KB reproducibility');
const tempDir = useTempDirs();
const strategies = ['keyword', 'vector', 'hybrid'] as const;

describe.runIf(run)('clinical KB reproducibility with the real bge-small model', () => {
  const services: Services[] = [];
  const queries = loadKbEvaluation().map((question) => question.query);

  beforeAll(async () => {
    for (let index = 0; index < 2; index += 1) {
      const opened = await createServices({ dataDir: tempDir(), modelDir });
      services.push(opened);
      await ingestCorpus(opened, opened.module('kb') as NonNullable<ReturnType<Services['module']>>);
    }
  });

  afterAll(async () => {
    for (const opened of services) await opened.close();
  });

  // Every query without the cross-encoder; the first 15 again with it (hybrid, as the app searches), which costs
  // about half a second each on two cores.
  const runs = [
    ...strategies.flatMap((strategy) => queries.map((query) => ({ query, strategy, rerank: false }))),
    ...queries.slice(0, 15).map((query) => ({ query, strategy: 'hybrid' as const, rerank: true })),
  ];

  async function searchAll(target: Services): Promise<SearchOutput[]> {
    const outputs: SearchOutput[] = [];
    for (const { query, strategy, rerank } of runs) {
      const result = await target.dispatcher.call('search', { corpus: 'kb', query, k: 10, strategy, rerank }, { transport: 'cli', role: 'viewer' });
      if (!result.ok) throw new Error(result.error.message);
      outputs.push(result.value as SearchOutput);
    }
    return outputs;
  }

  it('returns identical hits, passages and scores run after run', async () => {
    const [first, second] = [await searchAll(services[0] as Services), await searchAll(services[0] as Services)];
    expect(first.some((output) => output.hits.some((hit) => hit.explain.vector_distance !== null))).toBe(true);
    expect(first.some((output) => output.hits.some((hit) => typeof hit.explain.rerank_score === 'number'))).toBe(true);
    expect(second).toEqual(first);
  }, 300_000);

  it('returns identical hits, passages and scores from two fresh ingests into two data directories', async () => {
    const [first, second] = [await searchAll(services[0] as Services), await searchAll(services[1] as Services)];
    expect(second).toEqual(first);
  }, 300_000);

  it('stores byte-identical vectors in both data directories', () => {
    const vectorsOf = (target: Services) => {
      const [space] = target.vectors.spacesOf('kb');
      if (!space) throw new Error('no kb vectors');
      return target.db.prepare(`SELECT item_id, content_hash, embedding FROM ${space.table} ORDER BY item_id`).all();
    };
    const first = vectorsOf(services[0] as Services);
    expect(first.length).toBeGreaterThan(0);
    expect(vectorsOf(services[1] as Services)).toEqual(first);
  });

  it('composes identical answers in both data directories', async () => {
    for (const question of queries.slice(0, 10)) {
      const answers = await Promise.all(
        services.map(async (target) => {
          const result = await target.dispatcher.call('ask', { corpus: 'kb', question }, { transport: 'cli', role: 'viewer' });
          if (!result.ok) throw new Error(result.error.message);
          return result.value as AskOutput;
        }),
      );
      expect(answers[1]).toEqual(answers[0]);
    }
  }, 300_000);
});
