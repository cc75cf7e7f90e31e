import { describe, expect, it } from 'vitest';
import { crossLanguagePool, rankCatalog, type CatalogPaths } from '../../../main/corpora/catalog/catalog-ranking.js';
import type { KeywordHit } from '../../../main/retrieval/keyword-index.js';
import { defaultSettings } from '../../../shared/settings.js';

/**
 * Thirty fields, 1..30. The own paths (keyword and vectors) rank them in id order, field 1 best; the
 * cross-language path ranks field 7 first, near, then the rest far away.
 */
function paths(): CatalogPaths {
  const ids = Array.from({ length: 30 }, (_, index) => index + 1);
  const keywordHits: KeywordHit[] = ids.map((id, index) => ({ id, score: 30 - index, normalized: (30 - index) / 30, rank: index + 1, terms: ['saldo'], match: 'exact', coverage: 1 }));
  return {
    keyword: async (_query, limit) => keywordHits.slice(0, limit),
    semantic: (_query, k) => Promise.resolve({ ok: true, embedderId: 'test:own', neighbours: ids.slice(0, k).map((id, index) => ({ itemId: id, distance: 0.2 + index * 0.01 })) }),
    crossLanguage: (_query, k) =>
      Promise.resolve({
        ran: true,
        embedderId: 'test:multilingual',
        neighbours: [7, ...ids.filter((id) => id !== 7)].slice(0, k).map((id, index) => ({ itemId: id, distance: index === 0 ? 0.1 : 0.9 })),
      }),
  };
}

describe('the catalog ranking', () => {
  it('gives the same first hits whatever k up to the pool is asked for: the cross-language path fuses with the pool, then the ranking is cut', async () => {
    const settings = defaultSettings();
    const rank = async (k: number) => (await rankCatalog(paths(), { query: 'overdue loan balance', strategy: 'hybrid', k }, settings.fusion)).fused.map((hit) => hit.id);
    const wide = await rank(crossLanguagePool);
    expect(wide).toHaveLength(crossLanguagePool);
    // Field 7 is 7th by the own paths and first by the cross-language one: fused, it enters the first five.
    expect(wide.slice(0, 5)).toContain(7);
    for (const k of [1, 3, 5, 8]) expect(await rank(k)).toEqual(wide.slice(0, k));
  });

  it('cuts the keyword strategy (no cross-language path) to k as well', async () => {
    const settings = defaultSettings();
    const { fused } = await rankCatalog(paths(), { query: 'saldo', strategy: 'keyword', k: 3 }, settings.fusion);
    expect(fused.map((hit) => hit.id)).toEqual([1, 2, 3]);
  });
});

describe('the keyword phase of a question with English banking terms', () => {
  const hit = (id: number, normalized: number, coverage: number): KeywordHit => ({ id, score: normalized * 10, normalized, rank: 0, terms: [], match: 'exact', coverage });
  // The English question matches field 1 loosely; its Spanish words match field 2 fully and field 1 better than before.
  const asked: string[] = [];
  const bilingual: CatalogPaths = {
    keyword: async (query) => {
      asked.push(query);
      return query === 'clientes PEPs' ? [hit(2, 1, 1), hit(1, 0.5, 0.5)] : [hit(1, 1, 0.25), hit(3, 0.4, 0.25)];
    },
    semantic: () => Promise.resolve({ ok: true, embedderId: 'test:own', neighbours: [] }),
    crossLanguage: () => Promise.resolve({ ran: false, notice: null }),
  };
  const translation = { spanish: 'clientes PEPs', pairs: [{ english: 'clients', spanish: 'clientes' }] };

  it('searches the Spanish words too and keeps each field once, with the reading that matched more of the question', async () => {
    asked.length = 0;
    const { fused } = await rankCatalog(bilingual, { query: 'which clients are PEPs', strategy: 'keyword', k: 5, translation }, defaultSettings().fusion);
    expect(asked).toEqual(['which clients are PEPs', 'clientes PEPs']);
    expect(fused.map((entry) => entry.id)).toEqual([2, 1, 3]);
    // Field 1 keeps the Spanish reading (coverage 0.5 beats 0.25), so it is not counted twice nor kept at its weaker one.
    expect(fused.find((entry) => entry.id === 1)?.keywordCoverage).toBe(0.5);
  });

  it('searches only the question when nothing was translated', async () => {
    asked.length = 0;
    const { fused } = await rankCatalog(bilingual, { query: 'saldo vencido', strategy: 'keyword', k: 5, translation: null }, defaultSettings().fusion);
    expect(asked).toEqual(['saldo vencido']);
    expect(fused.map((entry) => entry.id)).toEqual([1, 3]);
  });
});
