import { describe, expect, it } from 'vitest';
import { loadClinicalLexicon } from '../../../main/corpora/kb/clinical-lexicon.js';
import { buildKbCoverage, distributedLists } from '../../../main/corpora/kb/kb-coverage.js';

const lexicon = loadClinicalLexicon();
const cards = [
  { cardId: 'ddi-warfarin-nsaids', title: 'Warfarin with NSAIDs — bleeding risk', text: 'Warfarin with NSAIDs. NSAIDs such as ibuprofen and naproxen add to the bleeding risk of warfarin.' },
  { cardId: 'ddi-methotrexate-trimethoprim', title: 'Methotrexate with trimethoprim', text: 'Methotrexate with trimethoprim. Penicillins and other antibiotics may also interact.' },
];
const coverage = buildKbCoverage(lexicon, cards);
const mention = (text: string) => {
  const [found] = lexicon.find(text);
  if (!found) throw new Error(`the lexicon does not know "${text}"`);
  return found;
};

describe('which drugs the cards cover', () => {
  it('covers a drug a card names', () => {
    expect(coverage.coveredByCard('ddi-warfarin-nsaids', mention('ibuprofen'))).toBe(true);
    expect(coverage.coveredByKb(mention('Coumadin'))).toBe(true);
  });

  it('speaks of a drug whose class a card names only in its text, where it does not cover it', () => {
    // "Penicillins" in the methotrexate card's text: it speaks of amoxicillin, without covering it.
    expect(coverage.coveredByCard('ddi-methotrexate-trimethoprim', mention('amoxicillin'))).toBe(false);
    expect(coverage.speaksOf('ddi-methotrexate-trimethoprim', mention('amoxicillin'))).toBe(true);
    expect(coverage.speaksOf('ddi-warfarin-nsaids', mention('ibuprofen'))).toBe(true);
    expect(coverage.speaksOf('ddi-warfarin-nsaids', mention('atorvastatin'))).toBe(false);
  });

  it('covers every member of a class the card title names (ketorolac is an NSAID)', () => {
    expect(coverage.coveredByCard('ddi-warfarin-nsaids', mention('ketorolac'))).toBe(true);
  });

  it('covers a medicine given by the device a card title names (albuterol, by inhaler)', () => {
    const inhalers = buildKbCoverage(lexicon, [{ cardId: 'adh-inhaler-technique', title: 'Inhaler technique errors', text: 'Shake the metered-dose inhaler and breathe in slowly.' }]);
    expect(inhalers.coveredByCard('adh-inhaler-technique', mention('Ventolin'))).toBe(true);
    expect(inhalers.coveredByCard('adh-inhaler-technique', mention('warfarin'))).toBe(false);
  });

  it('does not cover a member of a class mentioned only in passing in the body (amoxicillin, a penicillin)', () => {
    expect(coverage.coveredByKb(mention('amoxicillin'))).toBe(false);
  });

  it('lets a class in a question meet a card that names one of its members', () => {
    expect(coverage.coveredByCard('ddi-warfarin-nsaids', mention('NSAIDs'))).toBe(true);
  });

  it('does not cover a drug no card names', () => {
    expect(coverage.coveredByKb(mention('isotretinoin'))).toBe(false);
  });
});

describe('names a card writes as a list', () => {
  it('gives each listed word the word they all qualify', () => {
    expect(distributedLists('Watch for black, tarry or bloody stools and pink, red or brown urine.')).toEqual(['black stools', 'tarry stools', 'bloody stools', 'pink urine', 'red urine', 'brown urine']);
    expect(distributedLists('No list here.')).toEqual([]);
  });

  it('lets a card that lists the signs cover each of them', () => {
    const signs = buildKbCoverage(lexicon, [{ cardId: 'esc-bleeding', title: 'Bleeding on anticoagulants', text: 'Black, tarry or bloody stools. Pink, red or brown urine.' }]);
    expect(signs.coveredByCard('esc-bleeding', mention('melena'))).toBe(true);
    expect(signs.coveredByCard('esc-bleeding', mention('hematuria'))).toBe(true);
    expect(buildKbCoverage(lexicon, [{ cardId: 'other', title: 'Other', text: 'Tarry, sticky or dusty roads.' }]).coveredByCard('other', mention('melena'))).toBe(false);
  });

  it('keeps only an effect the whole phrase names, not a name inside it', () => {
    // "sedating antihistamines and some antipsychotics" → "antihistamines antipsychotics": not a mention of the class.
    const sedatives = buildKbCoverage(lexicon, [{ cardId: 'ddi-opioids', title: 'Opioids with sedatives', text: 'Alcohol, sedating antihistamines and some antipsychotics add to the risk.' }]);
    expect(sedatives.namesOf('ddi-opioids').has('antihistamine')).toBe(false);
    // ...nor a condition that is no effect ("persistent or worsening pain" → "persistent pain").
    const pain = buildKbCoverage(lexicon, [{ cardId: 'esc-pain', title: 'Pain', text: 'Call for persistent or worsening pain.' }]);
    expect(pain.namesOf('esc-pain').has('chronic pain')).toBe(false);
  });
});

describe('a drug met through its class in a card that covers the rest of the question', () => {
  const kb = buildKbCoverage(lexicon, [
    { cardId: 'esc-angioedema', title: 'Angioedema on ACE inhibitors', text: 'Lip or tongue swelling on ramipril or lisinopril. It may not respond to antihistamines.' },
    { cardId: 'ddi-methotrexate', title: 'Methotrexate with trimethoprim', text: 'Other drugs that raise methotrexate toxicity include some penicillins.' },
  ]);
  const namedIn = (text: string) => lexicon.find(text);

  it('covers an antihistamine beside ramipril on the card that names antihistamines', () => {
    const named = namedIn('On ramipril, lip swelling, took a Piriton');
    const piriton = named.find((found) => found.canonical === 'chlorpheniramine');
    expect(piriton && kb.coveredByKb(piriton)).toBe(false);
    expect(piriton && kb.coveredInQuestion(piriton, named, ['esc-angioedema', 'ddi-methotrexate'])).toBe(true);
    // ...only when that card leads the question's retrieval.
    expect(piriton && kb.coveredInQuestion(piriton, named, ['ddi-methotrexate'])).toBe(false);
  });

  it('does not count the drug\'s own class, named in the question too, as the rest of the question', () => {
    const named = namedIn('just started chlorpheniramine, do antihistamines cause lip swelling?');
    const drug = named.find((found) => found.canonical === 'chlorpheniramine');
    expect(drug && kb.coveredInQuestion(drug, named, ['esc-angioedema'])).toBe(false);
  });

  it('does not count a condition as the rest of the question: "itching" is on too many cards', () => {
    const named = namedIn('cetirizine dose for a child with itching and lip swelling');
    const cetirizine = named.find((found) => found.canonical === 'cetirizine');
    expect(cetirizine && kb.coveredInQuestion(cetirizine, named, ['esc-angioedema', 'ddi-methotrexate'])).toBe(false);
  });

  it('does not cover a drug whose class a card names when nothing else the question names is on that card', () => {
    const named = namedIn('amoxicillin dose for a child');
    const amoxicillin = named.find((found) => found.canonical === 'amoxicillin');
    expect(amoxicillin && kb.coveredInQuestion(amoxicillin, named, ['esc-angioedema', 'ddi-methotrexate'])).toBe(false);
    // ...nor when the other name is covered only by a card that does not name its class.
    const withRamipril = namedIn('amoxicillin with ramipril');
    const again = withRamipril.find((found) => found.canonical === 'amoxicillin');
    expect(again && kb.coveredInQuestion(again, withRamipril, ['esc-angioedema', 'ddi-methotrexate'])).toBe(false);
  });
});
