import type { KbDrugName } from '../../../shared/contract/kb.js';
import type { ClinicalLexicon } from './clinical-lexicon.js';

/**
 * The medicines and drug classes the cards name (found with the clinical lexicon in each card's title and body),
 * with the brands and Spanish names the lexicon lists for them, by name. Conditions are left out: autocomplete is
 * for drug names.
 */
export function drugNamesOfCards(lexicon: ClinicalLexicon, cards: Iterable<{ id: string; title: string; body: string }>): KbDrugName[] {
  const found = new Map<string, Set<string>>();
  for (const card of cards) {
    for (const mention of lexicon.find(`${card.title}\n${card.body}`)) {
      if (mention.kind === 'condition') continue;
      const set = found.get(mention.canonical) ?? new Set<string>();
      set.add(card.id);
      found.set(mention.canonical, set);
    }
  }
  return [...found]
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, cardIds]) => {
      const names = lexicon.namesOf(name);
      if (!names || names.kind === 'condition') return [];
      return [{ name, kind: names.kind, brands: [...names.aliases], spanish: [...names.es], cards: [...cardIds].sort() }];
    });
}
