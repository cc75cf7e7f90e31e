import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { maxQuestionParts, prepareKbQuery } from '../../../main/corpora/kb/kb-query.js';
import { englishFormNotice } from '../../../main/corpora/kb/kb-search.js';

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

  it('spells out laboratory shorthand before a result, and only there', () => {
    expect(prepareKbQuery('K 6.8 on ramipril and spironolactone, send to the ER?', lexicon).english).toBe('potassium 6.8 on ramipril and spironolactone, send to the ER?');
    expect(prepareKbQuery('K+ 5,9 y Na: 128 con espironolactona', lexicon).english).toMatch(/^potassium 5,9 .*sodium:? 128/);
    // A capital letter or a word that is not before a number stays as written.
    expect(prepareKbQuery('Plan K for warfarin, 2 visits', lexicon).english).toBe('Plan K for warfarin, 2 visits');
    expect(prepareKbQuery('Kidney function 45 and ibuprofen', lexicon).english).toBe('Kidney function 45 and ibuprofen');
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

  it(`splits a question of several sentences into them, in English, question sentences first and then from the end, at most ${maxQuestionParts}`, () => {
    const query = prepareKbQuery('Mi padre toma Plavix. ¿Hay algún problema con el omeprazol? ¿Tiene que dejar el Plavix antes del dentista?', lexicon);
    expect(query.parts).toHaveLength(2);
    expect(query.parts[0]).toContain('omeprazol');
    expect(query.parts[1]).toContain('clopidogrel');
    const story = prepareKbQuery('He takes warfarin daily. Yesterday he started ibuprofen. Tonight his gums were bleeding. What should I tell him?', lexicon);
    expect(story.parts).toEqual(['Tonight his gums were bleeding.', 'What should I tell him?']);
    const asks = prepareKbQuery('He takes warfarin daily. Is ibuprofen safe? Is naproxen better? Or celecoxib?', lexicon);
    expect(asks.parts).toEqual(['Is ibuprofen safe?', 'Is naproxen better?'].slice(0, maxQuestionParts));
  });

  it('leaves a question of one sentence, or whose other sentences say nothing, in one part', () => {
    expect(prepareKbQuery('Can he take ibuprofen with warfarin?', lexicon).parts).toEqual([]);
    expect(prepareKbQuery('Can he take lithium with ibuprofen? 2.5 mg?', lexicon).parts).toEqual([]);
    expect(prepareKbQuery('Warfarin?? Ok??', lexicon).parts).toEqual([]);
  });

  it('names each replacement once in the notice, however often the question repeats the brand', () => {
    const query = prepareKbQuery("He's been on Xanax for years; his wife wants him to quit the Xanax cold turkey", lexicon);
    expect(query.replaced.filter((pair) => pair.from === 'Xanax')).toHaveLength(2);
    const notice = englishFormNotice(query);
    expect(notice.message).toContain('(Xanax → alprazolam)');
    expect(notice.translation?.pairs).toEqual([{ from: 'Xanax', to: 'alprazolam' }]);
  });

  it('does not quote a long question back whole in the notice, only what was replaced', () => {
    const story = `${'She has been coming to the clinic for years with her daughter, who usually brings her on Tuesdays. '.repeat(3)}She takes Xanax at night.`;
    const notice = englishFormNotice(prepareKbQuery(story, lexicon));
    expect(notice.message).toBe('The cards are in English, so this question was also searched in English (Xanax → alprazolam).');
    expect(notice.translation?.searched_as.length).toBeGreaterThan(160);
  });
});
