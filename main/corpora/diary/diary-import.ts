import { createHash } from 'node:crypto';
import { diaryDateBounds, maxEntryGrams, meals, type Meal } from '../../../shared/contract/diary.js';
import { splitCsvLine } from '../../answer/csv-line.js';
import { isCalendarDate } from '../../answer/calendar.js';
import { findPortion, portionGrams, parseQuantity } from '../../../shared/portions.js';
import type { VisibleFoods } from '../foods/foods-store.js';
import type { NewEntry } from './diary-repository.js';

/** The columns of a diary CSV, in any order, all required. */
export const importColumns = ['date', 'meal', 'food_code', 'grams'] as const;
/** Columns a diary CSV may add: the household unit an entry was logged in (its name) and how many. */
export const optionalImportColumns = ['portion', 'quantity'] as const;
type Column = (typeof importColumns)[number] | (typeof optionalImportColumns)[number];

/** Finds a food's household unit by name for a profile: the unit's id and weight, or undefined. */
export type PortionLookup = (foodCode: string, name: string) => { id: number; grams: number } | undefined;

/** The lookup of a profile's units (shipped and its own) by their English or Spanish name. */
export function portionFinder(visible: Pick<VisibleFoods, 'portionsOf'>): PortionLookup {
  return (foodCode, name) => {
    const found = findPortion(
      visible.portionsOf(foodCode).map((row) => ({ ...row, name: { en: row.name_en, es: row.name_es } })),
      name,
    );
    return found ? { id: found.id, grams: found.grams } : undefined;
  };
}
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
  colación: 'snack',
  tentempie: 'snack',
  tentempié: 'snack',
  refrigerio: 'snack',
};

/** One RFC 4180 record on one line: plain cells, or quoted cells with doubled quotes. */
const wellFormedLine = /^(?:"(?:[^"]|"")*"|[^",]*)(?:,(?:"(?:[^"]|"")*"|[^",]*))*$/;

export type ImportParse = { ok: true; entries: NewEntry[] } | { ok: false; errors: string[]; errorCount: number };

/** Reads a diary CSV one physical line at a time, so a file of any length is checked without holding it. */
export interface DiaryLineReader {
  /** Reads line `number` (1-based): the first non-blank line is the header; returns the entry a valid data row stands for. */
  read(line: string, number: number): NewEntry | undefined;
  /** Whether a header was read, data rows read, the first errors (with their line numbers) and how many there were. */
  summary(): { header: number | null; rows: number; errors: string[]; errorCount: number };
}

/**
 * Checks a diary CSV (header date,meal,food_code,grams) for one profile line by line. Every line is checked — an
 * existing date within the diary's bounds and not after `latest`, a meal, a food code the profile may see, grams > 0
 * and at most 5000 — and every problem is recorded with its line number. `maxRows` bounds the data rows.
 */
export function createDiaryLineReader(profile: string, foodId: (code: string) => number | undefined, options: { latest?: string; maxRows?: number; portion?: PortionLookup } = {}): DiaryLineReader {
  const latest = options.latest ?? diaryDateBounds.latest;
  const maxRows = options.maxRows ?? maxImportRows;
  const errors: string[] = [];
  let errorCount = 0;
  let header: string[] | null = null;
  let headerLine: number | null = null;
  let rows = 0;
  let tooMany = false;
  const fail = (line: number, message: string): void => {
    errorCount += 1;
    if (errors.length < maxReportedErrors) errors.push(`line ${line}: ${message}`);
  };
  const column = (name: Column) => (header as string[]).indexOf(name);
  const known: readonly string[] = [...importColumns, ...optionalImportColumns];

  function readHeader(text: string, number: number): void {
    headerLine = number;
    const names = wellFormedLine.test(text) ? splitCsvLine(text).map((cell) => cell.value.trim().toLowerCase()) : [];
    const unknown = names.filter((name) => !known.includes(name));
    const missing = importColumns.filter((name) => !names.includes(name));
    if (unknown.length > 0 || missing.length > 0 || new Set(names).size !== names.length) {
      const problems = [...(missing.length > 0 ? [`missing ${missing.join(', ')}`] : []), ...(unknown.length > 0 ? [`unknown ${unknown.map((name) => `"${name.slice(0, 40)}"`).join(', ')}`] : [])];
      fail(number, `the header must name the columns date,meal,food_code,grams, and may add portion,quantity (${problems.join('; ') || 'a column is repeated'})`);
      header = [];
      return;
    }
    header = names;
  }

  function readRow(line: string, number: number): NewEntry | undefined {
    rows += 1;
    if (rows > maxRows) {
      if (!tooMany) fail(number, `too many rows: at most ${maxRows} per import`);
      tooMany = true;
      return undefined;
    }
    if (!wellFormedLine.test(line)) {
      fail(number, 'malformed CSV (a quote is not closed or a quoted value is followed by text)');
      return undefined;
    }
    const cells = splitCsvLine(line).map((cell) => cell.value.trim());
    if (cells.length !== (header as string[]).length) {
      fail(number, `expected ${(header as string[]).length} values, found ${cells.length}`);
      return undefined;
    }
    const date = cells[column('date')] as string;
    const mealText = (cells[column('meal')] as string).toLowerCase();
    const code = cells[column('food_code')] as string;
    const gramsText = cells[column('grams')] as string;
    const problems: string[] = [];

    if (!isCalendarDate(date)) problems.push(`date must be a day that exists, written YYYY-MM-DD (got "${(cells[column('date')] as string).slice(0, 40)}")`);
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
    const unit = column('portion') === -1 ? '' : (cells[column('portion')] as string);
    const quantityText = column('quantity') === -1 ? '' : (cells[column('quantity')] as string);
    let portion: NewEntry['portion'];
    if (unit !== '' || quantityText !== '') {
      const quantity = parseQuantity(quantityText);
      const found = unit === '' || id === undefined ? undefined : options.portion?.(code, unit);
      if (unit === '' || quantity === null || quantity <= 0)
        problems.push(`portion and quantity go together: a unit of the food and how many (got "${unit.slice(0, 40)}", "${quantityText.slice(0, 40)}")`);
      else if (id !== undefined && !found) problems.push(`food "${code.slice(0, 80)}" has no household unit "${unit.slice(0, 80)}" for profile "${profile}"`);
      else if (found && Number.isFinite(grams) && Math.abs(portionGrams(quantity, found.grams) - grams) > 0.1) {
        problems.push(`grams ${gramsText} are not ${quantityText} × ${unit.slice(0, 80)} (${portionGrams(quantity, found.grams)} g)`);
      } else if (found) portion = { id: found.id, quantity };
    }
    if (problems.length > 0) {
      fail(number, problems.join('; '));
      return undefined;
    }
    return { profile, date, meal: meal as Meal, foodId: id as number, grams, ...(portion ? { portion } : {}) };
  }

  return {
    read(line, number) {
      const text = number === 1 ? line.replace(/^\uFEFF/, '') : line;
      if (text.trim() === '') return undefined;
      if (header === null) {
        readHeader(text, number);
        return undefined;
      }
      // A header that failed is reported once; the rows under it cannot be read.
      if (header.length === 0) return undefined;
      return readRow(text, number);
    },
    summary: () => ({ header: headerLine, rows, errors: [...errors], errorCount }),
  };
}

/**
 * Reads and validates a whole diary CSV for one profile (see createDiaryLineReader); nothing is returned to write
 * unless every line passes.
 */
export function parseDiaryCsv(text: string, profile: string, foodId: (code: string) => number | undefined, latest: string = diaryDateBounds.latest, portion?: PortionLookup): ImportParse {
  const reader = createDiaryLineReader(profile, foodId, { latest, ...(portion ? { portion } : {}) });
  const entries: NewEntry[] = [];
  const lines = text.split(/\r\n|\n|\r/);
  for (let index = 0; index < lines.length; index += 1) {
    const entry = reader.read(lines[index] as string, index + 1);
    if (entry) entries.push(entry);
    // Past the row limit nothing more is read (the error says so once).
    if (reader.summary().rows > maxImportRows) break;
  }
  const { header, errors, errorCount } = reader.summary();
  if (header === null) return { ok: false, errors: ['line 1: the file is empty; expected a header "date,meal,food_code,grams"'], errorCount: 1 };
  if (errorCount > 0) return { ok: false, errors, errorCount };
  if (entries.length === 0) return { ok: false, errors: [`line ${header}: the file has a header but no rows`], errorCount: 1 };
  return { ok: true, entries };
}

/**
 * A digest of diary rows that ignores how the CSV was written: line endings, blank lines, row order, column order,
 * meal aliases and number spelling give the same digest for the same entries (a multiset hash: the sum, modulo
 * 2^256, of each row's SHA-256). The repeat-import guard compares it.
 */
export function createEntriesDigest(): { add(entry: NewEntry): void; hex(): string } {
  const modulus = 1n << 256n;
  let sum = 0n;
  return {
    add(entry) {
      const row = createHash('sha256')
        .update(`${entry.date}|${entry.meal}|${entry.foodId}|${String(entry.grams)}`)
        .digest('hex');
      sum = (sum + BigInt(`0x${row}`)) % modulus;
    },
    hex: () => sum.toString(16).padStart(64, '0'),
  };
}
