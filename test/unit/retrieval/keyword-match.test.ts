import { describe, expect, it } from 'vitest';
import { createKeywordIndex, keywordMatchOf, queryTerms } from '../../../main/retrieval/keyword-index.js';

function foodsIndex() {
  const index = createKeywordIndex({ fields: ['name'], combineWith: 'AND' });
  index.add({ id: 1, owner: null, fields: { name: 'Button mushroom, fresh' } });
  index.add({ id: 2, owner: null, fields: { name: 'Goat, shoulder' } });
  index.add({ id: 3, owner: null, fields: { name: 'Orange, pulp' } });
  return index;
}

describe('how a keyword hit met the query', () => {
  it('is fuzzy when the only match is within a typo ("mutton" finds "button")', () => {
    const [hit] = foodsIndex().search('mutton', { limit: 5 });
    expect(hit?.id).toBe(1);
    expect(hit?.match).toBe('fuzzy');
  });

  it('is exact when the query word is the document word', () => {
    const [hit] = foodsIndex().search('goat', { limit: 5 });
    expect(hit?.match).toBe('exact');
    expect(hit?.coverage).toBe(1);
  });

  it('is prefix when the query is the start of a document word', () => {
    // "orang" would be exact: it is the stem of "orange".
    const [hit] = foodsIndex().search('oran', { limit: 5 });
    expect(hit?.match).toBe('prefix');
  });

  it('reports the share of the query terms a document matched', () => {
    const index = createKeywordIndex({ fields: ['text'], combineWith: 'OR' });
    index.add({ id: 1, owner: null, fields: { text: 'warfarin bleeding risk' } });
    const [hit] = index.search('warfarin amoxicillin dose', { limit: 5 });
    expect(hit?.coverage).toBeCloseTo(1 / 3, 5);
  });

  it('counts the query terms the way the index does: folded, no stop words, stemmed', () => {
    expect(queryTerms('The EGGS and the Huevos of the egg')).toEqual(['egg', 'huevo']);
  });

  it('calls a match fuzzy as soon as one query term met nothing as written or as a prefix', () => {
    expect(keywordMatchOf(['goat', 'mutton'], ['goat', 'button'])).toBe('fuzzy');
    expect(keywordMatchOf(['goat', 'shoul'], ['goat', 'shoulder'])).toBe('prefix');
    expect(keywordMatchOf(['goat'], ['goat'])).toBe('exact');
  });
});
