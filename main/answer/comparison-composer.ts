import type { DiaryPlan, Language } from '../../shared/contract.js';
import { nutrientOf, type NutrientKey } from '../../shared/nutrients.js';
import { amount, countText, createCiter, emptyAnswer, mealsPhrase, section, type ComposedAnswer } from './answer-writing.js';
import { nutrientColumn, type ContextRow, type DiaryContext } from './diary-context.js';

/** A period as a comparison names it: "A to B" / "del A al B", or one day. */
export function span(from: string, to: string, language: Language): string {
  if (from === to) return language === 'es' ? `el ${from}` : from;
  return language === 'es' ? `del ${from} al ${to}` : `${from} to ${to}`;
}

/** A period as the subject of a Spanish phrase: "periodo del A al B", "día 2026-11-30". */
export function spanishPeriod(from: string, to: string): string {
  return from === to ? `día ${from}` : `periodo del ${from} al ${to}`;
}

/** The text with its first letter in capitals. */
export function capitalized(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
}

/**
 * A comparison of two periods, per asked nutrient: each period's total and daily average (per day with entries)
 * side by side, then the difference of the daily averages and of the totals, first minus second, in words ("higher",
 * "lower") so no sign is lost. Every figure is a context cell; each clause names its period's dates.
 */
export function composeComparison(plan: DiaryPlan, context: DiaryContext, language: Language): ComposedAnswer {
  const es = language === 'es';
  const periods = section(context, 'periods');
  const [first, second] = periods as [ContextRow | undefined, ContextRow | undefined];
  if (!first || !second || (first.cells.days_with_entries === '0' && second.cells.days_with_entries === '0')) {
    return emptyAnswer(plan, context, language);
  }
  const { citations, cite } = createCiter();
  const summary = section(context, 'summary');
  const differences = section(context, 'comparison');
  const meals = mealsPhrase(plan.meals, language);
  const firstSpan = es ? spanishPeriod(first.cells.date_from as string, first.cells.date_to as string) : span(first.cells.date_from as string, first.cells.date_to as string, language);
  const secondSpan = es ? spanishPeriod(second.cells.date_from as string, second.cells.date_to as string) : span(second.cells.date_from as string, second.cells.date_to as string, language);

  const paragraphs: string[] = [];
  for (const key of plan.nutrients as NutrientKey[]) {
    const nutrient = nutrientOf(key);
    const column = nutrientColumn(key);
    const value = (cell: string): string => amount(cell.replace(/^-/, ''), nutrient.unit, language);
    const lines = [es ? `${nutrient.labels.es}${meals}: ${firstSpan} frente al ${secondSpan}.` : `${nutrient.labels.en}${meals}: ${firstSpan} compared with ${secondSpan}.`];
    for (const period of [first, second]) {
      const rows = summary.filter((row) => row.cells.date_from === period.cells.date_from && row.cells.date_to === period.cells.date_to);
      const total = rows.find((row) => row.cells.statistic === 'total');
      const average = rows.find((row) => row.cells.statistic === 'daily_average');
      const periodText = es
        ? capitalized(spanishPeriod(period.cells.date_from as string, period.cells.date_to as string))
        : span(period.cells.date_from as string, period.cells.date_to as string, language);
      const withEntries = countText(period.cells.days_with_entries as string, language);
      if (!total?.cells[column] || !average?.cells[column]) {
        lines.push(
          es
            ? `• ${periodText}: sin valores medidos (${withEntries} días con entradas) ${cite('diary-day', periodText, [period])}.`
            : `• ${periodText}: no measured values (${withEntries} days with entries) ${cite('diary-day', periodText, [period])}.`,
        );
        continue;
      }
      if (period.cells.date_from === period.cells.date_to) {
        // One day: its total is its average; saying both would repeat a figure.
        lines.push(`• ${periodText}: total ${value(total.cells[column])} ${cite('diary-day', periodText, [total, period])}.`);
        continue;
      }
      const days = es ? `${withEntries} ${withEntries === '1' ? 'día' : 'días'} con entradas` : `${withEntries} ${withEntries === '1' ? 'day' : 'days'} with entries`;
      lines.push(
        es
          ? `• ${periodText}: total ${value(total.cells[column])}, promedio ${value(average.cells[column])} por día con entradas (${days}) ${cite('diary-day', periodText, [total, average, period])}.`
          : `• ${periodText}: total ${value(total.cells[column])}, average ${value(average.cells[column])} per day with entries (${days}) ${cite('diary-day', periodText, [total, average, period])}.`,
      );
    }
    const averageDifference = differences.find((row) => row.cells.statistic === 'daily_average_difference')?.cells[column] ?? '';
    const totalDifference = differences.find((row) => row.cells.statistic === 'total_difference')?.cells[column] ?? '';
    const rows = differences;
    const direction = (cell: string): string => {
      if (/^-?0\.0$/.test(cell)) return es ? 'igual' : 'the same';
      const lower = cell.startsWith('-');
      return es ? `${value(cell)} ${lower ? 'menos' : 'más'}` : `${value(cell)} ${lower ? 'lower' : 'higher'}`;
    };
    const singleDays = first.cells.date_from === first.cells.date_to && second.cells.date_from === second.cells.date_to;
    if (singleDays && totalDifference !== '') {
      lines.push(
        es
          ? `• Diferencia, ${firstSpan} frente al ${secondSpan}: total ${direction(totalDifference)} ${cite('diary-day', 'diferencia', rows)}.`
          : `• Difference, ${firstSpan} against ${secondSpan}: total ${direction(totalDifference)} ${cite('diary-day', 'difference', rows)}.`,
      );
    } else if (averageDifference !== '' && totalDifference !== '') {
      lines.push(
        es
          ? `• Diferencia, ${firstSpan} frente al ${secondSpan}: promedio diario ${direction(averageDifference)}; total ${direction(totalDifference)} ${cite('diary-day', 'diferencia', rows)}.`
          : `• Difference, ${firstSpan} against ${secondSpan}: daily average ${direction(averageDifference)}; total ${direction(totalDifference)} ${cite('diary-day', 'difference', rows)}.`,
      );
    }
    paragraphs.push(lines.join('\n'));
  }
  return { answer: paragraphs.join('\n\n'), citations, empty: false };
}
