import { describe, expect, it } from 'vitest';
import { catalogRelevance, catalogTranslatedBars } from '../../../main/corpora/catalog/catalog-corpus.js';
import type { FusedHit } from '../../../main/retrieval/fusion.js';

function hit(coverage: number, cosine: number | null, match: FusedHit['keywordMatch'] = 'exact'): FusedHit {
  return {
    id: 1,
    score: 0.5,
    paths: cosine === null ? ['keyword'] : ['keyword', 'vector'],
    keywordRank: 1,
    keywordScore: 10,
    keywordNormalized: 1,
    keywordMatch: match,
    keywordCoverage: coverage,
    vectorRank: cosine === null ? null : 1,
    vectorDistance: cosine === null ? null : 1 - cosine,
  };
}

describe('catalog relevance', () => {
  const { strongCoverage, cosine } = catalogTranslatedBars;

  it('holds an English question read through the glossary to its own bars: half its words, two at least, from cosine 0.5', () => {
    // Two of four words of the Spanish reading, cosine just over the bar.
    expect(catalogRelevance(hit(strongCoverage, cosine + 0.02), true, 4)).toBe('strong');
    // The same field for a question not so read: the cosine is below the catalog's own weak bar (0.6).
    expect(catalogRelevance(hit(strongCoverage, cosine + 0.02), true, 0)).toBe('weak');
    // One word of two ("customer gender": every field naming the customer) is not enough, with a cosine or without.
    expect(catalogRelevance(hit(strongCoverage, cosine + 0.02), true, 2)).toBe('weak');
    expect(catalogRelevance(hit(strongCoverage, null), true, 2)).toBe('weak');
    // Less than half of the words, or a cosine under the bar, or words met only within a typo: not strong.
    expect(catalogRelevance(hit(strongCoverage - 0.05, cosine + 0.02), true, 8)).toBe('weak');
    expect(catalogRelevance(hit(0.9, cosine - 0.05), true, 4)).toBe('weak');
    expect(catalogRelevance(hit(0.9, cosine + 0.02, 'fuzzy'), true, 4)).toBe('none');
  });

  it("keeps the catalog's own bars for every other question", () => {
    expect(catalogRelevance(hit(0.34, 0.61), true)).toBe('strong');
    expect(catalogRelevance(hit(0, 0.75), true)).toBe('strong');
    expect(catalogRelevance(hit(0.2, 0.62), true)).toBe('weak');
    expect(catalogRelevance(hit(0, 0.5), true)).toBe('none');
  });
});
