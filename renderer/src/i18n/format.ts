import { nutrients, type NutrientDefinition, type NutrientKey } from '../../../shared/nutrients';
import type { Language } from './index';

/** A number as people of `language` write it, with at most `maxDigits` decimals. */
export function formatNumber(value: number, language: Language, maxDigits = 1): string {
  return new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: maxDigits }).format(value);
}

/**
 * A calendar day (YYYY-MM-DD) as people of `language` write it, "19 Nov 2026" / "19 nov 2026"; anything else as it is,
 * a day that does not exist ("2026-02-31", which Date would roll into March) included.
 */
export function formatDay(iso: string, language: Language): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return iso;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso) return iso;
  return new Intl.DateTimeFormat(language === 'es' ? 'es-ES' : 'en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** Every calendar day (YYYY-MM-DD) in a text written as people of `language` write it; the rest of the text as it is. */
export function formatDaysIn(text: string, language: Language): string {
  return text.replace(/\b\d{4}-\d{2}-\d{2}\b/g, (day) => formatDay(day, language));
}

/** The nutrient's definition from the one registry. */
export function nutrientDefinition(key: string): NutrientDefinition | undefined {
  return (nutrients as readonly NutrientDefinition[]).find((nutrient) => nutrient.key === key);
}

/** The nutrient's label in `language`; an unknown key is shown as it is. */
export function nutrientLabel(key: string, language: Language): string {
  return nutrientDefinition(key)?.labels[language] ?? key;
}

/** The nutrient's label with its unit, "Sodium (mg)"; a label that already names its unit ("Energy (kJ)") keeps one. */
export function nutrientLabelWithUnit(key: string, language: Language): string {
  const label = nutrientLabel(key, language);
  const unit = nutrientDefinition(key)?.unit;
  return !unit || label.includes(`(${unit})`) ? label : `${label} (${unit})`;
}

/**
 * A nutrient amount with its unit, e.g. "1,234.5 mg". `precise` keeps the source's decimals (a food's
 * composition); otherwise totals are rounded as a person reads them (one decimal below 100, none above).
 */
export function formatAmount(value: number, key: string, language: Language, precise = false): string {
  const unit = nutrientDefinition(key)?.unit ?? '';
  const digits = precise ? (Math.abs(value) < 100 ? 2 : 1) : Math.abs(value) < 100 ? 1 : 0;
  return `${formatNumber(value, language, digits)} ${unit}`.trim();
}

/** The UI language from i18next's current language string. */
export function asLanguage(language: string | undefined): Language {
  return language?.startsWith('es') ? 'es' : 'en';
}

/** The nutrient keys in registry order. */
export const nutrientOrder: readonly NutrientKey[] = nutrients.map((nutrient) => nutrient.key);
