import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { asksForDuration, durationUnitAsked, figureAsked, givesDoseOf, givesLevelOf, holdsDuration, holdsDurationIn, holdsFigure } from '../../../main/corpora/kb/figure-questions.js';
import { packageRoot } from '../../../main/paths.js';

describe('which figure a question asks for', () => {
  it('reads dose questions in English and Spanish', () => {
    for (const question of [
      "What's a typical starting dose of warfarin?",
      'Max daily dose of tramadol in someone over 75?',
      'How many mg of sertraline should she start on?',
      'How much insulin in units should he take?',
      '¿Qué dosis de omeprazol se usa con clopidogrel?',
      'Dosis inicial de alopurinol en insuficiencia renal',
      '¿Cuántos comprimidos de metotrexato a la semana?',
      'dosis de metformina con un filtrado de 40',
    ]) {
      expect(figureAsked(question), question).toBe('dose');
    }
  });

  it('reads level and range questions', () => {
    for (const question of ['What INR range do you aim for with a mechanical valve?', 'At what digoxin level do you call it toxic?', "What's the therapeutic serum digoxin range?", '¿Qué nivel de litio es tóxico?']) {
      expect(figureAsked(question), question).toBe('level');
    }
  });

  it('reads "what value" or "at what number" as a level question once the question has named a level, and not before', () => {
    for (const question of [
      'The cardiologist has ordered a serum digoxin level next week. What value is normal, and at what number does it become toxic?',
      'Le pidieron niveles de litio. ¿Qué valor es normal?',
      'Le van a sacar un nivel de digoxina. ¿Qué valor es normal?',
      'Me sacaron la concentración de vancomicina, ¿a partir de qué cifra es peligrosa?',
    ]) {
      expect(figureAsked(question), question).toBe('level');
    }
    expect(figureAsked('My blood pressure was 150 over 95 this morning. At what number should I go to the ER?')).toBeNull();
    // Not a level: a number to ring (detail-questions.ts).
    expect(figureAsked('What number should I call if I take too much warfarin?')).toBe('phone');
  });

  it('reads how-often questions, monitoring intervals most of all', () => {
    for (const question of [
      'How often should lithium levels be checked in a stable patient?',
      'How frequently do we need LFTs on atorvastatin?',
      '¿Cada cuánto hay que pedirle TSH con la amiodarona?',
      '¿Con qué frecuencia se repite la analítica?',
      'How many times a day does she take it?',
    ]) {
      expect(figureAsked(question), question).toBe('frequency');
    }
    // A dose asked with how often is a dose question; "cada cuántas horas" asks how often, not how long.
    expect(figureAsked('max dose / how often in 24h?')).toBe('dose');
    expect(figureAsked('¿Cada cuántas horas se repite?')).toBe('frequency');
  });

  it('does not read a question that only mentions doses as asking for one', () => {
    for (const question of [
      'Patient keeps forgetting evening doses, what helps?',
      'El paciente olvida las dosis de la noche, ¿qué le puede ayudar?',
      'She skips doses to make her prescriptions last.',
      'Paciente con diabetes, glucosa de 60 mg/dL y sudoroso, ¿qué hago?',
      'my lithium pt has had the runs, ER or can it wait?',
      'How far apart should Synthroid and Tums be?',
      '¿Esto es para mandarla a la guardia ya? ¿Y le damos la próxima dosis de tramadol mientras tanto?',
      'Should we hold the next dose of tramadol until the doctor calls back?',
      'He missed a dose of warfarin yesterday, what now?',
    ]) {
      expect(figureAsked(question), question).toBeNull();
    }
  });
});

describe('whether a card holds such a figure', () => {
  it('finds doses as amounts, not concentrations or rates', () => {
    expect(holdsFigure('Take 15 grams of fast-acting carbohydrate.', 'dose')).toBe(true);
    expect(holdsFigure('The usual dose is 2.5 mg once a week.', 'dose')).toBe(true);
    expect(holdsFigure('Low blood glucose is a level below 70 mg/dL.', 'dose')).toBe(false);
    expect(holdsFigure('Contraindicated when eGFR is below 30 mL/min/1.73 m².', 'dose')).toBe(false);
    expect(holdsFigure('Never stop clopidogrel without the cardiologist.', 'dose')).toBe(false);
  });

  it('finds levels as concentrations, ranges and INR figures', () => {
    expect(holdsFigure('Older labels list 0.6 to 1.2 mEq/L for long-term control.', 'level')).toBe(true);
    expect(holdsFigure('Low blood glucose is a level below 70 mg/dL.', 'level')).toBe(true);
    expect(holdsFigure('Aim for an INR between 2.5 and 3.5.', 'level')).toBe(true);
    expect(holdsFigure('Check the INR early in the course.', 'level')).toBe(false);
    expect(holdsFigure('Take 15 grams of carbohydrate.', 'level')).toBe(false);
  });

  it('finds intervals and rates, not "more often"', () => {
    expect(holdsFigure('Methotrexate for arthritis is taken once a week, on the same day.', 'frequency')).toBe(true);
    expect(holdsFigure('Levels are checked every 3 months once stable.', 'frequency')).toBe(true);
    expect(holdsFigure('A weekly pill box helps.', 'frequency')).toBe(true);
    expect(holdsFigure('We will check your INR more often for a while.', 'frequency')).toBe(false);
    expect(holdsFigure('Check serum lithium within a few days of the change.', 'frequency')).toBe(false);
  });
});

describe('questions asking for a length of time', () => {
  it('reads spacing, waiting and restarting questions in English and Spanish', () => {
    for (const question of [
      'Her levothyroxine and her iron tablet: how far apart should she take them?',
      'Pregnant patient on levothyroxine was just started on iron tablets. How should she space them?',
      'When can my dad go back on his diabetes tablet after the scan?',
      'How long after stopping fluoxetine must you wait before starting an MAOI?',
      '¿Cuánto tiempo hay que esperar entre dejar la fluoxetina y empezar un IMAO?',
      '¿Cuántas horas tienen que pasar después de una Viagra?',
      '¿Cuándo puede volver a tomar la metformina?',
    ]) {
      expect(asksForDuration(question), question).toBe(true);
    }
  });

  it('does not read "can it wait?" or a plain interaction question as one', () => {
    for (const question of ['ER or can it wait?', '¿Urgencias o puede esperar?', 'Can she take ibuprofen with warfarin?', 'What should I watch for?']) {
      expect(asksForDuration(question), question).toBe(false);
    }
  });

  it('finds a length of time in a sentence', () => {
    expect(holdsDuration('take it at least 4 hours before or after')).toBe(true);
    expect(holdsDuration('The effect builds gradually over several weeks')).toBe(true);
    expect(holdsDuration('re-evaluated 48 hours after the procedure')).toBe(true);
    expect(holdsDuration('Take 15 grams of fast-acting carbohydrate')).toBe(false);
  });
});


describe('questions asking for a number of time units', () => {
  it('reads "how many minutes" and "¿cuántos meses?" as asking for a length of time a card must give', () => {
    expect(figureAsked("If the first Narcan spray doesn't wake him, how many minutes do I wait before the second?")).toBe('duration');
    expect(figureAsked('¿Cuántos meses tiene que seguir con el clopidogrel tras un stent?')).toBe('duration');
    // "How long" may be answered by a condition ("until the INR is checked"): not a figure the card must give.
    expect(figureAsked('How long after the contrast scan can she restart metformin?')).toBeNull();
    expect(holdsFigure('Separate the doses by at least 4 hours.', 'duration')).toBe(true);
    expect(holdsFigure('Use the lowest dose for the shortest duration.', 'duration')).toBe(false);
  });
});

describe('a dose of one medicine', () => {
  const lexicon = loadClinicalLexicon();
  const hypoglycemiaCard = readFileSync(join(packageRoot(), 'kb', 'clinical', 'esc-hypoglycemia.md'), 'utf8');

  it('is given only by a sentence that names the medicine, by any of its names', () => {
    // The card gives a dose of sugar and names glucagon, in different sentences.
    expect(holdsFigure(hypoglycemiaCard, 'dose')).toBe(true);
    expect(hypoglycemiaCard).toContain('glucagon');
    expect(givesDoseOf(hypoglycemiaCard, 'glucagon', lexicon)).toBe(false);
    expect(givesDoseOf('If he cannot swallow, give glucagon 1 mg intramuscularly.', 'glucagon', lexicon)).toBe(true);
    expect(givesDoseOf('- GlucaGen: 1 mg into the thigh', 'glucagon', lexicon)).toBe(true);
    // A dose right after the sentence naming it, or under a heading naming it, is its dose.
    expect(givesDoseOf('Give glucagon if he cannot swallow. The adult dose is 1 mg.', 'glucagon', lexicon)).toBe(true);
    expect(givesDoseOf('## Glucagon\n\n- Adults: 1 mg intramuscularly', 'glucagon', lexicon)).toBe(true);
    expect(givesDoseOf('Glucagon dosing:\n- 1 mg IM', 'glucagon', lexicon)).toBe(true);
    expect(givesDoseOf('Glucagon can be given. Rest and recheck. Then 15 g of sugar by mouth once awake.', 'glucagon', lexicon)).toBe(false);
    expect(givesDoseOf('## What to do\n\nGive 15 g of sugar.\n\n## Glucagon\n\nSomeone trained can give it.', 'glucagon', lexicon)).toBe(false);
  });
});

describe('a level of one medicine', () => {
  const lexicon = loadClinicalLexicon();
  const card = (name: string) => readFileSync(join(packageRoot(), 'kb', 'clinical', `${name}.md`), 'utf8');

  it('is given by a card that names the medicine and gives a level, not by a level of something else', () => {
    expect(givesLevelOf(card('esc-lithium-toxicity'), 'lithium', lexicon)).toBe(true);
    // The lithium card's range is no digoxin level, nor the hypoglycaemia card's 70 mg/dL.
    expect(givesLevelOf(card('esc-lithium-toxicity'), 'digoxin', lexicon)).toBe(false);
    expect(givesLevelOf(card('esc-hypoglycemia'), 'digoxin', lexicon)).toBe(false);
    // The digoxin card speaks of a level without giving one.
    expect(card('ddi-digoxin-amiodarone')).toContain('digoxin level');
    expect(givesLevelOf(card('ddi-digoxin-amiodarone'), 'digoxin', lexicon)).toBe(false);
    expect(givesLevelOf('Keep the serum digoxin concentration between 0.5 and 0.9 ng/mL.', 'digoxin', lexicon)).toBe(true);
  });
});

describe('a count of time units', () => {
  it('reads the unit a question counts in, in English and Spanish', () => {
    expect(durationUnitAsked('How many months total am I supposed to stay on the Plavix before it can come off?')).toBe('months');
    expect(durationUnitAsked('¿Cuántos días tengo que esperar entre que dejo una y arranco la otra?')).toBe('days');
    expect(durationUnitAsked('How long should she wait?')).toBeNull();
  });

  it('is given by a length that comes to at least one of the unit asked, not in minutes when months are asked', () => {
    expect(holdsDurationIn('Chest pain lasting more than 15 minutes: call 911.', 'months')).toBe(false);
    expect(holdsDurationIn('Continue it for 12 months after a stent.', 'months')).toBe(true);
    expect(holdsDurationIn('at least one year', 'months')).toBe(true);
    expect(holdsDurationIn('Allow at least 14 days between stopping one and starting the other.', 'weeks')).toBe(true);
    expect(holdsDurationIn('Allow at least 14 days between stopping one and starting the other.', 'days')).toBe(true);
    expect(holdsDurationIn('Separate them by at least 4 hours.', 'months')).toBe(false);
    expect(holdsDurationIn('Hold it for 12 hours.', 'days')).toBe(false);
    expect(holdsDurationIn('Restart after 48 hours.', 'days')).toBe(true);
    expect(holdsDurationIn('Wait 1 to 2 hours.', 'hours')).toBe(true);
  });
});
