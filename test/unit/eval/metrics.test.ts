import { describe, expect, it } from 'vitest';
import { evaluateRankings } from '../../../main/eval/metrics.js';

describe('ranking metrics', () => {
  it('counts a hit at k when a relevant item is among the first k hits as returned', () => {
    const metrics = evaluateRankings([
      { expected: ['a'], ranked: ['a', 'x'] },
      { expected: ['b'], ranked: ['x', 'x', 'b'] },
      { expected: ['c'], ranked: ['x', 'y', 'z'] },
    ]);
    expect(metrics.hitRate[1]).toBeCloseTo(1 / 3);
    expect(metrics.hitRate[3]).toBeCloseTo(2 / 3);
    expect(metrics.mrr).toBeCloseTo((1 + 1 / 3 + 0) / 3);
  });

  it('skips out-of-scope cases (nothing expected)', () => {
    const metrics = evaluateRankings([
      { expected: [], ranked: ['x'] },
      { expected: ['a'], ranked: ['a'] },
    ]);
    expect(metrics.cases).toBe(1);
    expect(metrics.hitRate[1]).toBe(1);
  });

  it('computes nDCG@10 over distinct items with binary gains', () => {
    const perfect = evaluateRankings([{ expected: ['a', 'b'], ranked: ['a', 'b'] }]);
    expect(perfect.ndcg10).toBeCloseTo(1);
    const repeated = evaluateRankings([{ expected: ['a', 'b'], ranked: ['a', 'a', 'a', 'b'] }]);
    expect(repeated.ndcg10).toBeCloseTo(1);
    const second = evaluateRankings([{ expected: ['a'], ranked: ['x', 'a'] }]);
    expect(second.ndcg10).toBeCloseTo(1 / Math.log2(3));
  });
});
