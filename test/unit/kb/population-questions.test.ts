import { describe, expect, it } from 'vitest';
import { mentionsPopulation, populationAsked } from '../../../main/corpora/kb/population-questions.js';

describe('which population a question asks a safety question about', () => {
  it('reads pregnancy questions in English and Spanish', () => {
    for (const question of [
      'Is lithium safe to continue in the first trimester of pregnancy?',
      "She just found out she's pregnant and takes spironolactone. Does she need to stop it?",
      'Is ibuprofen OK in the third trimester?',
      '¿La sertralina se puede seguir tomando durante el embarazo?',
      '¿Puede tomar omeprazol una embarazada con ardor?',
      // Whether it is kept or stopped, or whether it carries a risk there.
      'Paciente con litio que se ha quedado embarazada. ¿Se mantiene el litio durante el embarazo o hay riesgo de malformaciones?',
      'She is 10 weeks pregnant on lamotrigine: is there a risk to the baby?',
    ]) {
      expect(populationAsked(question), question).toBe('pregnancy');
    }
  });

  it('reads breastfeeding questions in English and Spanish', () => {
    for (const question of [
      'Can warfarin be taken while breastfeeding?',
      'Is tramadol safe for a nursing mother after a C-section?',
      '¿El litio se puede tomar durante la lactancia?',
      'Mi paciente está dando el pecho, ¿puede seguir con la metformina?',
      // With the pronoun on the verb, and "will I be able to…?".
      '¿Puedo darle el pecho a mi bebé si tomo sertralina?',
      'Tomo litio por un trastorno bipolar. ¿Voy a poder darle el pecho a mi hija?',
      'Le doy de mamar a mi bebé de tres meses, ¿puedo tomar ibuprofeno?',
    ]) {
      expect(populationAsked(question), question).toBe('breastfeeding');
    }
  });

  it('does not read a question that only mentions the population as asking about it', () => {
    for (const question of [
      'Pregnant patient on levothyroxine was just started on iron tablets. How should she space them?',
      'A nursing mother takes oxycodone and her doctor added lorazepam. What should I watch for?',
      'Is it safe to take warfarin with ibuprofen?',
      'Can my mother in a nursing home take her pills crushed?',
      'Embarazada con mucho ardor, ¿qué vigilo?',
      // "Trimestre" alone is a quarter of a year, not of a pregnancy.
      '¿Tiene riesgo de hipoglucemia si le mido la HbA1c cada trimestre?',
      'Tomo metformina y el médico revisa cada trimestre, ¿se sigue igual?',
      // "¿Podrá ser por…?" asks about a cause, not whether something may be done.
      'Estoy embarazada y tengo acidez, ¿podrá ser por el hierro?',
      'Me duele el pecho desde ayer, ¿puedo tomar nitroglicerina?',
    ]) {
      expect(populationAsked(question), question).toBeNull();
    }
  });
});

describe('questions whether someone may drive', () => {
  it('reads them in English and Spanish, and not a drive in the story', () => {
    for (const question of [
      'How long after a TIA before I can drive?',
      "Had a bad hypo last week. How long before I'm allowed to drive again?",
      'Treated a hypo at work with jelly babies. DVLA rules?',
      '¿Cuándo puede volver a manejar después del infarto?',
      'Toma un Orfidal todas las noches, ¿puede conducir por la mañana?',
    ]) {
      expect(populationAsked(question), question).toBe('driving');
    }
    expect(populationAsked("His chest feels like it's in a vise, but he'll just drive himself to the ER.")).toBeNull();
    expect(populationAsked("This dry cough on ramipril is driving me mad at night. Is it the pill?")).toBeNull();
  });

  it('finds a card saying when someone may drive, not one saying not to drive to hospital', () => {
    expect(mentionsPopulation('Do not drive yourself to the hospital; call 911.', 'driving')).toBe(false);
    expect(mentionsPopulation('Check the blood glucose before driving, and do not drive until it has recovered.', 'driving')).toBe(true);
  });
});

describe('whether a card speaks of the population', () => {
  it('finds pregnancy and breastfeeding in a card text, and not their absence', () => {
    expect(mentionsPopulation('A new calcium or iron prescription, for example in pregnancy, osteoporosis or anemia.', 'pregnancy')).toBe(true);
    expect(mentionsPopulation('Avoid during lactation unless the benefit outweighs the risk.', 'breastfeeding')).toBe(true);
    expect(mentionsPopulation('Lithium toxicity: confusion, severe tremor, inability to walk steadily.', 'pregnancy')).toBe(false);
    expect(mentionsPopulation('Nursing staff should check the dose.', 'breastfeeding')).toBe(false);
  });
});
