import { diaryDateBounds, maxEntryGrams, meals, type Meal } from '../../../shared/contract/diary.js';
import { splitCsvLine } from '../../answer/csv-line.js';
import { isCalendarDate } from '../../answer/calendar.js';
import type { NewEntry } from './diary-repository.js';

/** The columns of a diary CSV, in any order, all required. */
export const importColumns = ['date', 'meal', 'food_code', 'grams'] as const;
/** Most data rows one import takes. */
export const maxImportRows = 20_000;
/** Most line errors reported (the rest are counted). */
const maxReportedErrors = 50;

/** Meal names accepted besides the contract's own, so a Spanish diary imports as written. */
const mealAliases: Record<string, Meal> = {
  desayuno: 'breakfast',
  almuerzo: 'lunch',
  comida: 'lunch',
  cena: 'dinner',
  merienda: 'snack',
  colacion: 'snack',
  'colación': 'snack',
  tentempie: 'snack',
  'tentempié': 'snack',
  refrigerio: 'snack',
};

/** One RFC 4180 record on one line: plain cells, or quoted cells with doubled quotes. */
const wellFormedLine = /^(?:"(?:[^"]|"")*"|[^",]*)(?:,(?:"(?:[^"]|"")*"|[^",]*))*$/;

export type ImportParse = { ok: true; entries: NewEntry[] } | { ok: false; errors: string[]; errorCount: number };

/**
 * Reads and validates a diary CSV (header date,meal,food_code,grams) for one profile. Every line is checked
 * — an existing date within the diary's bounds and not after `latest`, a meal, a food code the profile may see,
 * grams > 0 and at most 5000 — and every problem is reported with its line number; nothing is returned to
 * write unless all pass.
 */
export function parseDiaryCsv(
  text: string,
  profile: string,
  foodId: (code: string) => number | undefined,
  latest: string = diaryDateBounds.latest,
): ImportParse {
  const lines = text.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  const errors: string[] = [];
  let errorCount = 0;
  const fail = (line: number, message: string): void => {
    errorCount += 1;
    if (errors.length < maxReportedErrors) errors.push(`line ${line}: ${message}`);
  };

  const headerIndex = lines.findIndex((line) => line.trim() !== '');
  if (headerIndex === -1) return { ok: false, errors: ['line 1: the file is empty; expected a header "date,meal,food_code,grams"'], errorCount: 1 };
  const headerLine = lines[headerIndex] as string;
  const header = wellFormedLine.test(headerLine) ? splitCsvLine(headerLine).map((cell) => cell.value.trim().toLowerCase()) : [];
  const unknown = header.filter((name) => !(importColumns as readonly string[]).includes(name));
  const missing = importColumns.filter((name) => !header.includes(name));
  if (unknown.length > 0 || missing.length > 0 || new Set(header).size !== header.length) {
    const problems = [
      ...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []),
      ...(unknown.length > 0 ? [`unknown ${unknown.map((name) => `"${name.slice(0, 40)}"`).join(', ')}`] : []),
    ];
    return {
      ok: false,
      errors: [`line ${headerIndex + 1}: the header must name the columns date,meal,food_code,grams (${problems.join('; ') || 'a column is repeated'})`],
      errorCount: 1,
    };
  }
  const column = (name: (typeof importColumns)[number]) => header.indexOf(name);

  const entries: NewEntry[] = [];
  let rows = 0;
  for (let index = headerIndex + 1; index < lines.length; index += 1) {
    const line = lines[index] as string;
    const number = index + 1;
    if (line.trim() === '') continue;
    rows += 1;
    if (rows > maxImportRows) {
      fail(number, `too many rows: at most ${maxImportRows} per import`);
      break;
    }
    if (!wellFormedLine.test(line)) {
      fail(number, 'malformed CSV (a quote is not closed or a quoted value is followed by text)');
      continue;
    }
    const cells = splitCsvLine(line).map((cell) => cell.value.trim());
    if (cells.length !== header.length) {
      fail(number, `expected ${header.length} values, found ${cells.length}`);
      continue;
    }
    const date = cells[column('date')] as string;
    const mealText = (cells[column('meal')] as string).toLowerCase();
    const code = cells[column('food_code')] as string;
    const gramsText = cells[column('grams')] as string;
    const problems: string[] = [];

    if (!isCalendarDate(date)) problems.push(`date must be a day that exists, written YYYY-MM-DD (got "${cells[column('date')]?.slice(0, 40)}")`);
    else if (date < diaryDateBounds.earliest || date > diaryDateBounds.latest) {
      problems.push(`date must be between ${diaryDateBounds.earliest} and ${diaryDateBounds.latest} (got ${date})`);
    } else if (date > latest) {
      problems.push(`date ${date} is more than a year in the future`);
    }
    const meal = (meals as readonly string[]).includes(mealText) ? (mealText as Meal) : mealAliases[mealText];
    if (!meal) problems.push(`meal must be one of ${meals.join(', ')} (got "${mealText.slice(0, 40)}")`);
    const id = code === '' ? undefined : foodId(code);
    if (id === undefined) problems.push(code === '' ? 'food_code is empty' : `no food with code "${code.slice(0, 80)}" is visible to profile "${profile}"`);
    const grams = /^\d+(?:[.,]\d+)?$/.test(gramsText) ? Number(gramsText.replace(',', '.')) : Number.NaN;
    if (!(Number.isFinite(grams) && grams > 0 && grams <= maxEntryGrams)) {
      problems.push(`grams must be a number greater than 0 and at most ${maxEntryGrams} (got "${gramsText.slice(0, 40)}")`);
    }
    if (problems.length > 0) {
      fail(number, problems.join('; '));
      continue;
    }
    entries.push({ profile, date, meal: meal as Meal, foodId: id as number, grams });
  }
  if (errorCount > 0) return { ok: false, errors, errorCount };
  if (entries.length === 0) return { ok: false, errors: [`line ${headerIndex + 1}: the file has a header but no rows`], errorCount: 1 };
  return { ok: true, entries };
}
