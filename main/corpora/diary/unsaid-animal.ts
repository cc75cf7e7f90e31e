import { tokenize } from '../../core/text-folding.js';

/**
 * The animals IFCT 2017 qualifies a food by ("Milk, whole, Buffalo", "Egg, duck, whole, boiled"), with the words a
 * food name in English or Spanish uses for each (IFCT's own spelling "quial" included). `usual`: the animal the
 * apps mean when they name none. MyFitnessPal's and Cronometer's names come from USDA and NCCDB, whose "Milk, whole"
 * is cow's milk and whose "Egg, whole" is a hen's; they say "buffalo", "duck" or "goat" whenever it is another one.
 */
const animals: ReadonlyArray<{ animal: string; usual: boolean; words: readonly string[] }> = [
  { animal: 'cow', usual: true, words: ['cow', 'cows', 'vaca'] },
  { animal: 'hen', usual: true, words: ['hen', 'hens', 'poultry', 'chicken', 'gallina', 'pollo'] },
  { animal: 'buffalo', usual: false, words: ['buffalo', 'buffalos', 'buffaloes', 'bufalo', 'bufala'] },
  { animal: 'duck', usual: false, words: ['duck', 'ducks', 'pato'] },
  { animal: 'quail', usual: false, words: ['quail', 'quails', 'quial', 'codorniz'] },
  { animal: 'goat', usual: false, words: ['goat', 'goats', 'cabra', 'chivo'] },
  { animal: 'sheep', usual: false, words: ['sheep', 'ewe', 'oveja'] },
  { animal: 'camel', usual: false, words: ['camel', 'camello'] },
  { animal: 'goose', usual: false, words: ['goose', 'ganso', 'oca'] },
];

/**
 * The animal a catalog food's qualifiers name ("buffalo" for "Milk, whole, Buffalo") when it is not the usual one
 * and the imported name does not say it ("Whole Milk"); null when the name says it, the animal is the usual one, or
 * the food names none. Only the qualifiers after the first comma count: "Goat, shoulder" is goat meat, not a kind
 * of something else.
 */
export function unsaidAnimal(importedName: string, foodName: string): string | null {
  const comma = foodName.indexOf(',');
  if (comma < 0) return null;
  const qualifiers = new Set(tokenize(foodName.slice(comma + 1)));
  const said = new Set(tokenize(importedName));
  const named = animals.find((entry) => entry.words.some((word) => qualifiers.has(word)));
  if (!named || named.usual || named.words.some((word) => said.has(word))) return null;
  return named.animal;
}
