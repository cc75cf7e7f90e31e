import type { KbDrugName } from '../../../../shared/contract';
import type { Language } from '../../i18n';

/** One suggestion: the name to insert (as the list spells it), the generic it stands for, and the term's language. */
export interface DrugSuggestion {
  term: string;
  generic: string;
  kind: KbDrugName['kind'];
  language: Language;
}

function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/** The word being typed at the end of `text` (letters, digits and hyphens), or '' after a space. */
export function wordBeingTyped(text: string): string {
  return /[\p{L}\p{N}-]+$/u.exec(text)?.[0] ?? '';
}

/**
 * Drug names of the cards that start with the word being typed (generic, brand or Spanish name; case and accents
 * ignored), each generic once; nothing until two letters are typed or when the word is complete. The generic comes
 * first, except on the Spanish screen, where its Spanish name does ("warfarina", not "warfarin", in a Spanish question).
 */
export function drugSuggestions(names: readonly KbDrugName[], text: string, screen: Language = 'en', limit = 6): DrugSuggestion[] {
  const word = fold(wordBeingTyped(text));
  if (word.length < 2) return [];
  const found: DrugSuggestion[] = [];
  const seen = new Set<string>();
  const generic = { language: 'en' as const, termsOf: (entry: KbDrugName) => [entry.name] };
  const brand = { language: 'en' as const, termsOf: (entry: KbDrugName) => entry.brands };
  const spanish = { language: 'es' as const, termsOf: (entry: KbDrugName) => entry.spanish };
  const passes = screen === 'es' ? [spanish, generic, brand] : [generic, brand, spanish];
  for (const { language, termsOf } of passes) {
    for (const entry of names) {
      if (seen.has(entry.name)) continue;
      const term = termsOf(entry).find((candidate) => fold(candidate).startsWith(word));
      if (term === undefined) continue;
      seen.add(entry.name);
      found.push({ term, generic: entry.name, kind: entry.kind, language });
    }
  }
  if (found.length === 1 && fold(found[0]?.term ?? '') === word) return [];
  return found.slice(0, limit);
}

/** `text` with the word being typed replaced by `term` and a space after it. */
export function withSuggestion(text: string, term: string): string {
  return `${text.slice(0, text.length - wordBeingTyped(text).length)}${term} `;
}
