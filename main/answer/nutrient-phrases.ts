import { nutrients, type NutrientKey } from '../../shared/nutrients.js';
import { foldText } from '../core/text-folding.js';

/**
 * Words for nutrients and measures the diary does not hold (folded). They are read before the registry's
 * synonyms and blanked out, so "trans fat" is not fat and "azúcar en sangre" is not sugar. ("Saturated fat" is a registry
 * key; its synonyms are longer than fat's, and the longest phrase is read first.)
 */
const untrackedPhrases: readonly string[] = [
  // vitamins other than C, and B-group names
  'vitamin a',
  'vitamin b',
  'vitamin b1',
  'vitamin b2',
  'vitamin b3',
  'vitamin b6',
  'vitamin b12',
  'vitamin d',
  'vitamin e',
  'vitamin k',
  'vitamina a',
  'vitamina b',
  'vitamina b1',
  'vitamina b2',
  'vitamina b3',
  'vitamina b6',
  'vitamina b12',
  'vitamina d',
  'vitamina e',
  'vitamina k',
  'b12',
  'vitamins',
  'vitaminas',
  'minerals',
  'minerales',
  'folate',
  'folic acid',
  'folato',
  'acido folico',
  'niacin',
  'niacina',
  'riboflavin',
  'riboflavina',
  'thiamin',
  'thiamine',
  'tiamina',
  'beta carotene',
  'betacaroteno',
  'carotene',
  'caroteno',
  'retinol',
  // fats the registry does not split out, and cholesterol
  'trans fats',
  'trans fat',
  'unsaturated fat',
  'unsaturated fats',
  'monounsaturated fat',
  'polyunsaturated fat',
  'grasas trans',
  'grasa trans',
  'grasas insaturadas',
  'grasa insaturada',
  'grasas monoinsaturadas',
  'grasas poliinsaturadas',
  'omega 3',
  'omega-3',
  'omega 6',
  'omega-6',
  'cholesterol',
  'colesterol',
  // minerals other than sodium, potassium, calcium and iron
  'magnesium',
  'magnesio',
  'zinc',
  'phosphorus',
  'fosforo',
  'selenium',
  'selenio',
  'iodine',
  'yodo',
  'copper',
  'cobre',
  'manganese',
  'manganeso',
  // water and drinks
  'water',
  'fluids',
  'fluid intake',
  'hydration',
  'agua',
  'liquidos',
  'hidratacion',
  'caffeine',
  'cafeina',
  'alcohol',
  // other carbohydrates
  'starch',
  'almidon',
  'lactose',
  'lactosa',
  'gluten',
  'fructose',
  'fructosa',
  'glucose',
  'glucosa',
  // body measures, not intake
  'blood sugar',
  'blood glucose',
  'azucar en sangre',
  'azucar en la sangre',
  'blood pressure',
  'presion arterial',
  'presion',
  'tension arterial',
  'weight',
  'peso',
  'steps',
  'pasos',
];

/** A vitamin named by a letter other than C, with an optional number (folded): "vitamin q", "vit. b12", "vitamina x". */
const otherVitamin = /(?<![\p{L}\p{N}])(?:vitamina?|vit)(?:\. ?| )[abd-z]\d{0,2}(?![\p{L}\p{N}])/gu;

/** Spellings people use beyond the registry's synonyms (folded). */
const extraSynonyms: ReadonlyArray<readonly [NutrientKey, string]> = [
  ['energy_kcal', 'cals'],
  ['energy_kcal', 'kilocalories'],
  ['energy_kcal', 'kilocalorias'],
  ['energy_kcal', 'kilocalorie'],
  ['fibre', 'fibres'],
  ['fibre', 'fibers'],
  ['fibre', 'fibras'],
  ['free_sugars', 'added sugar'],
  ['free_sugars', 'added sugars'],
  ['free_sugars', 'azucares anadidos'],
  ['vitamin_c', 'vit c'],
  ['vitamin_c', 'vitamina c'],
  ['carbohydrate', 'hidratos de carbono'],
  // "was Saturday's lunch very salty?", "¿la cena fue muy salada?": how salty a meal was is its sodium
  ['sodium', 'salty'],
  ['sodium', 'saltier'],
  ['sodium', 'saltiest'],
  ['sodium', 'salado'],
  ['sodium', 'salada'],
  ['sodium', 'salados'],
  ['sodium', 'saladas'],
  // "was Thursday's lunch very greasy?", "¿el almuerzo estuvo muy grasoso?": fat
  ['fat', 'greasy'],
  ['fat', 'fatty'],
  ['fat', 'grasoso'],
  ['fat', 'grasosa'],
  ['fat', 'grasosos'],
  ['fat', 'grasosas'],
  ['fat', 'grasiento'],
  ['fat', 'grasienta'],
];

export interface NamedNutrients {
  /** Registry keys, in the order the question names them. */
  tracked: NutrientKey[];
  /** Nutrients and measures cita does not track, as the question writes them ("vitamin K", "agua"). */
  untracked: string[];
  /** The question folded, every nutrient it names blanked ("coconut water" → "coconut      "). */
  rest: string;
}

/** Text as a literal inside a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Every word for a tracked nutrient (the registry's synonyms and the spellings above), longest first. */
export const trackedSynonyms: ReadonlyArray<readonly [NutrientKey, string]> = [
  ...nutrients.flatMap((nutrient) => [...nutrient.synonyms.en, ...nutrient.synonyms.es].map((synonym) => [nutrient.key, synonym] as const)),
  ...extraSynonyms,
].sort((left, right) => right[1].length - left[1].length);

/** A phrase as a whole-word pattern (global, Unicode): letters and digits on neither side. */
export function wordPattern(phrase: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'gu');
}

/**
 * The nutrients a question names: registry ones (every synonym of shared/nutrients.ts, and a few more spellings)
 * and ones cita does not track (vitamin K, water, cholesterol, trans fat…), longest phrase first, each word
 * counted once.
 */
export function namedNutrients(question: string): NamedNutrients {
  let folded = foldText(question);
  const shown = folded.length === question.length ? question : folded;
  const untracked: { text: string; position: number }[] = [];
  for (const phrase of [...untrackedPhrases].sort((left, right) => right.length - left.length)) {
    for (const match of folded.matchAll(wordPattern(phrase))) {
      untracked.push({ text: shown.slice(match.index, match.index + match[0].length), position: match.index });
      folded = folded.slice(0, match.index) + ' '.repeat(match[0].length) + folded.slice(match.index + match[0].length);
    }
  }
  // Any other vitamin by letter ("vitamin Q", "vit. b", "vitamina x"): named, never read as the vitamin C cita tracks.
  for (const match of folded.matchAll(otherVitamin)) {
    untracked.push({ text: shown.slice(match.index, match.index + match[0].length), position: match.index });
    folded = folded.slice(0, match.index) + ' '.repeat(match[0].length) + folded.slice(match.index + match[0].length);
  }
  const tracked: { key: NutrientKey; position: number }[] = [];
  for (const [key, synonym] of trackedSynonyms) {
    for (const match of folded.matchAll(wordPattern(synonym))) {
      tracked.push({ key, position: match.index });
      folded = folded.slice(0, match.index) + ' '.repeat(match[0].length) + folded.slice(match.index + match[0].length);
    }
  }
  tracked.sort((left, right) => left.position - right.position);
  untracked.sort((left, right) => left.position - right.position);
  return { tracked: [...new Set(tracked.map((entry) => entry.key))], untracked: [...new Set(untracked.map((entry) => entry.text))], rest: folded };
}
