import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { prepareKbQuery } from '../../../main/corpora/kb/kb-query.js';
import { affirmedMentions, isNegated } from '../../../main/corpora/kb/negation.js';

const lexicon = loadClinicalLexicon();
const affirmed = (text: string) => affirmedMentions(text, lexicon.find(text)).map((mention) => mention.canonical);
const named = (text: string) => lexicon.find(text).map((mention) => mention.canonical);

describe('findings a question rules out', () => {
  it('drops a finding right after a negation, in English and Spanish', () => {
    const lip = 'On ramipril, woke up with my bottom lip puffed up, no rash. Took a Piriton.';
    expect(named(lip)).toContain('rash');
    expect(affirmed(lip)).not.toContain('rash');
    expect(affirmed(lip)).toContain('ramipril');
    expect(affirmed('Paciente con litio, sin fiebre, con diarrea desde ayer')).not.toContain('fever');
    expect(affirmed('Paciente con litio, sin fiebre, con diarrea desde ayer')).toContain('diarrhea');
    expect(affirmed('Her jaw aches and she feels sick, but there is no real chest pain')).not.toContain('chest pain');
  });

  it('keeps a finding the negation does not reach, and every medicine', () => {
    // "no" negates the verb here: the headache is there.
    expect(affirmed('No se le pasa el dolor de cabeza con el paracetamol')).toContain('headache');
    expect(affirmed('Has chest pain, no nausea')).toContain('chest pain');
    expect(affirmed('Paciente sin warfarina ni digoxina')).toEqual(named('Paciente sin warfarina ni digoxina'));
    expect(isNegated('no fever', { kind: 'drug', start: 3 })).toBe(false);
  });

  it('leaves ruled-out findings out of the question\'s topics', () => {
    const query = prepareKbQuery('Been on ramipril 5 years. Bottom lip puffed up, no rash, not itchy. Surely this is an allergy?', lexicon);
    expect(query.mentions.map((mention) => mention.canonical)).toContain('ramipril');
    expect(query.mentions.map((mention) => mention.canonical)).not.toContain('rash');
  });
});
