import { createRequire } from 'node:module';
import { englishStopWords, foldText, spanishStopWords } from '../core/text-folding.js';

// snowball-stemmers is CommonJS without types: this is the part cita uses.
const snowball = createRequire(import.meta.url)('snowball-stemmers') as { newStemmer(language: string): { stem(word: string): string } };

/** The languages the keyword index stems: English and Spanish Snowball (Porter2 for English). */
export type StemLanguage = 'en' | 'es';

const stemmers: Record<StemLanguage, { stem(word: string): string }> = {
  en: snowball.newStemmer('english'),
  es: snowball.newStemmer('spanish'),
};
const stopWordsOf: Record<StemLanguage, ReadonlySet<string>> = { en: englishStopWords, es: spanishStopWords };

/** Splits raw text into word tokens (letters and digits), before folding. */
export function wordTokens(text: string): string[] {
  return text.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
}

/**
 * The language a text is stemmed in: Spanish when it has more Spanish-only than English-only function words (or
 * Spanish-only letters), otherwise English. A title or a food name without function words is English, which is
 * what every shipped corpus is; a Spanish document or question says so with its articles and prepositions.
 */
export function textLanguage(text: string): StemLanguage {
  let english = 0;
  let spanish = /[ñ¿¡]/iu.test(text) ? 1 : 0;
  for (const token of wordTokens(text)) {
    const folded = foldText(token);
    const isEnglish = englishStopWords.has(folded);
    const isSpanish = spanishStopWords.has(folded);
    if (isEnglish && !isSpanish) english += 1;
    else if (isSpanish && !isEnglish) spanish += 1;
  }
  return spanish > english ? 'es' : 'en';
}

/**
 * One folded token's stem in a language, or null for that language's stop words. Digits are kept as they are,
 * so "2" or "500" are words too.
 */
export function stemToken(folded: string, language: StemLanguage): string | null {
  if (folded.length === 0 || stopWordsOf[language].has(folded)) return null;
  if (/\p{N}/u.test(folded)) return folded;
  return stemmers[language].stem(folded);
}

/**
 * Stems already computed, keyed by language and folded token: a caller stemming many texts at once (an import of
 * thousands of catalog fields) keeps one for the run. Snowball is most of the cost, and a catalog repeats its words.
 */
export type StemCache = Map<string, string | null>;

/** A text's terms as the index stores them: tokens folded, stop words dropped, stemmed in the text's language. */
export function stemText(text: string, language: StemLanguage = textLanguage(text), cache?: StemCache): string[] {
  const terms: string[] = [];
  for (const token of wordTokens(text)) {
    const folded = foldText(token);
    const key = `${language}:${folded}`;
    let term = cache?.get(key);
    if (term === undefined) {
      term = stemToken(folded, language);
      cache?.set(key, term);
    }
    if (term !== null) terms.push(term);
  }
  return terms;
}

/** One query word as the index looks it up: its stem in the query's language, and in the other one when it differs. */
export interface QueryWord {
  primary: string;
  /** The word as typed (folded) is its own stem: a partial word, a name, a foreign word or a typo, worth loose matching. */
  asTyped: boolean;
  /** The stem in the other language (a Spanish word in an English question, or the reverse), when it differs. */
  secondary: string | null;
}

/**
 * The distinct words of a query. Documents are stemmed in their own language; a query word is looked up under both
 * stemmers: first in the language most documents are in (`primary`, with prefix and typo allowances), then exactly
 * in the other, so a Spanish question still finds an English card by a cognate ("warfarina" → warfarin) and a
 * Spanish document by its stem. A word is dropped when it is a stop word of the query's language or of `primary`.
 * `known` is the query's language when the caller knows it (a translation it made), instead of guessing it.
 */
export function queryWords(query: string, primary: StemLanguage = 'en', known?: StemLanguage): QueryWord[] {
  const spoken = known ?? textLanguage(query);
  const other: StemLanguage = primary === 'en' ? 'es' : 'en';
  // A text known to be in the index's own language (a glossary's English for the English IFCT) is stemmed in it
  // alone: "paneer" under the Spanish stemmer is "pan", the Hindi local name of betel leaves.
  const bilingual = known !== primary;
  const words = new Map<string, QueryWord>();
  for (const token of wordTokens(query)) {
    const folded = foldText(token);
    if (stopWordsOf[spoken].has(folded)) continue;
    const first = stemToken(folded, primary);
    if (first === null) continue;
    const second = bilingual ? stemToken(folded, other) : first;
    if (!words.has(first)) words.set(first, { primary: first, asTyped: first === folded, secondary: second === first ? null : second });
  }
  return [...words.values()];
}
