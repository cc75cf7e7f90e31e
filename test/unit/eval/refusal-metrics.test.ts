import { describe, expect, it } from 'vitest';
import { missingKeyFacts, refusalMetrics } from '../../../main/eval/run-evaluation.js';

describe('refusal metrics', () => {
  it('counts refused unanswerable and answerable queries and derives precision and recall', () => {
    const metrics = refusalMetrics([
      { answerable: false, refused: true },
      { answerable: false, refused: true },
      { answerable: false, refused: false },
      { answerable: true, refused: true },
      { answerable: true, refused: false },
    ]);
    expect(metrics).toMatchObject({ unanswerable: 3, refused_unanswerable: 2, answerable: 2, refused_answerable: 1 });
    expect(metrics.precision).toBeCloseTo(2 / 3, 10);
    expect(metrics.recall).toBeCloseTo(2 / 3, 10);
    expect(metrics.answerable_refused_rate).toBe(0.5);
  });

  it('has precision 1 when nothing was refused and recall 1 when nothing was unanswerable', () => {
    expect(refusalMetrics([{ answerable: true, refused: false }])).toMatchObject({ precision: 1, recall: 1 });
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
