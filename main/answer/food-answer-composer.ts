import type { DiaryPlan, Language } from '../../shared/contract.js';
import type { NutrientKey } from '../../shared/nutrients.js';
import { countText, createCiter, mealName, mealsPhrase, periodWords, section, type ComposedAnswer } from './answer-writing.js';
import type { ContextRow, DiaryContext } from './diary-context.js';
import { figuresOf, maxListedEntries } from './entry-list-composer.js';
import { listWords } from './plan-sanitizer.js';

const mealOrder: Record<string, number> = { breakfast: 1, lunch: 2, dinner: 3, snack: 4 };

/** The phrases a question named, quoted as the answer's language quotes ("eggs" and "milk", «huevos» y «leche»). */
export function quoted(phrases: readonly string[], language: Language): string {
  return listWords(
    phrases.map((phrase) => (language === 'es' ? `«${phrase}»` : `"${phrase}"`)),
    language,
  );
}

/**
 * "How much paneer did I eat this week?": each food the named words matched, with its entries, grams and energy
 * (and the nutrients asked) over the period, then its entries one by one (when there are at most 80 of them in
 * all). A named food with no entry in the period is said to have none, as named, and how cita matched it (by the
 * words of a food's name, not by kinds of food); when no named food has an entry, that is the whole answer and it
 * states no figures (`no_food_entries`).
 */
export function composeFoodAnswer(plan: DiaryPlan, context: DiaryContext, language: Language): ComposedAnswer {
  const es = language === 'es';
  const { citations, cite } = createCiter();
  const nutrients = [...new Set<NutrientKey>(['energy_kcal', ...(plan.nutrients as NutrientKey[])])];
  const when = periodWords(plan.date_from, plan.date_to, language);
  const meals = mealsPhrase(plan.meals, language);
  const named = context.namedFoods ?? (plan.foods ?? []).map((phrase) => ({ phrase, items: [] }));
  const unmatched = named.filter((food) => food.items.length === 0).map((food) => food.phrase);
  const totals = section(context, 'food_totals');
  const entries = section(context, 'foods');

  const noneSentence =
    unmatched.length === 0
      ? ''
      : es
        ? `Ninguna entrada${meals} ${when} es de un alimento cuyo nombre diga ${quoted(unmatched, 'es')}.`
        : `No entry${meals} ${when} is of a food whose name says ${quoted(unmatched, 'en')}.`;
  if (totals.length === 0) return { answer: `${noneSentence} ${howFoodsAreFound(language)}`, citations, empty: true, refusal: 'no_food_entries' };

  const lines: string[] = [];
  const listEach = entries.length <= maxListedEntries && (context.entryCount ?? entries.length) === entries.length;
  for (const food of totals) {
    const item = food.cells.item as string;
    const count = countText(food.cells.entries as string, language);
    const times = es ? `${count} ${count === '1' ? 'entrada' : 'entradas'}` : `${count} ${count === '1' ? 'entry' : 'entries'}`;
    lines.push(
      es
        ? `${item}${meals} ${when}: ${times}, ${figuresOf(food, nutrients, language)} en total ${cite('diary-entry', item, [food])}.`
        : `${item}${meals} ${when}: ${times}, ${figuresOf(food, nutrients, language)} in total ${cite('diary-entry', item, [food])}.`,
    );
    if (!listEach) continue;
    const own = entries
      .filter((entry) => entry.cells.item === item)
      .sort(
        (left: ContextRow, right: ContextRow) =>
          String(left.cells.date).localeCompare(String(right.cells.date)) || (mealOrder[String(left.cells.meal)] ?? 9) - (mealOrder[String(right.cells.meal)] ?? 9) || left.line - right.line,
      );
    for (const entry of own) {
      const date = entry.cells.date as string;
      lines.push(`• ${date}, ${mealName(entry.cells.meal as string, language)}: ${item} (${figuresOf(entry, nutrients, language)}) ${cite('diary-entry', `${item}, ${date}`, [entry], date)}.`);
    }
  }
  if (!listEach) {
    lines.push(
      es
        ? `Son demasiadas entradas para leerlas una a una; pregunte por un periodo más corto para verlas todas.`
        : `There are too many entries to read one by one; ask about a shorter period to see each of them.`,
    );
  }
  if (noneSentence !== '') lines.push(noneSentence);
  return { answer: lines.join('\n'), citations, empty: false };
}

/** How cita matched the named foods: said when none of them has an entry. */
export function howFoodsAreFound(language: Language): string {
  return language === 'es'
    ? 'cita busca los alimentos por las palabras de su nombre (en español o en inglés); no los agrupa por tipo, como fruta o verdura. Vea el día en Diario para comprobarlo.'
    : 'cita finds foods by the words of their names (in English or Spanish); it does not group them by kind, such as fruit or vegetables. See the day in Diary to check.';
}
