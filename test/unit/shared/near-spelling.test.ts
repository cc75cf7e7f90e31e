import { describe, expect, it } from 'vitest';
import { nearSpelling, type SearchHit } from '../../../shared/contract.js';

const hit = (found_by: SearchHit['found_by'], keyword_match: 'exact' | 'prefix' | 'fuzzy' | null, relevance: SearchHit['relevance']) => ({
  found_by,
  relevance,
  explain: { paths: [], keyword_rank: null, keyword_score: null, keyword_match, vector_distance: null, rerank_score: null, fused_score: 1 },
});

describe('nearSpelling', () => {
  it('is a keyword hit met only within a typo, or only as the start of a longer word and judged weak', () => {
    expect(nearSpelling(hit('keyword', 'fuzzy', 'weak'))).toBe(true);
    expect(nearSpelling(hit('keyword', 'prefix', 'weak'))).toBe(true);
  });

  it('is not an exact match, a prefix the corpus judged strong, or a hit found by meaning', () => {
    expect(nearSpelling(hit('keyword', 'exact', 'strong'))).toBe(false);
    expect(nearSpelling(hit('keyword', 'prefix', 'strong'))).toBe(false);
    expect(nearSpelling(hit('semantic', null, 'weak'))).toBe(false);
  });
});
