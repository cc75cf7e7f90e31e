import { describe, expect, it } from 'vitest';
import { defaultRerankOrder, orderByRerank, type PoolEntry } from '../../../main/corpora/kb/kb-search.js';
import type { FusedHit } from '../../../main/retrieval/fusion.js';

/** Five first-stage cards, 1 to 5 in that order. */
const pool: PoolEntry[] = [1, 2, 3, 4, 5].map((id) => ({
  hit: { id, score: 1 / id, paths: [], keywordRank: id, keywordScore: null, keywordNormalized: null, keywordMatch: null, keywordCoverage: null, vectorRank: null, vectorDistance: null } as FusedHit,
  cardId: `card-${id}`,
  chunks: [id],
}));
// The cross-encoder read the first four and likes card 4 best, then 3, 2, 1.
const scores = new Map([1, 2, 3, 4].map((id) => [id, { score: id }]));
const order = (kind: Parameters<typeof orderByRerank>[2]) => orderByRerank(pool, scores, kind).map((entry) => entry.hit.id);

describe('the order of the reranked KB candidates', () => {
  it('keeps the first stage order when asked: the cross-encoder decides answerability and quotes, not the ranking', () => {
    expect(order('first')).toEqual([1, 2, 3, 4, 5]);
  });

  it('orders by the cross-encoder alone, or fuses its rank with the first stage, with unread cards last', () => {
    expect(order('rerank')).toEqual([4, 3, 2, 1, 5]);
    // Reciprocal ranks (k = 10): card 1 is 1st and 4th, card 4 is 4th and 1st; the first stage breaks the tie.
    expect(order('rrf')).toEqual([1, 4, 2, 3, 5]);
  });

  it('by default lets the example questions reorder the cards that were read and that they know, each keeping the others in place', () => {
    expect(defaultRerankOrder).toBe('examples');
    // Card 3 is the question's nearest example by far: 40 x 0.2 of cosine outweighs two places and 0.5 x 1 logit.
    const near = new Map([
      ['card-1', 0.6],
      ['card-2', 0.6],
      ['card-3', 0.8],
    ]);
    const byExamples = (exampleOf: (cardId: string) => number | null) => orderByRerank(pool, scores, 'examples', exampleOf).map((entry) => entry.hit.id);
    expect(byExamples((cardId) => near.get(cardId) ?? null)).toEqual([3, 1, 2, 4, 5]);
    // Card 4 has no examples (one's own card) and card 5 was not read: both keep their places whatever their cosines.
    const withFour = (cardId: string) => (cardId === 'card-4' ? null : cardId === 'card-5' ? 1 : (near.get(cardId) ?? null));
    expect(byExamples(withFour)).toEqual([3, 1, 2, 4, 5]);
    // Equal cosines: the first stage's place outweighs the cross-encoder's one-logit steps (-1 per place, +0.5 per logit).
    expect(byExamples(() => 0.7)).toEqual([1, 2, 3, 4, 5]);
    // A card two places down and 4.2 logits better comes first: -2 + 0.5 x 4.2 > 0.
    const far = new Map([[1, { score: 0 }], [2, { score: 1 }], [3, { score: 4.2 }], [4, { score: 0 }]]);
    expect(orderByRerank(pool, far, 'examples', () => 0.7).map((entry) => entry.hit.id)).toEqual([3, 1, 2, 4, 5]);
    // Without examples for any card, the first stage's order.
    expect(byExamples(() => null)).toEqual([1, 2, 3, 4, 5]);
  });
});
