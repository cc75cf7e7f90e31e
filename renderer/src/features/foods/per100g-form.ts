import type { Per100g } from '../../../../shared/nutrients';
import { nutrientOrder } from '../../i18n/format';

/** What the nutrient fields of the food form hold: text as typed, by nutrient key. */
export type NutrientFields = Record<string, string>;

/** The fields of a food's nutrients, for editing ("" for a nutrient that was not measured). */
export function fieldsOf(per100g: Partial<Record<string, number>>): NutrientFields {
  return Object.fromEntries(nutrientOrder.map((key) => [key, per100g[key] === undefined ? '' : String(per100g[key])]));
}

/**
 * Reads the typed nutrients: empty means "not measured"; a comma is a decimal separator (Spanish);
 * anything else that is not a number is reported by key so the form can point at it.
 */
export function parseNutrientFields(fields: NutrientFields): { per100g: Per100g; invalid: string[] } {
  const per100g: Record<string, number> = {};
  const invalid: string[] = [];
  for (const key of nutrientOrder) {
    const text = (fields[key] ?? '').trim();
    if (text === '') continue;
    const normalised = text.replace(',', '.');
    const value = /^\d+(\.\d+)?$|^\.\d+$/.test(normalised) ? Number(normalised) : Number.NaN;
    if (Number.isFinite(value)) per100g[key] = value;
    else invalid.push(key);
  }
  return { per100g, invalid };
}
