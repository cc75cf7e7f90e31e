import type { DiaryPlan, Language } from '../../shared/contract.js';
import { nutrientOf, targetKindOf, type NutrientKey } from '../../shared/nutrients.js';
import { amount, countText, createCiter, emptyAnswer, mealsPhrase, section as sectionOf, type ComposedAnswer } from './answer-writing.js';
import { composeComparison } from './comparison-composer.js';
import { composeFoodComparison } from './food-comparison-composer.js';
import { nutrientColumn, type ContextRow, type DiaryContext } from './diary-context.js';
import { composeFoodAnswer } from './food-answer-composer.js';
import { composeEntryList } from './entry-list-composer.js';

export type { ComposedAnswer } from './answer-writing.js';

/** How many entries and foods the answer names per nutrient. */
const topCount = 3;

interface Phrases {
  intro(label: string, from: string, to: string, days: string, withEntries: string): string;
  introDay(label: string, date: string): string;
  largestEntries: string;
  entry(item: string, grams: string, value: string, date: string): string;
  largestFoods: string;
  food(item: string, value: string, entries: string, grams: string): string;
  totals(total: string, average: string): string;
  total(total: string): string;
  highestDay(date: string, value: string): string;
  lowestDay(date: string, value: string): string;
  targetFrom(value: string, date: string): string;
  /** `kind`: a goal to reach (protein) or a limit to stay under (sodium, free sugars, saturated fat). */
  targetFirst(value: string, date: string, kind: TargetKind): string;
  targetDays(over: string, under: string, withTarget: string, kind: TargetKind): string;
  noneMeasured(label: string): string;
  /** Citation labels. */
  targetLabel: Record<TargetKind, string>;
  targetDaysLabel: Record<TargetKind, string>;
}

type TargetKind = 'goal' | 'limit';

const english: Phrases = {
  intro: (label, from, to, days, withEntries) => `${label} from ${from} to ${to} (${days} ${days === '1' ? 'day' : 'days'}, entries on ${withEntries} of them):`,
  introDay: (label, date) => `${label} on ${date}:`,
  largestEntries: 'Largest single entries, one per food',
  entry: (item, grams, value, date) => `${item}, ${grams} with ${value} on ${date}`,
  largestFoods: 'Foods with the most over the period',
  food: (item, value, entries, grams) => `${item}, ${value} in ${entries} ${entries === '1' ? 'entry' : 'entries'} (${grams})`,
  totals: (total, average) => `Total ${total}; average ${average} per day with entries`,
  total: (total) => `Total ${total}`,
  highestDay: (date, value) => `Highest day: ${date} with ${value}`,
  lowestDay: (date, value) => `lowest: ${date} with ${value}`,
  targetFrom: (value, date) => `${value} from ${date}`,
  targetFirst: (value, date, kind) => `Daily ${kind === 'limit' ? 'limit' : 'target'} ${value} from ${date}`,
  targetDays: (over, under, withTarget, kind) =>
    `The day's total was above it on ${over} ${over === '1' ? 'day' : 'days'} and below it on ${under}, of ${withTarget} ${withTarget === '1' ? 'day' : 'days'} with a ${kind === 'limit' ? 'limit' : 'target'}`,
  noneMeasured: (label) => `${label}: no measured values in this period.`,
  targetLabel: { goal: 'target', limit: 'limit' },
  targetDaysLabel: { goal: 'days over and under target', limit: 'days over and under the limit' },
};

const spanish: Phrases = {
  intro: (label, from, to, days, withEntries) => `${label} del ${from} al ${to} (${days} ${days === '1' ? 'día' : 'días'}, con entradas en ${withEntries} de ellos):`,
  introDay: (label, date) => `${label} el ${date}:`,
  largestEntries: 'Entradas con más aporte, una por alimento',
  entry: (item, grams, value, date) => `${item}, ${grams} con ${value} el ${date}`,
  largestFoods: 'Alimentos con más aporte en el periodo',
  food: (item, value, entries, grams) => `${item}, ${value} en ${entries} ${entries === '1' ? 'entrada' : 'entradas'} (${grams})`,
  totals: (total, average) => `Total ${total}; promedio de ${average} por día con entradas`,
  total: (total) => `Total ${total}`,
  highestDay: (date, value) => `Día más alto: ${date} con ${value}`,
  lowestDay: (date, value) => `más bajo: ${date} con ${value}`,
  targetFrom: (value, date) => `${value} desde el ${date}`,
  targetFirst: (value, date, kind) => `${kind === 'limit' ? 'Límite diario' : 'Meta diaria'} ${value} desde el ${date}`,
  targetDays: (over, under, withTarget, kind) =>
    `El total del día ${kind === 'limit' ? 'lo' : 'la'} superó en ${over} ${over === '1' ? 'día' : 'días'} y quedó por debajo en ${under}, de ${withTarget} ${withTarget === '1' ? 'día' : 'días'} con ${kind === 'limit' ? 'límite' : 'meta'}`,
  noneMeasured: (label) => `${label}: sin valores medidos en este periodo.`,
  targetLabel: { goal: 'meta', limit: 'límite' },
  targetDaysLabel: { goal: 'días por encima y por debajo de la meta', limit: 'días por encima y por debajo del límite' },
};

function numeric(text: string | undefined): number | null {
  if (text === undefined || text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** Rows of a section with a value in `column`, largest first (ties by line, so the order is stable). */
function largestBy(rows: readonly ContextRow[], column: string): ContextRow[] {
  return rows.filter((row) => numeric(row.cells[column]) !== null).sort((left, right) => (numeric(right.cells[column]) as number) - (numeric(left.cells[column]) as number) || left.line - right.line);
}

/**
 * The offline answer: composed from the context rows only, in the answer's language and its number format (every
 * figure is a context cell with only its separators localized: "1273.5" is "1,273.5" in English and "1273,5" in
 * Spanish). A comparison shows both periods side by side and the difference; "what did I eat" lists every entry;
 * otherwise it names the largest entries and foods of each asked nutrient (with detail), the period's total and
 * daily average, the highest and lowest day, and the target and days over and under it — describing, never
 * prescribing. Each clause names the food or day its figures belong to (the attribution check reads that). An empty
 * period says where the diary's entries are, or, for an empty diary, how to log or import them.
 */
export function composeDiaryAnswer(plan: DiaryPlan, context: DiaryContext, language: Language): ComposedAnswer {
  if (plan.compare_to) return (plan.foods ?? []).length > 0 ? composeFoodComparison(plan, context, language) : composeComparison(plan, context, language);
  const period = sectionOf(context, 'period')[0];
  const days = sectionOf(context, 'daily_totals');
  if (!period || days.length === 0) return emptyAnswer(plan, context, language);
  if ((plan.foods ?? []).length > 0) return composeFoodAnswer(plan, context, language);
  if (plan.list_entries) return composeEntryList(plan, context, language);

  const phrases = language === 'es' ? spanish : english;
  const section = (name: ContextRow['section']) => sectionOf(context, name);
  const { citations, cite } = createCiter();

  const paragraphs: string[] = [];
  for (const key of plan.nutrients as NutrientKey[]) {
    const nutrient = nutrientOf(key);
    const label = `${nutrient.labels[language]}${mealsPhrase(plan.meals, language)}`;
    const column = nutrientColumn(key);
    const withUnit = (text: string): string => amount(text, nutrient.unit, language);
    const grams = (text: string): string => amount(text, 'g', language);
    const lines: string[] = [
      period.cells.date_from === period.cells.date_to
        ? phrases.introDay(label, period.cells.date_from as string)
        : phrases.intro(
            label,
            period.cells.date_from as string,
            period.cells.date_to as string,
            countText(period.cells.days as string, language),
            countText(period.cells.days_with_entries as string, language),
          ),
    ];

    const measuredDays = largestBy(days, column);
    if (measuredDays.length === 0) {
      paragraphs.push(phrases.noneMeasured(label));
      continue;
    }

    if (plan.need_detail) {
      // Each food once, by its largest entry: three different foods say more than one food three times.
      const entries = largestBy(section('foods'), column)
        .filter((row, index, rows) => rows.findIndex((other) => other.cells.item === row.cells.item) === index)
        .slice(0, topCount);
      if (entries.length > 0) {
        const named = entries.map((row) => {
          const item = row.cells.item as string;
          const date = row.cells.date as string;
          return `${phrases.entry(item, grams(row.cells.grams as string), withUnit(row.cells[column] as string), date)} ${cite('diary-entry', `${item}, ${date}`, [row], date)}`;
        });
        lines.push(`• ${phrases.largestEntries}: ${named.join('; ')}.`);
      }
      const foods = largestBy(section('food_totals'), column).slice(0, topCount);
      if (foods.length > 0) {
        const named = foods.map((row) => {
          const item = row.cells.item as string;
          return `${phrases.food(item, withUnit(row.cells[column] as string), countText(row.cells.entries as string, language), grams(row.cells.grams as string))} ${cite('diary-entry', item, [row])}`;
        });
        lines.push(`• ${phrases.largestFoods}: ${named.join('; ')}.`);
      }
    }

    const summary = section('summary');
    const total = summary.find((row) => row.cells.statistic === 'total');
    const average = summary.find((row) => row.cells.statistic === 'daily_average');
    const highest = measuredDays[0] as ContextRow;
    const lowest = measuredDays[measuredDays.length - 1] as ContextRow;
    if (measuredDays.length === 1) {
      // One day with entries: its total is the whole story (an average or a "highest day" would repeat it).
      lines.push(
        `• ${phrases.total(withUnit(highest.cells[column] as string))} ${periodDay(highest.cells.date as string, language)} ${cite('diary-day', highest.cells.date as string, [highest], highest.cells.date)}.`,
      );
    } else {
      let totals = '';
      if (total?.cells[column] && average?.cells[column]) {
        totals = `${phrases.totals(withUnit(total.cells[column]), withUnit(average.cells[column]))} ${cite('diary-day', `${label}: ${plan.date_from} – ${plan.date_to}`, [total, average])}. `;
      }
      const extremes =
        `${phrases.highestDay(highest.cells.date as string, withUnit(highest.cells[column] as string))} ${cite('diary-day', highest.cells.date as string, [highest], highest.cells.date)}; ` +
        `${phrases.lowestDay(lowest.cells.date as string, withUnit(lowest.cells[column] as string))} ${cite('diary-day', lowest.cells.date as string, [lowest], lowest.cells.date)}.`;
      lines.push(`• ${totals}${extremes}`);
    }

    const targetRows = section('daily_targets').filter((row) => (row.cells[column] ?? '') !== '');
    const targetDays = section('target_days').find((row) => row.cells.nutrient === key);
    if (targetRows.length > 0) {
      const kind = targetKindOf(key);
      // Each target value with the first day it is in force, each its own clause, so each figure names its day.
      const changes = targetRows.filter((row, index) => index === 0 || row.cells[column] !== targetRows[index - 1]?.cells[column]);
      const described = changes
        .map((row, index) => {
          const text =
            index === 0
              ? phrases.targetFirst(withUnit(row.cells[column] as string), row.cells.date as string, kind)
              : phrases.targetFrom(withUnit(row.cells[column] as string), row.cells.date as string);
          return `${text} ${cite('diary-day', `${label}: ${phrases.targetLabel[kind]} ${row.cells.date as string}`, [row], row.cells.date)}`;
        })
        .join('; ');
      let sentence = `${described}.`;
      if (targetDays) {
        sentence += ` ${phrases.targetDays(countText(targetDays.cells.days_over_target as string, language), countText(targetDays.cells.days_under_target as string, language), countText(targetDays.cells.days_with_target as string, language), kind)} ${cite('diary-day', `${label}: ${phrases.targetDaysLabel[kind]}`, [targetDays])}.`;
      }
      lines.push(`• ${sentence}`);
    }
    paragraphs.push(lines.join('\n'));
  }
  return { answer: paragraphs.join('\n\n'), citations, empty: false };
}

/** "on 2026-11-14" / "el 2026-11-14": the day a one-day total belongs to. */
function periodDay(date: string, language: Language): string {
  return language === 'es' ? `el ${date}` : `on ${date}`;
}
