import { describe, expect, it } from 'vitest';
import { namedFirst } from '../../../main/corpora/foods/foods-corpus.js';
import type { KeywordHit } from '../../../main/retrieval/keyword-index.js';

const names = new Map([
  [1, 'Milk fish'],
  [2, 'Chicken mushroom, fresh'],
  [3, 'Milk, whole, Cow'],
  [4, 'Chicken, poultry, leg, skinless'],
  [5, 'Egg, poultry, whole, raw'],
]);
const hits = (ids: number[]): KeywordHit[] => ids.map((id, index) => ({ id, score: 10 - index, normalized: 1, rank: index + 1, terms: ['x'], match: 'exact', coverage: 1 }));
const order = (ids: number[], queries: string[]) => namedFirst(hits(ids), (id) => names.get(id), queries).map((hit) => [hit.id, hit.rank]);

describe('foods whose name is the query come first', () => {
  it('puts the food named by the query before a compound that starts with the same word', () => {
    expect(order([1, 3], ['milk'])).toEqual([
      [3, 1],
      [1, 2],
    ]);
    // The Spanish words and their translation are both read: "pollo" is chicken.
    expect(order([2, 4], ['pollo', 'chicken'])).toEqual([
      [4, 1],
      [2, 2],
    ]);
  });

  it('reads plurals and case as the same name, and leaves other queries in the keyword order', () => {
    expect(order([1, 5], ['Eggs'])[0]).toEqual([5, 1]);
    expect(order([1, 3], ['whole milk'])).toEqual([
      [1, 1],
      [3, 2],
    ]);
    expect(order([1, 3], [''])).toEqual([
      [1, 1],
      [3, 2],
    ]);
  });
});
