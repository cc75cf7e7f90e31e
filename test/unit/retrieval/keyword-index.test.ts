import { describe, expect, it } from 'vitest';
import { createKeywordIndex, loadKeywordIndex } from '../../../main/retrieval/keyword-index.js';
import { foldText } from '../../../main/core/text-folding.js';
import { localNamesForSearch, readIfctFoods } from '../../../main/corpora/foods/ifct.js';

function index(combineWith: 'AND' | 'OR' = 'AND') {
  const keyword = createKeywordIndex({ fields: ['name', 'brand'], boost: { name: 2 }, combineWith });
  const rows: Array<[number, string | null, string]> = [
    [1, null, 'Naranja cítrica'],
    [2, null, 'Limón'],
    [3, 'ana', 'Pan integral'],
    [4, 'bea', 'Pan integral de centeno'],
    [5, null, 'Huevos de gallina'],
    [6, null, 'Chicken, poultry, breast'],
  ];
  for (const [id, owner, name] of rows) keyword.add({ id, owner, fields: { name, brand: '' } });
  return keyword;
}

const ids = (hits: Array<{ id: number }>) => hits.map((hit) => hit.id);

describe('keyword index', () => {
  it('folds case and accents: "cítrica" = "citrica" = "CITRICA"', () => {
    expect(foldText('Cítrica')).toBe('citrica');
    for (const query of ['cítrica', 'citrica', 'CITRICA']) expect(ids(index().search(query, { limit: 5 }))).toEqual([1]);
    expect(ids(index().search('limon', { limit: 5 }))).toEqual([2]);
  });

  it('ignores Spanish and English stop words', () => {
    expect(ids(index().search('el pan de la casa', { limit: 5, visibleOwners: ['ana'] }))).toEqual([]);
    expect(ids(index().search('pan de', { limit: 5, visibleOwners: ['ana'] }))).toEqual([3]);
  });

  it('matches prefixes, plurals and a typo', () => {
    expect(ids(index().search('naran', { limit: 5 }))).toEqual([1]);
    expect(ids(index().search('huevo', { limit: 5 }))).toEqual([5]);
    expect(ids(index().search('chickens', { limit: 5 }))).toEqual([6]);
    expect(ids(index().search('chiken', { limit: 5 }))).toEqual([6]);
  });

  it('with AND needs every term; with OR ranks partial matches', () => {
    expect(ids(index('AND').search('pan centeno', { limit: 5 }))).toEqual([4]);
    expect(ids(index('OR').search('pan centeno', { limit: 5 }))[0]).toBe(4);
    expect(ids(index('OR').search('pan centeno', { limit: 5 }))).toContain(3);
  });

  it('shows shared rows and the visible owners only, before cutting to the limit', () => {
    const keyword = createKeywordIndex({ fields: ['name'], combineWith: 'AND' });
    for (let id = 1; id <= 20; id += 1) keyword.add({ id, owner: 'other', fields: { name: `pan ${id}` } });
    keyword.add({ id: 100, owner: 'me', fields: { name: 'pan mio' } });
    expect(ids(keyword.search('pan', { limit: 1, visibleOwners: ['me'] }))).toEqual([100]);
    expect(keyword.search('pan', { limit: 50, visibleOwners: ['nobody'] })).toEqual([]);
  });

  it('normalises scores so the best hit scores 1', () => {
    const hits = index('OR').search('pan integral centeno', { limit: 5 });
    expect(hits[0]?.normalized).toBe(1);
    expect(hits.every((hit) => hit.normalized > 0 && hit.normalized <= 1)).toBe(true);
  });

  it('stays in step with upserts and removals', () => {
    const keyword = index();
    keyword.upsert({ id: 2, owner: null, fields: { name: 'Lima', brand: '' } });
    expect(ids(keyword.search('limon', { limit: 5 }))).toEqual([]);
    expect(ids(keyword.search('lima', { limit: 5 }))).toEqual([2]);
    keyword.remove(1);
    expect(keyword.search('naranja', { limit: 5 })).toEqual([]);
  });

  it('survives replacing the whole IFCT catalog with a new field, twice, and compacts the leftovers', async () => {
    // MiniSearch's own vacuum threw "reading 'keys'" on exactly this (a re-seed adding IFCT's local names).
    const foods = readIfctFoods();
    const keyword = createKeywordIndex({ fields: ['name', 'local'], combineWith: 'AND' });
    foods.forEach((food, index) => keyword.add({ id: index + 1, owner: null, fields: { name: food.name, local: '' } }));
    for (let round = 1; round <= 2; round += 1) {
      foods.forEach((food, index) => keyword.upsert({ id: index + 1, owner: null, fields: { name: food.name, local: localNamesForSearch(food.localNames) } }));
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(keyword.size()).toBe(foods.length);
    // 2 × 542 replacements passed the compaction threshold (1,000) once: what is left is the dirt since then.
    expect(keyword.dirt()).toBeLessThan(foods.length);
    const orange = foods.findIndex((food) => food.code === 'E047') + 1;
    expect(ids(keyword.search('santra', { limit: 50 }))).toContain(orange);
    expect(ids(keyword.search('orange pulp', { limit: 50 }))).toEqual([orange]);
  });

  it('round-trips through a snapshot', () => {
    const options = { fields: ['name', 'brand'], boost: { name: 2 }, combineWith: 'AND' as const };
    const restored = loadKeywordIndex(JSON.stringify(index().toJSON()), options);
    expect(ids(restored.search('citrica', { limit: 5 }))).toEqual([1]);
  });
});
