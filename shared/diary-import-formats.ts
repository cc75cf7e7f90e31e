/**
 * Which diary file a CSV header belongs to: cita's own diary CSV, a Cronometer servings export, a MyFitnessPal food
 * diary, or MyFitnessPal's Nutrition Summary (meal totals only). Shared by main (which reads the rows) and the
 * renderer (which picks the import path as soon as a file is chosen). Pure: no Node.
 */

export type DiaryFileFormat = 'cita' | 'cronometer' | 'myfitnesspal' | 'myfitnesspal_summary';

/** The other apps' exports cita reads foods from. */
export const appExportFormats = ['cronometer', 'myfitnesspal'] as const;
export type AppExportFormat = (typeof appExportFormats)[number];

/** The app a format comes from, as people name it. */
export const appExportNames: Record<AppExportFormat, string> = { cronometer: 'Cronometer', myfitnesspal: 'MyFitnessPal' };

/** A header cell compared without case, surrounding spaces or a byte-order mark. */
export function headerKey(cell: string): string {
  return cell
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();
}

/**
 * The column names each format reads (lower case), first match wins. Cronometer's servings.csv: Day, Time, Group,
 * Food Name, Amount (quantity and unit in one cell, "2.00 large"; some exports split Unit out), then one column per
 * nutrient and Category. A MyFitnessPal food diary has Date, Meal and a food column (the Printable Diary as a
 * spreadsheet writes "Brand - Food, 1 cup" in it) and the nutrient columns of MyFitnessPal's export (Calories,
 * Fat (g), Sodium (mg)…); its Nutrition Summary has the same columns without the food.
 */
export const formatColumns = {
  cronometer: { date: ['day'], meal: ['group'], name: ['food name'], amount: ['amount'], unit: ['unit'] },
  myfitnesspal: { date: ['date'], meal: ['meal'], name: ['food', 'food name', 'foods', 'item'], amount: ['serving', 'serving size', 'amount', 'quantity'], unit: ['unit', 'units'] },
} as const satisfies Record<AppExportFormat, Record<'date' | 'meal' | 'name' | 'amount' | 'unit', readonly string[]>>;

/** The format a header row names, or null for a file from none of them. */
export function detectDiaryFormat(header: readonly string[]): DiaryFileFormat | null {
  const names = new Set(header.map(headerKey));
  const has = (...columns: string[]) => columns.every((column) => names.has(column));
  if (has('date', 'meal', 'food_code', 'grams')) return 'cita';
  if (has('day', 'group', 'food name', 'amount')) return 'cronometer';
  if (has('date', 'meal', 'calories')) {
    return formatColumns.myfitnesspal.name.some((column) => names.has(column)) ? 'myfitnesspal' : 'myfitnesspal_summary';
  }
  return null;
}

/** The first line of a CSV text split on commas outside quotes: enough to tell the formats apart. */
export function headerCells(text: string): string[] {
  const first =
    text
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\n|\r/)
      .find((line) => line.trim() !== '') ?? '';
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (const character of first) {
    if (character === '"') quoted = !quoted;
    else if (character === ',' && !quoted) {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  cells.push(cell);
  return cells;
}
