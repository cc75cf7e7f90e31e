import { describe, expect, it } from 'vitest';
import { aspectAsked, effectAsked } from '../../../main/corpora/kb/aspect-questions.js';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { prepareKbQuery } from '../../../main/corpora/kb/kb-query.js';
import { affirmedMentions } from '../../../main/corpora/kb/negation.js';

const lexicon = loadClinicalLexicon();
const named = (text: string) => lexicon.find(text).map((mention) => mention.canonical);
const affirmed = (text: string) => affirmedMentions(text, lexicon.find(text)).map((mention) => mention.canonical);
const effectOf = (question: string) => effectAsked(prepareKbQuery(question, lexicon), lexicon)?.effects.map((mention) => mention.canonical) ?? null;

describe('findings a question rules out', () => {
  it('drops a finding right after a negation', () => {
    const lip = 'On ramipril, woke up with my bottom lip puffed up, no rash. Took a Piriton.';
    expect(named(lip)).toContain('rash');
    expect(affirmed(lip)).not.toContain('rash');
    expect(affirmed('Her jaw aches and she feels sick, but there is no real chest pain')).toEqual([]);
    expect(affirmed('Without a rash, could this still be from lisinopril?')).toEqual(['lisinopril']);
  });

  it('drops a finding ruled out in Spanish, and keeps the one affirmed beside it', () => {
    expect(affirmed('Paciente con litio, sin fiebre, con diarrea desde ayer')).toEqual(['lithium', 'diarrhea']);
  });

  it('drops every finding of a ruled-out list', () => {
    expect(named('No fever, cough or rash on amoxicillin')).toEqual(expect.arrayContaining(['fever', 'cough', 'rash']));
    expect(affirmed('No fever, cough or rash on amoxicillin')).toEqual(['amoxicillin']);
  });

  it('keeps a finding when the negation is about something else', () => {
    // "no" negates the verb here: the headache is there.
    expect(affirmed('No se le pasa el dolor de cabeza con el paracetamol')).toContain('headache');
    expect(affirmed('Has chest pain, no nausea')).toContain('chest pain');
    // Pseudo-negations: the migraine is there; the diarrhea began with the medicine.
    expect(affirmed('No migraine relief from sumatriptan')).toContain('migraine');
    expect(affirmed('She had no diarrhea until she started metformin')).toContain('diarrhea');
  });

  it('never drops a medicine', () => {
    expect(affirmed('Paciente sin warfarina ni digoxina')).toEqual(named('Paciente sin warfarina ni digoxina'));
  });
});

describe('what a question with a ruled-out finding asks', () => {
  it('leaves ruled-out findings out of its topics', () => {
    const query = prepareKbQuery('Been on ramipril 5 years. Bottom lip puffed up, no rash, not itchy. What is going on?', lexicon);
    expect(query.mentions.map((mention) => mention.canonical)).toEqual(['ramipril']);
    expect(query.ruledOut).toEqual(['rash']);
  });

  it('does not ask whether the medicine caused a finding ruled out in Spanish, whose English form loses the trigger', () => {
    expect(effectOf('Paciente con litio, niega temblor')).toBeNull();
    expect(effectOf('Con enalapril, no hay tos')).toBeNull();
    expect(effectOf('Con enalapril no tiene fiebre ni tos')).toBeNull();
    // Affirmed, it is asked about.
    expect(effectOf('Con enalapril tiene tos')).toEqual(['cough']);
  });

  it('does not take the negation for the aspect asked about', () => {
    expect(aspectAsked(prepareKbQuery('Can a patient without kidney disease take lithium?', lexicon), lexicon)).toBeNull();
    expect(aspectAsked(prepareKbQuery('On lithium, denies tremor: what level is toxic?', lexicon), lexicon)?.terms).toEqual(['level', 'toxic']);
  });
});
