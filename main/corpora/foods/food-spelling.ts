import { foldText, stopWords } from '../../core/text-folding.js';

/** A typed word this long or longer may be read as the catalog word it misspells ("chiken", "bananna", "spinnach"). */
export const spellingFrom = 6;

/**
 * Whether `typed` is `word` with one letter too many, one too few, or two neighbours swapped: the slips of a word one
 * knows ("chiken", "bananna", "spinnach", "tomatoe"). Not one letter for another: those make other foods ("mutton"
 * is not "button", "bread" not "broad").
 */
export function slipOf(typed: string, word: string): boolean {
  return letterDropped(word, typed) || letterDropped(typed, word) || neighboursSwapped(typed, word);
}

/** `shorter` is `longer` without one of its letters. */
export function letterDropped(longer: string, shorter: string): boolean {
  if (longer.length !== shorter.length + 1) return false;
  for (let index = 0; index < longer.length; index++) if (longer.slice(0, index) + longer.slice(index + 1) === shorter) return true;
  return false;
}

/** The positions where two words of one length differ (empty for equal words, null for lengths that differ). */
export function differingPositions(typed: string, word: string): number[] | null {
  return typed.length === word.length ? [...word].flatMap((letter, index) => (letter === typed[index] ? [] : [index])) : null;
}

/** `typed` is `word` with two neighbouring letters swapped. */
export function neighboursSwapped(typed: string, word: string): boolean {
  const differ = differingPositions(typed, word);
  if (differ === null || differ.length !== 2) return false;
  const [first, second] = differ as [number, number];
  return second === first + 1 && word[first] === typed[second] && word[second] === typed[first];
}

export interface SpellingReading {
  /** The query with each misspelt word replaced ("chiken curry" → "chicken curry"). */
  english: string;
  pairs: Array<{ typed: string; read: string }>;
}

/** Whether `word` is a plural or singular form of a word of `vocabulary` ("bananas", "raisin"): a form, not a slip. */
function formOf(word: string, vocabulary: ReadonlySet<string>): boolean {
  const forms = [`${word}s`, `${word}es`, word.replace(/y$/, 'ies'), word.replace(/s$/, ''), word.replace(/es$/, ''), word.replace(/ies$/, 'y')];
  return forms.some((form) => form !== word && vocabulary.has(form));
}

/**
 * Reads a query's misspelt words as the words of the shipped catalog's food names they slip from (slipOf), when a
 * word of `spellingFrom` letters or more is no word of any name nor a form of one, is not an English word
 * (`isWord`: "triple" is not a slip of "tripe", "collar" not of "collard"), and slips from exactly one name word with
 * its first letter: "chiken" → "chicken". Only the shipped names are the vocabulary (a profile's own food names are
 * never offered to another profile). Null when no word is read so.
 */
export function createSpellingReader(names: Iterable<string>, isWord: (word: string) => boolean = () => false): (query: string) => SpellingReading | null {
  const vocabulary = new Set<string>();
  for (const name of names) for (const word of foldText(name).split(/[^\p{L}]+/u)) if (word.length >= spellingFrom - 1) vocabulary.add(word);
  const byFirst = new Map<string, string[]>();
  for (const word of vocabulary) byFirst.set(word[0] as string, [...(byFirst.get(word[0] as string) ?? []), word]);
  return (query) => {
    const pairs: SpellingReading['pairs'] = [];
    const english = query.replace(/\p{L}+/gu, (token) => {
      const folded = foldText(token);
      if (folded.length < spellingFrom || vocabulary.has(folded) || stopWords.has(folded) || formOf(folded, vocabulary)) return token;
      const near = (byFirst.get(folded[0] as string) ?? []).filter((word) => slipOf(folded, word));
      // "chiken" slips from "chicken" alone; a word that slips from two ("mango" and "mangos") is read as the shorter
      // only when the other is its plural.
      const candidates = near.filter((word) => !near.some((other) => other !== word && word === `${other}s`));
      if (candidates.length !== 1 || isWord(folded)) return token;
      pairs.push({ typed: token, read: candidates[0] as string });
      return candidates[0] as string;
    });
    return pairs.length === 0 ? null : { english, pairs };
  };
}
