import { describe, expect, it } from 'vitest';
import type { KbDrugName } from '../../../shared/contract.js';
import { drugSuggestions, withSuggestion, wordBeingTyped } from '../../../renderer/src/features/kb/drug-suggestions.js';

const names: KbDrugName[] = [
  { name: 'warfarin', kind: 'drug', brands: ['Coumadin', 'Jantoven'], spanish: ['warfarina', 'Aldocumar'], cards: ['ddi-warfarin-nsaids'] },
  { name: 'nsaid', kind: 'class', brands: ['non-steroidal anti-inflammatory'], spanish: ['aine'], cards: ['ddi-warfarin-nsaids'] },
  { name: 'naproxen', kind: 'drug', brands: ['Aleve'], spanish: ['naproxeno'], cards: ['ddi-warfarin-nsaids'] },
];

describe('drug-name autocomplete', () => {
  it('completes the word being typed from generics first, then brands and Spanish names, each drug once', () => {
    expect(drugSuggestions(names, 'can I give war').map((item) => item.term)).toEqual(['warfarin']);
    expect(drugSuggestions(names, 'patient on COU').map((item) => [item.term, item.generic])).toEqual([['Coumadin', 'warfarin']]);
    expect(drugSuggestions(names, 'paciente con ald').map((item) => item.generic)).toEqual(['warfarin']);
    expect(drugSuggestions(names, 'na').map((item) => item.term)).toEqual(['naproxen']);
    expect(drugSuggestions(names, 'ai').map((item) => item.term)).toEqual(['aine']);
  });

  it('on the Spanish screen, offers the Spanish name first, then the generic and the brands', () => {
    expect(drugSuggestions(names, 'paciente con warf', 'es').map((item) => [item.term, item.generic, item.language])).toEqual([['warfarina', 'warfarin', 'es']]);
    expect(drugSuggestions(names, 'paciente con cou', 'es').map((item) => [item.term, item.language])).toEqual([['Coumadin', 'en']]);
    expect(drugSuggestions(names, 'nap', 'es').map((item) => item.term)).toEqual(['naproxeno']);
    expect(drugSuggestions(names, 'warfarina', 'es')).toEqual([]);
  });

  it('says nothing before two letters, after a space, or when the word is already complete', () => {
    expect(drugSuggestions(names, 'w')).toEqual([]);
    expect(drugSuggestions(names, 'warfarin ')).toEqual([]);
    expect(drugSuggestions(names, 'warfarin')).toEqual([]);
  });

  it('puts the chosen name in place of the word being typed', () => {
    expect(wordBeingTyped('patient on cou')).toBe('cou');
    expect(withSuggestion('patient on cou', 'Coumadin')).toBe('patient on Coumadin ');
  });
});
