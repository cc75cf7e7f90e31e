import { describe, expect, it } from 'vitest';
import { crossLanguageNeighbours, mayCrossLanguage } from '../../../main/retrieval/cross-language.js';
import { fuseCrossLanguage, keywordOnly } from '../../../main/retrieval/fusion.js';
import type { KeywordHit } from '../../../main/retrieval/keyword-index.js';
import type { Retriever, SemanticResult } from '../../../main/retrieval/retriever.js';
import { toSearchHitBase } from '../../../main/retrieval/search-hit.js';
import type { VectorNeighbour } from '../../../main/retrieval/vector-store.js';

function keyword(...ids: number[]): KeywordHit[] {
  return ids.map((id, index) => ({ id, score: 10 - index, normalized: (10 - index) / 10, rank: index + 1, terms: [], match: 'exact' as const, coverage: 1 }));
}

function neighbours(...pairs: Array<[number, number]>): VectorNeighbour[] {
  return pairs.map(([itemId, distance]) => ({ itemId, distance }));
}

/** A retriever whose semantic path answers with a fixed result and counts its calls. */
function fakeRetriever(result: SemanticResult): Retriever & { calls: number } {
  const fake = {
    calls: 0,
    corpus: 'foods',
    table: 'foods',
    formula: 'f1',
    keyword: undefined as never,
    async semantic() {
      fake.calls += 1;
      return result;
    },
    currentSpace: async () => undefined,
    embedRows: async () => false,
    counts: () => ({ rows: 0, vectors: 0, stale: 0, missing: 0 }),
    embedderId: () => null,
  };
  return fake as unknown as Retriever & { calls: number };
}

describe('fusing the cross-language path (reciprocal rank fusion of two rankings)', () => {
  const options = { k: 60, limit: 10, maxDistance: 0.6 };

  it('raises a row both rankings found above rows only one of them found', () => {
    const fused = fuseCrossLanguage(keywordOnly(keyword(1, 2, 3), 10), neighbours([3, 0.2], [7, 0.3]), options);
    expect(fused[0]?.id).toBe(3);
    expect(fused[0]?.paths).toEqual(['keyword', 'multilingual']);
  });

  it('lets a row only the cross-language path found enter, explained by its rank and distance', () => {
    const fused = fuseCrossLanguage(keywordOnly(keyword(1), 10), neighbours([7, 0.25]), options);
    const entered = fused.find((hit) => hit.id === 7);
    expect(entered?.paths).toEqual(['multilingual']);
    expect(entered?.multilingualRank).toBe(1);
    expect(entered?.multilingualDistance).toBe(0.25);
    const base = toSearchHitBase(entered as NonNullable<typeof entered>, 'weak');
    expect(base.found_by).toBe('semantic');
    expect(base.explain.paths).toEqual(['multilingual']);
    expect(base.explain.multilingual_distance).toBe(0.25);
  });

  it('ignores neighbours beyond the distance bar', () => {
    const fused = fuseCrossLanguage([], neighbours([7, 0.5], [8, 0.61], [9, 0.9]), options);
    expect(fused.map((hit) => hit.id)).toEqual([7]);
  });

  it('breaks equal scores by id, whatever order the rankings arrive in', () => {
    const fused = fuseCrossLanguage(keywordOnly(keyword(9), 10), neighbours([4, 0.1]), options);
    expect(fused.map((hit) => hit.id)).toEqual([4, 9]);
  });

  it('does not change the ranking it was given', () => {
    const ranking = keywordOnly(keyword(1, 2), 10);
    const before = JSON.stringify(ranking);
    fuseCrossLanguage(ranking, neighbours([1, 0.1]), options);
    expect(JSON.stringify(ranking)).toBe(before);
  });

  it("lets a heavier path weight put the path's first row ahead of the corpus's first", () => {
    const even = fuseCrossLanguage(keywordOnly(keyword(1), 10), neighbours([7, 0.2]), options);
    const heavier = fuseCrossLanguage(keywordOnly(keyword(1), 10), neighbours([7, 0.2]), { ...options, weight: 2 });
    expect(even.map((hit) => hit.id)).toEqual([1, 7]);
    expect(heavier.map((hit) => hit.id)).toEqual([7, 1]);
  });

  it('cuts to the limit', () => {
    const fused = fuseCrossLanguage(keywordOnly(keyword(1, 2, 3), 10), neighbours([4, 0.1], [5, 0.1]), { ...options, limit: 2 });
    expect(fused).toHaveLength(2);
  });
});

describe('when a query may be in another language than the corpus', () => {
  it('is so for a Spanish question against an English corpus', () => {
    expect(mayCrossLanguage('¿cuánta proteína tiene el pescado azul?', 'en')).toBe(true);
  });

  it('is not so for an English question against an English corpus', () => {
    expect(mayCrossLanguage('how much protein did I eat last week', 'en')).toBe(false);
  });

  it('is so for a bare noun whose language its words do not tell', () => {
    expect(mayCrossLanguage('sardinas', 'en')).toBe(true);
  });

  it('is not so when a keyword hit of the corpus matched every word exactly', () => {
    expect(mayCrossLanguage('sardine', 'en', [{ match: 'exact', coverage: 1 }])).toBe(false);
  });

  it('is still so when the only full match was within a typo', () => {
    expect(mayCrossLanguage('sardinas', 'en', [{ match: 'fuzzy', coverage: 1 }])).toBe(true);
  });
});

describe('the cross-language path of a corpus', () => {
  const ok: SemanticResult = { ok: true, embedderId: 'test:multi', neighbours: neighbours([1, 0.2]) };

  it('returns the neighbours for a query in another language', async () => {
    const retriever = fakeRetriever(ok);
    const result = await crossLanguageNeighbours(retriever, 'pescado azul', { corpusLanguage: 'en', k: 5 });
    expect(result).toEqual({ ran: true, embedderId: 'test:multi', neighbours: neighbours([1, 0.2]) });
  });

  it('does not run for a query in the corpus language, and says nothing', async () => {
    const retriever = fakeRetriever(ok);
    const result = await crossLanguageNeighbours(retriever, 'what did I eat', { corpusLanguage: 'en', k: 5, language: 'en' });
    expect(result).toEqual({ ran: false, notice: null });
    expect(retriever.calls).toBe(0);
  });

  it('says so when the multilingual model is missing', async () => {
    const retriever = fakeRetriever({ ok: false, embedderId: null, notice: { code: 'keyword_only', message: 'Keyword-only results: no cross-language search: no model directory at /x.' } });
    const result = await crossLanguageNeighbours(retriever, 'pescado azul', { corpusLanguage: 'en', k: 5 });
    expect(result.ran).toBe(false);
    expect(!result.ran && result.notice?.code).toBe('cross_language_unavailable');
    expect(!result.ran && result.notice?.message).toMatch(/no model directory at \/x/);
  });

  it('says nothing when the path is switched off in the settings', async () => {
    const retriever = fakeRetriever({ ok: false, embedderId: null, notice: { code: 'keyword_only', message: 'Keyword-only results: cross-language search is switched off in the settings.' } });
    expect(await crossLanguageNeighbours(retriever, 'pescado azul', { corpusLanguage: 'en', k: 5 })).toEqual({ ran: false, notice: null });
  });
});
