import { foldText, stopWords } from '../../core/text-folding.js';
import { stemToken, wordTokens } from '../../retrieval/stemming.js';
import { translateFoodQuery } from '../foods/spanish-food-words.js';

/** A word's English and Spanish stems of four letters or more that only drop an ending of at most two ("tortillas" → "tortill"). */
function stemsOf(word: string): string[] {
  const stems = new Set<string>();
  for (const language of ['en', 'es'] as const) {
    const stem = stemToken(word, language);
    if (stem && stem.length >= 4 && stem.length >= word.length - 2) stems.add(stem);
  }
  return [...stems];
}

/** Whether one word is the other's plural in -s or -es ("eggs", "huevos", "panes", "potatoes"). */
function pluralOf(plural: string, singular: string): boolean {
  return plural === `${singular}s` || plural === `${singular}es`;
}

/**
 * Whether two folded words are one: the same, one the other's plural ("eggs" and "egg"), or the same stem of four
 * letters or more ("cherries" and "cherry"). Longer cuts are not the same word (Spanish Snowball stems "paneer" to
 * "pan", which is bread), nor are short shared stems ("coco" and "coca" are both "coc"; "col" is no "cola").
 */
function sameWord(left: string, right: string): boolean {
  if (left === right || pluralOf(left, right) || pluralOf(right, left)) return true;
  const rightStems = stemsOf(right);
  return stemsOf(left).some((stem) => rightStems.includes(stem));
}

/**
 * Words IFCT names qualify a food with after its first comma (colour, state, cut, cooking): "Carrot, orange" is no
 * orange, "Milk, whole, Cow" is not wholemeal. They count only in the name's head (before the first comma) or brand.
 */
const qualifiers = new Set([
  'orange',
  'green',
  'red',
  'white',
  'black',
  'brown',
  'yellow',
  'purple',
  'pale',
  'dark',
  'light',
  'whole',
  'raw',
  'boiled',
  'fried',
  'roasted',
  'fresh',
  'dry',
  'dried',
  'ripe',
  'tender',
  'big',
  'small',
  'sweet',
  'local',
  'hybrid',
  'skinless',
  'refined',
  'milled',
  'parboiled',
  'flesh',
  'pulp',
  'skin',
]);

/**
 * True when every word of a food phrase is a word of the food's name or brand (folded; plural and singular alike,
 * see `sameWord`), one of them not a mere qualifier after the comma, as written or in the English the IFCT catalog
 * uses for Spanish food words (spanish-food-words.ts): "eggs" and "huevos" name "Egg, poultry, whole, boiled", "brown
 * rice" names "Rice, raw, brown", "queso" names "Queso fresco", "dal" names "Bengal gram, dal"; "oatmeal" names none
 * of them, and "oranges" not "Carrot, orange" (a colour after the comma, see `qualifiers`).
 */
export function phraseNamesFood(phrase: string, name: string, brand = ''): boolean {
  const [head = '', ...rest] = foldText(name).split(',');
  const qualifying = rest.flatMap((part) => wordTokens(part));
  const naming = [...wordTokens(head), ...wordTokens(foldText(brand)), ...qualifying.filter((word) => !qualifiers.has(word))];
  const all = [...naming, ...qualifying];
  const named = (text: string): boolean => {
    const words = wordTokens(foldText(text)).filter((word) => !stopWords.has(word));
    return words.length > 0 && words.every((word) => all.some((other) => sameWord(word, other))) && words.some((word) => naming.some((other) => sameWord(word, other)));
  };
  if (named(phrase)) return true;
  const translation = translateFoodQuery(phrase);
  return translation !== null && named(translation.english);
}
