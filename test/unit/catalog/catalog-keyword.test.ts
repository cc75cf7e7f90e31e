import { describe, expect, it } from 'vitest';
import { createCatalogKeywordSearch } from '../../../main/corpora/catalog/catalog-keyword.js';
import { applicableNotes, explainedNotes } from '../../../main/corpora/catalog/catalog-notes.js';
import type { CatalogFieldRow, CatalogNoteRow } from '../../../main/corpora/catalog/catalog-repository.js';
import { queryContext } from '../../../main/corpora/catalog/condition.js';

function row(id: number, business_name: string, definition: string, physical_name = `F_${id}`): CatalogFieldRow {
  return { id, owner: null, source: 's', physical_name, business_name, definition, data_type: 'INTEGER', embed_text: '', embed_hash: '', source_name: 'S' };
}

function note(note: string, condition: unknown): CatalogNoteRow {
  return { field_id: 1, position: 0, note, condition_json: typeof condition === 'string' ? condition : JSON.stringify(condition) };
}

describe('catalog keyword phase', () => {
  it('lifts a field whose business name contains the folded query above one that only repeats its words', () => {
    const search = createCatalogKeywordSearch();
    search.upsert(row(1, 'Saldo de capital', 'Saldo vencido más saldo vigente: el saldo vencido y el vigente suman el saldo de capital vencido.'));
    search.upsert(row(2, 'Saldo vencido', 'Capital de las cuotas que superaron el plazo.'));
    const hits = search.search('SALDO VENCIDO', 10);
    expect(hits.map((hit) => hit.id)).toEqual([2, 1]);
    expect(hits[0]?.normalized).toBe(1);
    expect(hits[1]?.normalized).toBeLessThan(0.6);
  });

  it("matches the query as a substring of the business name, like the seed's ILIKE, ignoring accents and punctuation", () => {
    const search = createCatalogKeywordSearch();
    search.upsert(row(1, 'Días de atraso', 'Número de días.'));
    search.upsert(row(2, 'Máximo atraso en los últimos 12 meses', 'Peor atraso.'));
    expect(search.search('¿días de atr', 10)[0]?.id).toBe(1);
  });

  it('finds a field by its physical name, split at underscores', () => {
    const search = createCatalogKeywordSearch();
    search.upsert(row(1, 'Saldo vencido', 'Capital vencido.', 'CRT_SALDO_VENCIDO_MN'));
    search.upsert(row(2, 'Tasa', 'Tasa nominal.', 'CRT_TASA'));
    expect(search.search('crt_saldo_vencido_mn', 10)[0]?.id).toBe(1);
  });

  it('keeps in step with removals: a removed field is found neither by BM25 nor by the substring match', () => {
    const search = createCatalogKeywordSearch();
    search.upsert(row(1, 'Saldo vencido', 'Capital vencido.'));
    search.remove(1);
    expect(search.search('saldo vencido', 10)).toEqual([]);
  });

  it('ranks only the given rows when asked to, the best of them scoring 1 and the exact term still lifted', () => {
    const search = createCatalogKeywordSearch();
    search.upsert(row(1, 'Saldo vencido', 'Capital de las cuotas que superaron el plazo.'));
    search.upsert(row(2, 'Saldo de capital', 'Saldo vigente más saldo vencido.'));
    search.upsert(row(3, 'Saldo vencido en moneda extranjera', 'Saldo vencido expresado en dólares.'));
    search.upsert(row(4, 'Tipo de cambio', 'Soles por dólar.'));
    const within = search.search('saldo vencido', 10, new Set([2, 3, 4]));
    expect(within.map((hit) => hit.id)).toEqual([3, 2]);
    expect(within[0]?.normalized).toBe(1);
    expect(search.search('saldo vencido', 10).map((hit) => hit.id)).toContain(1);
    expect(search.search('saldo vencido', 10, new Set())).toEqual([]);
  });
});

describe('tribal notes on a hit', () => {
  it('shows only the notes whose condition holds for the query, in order', () => {
    const notes = [note('tarjetas', { any: ['tarjeta', 'tarjetas'] }), note('siempre', { always: true }), note('english', { lang: 'en' })];
    expect(applicableNotes(notes, queryContext('mora de la tarjeta'))).toEqual(['tarjetas', 'siempre']);
    expect(applicableNotes(notes, queryContext('days past due for the loan'))).toEqual(['siempre', 'english']);
  });

  it("says why each note applies (the question's terms it matched) and what the others look for", () => {
    const notes = [
      note('mora', { any: ['morosidad', 'dias de atraso'] }),
      note('siempre', { always: true }),
      note('english', { lang: 'en' }),
      note('both', { and: [{ any: ['tarjeta'] }, { not: { any: ['empresa'] } }] }),
    ];
    const explained = explainedNotes(notes, queryContext('Morosidad de la tarjeta'));
    expect(explained.map((item) => [item.note, item.applies, item.matched, item.always])).toEqual([
      ['mora', true, ['morosidad'], false],
      ['siempre', true, [], true],
      ['english', false, [], false],
      ['both', true, ['tarjeta'], false],
    ]);
    expect(explained[2]?.language).toBe('en');
    const other = explainedNotes(notes, queryContext('saldo de empresa'));
    expect(other[0]).toMatchObject({ applies: false, matched: [], terms: ['morosidad', 'dias de atraso'] });
    expect(other[3]).toMatchObject({ applies: false, terms: ['tarjeta'] });
    // The explanation and the filter never disagree.
    expect(applicableNotes(notes, queryContext('Morosidad de la tarjeta'))).toEqual(explained.filter((item) => item.applies).map((item) => item.note));
  });

  it('never shows a note whose stored condition is malformed or not JSON', () => {
    const notes = [note('bad form', { any: [] }), note('bad json', '{always: true}'), note('two keys', { always: true, any: ['x'] })];
    expect(applicableNotes(notes, queryContext('x'))).toEqual([]);
  });
});
