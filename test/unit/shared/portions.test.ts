import { describe, expect, it } from 'vitest';
import { parseQuantity, portionGrams, portionProblem } from '../../../shared/portions.js';
import { nearLimitShare, targetStanding } from '../../../shared/targets.js';
import { nutrients, targetKindOf } from '../../../shared/nutrients.js';

describe('portions', () => {
  it('turns a quantity of a household unit into grams, to 0.1 g', () => {
    expect(portionGrams(2, 50)).toBe(100);
    expect(portionGrams(1, 244)).toBe(244);
    expect(portionGrams(0.5, 13.6)).toBe(6.8);
    expect(portionGrams(3, 1.2)).toBe(3.6);
    expect(portionGrams(1 / 3, 185)).toBe(61.7);
  });

  it('refuses quantities that are not positive, absurdly many, or heavier than one entry may be', () => {
    expect(portionProblem(2, 50)).toBeNull();
    expect(portionProblem(0, 50)).toBe('not_positive');
    expect(portionProblem(-1, 50)).toBe('not_positive');
    expect(portionProblem(Number.NaN, 50)).toBe('not_positive');
    expect(portionProblem(1001, 1.2)).toBe('too_many');
    expect(portionProblem(21, 244)).toBe('too_heavy');
    expect(portionProblem(20, 244)).toBeNull();
  });

  it('reads quantities as people type them, in English and Spanish', () => {
    expect(parseQuantity('2')).toBe(2);
    expect(parseQuantity(' 1.5 ')).toBe(1.5);
    expect(parseQuantity('1,5')).toBe(1.5);
    expect(parseQuantity('1/2')).toBe(0.5);
    expect(parseQuantity('1 1/2')).toBe(1.5);
    expect(parseQuantity('½')).toBe(0.5);
    expect(parseQuantity('1½')).toBe(1.5);
    expect(parseQuantity('')).toBeNull();
    expect(parseQuantity('two')).toBeNull();
    expect(parseQuantity('-1')).toBeNull();
    expect(parseQuantity('1/0')).toBeNull();
  });
});

describe('targets: goals and limits', () => {
  it('reads saturated fat, free sugars and sodium as limits, everything else as goals', () => {
    expect(targetKindOf('sodium')).toBe('limit');
    expect(targetKindOf('free_sugars')).toBe('limit');
    expect(targetKindOf('protein')).toBe('goal');
    expect(nutrients.filter((nutrient) => nutrient.target === 'limit').map((nutrient) => nutrient.key)).toEqual(['saturated_fat', 'free_sugars', 'sodium']);
  });

  it('a limit is fine under it, close from 90%, broken above it', () => {
    expect(targetStanding(560, 2000, 'limit')).toEqual({ share: 0.28, state: 'within_limit' });
    expect(targetStanding(2000 * nearLimitShare, 2000, 'limit')?.state).toBe('near_limit');
    expect(targetStanding(2000, 2000, 'limit')?.state).toBe('near_limit');
    expect(targetStanding(2001, 2000, 'limit')?.state).toBe('over_limit');
  });

  it('a goal is met at 100% and short below it', () => {
    expect(targetStanding(45, 55, 'goal')?.state).toBe('below_goal');
    expect(targetStanding(55, 55, 'goal')?.state).toBe('goal_met');
    expect(targetStanding(91, 55, 'goal')?.state).toBe('goal_met');
  });

  it('has no standing without an amount or a positive target', () => {
    expect(targetStanding(null, 2000, 'limit')).toBeNull();
    expect(targetStanding(100, null, 'goal')).toBeNull();
    expect(targetStanding(100, 0, 'goal')).toBeNull();
  });
});
