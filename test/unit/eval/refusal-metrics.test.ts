import { describe, expect, it } from 'vitest';
import { missingKeyFacts, refusalMetrics } from '../../../main/eval/run-evaluation.js';

describe('refusal metrics', () => {
  it('counts refused unanswerable and answerable queries and derives precision and recall', () => {
    const metrics = refusalMetrics([
      { id: 'u1', query: 'q1', answerable: false, refused: true },
      { id: 'u2', query: 'q2', answerable: false, refused: true },
      { id: 'u3', query: 'q3', answerable: false, refused: false },
      { id: 'a1', query: 'q4', answerable: true, refused: true },
      { id: 'a2', query: 'q5', answerable: true, refused: false },
    ]);
    expect(metrics).toMatchObject({ unanswerable: 3, refused_unanswerable: 2, answerable: 2, refused_answerable: 1 });
    expect(metrics.precision).toBeCloseTo(2 / 3, 10);
    expect(metrics.recall).toBeCloseTo(2 / 3, 10);
    expect(metrics.answerable_refused_rate).toBe(0.5);
    // The two wrong decisions, to read: the unanswerable one answered and the answerable one refused.
    expect(metrics.wrong).toEqual([
      { id: 'u3', query: 'q3', answerable: false },
      { id: 'a1', query: 'q4', answerable: true },
    ]);
  });

  it('has precision 1 when nothing was refused and recall 1 when nothing was unanswerable', () => {
    expect(refusalMetrics([{ id: 'a', query: 'q', answerable: true, refused: false }])).toMatchObject({ precision: 1, recall: 1 });
  });
});

describe('key facts in an answer', () => {
  it('finds a fact by any of its alternatives, ignoring case', () => {
    expect(missingKeyFacts('Take them at least 4 Hours apart.', [['four hours', '4 hours']])).toEqual([]);
  });

  it('lists each required fact that no alternative of appears', () => {
    expect(missingKeyFacts('Hold metformin.', [['48 hours'], ['eGFR', 'kidney function']])).toEqual(['48 hours', 'eGFR | kidney function']);
  });
});
