import type { Citation, DiaryPlan, DiaryRefusal, Language } from '../../shared/contract.js';
import type { Meal } from '../../shared/contract/diary.js';
import { localizeNumber } from './decimal-format.js';
import type { ContextRow, DiaryContext } from './diary-context.js';
import { listWords } from './plan-sanitizer.js';

/** What a diary composer returns: the prose, its citations, and why it states no figures (if it does not). */
export interface ComposedAnswer {
  answer: string;
  citations: Citation[];
  /** True when the period holds no entries: there is nothing to answer from. */
  empty: boolean;
  refusal?: DiaryRefusal;
}

const mealNames: Record<Language, Record<Meal, string>> = {
  en: { breakfast: 'breakfast', lunch: 'lunch', dinner: 'dinner', snack: 'snack' },
  es: { breakfast: 'desayuno', lunch: 'almuerzo', dinner: 'cena', snack: 'merienda' },
};

/** A meal's name in the answer's language ("dinner", "cena"). */
export function mealName(meal: string, language: Language): string {
  return mealNames[language][meal as Meal] ?? meal;
}

/** " at dinner" / " en la cena" for a plan limited to meals; "" for every meal. */
export function mealsPhrase(meals: readonly string[] | undefined, language: Language): string {
  if (!meals || meals.length === 0) return '';
  const names = meals.map((meal) => mealName(meal, language));
  return language === 'es' ? ` (${listWords(names, 'es')})` : ` (${listWords(names, 'en')} only)`;
}

/** A context cell as the answer writes it: the language's separators, then the unit. */
export function amount(cell: string, unit: string, language: Language): string {
  return `${localizeNumber(cell, language)} ${unit}`;
}

/** A count cell ("14") in the answer's language. */
export function countText(cell: string, language: Language): string {
  return localizeNumber(cell, language);
}

/** "from A to B" / "del A al B", or "on A" / "el A" for one day. */
export function periodWords(from: string, to: string, language: Language): string {
  if (from === to) return language === 'es' ? `el ${from}` : `on ${from}`;
  return language === 'es' ? `del ${from} al ${to}` : `from ${from} to ${to}`;
}

/** Numbers citations "[1]", "[2]"… in the order the answer uses them. */
export function createCiter(): { citations: Citation[]; cite(kind: Citation['kind'], label: string, rows: readonly ContextRow[], date?: string): string } {
  const citations: Citation[] = [];
  return {
    citations,
    cite(kind, label, rows, date) {
      const ref = `[${citations.length + 1}]`;
      citations.push({ ref, kind, label, context_lines: rows.map((row) => row.line).sort((left, right) => left - right), ...(date ? { date } : {}) });
      return ref;
    },
  };
}

/** The rows of one context section, in context order. */
export function section(context: DiaryContext, name: ContextRow['section']): ContextRow[] {
  return context.rows.filter((row) => row.section === name);
}

/**
 * The answer when a period holds no entries: an empty diary is told how to fill it (the Diary screen's Day tab or
 * its CSV import), a diary with entries elsewhere is told where they are (the first and last day, from the context).
 */
export function emptyAnswer(plan: DiaryPlan, context: DiaryContext, language: Language): ComposedAnswer {
  const es = language === 'es';
  const { citations, cite } = createCiter();
  const range = section(context, 'diary')[0];
  const meals = mealsPhrase(plan.meals, language);
  if (range && range.cells.entries === '0') {
    return {
      answer: es
        ? 'Su diario todavía no tiene entradas. Registre lo que come en Diario (pestaña Día, «Añadir una entrada») o importe un CSV (pestaña Importar CSV), y vuelva a preguntar.'
        : 'Your diary has no entries yet. Log what you eat in Diary (Day tab, "Add an entry") or import a CSV (Import CSV tab), then ask again.',
      citations,
      empty: true,
      refusal: 'empty_diary',
    };
  }
  const nothing = es
    ? `Su diario no tiene entradas${meals} ${periodWords(plan.date_from, plan.date_to, 'es')}.`
    : `Your diary has no entries${meals} ${periodWords(plan.date_from, plan.date_to, 'en')}.`;
  const where =
    range && range.cells.first_date && range.cells.last_date
      ? es
        ? ` Tiene entradas del ${range.cells.first_date} al ${range.cells.last_date} ${cite('diary-day', 'diario', [range])}.`
        : ` It has entries from ${range.cells.first_date} to ${range.cells.last_date} ${cite('diary-day', 'diary', [range])}.`
      : '';
  return { answer: `${nothing}${where}`, citations, empty: true, refusal: 'no_entries' };
}
