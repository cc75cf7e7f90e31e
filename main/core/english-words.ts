import { readFileSync } from 'node:fs';
import wordListPath from 'word-list';

let englishWords: ReadonlySet<string> | null = null;

/**
 * Whether a lower-case word is in the English word list of the `word-list` package (274,000 words, MIT), read once on
 * first need (~0.1 s, ~20 MB). A food's misspelling is never read as another English word ("mutton" is not "button"),
 * and a capitalised word that is no English word reads as a name ("Ferrer", "Sharpsafe").
 */
export function isEnglishWord(word: string): boolean {
  englishWords ??= new Set(readFileSync(wordListPath, 'utf8').replaceAll('\r', '').split('\n'));
  return englishWords.has(word);
}
