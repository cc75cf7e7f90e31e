import { parse } from 'csv-parse/sync';
import { meals, type Meal } from '../../../shared/contract/diary.js';
import { appExportNames, detectDiaryFormat, formatColumns, headerKey, type AppExportFormat } from '../../../shared/diary-import-formats.js';
import { isCalendarDate } from '../../answer/calendar.js';

/** One food row of another app's export, as written there (nothing matched yet). */
export interface ExportRow {
  /** The line of the file the row starts on (the header is line 1). */
  line: number;
  date: string;
  /** The meal it maps to; null when the cell is empty. */
  meal: Meal | null;
  /** The meal as the app named it ("Snacks", "Uncategorized"). */
  mealWritten: string;
  /** The food as the app named it, brand and all. */
  name: string;
  /** The amount as the app wrote it ("2.00 large", "1 cup"). */
  amount: string;
  /** What is wrong with the row itself (its date, its food cell), before any matching. */
  problems: string[];
}

export type ExportRead = { ok: true; format: AppExportFormat; rows: ExportRow[] } | { ok: false; message: string; details: string[] };

/** Most food rows one import reads (a year of a detailed diary is about 5 000). */
export const maxExportRows = 20_000;

/** Meal and group names of both apps (and Spanish ones) → cita's meals; any other group becomes a snack. */
const mealNames: Record<string, Meal> = {
  breakfast: 'breakfast',
  lunch: 'lunch',
  dinner: 'dinner',
  snack: 'snack',
  snacks: 'snack',
  supper: 'dinner',
  desayuno: 'breakfast',
  almuerzo: 'lunch',
  comida: 'lunch',
  cena: 'dinner',
  merienda: 'snack',
  tentempié: 'snack',
  tentempie: 'snack',
};

function mealOf(written: string): Meal | null {
  const key = written.trim().toLowerCase();
  if (key === '') return null;
  return mealNames[key] ?? ((meals as readonly string[]).includes(key) ? (key as Meal) : 'snack');
}

/** "Quaker - Old Fashioned Oats, 0.5 cup" (MyFitnessPal's Printable Diary): the food and the amount after its last comma. */
function splitMyFitnessPalFood(cell: string): { name: string; amount: string } {
  const match = /^(.*),\s*(\d[^,]*)$/.exec(cell.trim());
  return match ? { name: (match[1] as string).trim(), amount: (match[2] as string).trim() } : { name: cell.trim(), amount: '' };
}

function columnIndex(header: readonly string[], names: readonly string[]): number {
  for (const name of names) {
    const index = header.indexOf(name);
    if (index !== -1) return index;
  }
  return -1;
}

/**
 * Reads the food rows of a Cronometer servings export or a MyFitnessPal food diary. The file must be one of them
 * (the header says which); MyFitnessPal's Nutrition Summary is refused with the reason, since it names no food.
 * Rows whose food cell is empty (Cronometer's water or notes) are skipped, not errors.
 */
export function readExportRows(text: string): ExportRead {
  const body = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (body.trim() === '') return { ok: false, message: 'The file is empty: expected a Cronometer servings export or a MyFitnessPal food diary.', details: [] };
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    // With info and raw, csv-parse returns {record, raw, info} objects; its typings only describe plain records.
    records = parse(body, { info: true, raw: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    return { ok: false, message: `The file is not valid CSV${lines ? ` (line ${lines})` : ''}: ${(error as Error).message}`, details: [] };
  }
  const [headerRecord, ...data] = records;
  const header = (headerRecord?.record ?? []).map(headerKey);
  const format = detectDiaryFormat(header);
  if (format === 'cita') return { ok: false, message: "This is cita's own diary CSV (date,meal,food_code,grams): import it as it is, without matching.", details: [] };
  if (format === 'myfitnesspal_summary') {
    return {
      ok: false,
      message:
        "This is MyFitnessPal's Nutrition Summary: it holds each meal's totals, not the foods eaten, so there is nothing to match to the catalog. " +
        'Export the food diary instead (Reports → Printable Diary, saved as a spreadsheet with Date, Meal and Food columns).',
      details: [],
    };
  }
  if (format === null) {
    return {
      ok: false,
      message:
        `This file is from neither Cronometer nor MyFitnessPal: its header is "${header.join(',').slice(0, 120)}". ` +
        "Expected cita's diary CSV (date,meal,food_code,grams), a Cronometer servings export (Day,Time,Group,Food Name,Amount,…) or a MyFitnessPal food diary (Date,Meal,Food,…,Calories,…).",
      details: [],
    };
  }
  if (data.length > maxExportRows) return { ok: false, message: `The file has ${data.length} rows; at most ${maxExportRows} are imported at once. Export a shorter period.`, details: [] };
  const columns = formatColumns[format];
  const at = {
    date: columnIndex(header, columns.date),
    meal: columnIndex(header, columns.meal),
    name: columnIndex(header, columns.name),
    amount: columnIndex(header, columns.amount),
    unit: columnIndex(header, columns.unit),
  };
  const rows: ExportRow[] = [];
  for (const { record, raw, info } of data) {
    // csv-parse reports the line a record ends on; a quoted value may span lines, and skipped blank lines lead `raw`.
    const line = info.lines - (raw.replace(/^\n+/, '').replace(/\n$/, '').match(/\n/g)?.length ?? 0);
    const cell = (index: number) => (index === -1 ? '' : (record[index] ?? '').trim());
    const foodCell = cell(at.name);
    if (foodCell === '') continue;
    let name = foodCell;
    let amount = [cell(at.amount), cell(at.unit)].filter(Boolean).join(' ');
    if (format === 'myfitnesspal' && amount === '') ({ name, amount } = splitMyFitnessPalFood(foodCell));
    const date = cell(at.date);
    const mealWritten = cell(at.meal);
    const problems: string[] = [];
    if (!isCalendarDate(date)) problems.push(`the date must be a day written YYYY-MM-DD (got "${cell(at.date).slice(0, 40)}")`);
    const meal = mealOf(mealWritten);
    if (meal === null) problems.push('the meal is empty');
    if (amount === '') problems.push(`the amount is empty (${appExportNames[format]} writes it as "2.00 large" or "150 g")`);
    rows.push({ line, date, meal, mealWritten, name: name.slice(0, 200), amount: amount.slice(0, 80), problems });
  }
  if (rows.length === 0) return { ok: false, message: 'The file has a header but no food rows.', details: [] };
  return { ok: true, format, rows };
}
