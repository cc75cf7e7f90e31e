import { describe, expect, it } from 'vitest';
import { aspectAsked, effectAsked, maxAspectTerms, speaksOfAspect } from '../../../main/corpora/kb/aspect-questions.js';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { prepareKbQuery } from '../../../main/corpora/kb/kb-query.js';

const lexicon = loadClinicalLexicon();
const asked = (question: string) => aspectAsked(prepareKbQuery(question, lexicon), lexicon);
const aspectOf = (question: string) => asked(question)?.terms ?? null;

describe('the aspect a short question about one medicine asks about', () => {
  it('reads the aspect words of a question naming one medicine, without the words around them', () => {
    expect(aspectOf('What is the half-life of digoxin?')).toEqual(['half', 'life']);
    // Whether it works ("hacer efecto") is not the aspect; the meal is.
    expect(aspectOf('¿El sildenafilo (Viagra) tarda más en hacer efecto si lo tomo después de una comida con mucha grasa?')).toEqual(['meals']);
    expect(aspectOf('Does clopidogrel have to be stopped before a tooth extraction?')).toEqual(['tooth', 'extraction']);
    // A brand name is the medicine too.
    expect(aspectOf('Can someone on Zoloft have a glass of wine?')).toEqual(['glass', 'wine']);
    // The halves of a contraction say nothing of the aspect.
    expect(aspectOf("The levothyroxine hasn't dissolved in the water")).toEqual(['dissolved', 'water']);
    // How a medicine is used is not an aspect of it: the card on using it answers.
    // Who asks is not the aspect: "my husband", "mi padre".
    expect(aspectOf('My husband takes sertraline: can he drink wine?')).toEqual(['drink', 'wine']);
    expect(aspectOf('He uses his inhaler incorrectly')).toBeNull();
    expect(aspectOf('Is she taking her warfarin properly?')).toBeNull();
    // "How often" and "prolonged" say when, like "how long": the aspect is what is measured.
    expect(aspectOf('On omeprazole for years: can prolonged use lower magnesium, and how often should it be measured?')).toEqual(['lower', 'magnesium', 'measured']);
  });

  it('names the medicine the aspect is of, by its canonical name (a brand name reads as the generic)', () => {
    expect(asked('Can someone on Zoloft have a glass of wine?')?.subject.canonical).toBe('sertraline');
    expect(asked('What is the half-life of digoxin?')?.subject.canonical).toBe('digoxin');
  });

  it('keeps only translated words of a Spanish question, not the ones the glossary left in Spanish', () => {
    const aspect = aspectOf('¿Se puede partir la pastilla de clopidogrel por la mitad?');
    expect(aspect).not.toBeNull();
    for (const word of aspect ?? []) expect('¿se puede partir la pastilla de clopidogrel por la mitad?').not.toContain(word);
  });

  it('does not read a question naming two medicines as an aspect question: the pair is its subject', () => {
    expect(aspectOf('Clarithromycin for a patient who takes atorvastatin: should I worry?')).toBeNull();
    expect(aspectOf('oxycodone plus Xanax, what is the main danger?')).toBeNull();
  });

  it('does not read a question naming no medicine, or telling a longer story', () => {
    expect(aspectOf('How do I check that a patient understood how to take a new medicine?')).toBeNull();
    const story = 'my lithium pt has had the runs and been throwing up since yesterday and now he is kinda wobbly on his feet';
    expect(aspectOf(story)).toBeNull();
    expect(maxAspectTerms).toBeLessThan(6);
  });
});

describe('whether a card speaks of the aspect', () => {
  it('matches the aspect words by stem, and not their absence', () => {
    expect(speaksOfAspect('Digoxin has a long elimination half-life in older adults.', ['half', 'life'])).toBe(true);
    expect(speaksOfAspect('Extractions and other dental work need a plan from the team.', ['tooth', 'extraction'])).toBe(true);
    expect(speaksOfAspect('Amiodarone raises digoxin levels; expect a dose review.', ['half', 'life'])).toBe(false);
    // The stemmer keeps these apart; long words also meet by their first six letters.
    expect(speaksOfAspect('Serotonin syndrome: recognition and escalation.', ['recognise'])).toBe(true);
    expect(speaksOfAspect('Serotonin syndrome: recognition and escalation.', ['recommend'])).toBe(false);
  });
});

describe('the effect a question asks one medicine to have caused', () => {
  const effectOf = (question: string) => {
    const effect = effectAsked(prepareKbQuery(question, lexicon), lexicon);
    return effect === null ? null : { medicine: effect.subject?.canonical ?? null, effects: effect.effects.map((mention) => mention.canonical) };
  };

  it('reads the medicine and the symptoms or reactions named with it, however long the story', () => {
    expect(effectOf('Does metformin cause diarrhea?')).toEqual({ medicine: 'metformin', effects: ['diarrhea'] });
    expect(effectOf('Older man on Aldactone, and for a couple of weeks now he has had palpitations and some muscle weakness when he climbs the stairs')).toEqual({
      medicine: 'spironolactone',
      effects: ['palpitations', 'muscle weakness'],
    });
    // In Spanish, through the brand and the Spanish names of the symptom.
    expect(effectOf('Desde que toma Zestril tiene una tos seca que no se le quita, ¿puede ser la pastilla?')).toEqual({ medicine: 'lisinopril', effects: ['cough'] });
    // In lay words: an erection that will not go down, hair falling out, swollen breasts in a man, a blue tint.
    expect(effectOf("The erection still hasn't gone down since the sildenafil")).toEqual({ medicine: 'sildenafil', effects: ['priapism'] });
    expect(effectOf('Can warfarin make your hair fall out?')).toEqual({ medicine: 'warfarin', effects: ['alopecia'] });
    expect(effectOf('Is breast swelling in men common on spironolactone?')).toEqual({ medicine: 'spironolactone', effects: ['gynecomastia'] });
    expect(effectOf('Everything looks blue-tinted for a few hours after his Viagra')).toEqual({ medicine: 'sildenafil', effects: ['color vision changes'] });
    // Said with its own "no": "ya no tiene ganas en la intimidad" is the effect, not a finding ruled out.
    expect(effectOf('Mi esposo empezó sertralina hace dos meses y ya no tiene ganas en la intimidad. ¿Eso es común con la sertralina?')).toEqual({
      medicine: 'sertraline',
      effects: ['sexual dysfunction'],
    });
  });

  it('does not count a diagnosis the patient lives with as an effect', () => {
    expect(effectOf('My diabetic patient on metformin asks whether to take it with food')).toBeNull();
    expect(effectOf('Patient with diabetes on metformin has had diarrhea for a week')).toEqual({ medicine: 'metformin', effects: ['diarrhea'] });
  });

  it('counts a diagnosis as an effect when the question asks outright whether the medicine caused it', () => {
    expect(effectOf('Pte con Carbolit (litio) hace 5 años, ¿el litio puede producir hipotiroidismo?')).toEqual({ medicine: 'lithium', effects: ['hypothyroidism'] });
    expect(effectOf('Could his hypothyroidism be due to the lithium?')).toEqual({ medicine: 'lithium', effects: ['hypothyroidism'] });
    // A named effect is still what is asked, not the diagnosis beside it.
    expect(effectOf('Can metformin cause diarrhea in a patient with diabetes?')).toEqual({ medicine: 'metformin', effects: ['diarrhea'] });
    expect(effectOf('Patient with hypothyroidism on lithium: how often to check levels?')).toBeNull();
  });

  it('tells a question that asks outright about a cause from a story that names a symptom', () => {
    const explicit = (question: string) => effectAsked(prepareKbQuery(question, lexicon), lexicon)?.explicit;
    expect(explicit('Can sertraline cause a stroke?')).toBe(true);
    expect(explicit('¿La metformina puede producir diarrea?')).toBe(true);
    expect(explicit("She's on metformin; her jaw aches and she feels sick, and now she has chest pain")).toBe(false);
    // A symptom the story rules out is not asked about at all.
    expect(effectAsked(prepareKbQuery("She's on metformin; her jaw aches and she feels sick, but there's no chest pain", lexicon), lexicon)).toBeNull();
  });

  it('reads the effects of a question naming two medicines or a class only when it lays the symptom at their door', () => {
    expect(effectOf('Ramipril has given me a dry cough for weeks, do I need switching to losartan?')).toEqual({ medicine: null, effects: ['cough'] });
    expect(effectOf('Paciente con Renitec que lleva semanas con tos seca. ¿Es por el enalapril? ¿Se cambia a losartán?')).toEqual({ medicine: null, effects: ['cough'] });
    expect(effectOf('Can statins cause muscle pain?')).toEqual({ medicine: null, effects: ['muscle pain'] });
    // A card about one of the medicines or classes must name the effect: they are kept.
    const medicinesOf = (question: string) => effectAsked(prepareKbQuery(question, lexicon), lexicon)?.medicines.map((mention) => mention.canonical);
    expect(medicinesOf('Ramipril has given me a dry cough for weeks, do I need switching to losartan?')).toEqual(['ramipril', 'losartan']);
    expect(medicinesOf('Can statins cause muscle pain?')).toEqual(['statin']);
    // The symptom is often why the second medicine is wanted, or what followed the pair: the card on the pair answers.
    expect(effectOf('She takes lithium and has joint pain, is naproxen ok?')).toBeNull();
    expect(effectOf('Toma litio y tiene dolor articular, ¿puede tomar naproxeno?')).toBeNull();
    expect(effectOf('Patient on lithium started ibuprofen and now has vomiting and tremor')).toBeNull();
    // A diagnosis beside several medicines stays who the patient is, even asked outright.
    expect(effectOf('Could the lithium or the ibuprofen cause hypothyroidism?')).toBeNull();
  });

  it('does not read a question naming no medicine', () => {
    expect(effectOf('What should I do about a fever and a rash?')).toBeNull();
  });
});
