import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { writeSyntheticKb } from '../../../main/bench/kb-store-bench.js';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { loadKbCalibration } from '../../../main/corpora/kb/kb-calibration-file.js';
import { createKbRepository } from '../../../main/corpora/kb/kb-repository.js';
import { createKbSearch, kbCandidateLimit, kbCandidatePool, kbCandidatesPerCard, type KbSearch } from '../../../main/corpora/kb/kb-search.js';
import { createKbSqliteStore } from '../../../main/corpora/kb/kb-sqlite-store.js';
import type { KbStore } from '../../../main/corpora/kb/kb-store.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('kb candidates on a KB larger than the candidate pool', () => {
  let services: Services;
  let search: KbSearch;
  let chunkCount: number;
  /** The `limit` of every keyword search and the `k` of every vector search the KB asked its store for. */
  const asked = { keyword: [] as number[], semantic: [] as number[] };

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null });
    const kb = services.module('kb') as NonNullable<ReturnType<Services['module']>>;
    // Twice the shipped cards: about 380 chunks, more than the pool of 200.
    await ingestCorpus(services, kb, { from: writeSyntheticKb(join(tempDir(), 'cards'), 82) });
    const store = createKbSqliteStore({ db: services.db, repository: createKbRepository(services.db), retriever: kb.retriever as NonNullable<typeof kb.retriever>, vectors: services.vectors });
    chunkCount = await store.chunkCount();
    const recording: KbStore = {
      ...store,
      keyword: (text, limit) => {
        asked.keyword.push(limit);
        return store.keyword(text, limit);
      },
      semantic: (query, k) => {
        asked.semantic.push(k);
        return store.semantic(query, k);
      },
    };
    search = createKbSearch({
      store: recording,
      settings: services.settings,
      lexicon: loadClinicalLexicon,
      calibration: loadKbCalibration(),
      reranker: async () => null,
      rerankerProblem: () => 'not installed in this test',
    });
  });
  afterAll(async () => {
    await services?.close();
  });

  it('asks each path for the pool of 200 chunks, not every chunk, and still finds the cards asked for', async () => {
    expect(chunkCount).toBeGreaterThan(kbCandidatePool);
    asked.keyword.length = 0;
    asked.semantic.length = 0;
    const output = await search.search({ corpus: 'kb', query: 'warfarin and ibuprofen bleeding risk', k: 10, strategy: 'hybrid', profile: 'default', rerank: false });
    expect(asked).toEqual({ keyword: [kbCandidatePool], semantic: [kbCandidatePool] });
    expect(output.hits).toHaveLength(10);
    expect(output.hits[0]?.kb?.passage).toMatch(/warfarin/i);
  });

  it('asks for 20 chunks per card when more cards are wanted than the pool holds at that rate', async () => {
    asked.keyword.length = 0;
    asked.semantic.length = 0;
    await search.search({ corpus: 'kb', query: 'lithium and NSAIDs', k: 15, strategy: 'hybrid', profile: 'default', rerank: false });
    expect(asked).toEqual({ keyword: [15 * kbCandidatesPerCard], semantic: [15 * kbCandidatesPerCard] });
  });
});

describe('kbCandidateLimit', () => {
  it('asks for every chunk of a KB no larger than the pool (the shipped KB, 190 chunks)', () => {
    expect(kbCandidateLimit(190, 10)).toBe(190);
    expect(kbCandidateLimit(0, 10)).toBe(1);
  });

  it('asks for the pool, or 20 chunks per card wanted, on a larger KB', () => {
    expect(kbCandidateLimit(19_000, 10)).toBe(200);
    expect(kbCandidateLimit(19_000, 1_000)).toBe(19_000);
    expect(kbCandidateLimit(6_670, 1_000)).toBe(6_670);
  });
});
