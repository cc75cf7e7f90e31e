import { describe, expect, it } from 'vitest';
import { createSpellingReader, slipOf } from '../../../main/corpora/foods/food-spelling.js';

const names = [
  'Chicken, poultry, leg, skinless',
  'Banana, ripe',
  'Spinach',
  'Tomato, ripe',
  'Mutton, muscle',
  'Button mushroom',
  'Mango, ripe',
  'Mangos, dried',
  'Cheese',
  'Goat tripe',
  'Cabbage, collard greens',
  'Raisins',
];
const read = createSpellingReader(names, (word) => ['triple', 'collar'].includes(word));

describe('reading a misspelt food word as the catalog word it slips from', () => {
  it('reads a letter too few, too many or two swapped as the one name word it slips from, and says which', () => {
    expect(read('chiken')).toEqual({ english: 'chicken', pairs: [{ typed: 'chiken', read: 'chicken' }] });
    expect(read('bananna')?.english).toBe('banana');
    expect(read('spinnach')?.english).toBe('spinach');
    expect(read('Chikcen curry')).toEqual({ english: 'chicken curry', pairs: [{ typed: 'Chikcen', read: 'chicken' }] });
    expect(read('tomatoe')?.english).toBe('tomato');
  });

  it('leaves words of the names, short words, stop words and other slips alone', () => {
    expect(read('chicken')).toBeNull();
    expect(read('mutton')).toBeNull();
    // One letter for another makes another food: never read so.
    expect(read('muttom')).toBeNull();
    expect(read('chesse')).toBeNull(); // "e" for "s": a substitution
    expect(read('bread')).toBeNull();
    expect(read('xqzzv blorp')).toBeNull();
    // A plural or singular of a name word is that word's form, searched as typed (a review: "bananas" was read).
    expect(read('bananas')).toBeNull();
    expect(read('raisin')).toBeNull();
    // An English word is what the user meant, though it slips from a food word ("triple" from "tripe").
    expect(read('triple chocolate')).toBeNull();
    expect(read('pork collar')).toBeNull();
  });

  it('tells slips from other changes', () => {
    expect(slipOf('chiken', 'chicken')).toBe(true);
    expect(slipOf('chickenn', 'chicken')).toBe(true);
    expect(slipOf('chikcen', 'chicken')).toBe(true);
    expect(slipOf('mutton', 'button')).toBe(false);
    expect(slipOf('chick', 'chicken')).toBe(false);
  });
});
