import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { buildKbCoverage } from '../../../main/corpora/kb/kb-coverage.js';
import { askedTogether, asksAboutInteractions, cardAboutNamed, interactionPartners, interactionSubjects, namedMedicines, namesSubject, pairQuestion, speaksOfTogether, subjectText, unspokenPartners, verdictApplies } from '../../../main/corpora/kb/interaction-subjects.js';

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

  // What a card says of a medicine, as the app reads it (kb-coverage.ts) from the card's title and text.
  const speechOf = (title: string, text: string) => {
    const coverage = buildKbCoverage(lexicon, [{ cardId: 'card', title, text }]);
    const mention = (canonical: string) => ({ surface: canonical, canonical, kind: lexicon.namesOf(canonical)?.kind ?? 'drug', start: 0, end: canonical.length });
    return { covers: (canonical: string) => coverage.coveredByCard('card', mention(canonical)), mentions: (canonical: string) => coverage.speaksOf('card', mention(canonical)) };
  };
  const ssriTitle = 'SSRIs or SNRIs with triptans or tramadol — serotonin syndrome';
  const ssriCard = card(ssriTitle);
  const ssriSpeech = speechOf(ssriTitle, 'SSRIs such as sertraline and fluoxetine with triptans or tramadol. Sumatriptan and other triptans, tramadol, linezolid.');
  const withOthers = (target: { category: string; title: string }, speech: ReturnType<typeof speechOf>, question: string) =>
    cardAboutNamed(lexicon, target, namedMedicines(lexicon, lexicon.find(question), question), question, speech);

  it('does not answer a medicine asked with another the card does not speak of, and says which', () => {
    expect(withOthers(ssriCard, ssriSpeech, 'does sertraline interact with ibuprofen?')).toBe(false);
    expect(unspokenPartners(lexicon, ssriCard, ['sertraline', 'ibuprofen'], ssriSpeech)).toEqual(['ibuprofen']);
    expect(withOthers(ssriCard, ssriSpeech, 'can I take sumatriptan while on sertraline?')).toBe(true);
    expect(unspokenPartners(lexicon, ssriCard, ['sertraline', 'sumatriptan'], ssriSpeech)).toEqual([]);
  });

  it('answers when the card names the other medicine, and not for a class of it named in passing', () => {
    const warfarinTitle = 'Warfarin with NSAIDs — bleeding risk';
    const warfarin = card(warfarinTitle);
    const warfarinSpeech = speechOf(warfarinTitle, 'Warfarin with NSAIDs. NSAIDs such as ibuprofen and naproxen add to the bleeding risk; acetaminophen is usually preferred.');
    expect(withOthers(warfarin, warfarinSpeech, 'patient on warfarin and metoprolol wants Advil for back pain')).toBe(true);
    expect(withOthers(warfarin, warfarinSpeech, 'warfarin and atorvastatin together?')).toBe(false);
    // The card names paracetamol (acetaminophen) itself: it answers.
    expect(withOthers(warfarin, warfarinSpeech, 'is regular paracetamol safe with warfarin?')).toBe(true);
    // "SSRIs" once in a list of the amiodarone card is no word on sertraline with warfarin.
    const amiodaroneTitle = 'Warfarin with amiodarone — rising INR over weeks';
    const amiodarone = speechOf(amiodaroneTitle, 'Warfarin with amiodarone. Review other bleeding risks (NSAIDs, antiplatelets, SSRIs).');
    expect(withOthers(card(amiodaroneTitle), amiodarone, 'does warfarin interact with sertraline?')).toBe(false);
    // Two medicines the card is about, neither taken with the other by it.
    expect(withOthers(ssriCard, ssriSpeech, 'sertraline and fluoxetine together?')).toBe(false);
    expect(unspokenPartners(lexicon, ssriCard, ['sertraline', 'fluoxetine'], ssriSpeech)).toEqual(['fluoxetine']);
    // A card about none of them is cardAboutNamed's other case: nothing unspoken to name.
    expect(unspokenPartners(lexicon, warfarin, ['ibuprofen', 'lisinopril'], warfarinSpeech)).toEqual([]);
  });

  it('reads what a card naming no partner in its title speaks of in its text, classes included', () => {
    const maoiTitle = 'MAO inhibitors with tyramine-rich foods and interacting drugs';
    const maoi = speechOf(maoiTitle, 'MAOIs such as phenelzine. SSRIs need a washout before or after.');
    expect(interactionPartners(lexicon, maoiTitle)).toEqual([]);
    expect(withOthers(card(maoiTitle), maoi, 'switching from Zoloft to Nardil: how long a gap?')).toBe(true);
    expect(withOthers(card(maoiTitle), maoi, 'phenelzine and metformin together?')).toBe(false);
    expect(interactionPartners(lexicon, 'Warfarin with NSAIDs — bleeding risk')).toEqual(['nsaid']);
  });

  it('reads a short question naming two medicines that are not one another as about the pair, and a story not', () => {
    const pairOf = (question: string) => pairQuestion(lexicon, namedMedicines(lexicon, lexicon.find(question), question), question);
    expect(pairOf('does sertraline interact with ibuprofen?')).toBe(true);
    expect(pairOf('¿puedo mezclar warfarina con atorvastatina?')).toBe(true);
    expect(pairOf('sertraline and other SSRIs together?')).toBe(false);
    expect(pairOf('warfarin, metoprolol and ibuprofen')).toBe(false);
    expect(
      pairOf(
        'Mi papi tiene 79 años, toma amlodipino y metformina. Últimamente se le olvidan las pastillas, el pastillero de la noche amanece lleno, y cuando se da cuenta se toma las dos juntas al día siguiente.',
      ),
    ).toBe(false);
  });

  it('asks about two medicines together only in an interaction question, and a card must speak of both', () => {
    expect(askedTogether(lexicon, ['warfarin', 'atorvastatin'], 'warfarin and atorvastatin together?')).toEqual([['warfarin', 'atorvastatin']]);
    expect(askedTogether(lexicon, ['warfarin', 'atorvastatin'], 'warfarin dose and atorvastatin dose')).toBeNull();
    expect(askedTogether(lexicon, ['levothyroxine', 'warfarin'], '¿Eutirox con warfarina, hay que vigilar el INR?')).toEqual([['levothyroxine', 'warfarin']]);
    expect(askedTogether(lexicon, ['levothyroxine', 'warfarin'], '¿Eutirox y warfarina, a qué hora?')).toBeNull();
    expect(askedTogether(lexicon, ['sertraline', 'ssri'], 'can sertraline be combined with other SSRIs?')).toBeNull();
    const pairs: [string, string][] = [['warfarin', 'atorvastatin']];
    expect(speaksOfTogether(pairs, (canonical) => canonical === 'warfarin')).toBe(false);
    expect(speaksOfTogether(pairs, () => true)).toBe(true);
  });

  it('says a card\'s verdict only of what its title takes the subject with', () => {
    const nsaids = 'Warfarin with NSAIDs — bleeding risk';
    expect(verdictApplies(lexicon, nsaids, ['warfarin', 'ibuprofen'])).toBe(true);
    expect(verdictApplies(lexicon, nsaids, ['acetaminophen', 'warfarin'])).toBe(false);
    // Only the subject named, or only others: the card's verdict as it stands.
    expect(verdictApplies(lexicon, nsaids, ['warfarin'])).toBe(true);
    expect(verdictApplies(lexicon, 'MAO inhibitors with tyramine-rich foods and interacting drugs', ['phenelzine', 'sertraline'])).toBe(true);
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
