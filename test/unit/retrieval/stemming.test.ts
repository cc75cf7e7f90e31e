import { describe, expect, it } from 'vitest';
import { createKeywordIndex } from '../../../main/retrieval/keyword-index.js';
import { queryWords, stemText, textLanguage } from '../../../main/retrieval/stemming.js';

const ids = (hits: Array<{ id: number }>) => hits.map((hit) => hit.id);

function proseIndex() {
  const index = createKeywordIndex({ fields: ['title', 'text'], combineWith: 'OR' });
  index.add({ id: 1, owner: null, fields: { title: 'Statin therapy', text: 'Statins lowered the cholesterol of treated patients.' } });
  index.add({ id: 2, owner: null, fields: { title: 'Hipertensión', text: 'Los medicamentos antihipertensivos reducen la presión arterial de los pacientes.' } });
  index.add({ id: 3, owner: null, fields: { title: 'Exercise', text: 'Walking every day improves blood pressure.' } });
  return index;
}

describe('stemming in the keyword index', () => {
  it('tells an English text from a Spanish one by its function words', () => {
    expect(textLanguage('The patients of the trial')).toBe('en');
    expect(textLanguage('Los pacientes del ensayo')).toBe('es');
    expect(textLanguage('Warfarin')).toBe('en');
  });

  it('stems English with Snowball: treated/treating/treatment forms meet', () => {
    expect(stemText('treated treats treating', 'en')).toEqual(['treat', 'treat', 'treat']);
    expect(stemText('lowered lowering', 'en')).toEqual(['lower', 'lower']);
  });

  it('stems Spanish with Snowball and drops Spanish stop words', () => {
    expect(stemText('los medicamentos de la presión', 'es')).toEqual(['medicament', 'presion']);
  });

  it('finds an English document from another form of its words', () => {
    expect(ids(proseIndex().search('lowering cholesterol treatment', { limit: 3 }))[0]).toBe(1);
  });

  it('finds a Spanish document from another form of its words, in a Spanish question', () => {
    expect(ids(proseIndex().search('¿qué medicamento reduce la presión del paciente?', { limit: 3 }))[0]).toBe(2);
  });

  it('looks a bare word up under both stemmers, the other one exactly', () => {
    expect(queryWords('medicamento')).toEqual([{ primary: 'medicamento', asTyped: true, secondary: 'medicament' }]);
    expect(ids(proseIndex().search('medicamento', { limit: 3 }))).toEqual([2]);
  });

  it('looks a text known to be in the index language up in that language only', () => {
    expect(queryWords('paneer')).toEqual([{ primary: 'paneer', asTyped: true, secondary: 'pan' }]);
    expect(queryWords('paneer', 'en', 'en')).toEqual([{ primary: 'paneer', asTyped: true, secondary: null }]);
    expect(queryWords('paneer', 'en', 'es')).toEqual([{ primary: 'paneer', asTyped: true, secondary: 'pan' }]);
    const foods = createKeywordIndex({ fields: ['name'], combineWith: 'AND' });
    foods.add({ id: 1, owner: null, fields: { name: 'Paneer' } });
    foods.add({ id: 2, owner: null, fields: { name: 'Betel leaves, small; H. Pan ka patha' } });
    expect(ids(foods.search('paneer', { limit: 5 }))).toEqual([1, 2]);
    expect(ids(foods.search('paneer', { limit: 5, language: 'en' }))).toEqual([1]);
  });

  it("drops the stop words of the question's language, and stems first in the documents' language", () => {
    expect(queryWords('the dose').map((word) => word.primary)).toEqual(['dose']);
    expect(queryWords('la dosis de la mañana')).toEqual([
      { primary: 'dosi', asTyped: false, secondary: 'dosis' },
      { primary: 'manana', asTyped: true, secondary: 'manan' },
    ]);
    expect(queryWords('la dosis de la mañana', 'es').map((word) => word.primary)).toEqual(['dosis', 'manan']);
  });

  it('finds an English card from a Spanish cognate, and a Spanish document in a Spanish-first index', () => {
    expect(ids(proseIndex().search('¿las estatinas bajan el colesterol?', { limit: 3 }))[0]).toBe(1);
    const spanish = createKeywordIndex({ fields: ['text'], combineWith: 'OR', language: 'es' });
    spanish.add({ id: 1, owner: null, fields: { text: 'Los pacientes hipertensos toman medicamentos cada mañana.' } });
    spanish.add({ id: 2, owner: null, fields: { text: 'El ejercicio diario mejora la presión.' } });
    expect(ids(spanish.search('paciente hipertenso', { limit: 3 }))).toEqual([1]);
  });
});
