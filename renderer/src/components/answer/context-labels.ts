import type { Language } from '../../i18n';
import { formatDay, formatNumber, nutrientDefinition, nutrientLabel } from '../../i18n/format';
import { nutrients } from '../../../../shared/nutrients';

/**
 * The diary context is CSV written for the grounding check (`sodium_mg`, `2026-11-28`, `8868.8`); these turn its
 * section titles, column names and cells into what a person reads, in the screen's language. The text the answer
 * was checked against stays available as it is (each row keeps its line number).
 */
type Translate = (key: string, options?: Record<string, unknown>) => string;

const sectionKeys = new Set([
  'period',
  'periods',
  'diary',
  'daily_totals',
  'daily_targets',
  'summary',
  'target_days',
  'food_totals',
  'foods',
  'comparison',
  'meals',
  'tracked_nutrients',
  'asked',
  'invalid_dates',
]);
const columnKeys = new Set([
  'period',
  'date_from',
  'date_to',
  'days',
  'days_with_entries',
  'first_date',
  'last_date',
  'entries',
  'date',
  'statistic',
  'nutrient',
  'days_with_target',
  'days_over_target',
  'days_under_target',
  'item',
  'grams',
  'meal',
  'first_from',
  'first_to',
  'second_from',
  'second_to',
  'today',
  'key',
  'label_en',
  'label_es',
  'unit',
]);
const dateColumns = new Set(['date', 'date_from', 'date_to', 'first_date', 'last_date', 'first_from', 'first_to', 'second_from', 'second_to', 'today']);
const statistics = new Set(['total', 'daily_average', 'total_difference', 'daily_average_difference']);

/** "Daily totals" for "daily_totals"; "Meals: lunch only (…)" keeps what follows the colon. */
export function sectionLabel(title: string, t: Translate): string {
  const [name = title, ...rest] = title.split(':');
  if (!sectionKeys.has(name.trim())) return title;
  const label = t(`answer.sections.${name.trim()}`);
  return rest.length > 0 ? `${label}:${rest.join(':')}` : label;
}

/** The nutrient a column holds ("sodium_mg" → sodium), if it is one. */
function nutrientColumn(name: string): string | undefined {
  return nutrients.find((nutrient) => name === nutrient.key || name === `${nutrient.key}_${nutrient.unit.toLowerCase()}`)?.key;
}

/** "Sodium (mg)" for "sodium_mg", "Day" for "date"; an unknown name is shown as it is. */
export function columnLabel(name: string, language: Language, t: Translate): string {
  const nutrient = nutrientColumn(name);
  if (nutrient) {
    const unit = nutrientDefinition(nutrient)?.unit ?? '';
    const label = nutrientLabel(nutrient, language);
    return label.includes(`(${unit})`) ? label : `${label} (${unit})`;
  }
  return columnKeys.has(name) ? t(`answer.columns.${name}`) : name;
}

/** A cell as the reader's locale writes it: dates long-form, numbers with their separators, known words translated. */
export function cellText(column: string, value: string, language: Language, t: Translate): string {
  if (value === '') return '—';
  if (dateColumns.has(column)) return formatDay(value, language);
  if (column === 'statistic' && statistics.has(value)) return t(`answer.statistics.${value}`);
  if (column === 'nutrient' && nutrientDefinition(value)) return nutrientLabel(value, language);
  if (column === 'meal' && ['breakfast', 'lunch', 'dinner', 'snack'].includes(value)) return t(`diary.meals.${value}`);
  if (/^-?\d+(\.\d+)?$/.test(value) && column !== 'item') return formatNumber(Number(value), language, 1);
  return value;
}
