import { foldText, stopWords } from '../../core/text-folding.js';
import { stemToken, wordTokens } from '../../retrieval/stemming.js';
import { translateFoodQuery } from '../foods/spanish-food-words.js';

/**
 * A word's forms a food name may use: as written, and its English and Spanish stems when they only drop an ending
 * of at most two letters ("eggs" → "egg", "tortillas" → "tortill"). Longer cuts are not forms: Spanish Snowball
 * stems "paneer" to "pan", which is bread.
 */
function formsOf(word: string): string[] {
  const forms = new Set([word]);
  for (const language of ['en', 'es'] as const) {
    const stem = stemToken(word, language);
    if (stem && stem.length >= word.length - 2) forms.add(`${language}:${stem}`);
  }
  return [...forms];
}

function everyWordIn(phrase: string, nameForms: ReadonlySet<string>): boolean {
  const words = wordTokens(foldText(phrase)).filter((word) => !stopWords.has(word));
  return words.length > 0 && words.every((word) => formsOf(word).some((form) => nameForms.has(form)));
}

/**
 * True when every word of a food phrase is a word of the food's name or brand (folded; plural and singular alike,
 * by English and Spanish stems that cut at most two letters), as written or in the English the IFCT catalog uses for Spanish food words
 * (spanish-food-words.ts): "eggs" and "huevos" name "Egg, poultry, whole, boiled", "queso" names "Queso fresco",
 * "rice" names both rices, "oatmeal" names none of them.
 */
export function phraseNamesFood(phrase: string, name: string, brand = ''): boolean {
  const nameForms = new Set(wordTokens(foldText(`${name} ${brand}`)).flatMap(formsOf));
  if (everyWordIn(phrase, nameForms)) return true;
  const translation = translateFoodQuery(phrase);
  return translation !== null && everyWordIn(translation.english, nameForms);
}
