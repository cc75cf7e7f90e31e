import { describe, expect, it } from 'vitest';
import { translateFoodQuery } from '../../../main/corpora/foods/spanish-food-words.js';

describe('Spanish food words for the English catalog', () => {
  it('translates food words, folding accents and plurals in -s and -es, and drops stop words', () => {
    expect(translateFoodQuery('hígado de pollo')).toEqual({
      english: 'liver chicken',
      pairs: [
        { spanish: 'hígado', english: 'liver' },
        { spanish: 'pollo', english: 'chicken' },
      ],
    });
    expect(translateFoodQuery('Garbanzos')?.english).toBe('bengal gram');
    expect(translateFoodQuery('limones')?.english).toBe('lemon');
    expect(translateFoodQuery('PLÁTANO maduro')?.english).toBe('banana ripe');
  });

  it('reads a name of several words as one food before its words', () => {
    expect(translateFoodQuery('frutos secos')).toEqual({ english: 'nuts', pairs: [{ spanish: 'frutos secos', english: 'nuts' }] });
    expect(translateFoodQuery('nuez moscada')?.english).toBe('nutmeg');
    expect(translateFoodQuery('nuez')?.english).toBe('walnut');
  });

  it('keeps words it does not know, and leaves English and same-spelling queries alone', () => {
    expect(translateFoodQuery('pollo tikka')?.english).toBe('chicken tikka');
    expect(translateFoodQuery('rice flakes')).toBeNull();
    expect(translateFoodQuery('mango papaya')).toBeNull();
    expect(translateFoodQuery('')).toBeNull();
  });
});
