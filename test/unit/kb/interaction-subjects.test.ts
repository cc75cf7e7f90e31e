import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { asksAboutInteractions, cardAboutNamed, interactionSubjects, namedMedicines, namesSubject, subjectText } from '../../../main/corpora/kb/interaction-subjects.js';

const lexicon = loadClinicalLexicon();

describe('interactionSubjects: what an interaction card is about', () => {
  it('reads the drugs its title names before "with"', () => {
    expect(interactionSubjects(lexicon, 'Lithium with NSAIDs, thiazide diuretics, ACE inhibitors or ARBs')).toEqual(['lithium']);
    expect(interactionSubjects(lexicon, 'Warfarin with NSAIDs — bleeding risk')).toEqual(['warfarin']);
    expect(interactionSubjects(lexicon, 'SSRIs or SNRIs with triptans or tramadol — serotonin syndrome')).toEqual(['ssri', 'snri']);
    expect(subjectText('SSRIs or SNRIs with triptans or tramadol — serotonin syndrome')).toBe('SSRIs or SNRIs');
  });

  it('reads the whole title before the dash when it has no "with"', () => {
    expect(interactionSubjects(lexicon, 'Metformin and iodinated contrast imaging — when to hold')).toEqual(['metformin', 'iodinated contrast media']);
    expect(subjectText('Metformin and iodinated contrast imaging — when to hold')).toBe('Metformin and iodinated contrast imaging');
  });
});

describe('namesSubject: whether a named medicine is one the card is about', () => {
  it('meets the drug itself, a member of its class, its class, and a class sharing members', () => {
    expect(namesSubject(lexicon, 'warfarin', ['warfarin'])).toBe(true);
    expect(namesSubject(lexicon, 'sertraline', ['ssri', 'snri'])).toBe(true);
    expect(namesSubject(lexicon, 'statin', ['simvastatin'])).toBe(true);
    expect(namesSubject(lexicon, 'antidepressant', ['ssri', 'snri'])).toBe(true);
  });

  it('does not meet a drug the card is taken with, nor another drug of a wide class', () => {
    expect(namesSubject(lexicon, 'ibuprofen', ['lithium'])).toBe(false);
    expect(namesSubject(lexicon, 'lisinopril', ['lithium'])).toBe(false);
    expect(namesSubject(lexicon, 'aspirin', ['warfarin'])).toBe(false);
    expect(namesSubject(lexicon, 'apixaban', ['warfarin'])).toBe(false);
  });
});

describe('namedMedicines', () => {
  it('keeps each medicine and class once, and no condition', () => {
    expect(namedMedicines(lexicon, lexicon.find('Advil and ibuprofen with warfarin for atrial fibrillation'))).toEqual(['ibuprofen', 'warfarin']);
  });

  it('reads an INR, in any case, as a warfarin patient’s unless another anticoagulant is named', () => {
    const question = 'Cardiology started him on Pacerone 10 days ago and his INR at day 7 was 2.6';
    expect(namedMedicines(lexicon, lexicon.find(question), question)).toEqual(['amiodarone', 'warfarin']);
    expect(namedMedicines(lexicon, [], 'started amiodarone last week, inr now 4.2')).toEqual(['warfarin']);
    const eliquis = 'Pt on Eliquis, INR 1.3, can he have ibuprofen';
    expect(namedMedicines(lexicon, lexicon.find(eliquis), eliquis)).toEqual(['apixaban', 'ibuprofen']);
    expect(namedMedicines(lexicon, [], 'the INRs were fine')).toEqual([]);
  });

  it('reads erectile dysfunction as a PDE5 inhibitor’s', () => {
    const question = 'Patient on Imdur wants something for erectile dysfunction';
    expect(namedMedicines(lexicon, lexicon.find(question), question)).toContain('pde5 inhibitor');
  });
});

describe('cardAboutNamed: whether an interaction card answers what a question names', () => {
  const card = (title: string) => ({ category: 'drug-interaction', title });
  const about = (title: string, question: string) => cardAboutNamed(lexicon, card(title), namedMedicines(lexicon, lexicon.find(question), question), question);

  it('answers when a named medicine is what the card is about', () => {
    expect(about('Lithium with NSAIDs, thiazide diuretics, ACE inhibitors or ARBs', 'my patient on lithium started ibuprofen')).toBe(true);
    expect(about('Sildenafil and other PDE5 inhibitors with nitrates — severe hypotension', 'Patient on Imdur wants something for erectile dysfunction')).toBe(true);
  });

  it('does not answer two medicines it is only taken with, nor one reached through its class', () => {
    expect(about('Lithium with NSAIDs, thiazide diuretics, ACE inhibitors or ARBs', 'can I take ibuprofen with lisinopril')).toBe(false);
    expect(about('Warfarin with NSAIDs — bleeding risk', 'is it ok to give aspirin to a child with flu')).toBe(false);
  });

  it('answers an interaction question about one medicine its title names after "with", and nothing else about it', () => {
    expect(about('Warfarin with amiodarone — rising INR over weeks', 'What drugs interact with amiodarone?')).toBe(true);
    expect(about('Digoxin with amiodarone — digoxin toxicity', '¿Qué medicamentos interactúan con la amiodarona?')).toBe(true);
    expect(about('Warfarin with amiodarone — rising INR over weeks', 'Starting amiodarone next week - what baseline monitoring does he need?')).toBe(false);
    expect(about('Clopidogrel with omeprazole or esomeprazole — reduced antiplatelet effect', 'does long term Prilosec mess with your bones?')).toBe(false);
  });

  it('leaves cards of other kinds, and questions naming no medicine, alone', () => {
    expect(cardAboutNamed(lexicon, { category: 'escalation', title: 'Anticoagulant bleeding' }, ['aspirin'], 'aspirin?')).toBe(true);
    expect(cardAboutNamed(lexicon, card('Warfarin with NSAIDs — bleeding risk'), [], 'what about bleeding?')).toBe(true);
  });

  it('knows an interaction question', () => {
    expect(asksAboutInteractions('Bactrim interactions in an elderly patient')).toBe(true);
    expect(asksAboutInteractions('¿Se puede combinar con el omeprazol?')).toBe(true);
    expect(asksAboutInteractions('my skin turns blue in the sun on amiodarone')).toBe(false);
  });
});
