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
    expect(distributedLists('Watch for black, tarry or bloody stools and pink, red or brown urine.')).toBe('black stools\ntarry stools\nbloody stools\npink urine\nred urine\nbrown urine');
    expect(distributedLists('No list here.')).toBe('');
  });

  it('lets a card that lists the signs cover each of them', () => {
    const signs = buildKbCoverage(lexicon, [{ cardId: 'esc-bleeding', title: 'Bleeding on anticoagulants', text: 'Black, tarry or bloody stools. Pink, red or brown urine.' }]);
    expect(signs.coveredByCard('esc-bleeding', mention('melena'))).toBe(true);
    expect(signs.coveredByCard('esc-bleeding', mention('hematuria'))).toBe(true);
    expect(buildKbCoverage(lexicon, [{ cardId: 'other', title: 'Other', text: 'Tarry, sticky roads.' }]).coveredByCard('other', mention('melena'))).toBe(false);
  });
});
