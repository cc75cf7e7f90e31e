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
