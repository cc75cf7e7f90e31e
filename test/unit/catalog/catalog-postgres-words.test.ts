import { describe, expect, it } from 'vitest';
import { editDistance } from '../../../main/core/edit-distance.js';
import { postgresQueryWords } from '../../../main/corpora/catalog/catalog-postgres-keyword.js';

describe('the PostgreSQL catalog store: query words', () => {
  it('folds case and accents, drops stop words in both languages, and keeps each word once', () => {
    expect(postgresQueryWords('¿Dónde está el SALDO vencido de la cartera y el saldo?')).toEqual(['saldo', 'vencido', 'cartera']);
    expect(postgresQueryWords('the collateral received by the bank')).toEqual(['collateral', 'received', 'bank']);
  });

  it('counts edits as Levenshtein does, stopping once past the limit', () => {
    expect(editDistance('interest', 'interes', 2)).toBe(1);
    expect(editDistance('colateral', 'collateral', 2)).toBe(1);
    expect(editDistance('opcion', 'option', 1)).toBe(1);
    expect(editDistance('premium', 'prima', 1)).toBe(2);
    expect(editDistance('saldo', 'saldo', 0)).toBe(0);
  });
});
