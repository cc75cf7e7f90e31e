import type { DiaryPlan, Language } from '../../shared/contract.js';
import { nutrientOf, type NutrientKey } from '../../shared/nutrients.js';
import { amount, countText, createCiter, mealName, mealsPhrase, periodWords, section, type ComposedAnswer } from './answer-writing.js';
import { nutrientColumn, type ContextRow, type DiaryContext } from './diary-context.js';

/** Most entries listed one by one; past it (or when the 400-row cap cut the entries), each food is listed once with its totals. */
export const maxListedEntries = 80;

const mealOrder: Record<string, number> = { breakfast: 1, lunch: 2, dinner: 3, snack: 4 };

/** The figures of one row: grams, then each nutrient with its unit (and its name, but for energy). */
export function figuresOf(row: ContextRow, nutrients: readonly NutrientKey[], language: Language): string {
  const parts = [amount(row.cells.grams as string, 'g', language)];
  for (const key of nutrients) {
    const cell = row.cells[nutrientColumn(key)];
    if (cell === undefined || cell === '') continue;
    const nutrient = nutrientOf(key);
    const value = amount(cell, nutrient.unit, language);
    parts.push(key === 'energy_kcal' ? value : language === 'es' ? `${value} de ${nutrient.labels.es.toLowerCase()}` : `${value} ${nutrient.labels.en.toLowerCase()}`);
  }
  return parts.join(', ');
}

/**
 * "What did I eat …": every entry of the period (and meals), by day and meal, each with its grams and the asked
 * nutrients (energy when none), then each day's total. Each line names its day and each entry its food, so every
 * figure stands next to its subject. When the entries are too many to read (more than 80, or cut by the context
 * cap), each food is listed once with its entries, grams and totals instead, and the answer says so.
 */
export function composeEntryList(plan: DiaryPlan, context: DiaryContext, language: Language): ComposedAnswer {
  const es = language === 'es';
  const { citations, cite } = createCiter();
  // Energy always goes with an entry (every food row carries it), then the nutrients asked.
  const nutrients = [...new Set<NutrientKey>(['energy_kcal', ...(plan.nutrients as NutrientKey[])])];
  const period = section(context, 'period')[0] as ContextRow;
  const entries = section(context, 'foods');
  const when = periodWords(plan.date_from, plan.date_to, language);
  const meals = mealsPhrase(plan.meals, language);
  const lines: string[] = [];

  if (entries.length <= maxListedEntries && (context.entryCount ?? entries.length) === entries.length) {
    lines.push(es ? `Lo que registró${meals} ${when}:` : `What you logged${meals} ${when}:`);
    const ordered = [...entries].sort(
      (left, right) =>
        String(left.cells.date).localeCompare(String(right.cells.date)) || (mealOrder[String(left.cells.meal)] ?? 9) - (mealOrder[String(right.cells.meal)] ?? 9) || left.line - right.line,
    );
    const groups = new Map<string, ContextRow[]>();
    for (const row of ordered) {
      const key = `${row.cells.date}|${row.cells.meal}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    for (const rows of groups.values()) {
      const first = rows[0] as ContextRow;
      const named = rows.map(
        (row) => `${row.cells.item as string} (${figuresOf(row, nutrients, language)}) ${cite('diary-entry', `${row.cells.item as string}, ${row.cells.date as string}`, [row], row.cells.date)}`,
      );
      lines.push(`• ${first.cells.date as string}, ${mealName(first.cells.meal as string, language)}: ${named.join('; ')}.`);
    }
  } else {
    lines.push(
      es
        ? `${when.charAt(0).toUpperCase()}${when.slice(1)}${meals} hay entradas en ${countText(period.cells.days_with_entries as string, language)} días; son demasiadas para leerlas una a una, así que cada alimento aparece una vez con sus totales (pregunte por un día para verlas todas):`
        : `${when.charAt(0).toUpperCase()}${when.slice(1)}${meals} there are entries on ${countText(period.cells.days_with_entries as string, language)} days; too many to read one by one, so each food is listed once with its totals (ask about one day to see every entry):`,
    );
    for (const row of section(context, 'food_totals')) {
      const count = countText(row.cells.entries as string, language);
      const times = es ? `${count} ${count === '1' ? 'entrada' : 'entradas'}` : `${count} ${count === '1' ? 'entry' : 'entries'}`;
      lines.push(`• ${row.cells.item as string} (${times}, ${figuresOf(row, nutrients, language)}) ${cite('diary-entry', row.cells.item as string, [row])}.`);
    }
  }

  for (const day of section(context, 'daily_totals')) {
    const totals = nutrients
      .filter((key) => (day.cells[nutrientColumn(key)] ?? '') !== '')
      .map((key) => {
        const nutrient = nutrientOf(key);
        const value = amount(day.cells[nutrientColumn(key)] as string, nutrient.unit, language);
        return key === 'energy_kcal' ? value : es ? `${value} de ${nutrient.labels.es.toLowerCase()}` : `${value} ${nutrient.labels.en.toLowerCase()}`;
      });
    if (totals.length === 0) continue;
    lines.push(
      es
        ? `Total del ${day.cells.date as string}${meals}: ${totals.join(', ')} ${cite('diary-day', day.cells.date as string, [day], day.cells.date)}.`
        : `Total on ${day.cells.date as string}${meals}: ${totals.join(', ')} ${cite('diary-day', day.cells.date as string, [day], day.cells.date)}.`,
    );
  }
  return { answer: lines.join('\n'), citations, empty: false };
}
