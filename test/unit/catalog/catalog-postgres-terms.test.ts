import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../main/core/edit-distance.js';
import { readCatalog } from '../../../main/corpora/catalog/catalog-files.js';
import { catalogKeywordDocument, createCatalogKeywordIndex } from '../../../main/corpora/catalog/catalog-keyword.js';
import { queryForms } from '../../../main/corpora/catalog/catalog-postgres-keyword.js';
import { catalogKeywordColumns, maximumTermCount, termCountCode } from '../../../main/corpora/catalog/catalog-postgres-terms.js';
import { looseMatching } from '../../../main/retrieval/keyword-index.js';
import { queryWords } from '../../../main/retrieval/stemming.js';

/** MiniSearch's snapshot of an index: each term's frequency per field and document, each document's field lengths. */
interface Snapshot {
  documentIds: Record<string, number>;
  fieldIds: Record<string, number>;
  fieldLength: Record<string, number[]>;
  index: Array<[string, Record<string, Record<string, number>>]>;
}

describe('the PostgreSQL catalog store: the terms it keeps of a field', () => {
  it("holds, for every shipped field, the terms, frequencies and lengths SQLite's MiniSearch index holds", () => {
    const rows = readCatalog(undefined).fields.map((field, index) => ({ id: index + 1, business_name: field.businessName, definition: field.definition, physical_name: field.physicalName }));
    const index = createCatalogKeywordIndex();
    index.replaceAll(rows.map(catalogKeywordDocument));
    const snapshot = index.toJSON() as Snapshot;
    const shortIds = new Map(Object.entries(snapshot.documentIds).map(([shortId, id]) => [id, shortId]));
    const fields = ['business_name', 'definition', 'physical_name'].map((name) => String(snapshot.fieldIds[name]));
    for (const row of rows) {
      const shortId = shortIds.get(row.id) as string;
      const expected = Object.fromEntries(
        snapshot.index.flatMap(([term, perField]) => {
          const [business, definition, physical] = fields.map((field) => perField[field]?.[shortId] ?? 0) as [number, number, number];
          return business + definition + physical > 0 ? [[term, termCountCode(business, definition, physical)]] : [];
        }),
      );
      const columns = catalogKeywordColumns(row);
      expect(JSON.parse(columns.term_counts), row.business_name).toEqual(expected);
      expect([columns.business_length, columns.definition_length, columns.physical_length], row.business_name).toEqual(fields.map((field) => snapshot.fieldLength[shortId]?.[Number(field)]));
    }
  });

  it('counts a term at most 999 times in one text, so the three counts share one number', () => {
    expect(termCountCode(1, 0, 2)).toBe(2_000_001);
    expect(termCountCode(maximumTermCount + 5, 1, 0)).toBe(maximumTermCount + 1000);
    const repeated = catalogKeywordColumns({ business_name: 'Saldo', definition: Array.from({ length: 1200 }, () => 'saldo').join(' '), physical_name: 'SALDO' });
    expect(Object.values(JSON.parse(repeated.term_counts))).toEqual([termCountCode(1, maximumTermCount, 1)]);
    // An empty text is one (empty) term long, as MiniSearch counts it.
    expect(catalogKeywordColumns({ business_name: 'Saldo', definition: '¿?', physical_name: 'SALDO' }).definition_length).toBe(1);
  });
});

describe('the PostgreSQL catalog store: the terms a query looks up', () => {
  const vocabulary = [
    { term: 'credit', business_fields: 10, definition_fields: 40, physical_fields: 0 },
    { term: 'crediticia', business_fields: 0, definition_fields: 3, physical_fields: 0 },
    { term: 'credi', business_fields: 0, definition_fields: 0, physical_fields: 0 },
    { term: 'interes', business_fields: 4, definition_fields: 9, physical_fields: 1 },
    { term: 'interest', business_fields: 0, definition_fields: 0, physical_fields: 2 },
  ];
  const total = { fields: 216, business_length: 670, definition_length: 3307, physical_length: 741 };

  it('meets a typed word in the terms it starts, then those a typo away, each weighed as MiniSearch weighs it; terms no field holds are left out', () => {
    const forms = queryForms(queryWords('cred interess', 'es'), vocabulary, total);
    // "credi" is in the vocabulary but no field holds it any more: its place (1) stays empty.
    expect(forms.map((form) => [form.word, form.sub, form.form, form.source, form.lexeme])).toEqual([
      [0, 0, 2, 'cred', 'credit'],
      [0, 0, 3, 'cred', 'crediticia'],
      [1, 0, 1, 'interess', 'interes'],
      [1, 0, 2, 'interess', 'interest'],
    ]);
    const prefix = (term: string) => (looseMatching.prefixWeight * term.length) / (term.length + 0.3 * (term.length - 'cred'.length));
    const typo = (term: string, edits: number) => (looseMatching.fuzzyWeight * term.length) / (term.length + edits);
    expect(forms.map((form) => form.weight.definition)).toEqual([
      prefix('credit'),
      prefix('crediticia'),
      typo('interes', editDistance('interess', 'interes', 2)),
      typo('interest', editDistance('interess', 'interest', 2)),
    ]);
    expect(forms[0]?.weight.business).toBe(prefix('credit') * 3);
    // MiniSearch's IDF per text, from the fields holding the term there (none: never read).
    expect(forms[0]?.idf).toEqual({ business: Math.log(1 + (216 - 10 + 0.5) / (10 + 0.5)), definition: Math.log(1 + (216 - 40 + 0.5) / (40 + 0.5)), physical: 0 });
  });

  it('meets a stemmed word and its other-language stem exactly, without loose matches', () => {
    const words = queryWords('créditos', 'es');
    expect(words[0]?.asTyped).toBe(false);
    const forms = queryForms(words, vocabulary, total);
    expect(forms.map((form) => [form.sub, form.form, form.lexeme])).toEqual(words[0]?.secondary === 'credit' ? [[1, 0, 'credit']] : [[0, 0, 'credit']]);
  });
});
