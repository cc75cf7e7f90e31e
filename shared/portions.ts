/**
 * Household units: how many grams "2 × large egg" is. Shared by main (which stores the grams) and the renderer
 * (which previews them), so the figure a person sees before adding is the figure the diary keeps.
 */
import { maxEntryGrams, maxPortionQuantity } from './contract/diary.js';

/** Grams of `quantity` portions of `gramsEach` grams, to 0.1 g (the precision a kitchen scale shows). */
export function portionGrams(quantity: number, gramsEach: number): number {
  return Math.round(quantity * gramsEach * 10) / 10;
}

/** Why a quantity of portions cannot be logged, or null when it can. */
export function portionProblem(quantity: number, gramsEach: number): 'not_positive' | 'too_many' | 'too_heavy' | null {
  if (!Number.isFinite(quantity) || quantity <= 0) return 'not_positive';
  if (quantity > maxPortionQuantity) return 'too_many';
  const grams = portionGrams(quantity, gramsEach);
  if (grams <= 0) return 'not_positive';
  if (grams > maxEntryGrams) return 'too_heavy';
  return null;
}

const vulgarFractions: Record<string, number> = { '½': 0.5, '⅓': 1 / 3, '⅔': 2 / 3, '¼': 0.25, '¾': 0.75, '⅛': 0.125 };

/**
 * A quantity as people type it: "2", "1.5", "1,5" (Spanish decimal comma), "1/2", "1 1/2", "½", "1½".
 * Returns null for anything else (empty, negative, words).
 */
export function parseQuantity(text: string): number | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  if (trimmed === '') return null;
  const vulgar = /^(\d+)? ?([½⅓⅔¼¾⅛])$/.exec(trimmed);
  if (vulgar) return Number(vulgar[1] ?? 0) + (vulgarFractions[vulgar[2] as string] as number);
  const mixed = /^(?:(\d+) )?(\d+)\/(\d+)$/.exec(trimmed);
  if (mixed) {
    const denominator = Number(mixed[3]);
    if (denominator === 0) return null;
    return Number(mixed[1] ?? 0) + Number(mixed[2]) / denominator;
  }
  if (/^\d+([.,]\d+)?$/.test(trimmed)) return Number(trimmed.replace(',', '.'));
  return null;
}

/** Grams per unit of weight, as the diary apps write them ("150.00 g", "1 oz", "0.5 lb"). */
const gramsPerMassUnit: Record<string, number> = {
  g: 1,
  gr: 1,
  gram: 1,
  grams: 1,
  gramo: 1,
  gramos: 1,
  kg: 1000,
  kilogram: 1000,
  kilograms: 1000,
  kilo: 1000,
  kilos: 1000,
  mg: 0.001,
  milligram: 0.001,
  milligrams: 0.001,
  oz: 28.349523125,
  ounce: 28.349523125,
  ounces: 28.349523125,
  onza: 28.349523125,
  onzas: 28.349523125,
  lb: 453.59237,
  lbs: 453.59237,
  pound: 453.59237,
  pounds: 453.59237,
  libra: 453.59237,
  libras: 453.59237,
};

/** Millilitres per unit of volume (US customary, as MyFitnessPal and Cronometer mean them). */
const millilitresPerVolumeUnit: Record<string, number> = {
  ml: 1,
  millilitre: 1,
  milliliter: 1,
  millilitres: 1,
  milliliters: 1,
  mililitro: 1,
  mililitros: 1,
  l: 1000,
  litre: 1000,
  liter: 1000,
  litres: 1000,
  liters: 1000,
  litro: 1000,
  litros: 1000,
  'fl oz': 29.5735295625,
  'fl. oz': 29.5735295625,
  'fluid ounce': 29.5735295625,
  'fluid ounces': 29.5735295625,
};

/** Short and plural spellings of household units, as the names of portions say them. */
const unitSpellings: Record<string, string> = {
  tbsp: 'tablespoon',
  tbs: 'tablespoon',
  tbl: 'tablespoon',
  tablespoons: 'tablespoon',
  cda: 'cucharada',
  cdas: 'cucharada',
  cucharadas: 'cucharada',
  tsp: 'teaspoon',
  teaspoons: 'teaspoon',
  cdta: 'cucharadita',
  cdtas: 'cucharadita',
  cucharaditas: 'cucharadita',
  c: 'cup',
  cups: 'cup',
  tazas: 'taza',
  lg: 'large',
  med: 'medium',
  md: 'medium',
  sm: 'small',
  eggs: 'egg',
  huevos: 'huevo',
  bananas: 'banana',
  apples: 'apple',
  almonds: 'almond',
  potatoes: 'potato',
  onions: 'onion',
  tomatoes: 'tomato',
  carrots: 'carrot',
};

/** An amount as written ("2.00 large", "1 1/2 cup", "150g"): how many and of what (the unit as written, trimmed). */
export function parseAmountText(text: string): { quantity: number; unit: string } | null {
  // Longest forms first: "1 1/2" is not "1" of "1/2", nor "1½" "1" of "½".
  const match = /^\s*(\d*\s?[½⅓⅔¼¾⅛]|\d+ \d+\/\d+|\d+\/\d+|\d+(?:[.,]\d+)?)\s*(.*?)\s*$/.exec(text);
  if (!match) return null;
  const quantity = parseQuantity(match[1] as string);
  return quantity === null ? null : { quantity, unit: (match[2] as string).replace(/\s+/g, ' ') };
}

/** Grams of `quantity` of a unit of weight, or null when the unit is not one ("cup", "large"). */
export function massGrams(quantity: number, unit: string): number | null {
  const factor = gramsPerMassUnit[unit.toLowerCase().replace(/\.$/, '')];
  return factor === undefined ? null : Math.round(quantity * factor * 10) / 10;
}

/** Millilitres of `quantity` of a unit of volume, or null when the unit is not one. */
export function volumeMillilitres(quantity: number, unit: string): number | null {
  const factor = millilitresPerVolumeUnit[unit.toLowerCase().replace(/\.$/, '').replace(/\s+/g, ' ')];
  return factor === undefined ? null : quantity * factor;
}

function unitWords(text: string): string[] {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean)
    .map((word) => unitSpellings[word] ?? word);
}

/**
 * The food's portion a unit names ("large" → "large egg", "egg" → "large egg", "tbsp" → "tablespoon", "taza" →
 * "taza (240 ml)"): the first portion, in the food's own order (its usual unit first), whose English or Spanish name
 * holds every word of the unit. Undefined when none does.
 */
export function findPortion<P extends { name: { en: string; es: string } }>(portions: readonly P[], unit: string): P | undefined {
  const wanted = unitWords(unit);
  if (wanted.length === 0) return undefined;
  const exact = portions.find((portion) => [portion.name.en, portion.name.es].some((name) => name.trim().toLowerCase() === unit.trim().toLowerCase()));
  if (exact) return exact;
  return portions.find((portion) =>
    [portion.name.en, portion.name.es].some((name) => {
      const words = unitWords(name);
      return wanted.every((word) => words.includes(word));
    }),
  );
}

/** Millilitres a portion holds when its name says so ("cup (240 ml)"), else null. */
export function portionMillilitres(name: string): number | null {
  const match = /\((\d+(?:\.\d+)?)\s*ml\)/i.exec(name);
  return match ? Number(match[1]) : null;
}
