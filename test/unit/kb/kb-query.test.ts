import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { prepareKbQuery } from '../../../main/corpora/kb/kb-query.js';

const lexicon = loadClinicalLexicon();

describe('a clinical question as the retrieval paths read it', () => {
  it('replaces brand names with their generic names in the English form, and says so', () => {
    const query = prepareKbQuery('My Coumadin patient wants Aleve for his knee', lexicon);
    expect(query.english).toBe('My warfarin patient wants naproxen for his knee');
    expect(query.replaced).toEqual([
      { from: 'Coumadin', to: 'warfarin' },
      { from: 'Aleve', to: 'naproxen' },
    ]);
  });

  it('keeps the question as written for BM25 and adds the English words it lacks', () => {
    const query = prepareKbQuery('Synthroid and Tums?', lexicon);
    expect(query.keywordText.startsWith('Synthroid and Tums?')).toBe(true);
    expect(query.keywordText).toContain('levothyroxine');
  });

  it('translates a Spanish question word by word, drug names included', () => {
    const query = prepareKbQuery('¿Puedo darle ibuprofeno a un paciente que toma warfarina?', lexicon);
    expect(query.language).toBe('es');
    expect(query.english).toMatch(/ibuprofen\b/);
    expect(query.english).toMatch(/warfarin\b/);
    expect(query.english).toMatch(/patient/);
  });

  it('does not "replace" a name that already contains its canonical form', () => {
    const query = prepareKbQuery('amoxicillin for acute otitis media', lexicon);
    expect(query.replaced).toEqual([]);
    expect(query.english).toBe('amoxicillin for acute otitis media');
  });

  it('lists the drugs and conditions a question names', () => {
    const query = prepareKbQuery('lithium and hydrochlorothiazide in heart failure', lexicon);
    expect(query.mentions.map((mention) => [mention.canonical, mention.kind])).toEqual(
      expect.arrayContaining([
        ['lithium', 'drug'],
        ['hydrochlorothiazide', 'drug'],
      ]),
    );
  });
});
