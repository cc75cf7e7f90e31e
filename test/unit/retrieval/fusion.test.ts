import { describe, expect, it } from 'vitest';
import { fuseConcept, keywordFirstFill, keywordOnly, reciprocalRankFusion, weightedFusion } from '../../../main/retrieval/fusion.js';
import { toSearchHitBase } from '../../../main/retrieval/search-hit.js';
import type { KeywordHit } from '../../../main/retrieval/keyword-index.js';
import type { VectorNeighbour } from '../../../main/retrieval/vector-store.js';

function keyword(...ids: number[]): KeywordHit[] {
  return ids.map((id, index) => ({ id, score: 10 - index, normalized: (10 - index) / 10, rank: index + 1, terms: [], match: 'exact' as const, coverage: 1 }));
}

function vector(...pairs: Array<[number, number]>): VectorNeighbour[] {
  return pairs.map(([itemId, distance]) => ({ itemId, distance }));
}

describe('keyword-first-fill (the foods rule of the seed)', () => {
  const options = { limit: 10, maxDistance: 0.65, minKeywordHits: 8 };

  it('keeps keyword hits first and in their order', () => {
    const fused = keywordFirstFill(keyword(5, 3, 9), vector([1, 0.1], [2, 0.2]), options);
    expect(fused.map((hit) => hit.id)).toEqual([5, 3, 9, 1, 2]);
    expect(fused.slice(0, 3).every((hit) => hit.paths.join() === 'keyword')).toBe(true);
  });

  it('appends only ids the keyword path did not find', () => {
    const fused = keywordFirstFill(keyword(5, 3), vector([3, 0.05], [7, 0.3], [5, 0.01]), options);
    expect(fused.map((hit) => hit.id)).toEqual([5, 3, 7]);
  });

  it('drops semantic hits beyond max_dist', () => {
    const fused = keywordFirstFill(keyword(5), vector([7, 0.3], [8, 0.66], [9, 0.9]), options);
    expect(fused.map((hit) => hit.id)).toEqual([5, 7]);
  });

  it('adds nothing semantic when there are 8 or more keyword hits', () => {
    const fused = keywordFirstFill(keyword(1, 2, 3, 4, 5, 6, 7, 8), vector([99, 0.01]), options);
    expect(fused.map((hit) => hit.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('cuts the merged list to the limit', () => {
    const fused = keywordFirstFill(keyword(1, 2), vector([3, 0.1], [4, 0.1], [5, 0.1]), { ...options, limit: 3 });
    expect(fused.map((hit) => hit.id)).toEqual([1, 2, 3]);
  });

  it('explains where each hit came from', () => {
    const [first, second] = keywordFirstFill(keyword(1), vector([2, 0.25]), options);
    expect(first).toMatchObject({ keywordRank: 1, vectorDistance: null, paths: ['keyword'] });
    expect(second).toMatchObject({ keywordRank: null, vectorDistance: 0.25, vectorRank: 1, paths: ['vector'] });
  });
});

describe('weighted fusion', () => {
  it('is a convex combination of normalised keyword score and cosine similarity', () => {
    const [hit] = weightedFusion(keyword(1), vector([1, 0.2]), { keywordWeight: 0.4, vectorWeight: 0.6, limit: 5 });
    expect(hit?.score).toBeCloseTo(0.4 * 1 + 0.6 * 0.8, 10);
    expect(hit?.paths).toEqual(['keyword', 'vector']);
  });

  it('lets an exact keyword match beat a slightly closer vector-only hit', () => {
    const fused = weightedFusion(keyword(1), vector([2, 0.15], [1, 0.3]), { keywordWeight: 0.4, vectorWeight: 0.6, limit: 5 });
    expect(fused[0]?.id).toBe(1);
  });

  it('normalises weights that do not sum to one', () => {
    const a = weightedFusion(keyword(1), vector([1, 0.2]), { keywordWeight: 2, vectorWeight: 3, limit: 1 });
    const b = weightedFusion(keyword(1), vector([1, 0.2]), { keywordWeight: 0.4, vectorWeight: 0.6, limit: 1 });
    expect(a[0]?.score).toBeCloseTo(b[0]?.score ?? -1, 10);
  });
});

describe('reciprocal rank fusion', () => {
  it('sums 1/(k + rank) over the paths and ranks by it', () => {
    const fused = reciprocalRankFusion(keyword(1, 2), vector([2, 0.1], [3, 0.2]), { k: 60, limit: 10 });
    expect(fused[0]?.id).toBe(2);
    expect(fused[0]?.score).toBeCloseTo(1 / 62 + 1 / 61, 12);
    expect(fused.map((hit) => hit.id).sort()).toEqual([1, 2, 3]);
  });

  it('breaks ties by id, so results are reproducible', () => {
    const fused = reciprocalRankFusion(keyword(7), vector([3, 0.1]), { k: 60, limit: 10 });
    expect(fused.map((hit) => hit.id)).toEqual([3, 7]);
  });
});

describe("fusing a food concept's members", () => {
  const ranking = keywordOnly(
    [1, 2, 3].map((id, index) => ({ id, score: 10 - index, normalized: (10 - index) / 10, rank: index + 1, terms: [], match: 'exact' as const, coverage: 1 })),
    10,
  );
  const members = [7, 8, 9, 10, 11, 12, 13, 14, 15, 16].map((id) => ({ id, explanation: `member ${id}` }));

  it('lets every member lead when the concept is the whole query', () => {
    const fused = fuseConcept(ranking, members, { k: 60, limit: 13, wholeQuery: true });
    expect(fused.slice(0, 10).map((hit) => hit.id)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16]);
    expect(fused.slice(10).map((hit) => hit.id)).toEqual([1, 2, 3]);
  });

  it("interleaves members with the other paths' hits when the query says more, each explained", () => {
    const fused = fuseConcept(ranking, members, { k: 60, limit: 6, wholeQuery: false });
    expect(fused.map((hit) => hit.id)).toEqual([1, 7, 2, 8, 3, 9]);
    const member = toSearchHitBase(fused[1] as NonNullable<(typeof fused)[1]>, 'strong');
    expect(member.explain).toMatchObject({ paths: ['concept'], concept_rank: 1, concept: 'member 7' });
    expect(member.found_by).toBe('semantic');
  });
});
