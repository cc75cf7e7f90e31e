import type { DiaryPlan, Language } from '../../shared/contract.js';
import { nutrientOf, type NutrientKey } from '../../shared/nutrients.js';
import { amount, countText, createCiter, emptyAnswer, mealsPhrase, section, type ComposedAnswer } from './answer-writing.js';
import { capitalized, span, spanishPeriod } from './comparison-composer.js';
import { nutrientColumn, type ContextRow, type DiaryContext } from './diary-context.js';
import { figuresOf } from './entry-list-composer.js';
import { howFoodsAreFound, quoted } from './food-answer-composer.js';

/** "150.0 g less", "12.0 g more protein", "equal in energy": one column of a food's difference row, in words. */
function differenceWords(cell: string, key: NutrientKey | 'grams', language: Language): string {
  const es = language === 'es';
  const nutrient = key === 'grams' ? null : nutrientOf(key);
  const name = nutrient === null ? (es ? 'gramos' : 'grams') : nutrient.labels[language].toLowerCase();
  if (/^-?0\.0$/.test(cell)) return es ? `igual en ${name}` : `equal in ${name}`;
  const value = amount(cell.replace(/^-/, ''), nutrient?.unit ?? 'g', language);
  const more = !cell.startsWith('-');
  if (nutrient === null || key === 'energy_kcal') return `${value} ${es ? (more ? 'más' : 'menos') : more ? 'more' : 'less'}`;
  return es ? `${value} ${more ? 'más' : 'menos'} de ${name}` : `${value} ${more ? 'more' : 'less'} ${name}`;
}

/**
 * "Did I eat more eggs this week than last week?": for each food the named words matched in either period, its
 * entries, grams, energy and asked nutrients in each period (or that it has no entry there), then the difference,
 * first period minus second, in words ("150.0 g less"), when it has entries in both. Each line names the food and
 * the period(s) its figures belong to. A food is one food (name and brand): foods matching one phrase are not summed,
 * as no view holds such a sum. With no entry of any named food in either period, the answer says so and states no
 * figures (`no_food_entries`).
 */
export function composeFoodComparison(plan: DiaryPlan, context: DiaryContext, language: Language): ComposedAnswer {
  const es = language === 'es';
  const [first, second] = section(context, 'periods') as [ContextRow | undefined, ContextRow | undefined];
  if (!first || !second || (first.cells.days_with_entries === '0' && second.cells.days_with_entries === '0')) return emptyAnswer(plan, context, language);
  const { citations, cite } = createCiter();
  const nutrients = [...new Set<NutrientKey>(['energy_kcal', ...(plan.nutrients as NutrientKey[])])];
  const meals = mealsPhrase(plan.meals, language);
  const named = context.namedFoods ?? [];
  const phrases = named.map((food) => food.phrase);
  const unmatched = named.filter((food) => food.items.length === 0).map((food) => food.phrase);
  const totals = section(context, 'food_totals');
  const differences = section(context, 'food_comparison');
  const spanOf = (period: ContextRow): string => span(period.cells.date_from as string, period.cells.date_to as string, language);
  const against = es ? `${spanOf(first)} frente al ${spanishPeriod(second.cells.date_from as string, second.cells.date_to as string)}` : `${spanOf(first)} against ${spanOf(second)}`;

  const noneSentence =
    unmatched.length === 0
      ? ''
      : es
        ? `Ninguna entrada${meals} de los dos periodos es de un alimento cuyo nombre diga ${quoted(unmatched, 'es')}.`
        : `No entry${meals} of either period is of a food whose name says ${quoted(unmatched, 'en')}.`;
  if (totals.length === 0) return { answer: `${noneSentence} ${howFoodsAreFound(language)}`, citations, empty: true, refusal: 'no_food_entries' };

  // The lead says how long each period is: "this month so far" may be 6 days against 30.
  const days = (period: ContextRow): string => {
    if (period.cells.date_from === period.cells.date_to) return '';
    const count = countText(period.cells.days as string, language);
    return es ? ` (${count} días)` : ` (${count} days)`;
  };
  const lead = es
    ? `${spanOf(first)}${days(first)} frente al ${spanishPeriod(second.cells.date_from as string, second.cells.date_to as string)}${days(second)}`
    : `${spanOf(first)}${days(first)} against ${spanOf(second)}${days(second)}`;
  // The periods' lengths stand in a sentence of their own: beside the phrase ("greek yogurt"), which may be a food's
  // whole name, the attribution check would read them as that food's figures.
  const paragraphs: string[] = [
    es
      ? `Alimentos cuyo nombre dice ${quoted(phrases, 'es')}${meals}, en dos periodos.\n${capitalized(lead)}.`
      : `Foods whose name says ${quoted(phrases, 'en')}${meals}, in two periods.\n${capitalized(lead)}.`,
  ];
  const items = [...new Set(totals.map((row) => row.cells.item as string))];
  for (const item of items) {
    const lines: string[] = [];
    for (const period of [first, second]) {
      // Two foods sharing a name each get their line (food_comparison then has no difference for them).
      const rows = totals.filter((total) => total.cells.item === item && total.cells.period === period.cells.period);
      const when = spanOf(period);
      if (rows.length === 0) {
        lines.push(es ? `${item}, ${when}: ninguna entrada ${cite('diary-day', when, [period])}.` : `${item}, ${when}: no entry ${cite('diary-day', when, [period])}.`);
        continue;
      }
      for (const row of rows) {
        const count = countText(row.cells.entries as string, language);
        const times = es ? `${count} ${count === '1' ? 'entrada' : 'entradas'}` : `${count} ${count === '1' ? 'entry' : 'entries'}`;
        lines.push(`${item}, ${when}: ${times}, ${figuresOf(row, nutrients, language)} ${es ? 'en total' : 'in total'} ${cite('diary-entry', `${item}, ${when}`, [row])}.`);
      }
    }
    const difference = differences.find((row) => row.cells.item === item);
    if (difference) {
      const words = [differenceWords(difference.cells.grams as string, 'grams', language)];
      for (const key of nutrients) {
        const cell = difference.cells[nutrientColumn(key)];
        if (cell !== undefined && cell !== '') words.push(differenceWords(cell, key, language));
      }
      lines.push(`${item}, ${against}: ${words.join(', ')} ${cite('diary-entry', `${item}: ${es ? 'diferencia' : 'difference'}`, [difference])}.`);
    }
    paragraphs.push(lines.join('\n'));
  }
  if (noneSentence !== '') paragraphs.push(noneSentence);
  return { answer: paragraphs.join('\n\n'), citations, empty: false };
}
