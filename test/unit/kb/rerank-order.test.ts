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
  it('keeps the first stage order by default: the cross-encoder decides answerability and quotes, not the ranking', () => {
    expect(defaultRerankOrder).toBe('first');
    expect(order('first')).toEqual([1, 2, 3, 4, 5]);
  });

  it('orders by the cross-encoder alone, or fuses its rank with the first stage, with unread cards last', () => {
    expect(order('rerank')).toEqual([4, 3, 2, 1, 5]);
    // Reciprocal ranks (k = 10): card 1 is 1st and 4th, card 4 is 4th and 1st; the first stage breaks the tie.
    expect(order('rrf')).toEqual([1, 4, 2, 3, 5]);
  });
});
