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

  it('reads a long word one letter from exactly one glossary word as that word, and a short one never', () => {
    expect(translateFoodQuery('zanahora')).toEqual({ english: 'carrot', pairs: [{ spanish: 'zanahora', english: 'carrot' }] });
    expect(translateFoodQuery('espinaka fresca')?.english).toBe('spinach fresh');
    // Six letters: "bonito" is a fish (and "pretty"), not "boniato"; "papita" a small potato, not "pepita".
    expect(translateFoodQuery('bonito')).toBeNull();
    expect(translateFoodQuery('papita')).toBeNull();
    // Two letters away is no typo.
    expect(translateFoodQuery('zanahirra')).toBeNull();
    // Other words one letter from a food: an extra letter or a letter that does not sound alike is another word.
    expect(translateFoodQuery('pan especial')?.english).toBe('bread especial');
    expect(translateFoodQuery('naranja de Sevilla')?.english).toBe('orange Sevilla');
    expect(translateFoodQuery('carne de caballo')?.english).toBe('meat caballo');
    expect(translateFoodQuery('lomo saltado')).toBeNull();
    // Sound-alike letters and swapped neighbours are typos.
    expect(translateFoodQuery('calabasa')?.english).toBe('pumpkin');
    expect(translateFoodQuery('zanahroia')?.english).toBe('carrot');
    // An English word read back as itself is no translation.
    expect(translateFoodQuery('condiments')).toBeNull();
  });
});
