import { describe, expect, it } from 'vitest';
import { contributions, fitLogistic, predict, sigmoid } from '../../../main/corpora/kb/logistic.js';

describe('the logistic model behind answerability', () => {
  it('separates two classes that one feature separates, giving the positive side the higher probability', () => {
    const rows = [...[0.1, 0.2, 0.25, 0.3].map((value) => ({ values: [value], label: 0 as const })), ...[0.7, 0.75, 0.8, 0.9].map((value) => ({ values: [value], label: 1 as const }))];
    const model = fitLogistic(['cosine'], rows, { l2: 0.1 });
    expect(predict(model, [0.85])).toBeGreaterThan(0.8);
    expect(predict(model, [0.15])).toBeLessThan(0.2);
    expect(model.weights[0]).toBeGreaterThan(0);
  });

  it('gives the same coefficients for the same examples, run after run', () => {
    const rows = [0, 1, 2, 3, 4, 5].map((value) => ({ values: [value, value % 2], label: (value > 2 ? 1 : 0) as 0 | 1 }));
    expect(fitLogistic(['a', 'b'], rows)).toEqual(fitLogistic(['a', 'b'], rows));
  });

  it('shrinks weights harder with a larger penalty', () => {
    const rows = [0, 1, 2, 3, 4, 5, 6, 7].map((value) => ({ values: [value], label: (value >= 4 ? 1 : 0) as 0 | 1 }));
    const loose = fitLogistic(['x'], rows, { l2: 0.01 });
    const tight = fitLogistic(['x'], rows, { l2: 10 });
    expect(Math.abs(tight.weights[0] ?? 0)).toBeLessThan(Math.abs(loose.weights[0] ?? 0));
  });

  it('balances classes on request, so a rare class is not drowned by the bias', () => {
    const rows = [...Array.from({ length: 18 }, (_row, index) => ({ values: [index / 40], label: 1 as const })), { values: [0.5], label: 0 as const }, { values: [0.6], label: 0 as const }];
    const plain = fitLogistic(['x'], rows, { l2: 1 });
    const balanced = fitLogistic(['x'], rows, { l2: 1, balance: true });
    expect(predict(balanced, [0.55])).toBeLessThan(predict(plain, [0.55]));
  });

  it('explains a prediction as per-feature contributions that add up to the log-odds', () => {
    const model = { features: ['a', 'b'], means: [1, 0], scales: [2, 1], weights: [0.5, -1], bias: 0.25 };
    const parts = contributions(model, [3, 2]);
    expect(parts).toEqual([0.5, -2]);
    expect(predict(model, [3, 2])).toBeCloseTo(sigmoid(0.25 + 0.5 - 2), 12);
  });

  it('keeps the logistic function finite for large arguments', () => {
    expect(sigmoid(1000)).toBe(1);
    expect(sigmoid(-1000)).toBe(0);
    expect(sigmoid(0)).toBe(0.5);
  });
});
