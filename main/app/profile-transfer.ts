import { existsSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { operations, profileIdSchema } from '../../shared/contract.js';
import { nutrientKeys } from '../../shared/nutrients.js';
import type { Result } from '../../shared/result.js';
import { createProfileDataRepository } from '../db/repositories/profile-data-repository.js';
import type { Services } from './bootstrap.js';
import { AppError } from './errors.js';

/** The files of a profile export; `diary.csv` is exactly what `cita diary import` reads. */
export const exportFiles = { foods: 'foods.csv', diary: 'diary.csv', targets: 'targets.csv' } as const;

const foodColumns = ['code', 'name', 'brand', ...nutrientKeys] as const;
const diaryColumns = ['date', 'meal', 'food_code', 'grams'] as const;
const targetColumns = ['nutrient', 'amount', 'effective_from'] as const;
/** Largest export file read back (diary.import has its own, smaller, limit). */
const maxFileBytes = 20 * 1024 * 1024;
const maxFoodRows = 10_000;
const maxTargetRows = 10_000;

export interface TransferCounts {
  profile: string;
  directory: string;
  foods: number;
  diary: number;
  targets: number;
}

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a formula; such text cells get a
 * leading apostrophe in the export (OWASP's advice) and lose it again on import.
 */
function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

function restoreFormula(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\n') + '\n';
}

/** Writes a file readable by its owner only, under its final name only once it is complete. */
function writePrivate(file: string, text: string): void {
  const partial = `${file}.partial`;
  writeFileSync(partial, text, { mode: 0o600 });
  renameSync(partial, file);
}

/** Writes a profile's own foods, diary entries and targets as CSV files into `directory` (created 0700 if needed). */
export function exportProfile(services: Pick<Services, 'db' | 'profiles'>, profile: string, directory: string): TransferCounts {
  if (!services.profiles.exists(profile)) throw new AppError('not_found', `There is no profile "${profile}".`);
  const clashes = Object.values(exportFiles).filter((name) => existsSync(join(directory, name)));
  if (clashes.length > 0) throw new AppError('conflict', `${directory} already holds ${clashes.join(', ')}; choose an empty directory (nothing was overwritten).`);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  const repository = createProfileDataRepository(services.db);
  // One read transaction: the three files describe the same moment.
  const { foods, entries, targets } = services.db.transaction(() => ({
    foods: repository.ownFoods(profile),
    entries: repository.entries(profile),
    targets: repository.targets(profile),
  }))();
  writePrivate(
    join(directory, exportFiles.foods),
    csvText(foodColumns, foods.map((food) => [food.code, neutraliseFormula(food.name), neutraliseFormula(food.brand), ...nutrientKeys.map((key) => food.nutrients[key])])),
  );
  writePrivate(join(directory, exportFiles.diary), csvText(diaryColumns, entries.map((entry) => [entry.date, entry.meal, entry.food_code, entry.grams])));
  writePrivate(join(directory, exportFiles.targets), csvText(targetColumns, targets.map((target) => [target.nutrient, target.amount, target.effective_from])));
  return { profile, directory, foods: foods.length, diary: entries.length, targets: targets.length };
}

interface CsvTable {
  file: string;
  header: string[];
  /** Records with their 1-based line number in the file. */
  rows: Array<{ line: number; cells: Record<string, string> }>;
}

function readCsv(file: string, required: readonly string[], allowed: readonly string[], maxRows: number): CsvTable | null {
  if (!existsSync(file)) return null;
  if (statSync(file).size > maxFileBytes) throw new AppError('payload_too_large', `${file} is larger than ${maxFileBytes} bytes.`);
  let records: Array<{ record: string[]; info: { lines: number } }>;
  try {
    const text = readFileSync(file, 'utf8').replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
    records = parse(text, { info: true, skip_empty_lines: true, relax_column_count: false }) as unknown as Array<{ record: string[]; info: { lines: number } }>;
  } catch (error) {
    throw new AppError('invalid_input', `${file} is not valid CSV: ${(error as Error).message.split('\n')[0]}. Nothing was imported.`);
  }
  const [head, ...body] = records;
  const header = (head?.record ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = required.filter((column) => !header.includes(column));
  const unknown = header.filter((column) => !allowed.includes(column));
  if (missing.length > 0 || unknown.length > 0 || new Set(header).size !== header.length) {
    throw new AppError(
      'invalid_input',
      `${file}: the header must name ${required.join(', ')}${allowed.length > required.length ? ` (and may name ${allowed.filter((c) => !required.includes(c)).join(', ')})` : ''}` +
        `${missing.length ? `; missing ${missing.join(', ')}` : ''}${unknown.length ? `; unknown ${unknown.join(', ')}` : ''}. Nothing was imported.`,
    );
  }
  if (body.length > maxRows) throw new AppError('invalid_input', `${file} has ${body.length} rows; at most ${maxRows} are imported at once. Nothing was imported.`);
  return {
    file,
    header,
    rows: body.map(({ record, info }) => ({ line: info.lines, cells: Object.fromEntries(header.map((column, index) => [column, record[index] ?? ''])) })),
  };
}

/** A number cell: null when empty, NaN when not a plain decimal (the schema then names the field). */
function numberCell(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+(?:\.\d+)?(?:e[+-]?\d+)?$/i.test(trimmed) ? Number(trimmed) : Number.NaN;
}

function problemsOf(file: string, line: number, result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }): string[] {
  return result.success ? [] : (result.error?.issues ?? []).map((issue) => `${file} line ${line}: ${issue.path.map(String).join('.') || 'row'}: ${issue.message}`);
}

function unwrap<T>(result: Result<T>, where: string): T {
  if (!result.ok) throw new AppError(result.error.code, `${where}: ${result.error.message} Nothing was imported.`, result.error.details);
  return result.value;
}

/**
 * Reads an export (foods.csv, diary.csv, targets.csv; each optional) into a new or empty profile, all or nothing:
 * every food and target row is checked against the contract before anything is written, then foods, diary and
 * targets are written through the same operations the app uses, inside one transaction that is rolled back on
 * any error. Own foods get new codes; the diary's references to them follow. Meant for the CLI, which exits
 * afterwards: a rolled-back import leaves in-memory keyword entries behind that the next start does not rebuild.
 */
export async function importProfile(services: Services, profileInput: string, directory: string, options: { name?: string } = {}): Promise<TransferCounts> {
  const profile = profileIdSchema.safeParse(profileInput);
  if (!profile.success) throw new AppError('invalid_input', `profile: ${profile.error.issues[0]?.message}`);
  const id = profile.data;
  if (!existsSync(directory) || !statSync(directory).isDirectory()) throw new AppError('not_found', `There is no directory ${directory}.`);

  const foods = readCsv(join(directory, exportFiles.foods), ['code', 'name'], foodColumns, maxFoodRows);
  const diaryFile = join(directory, exportFiles.diary);
  const diary = existsSync(diaryFile) ? readFileSync(diaryFile, 'utf8') : null;
  const targets = readCsv(join(directory, exportFiles.targets), targetColumns, targetColumns, maxTargetRows);
  if (!foods && diary === null && !targets) throw new AppError('invalid_input', `${directory} holds none of ${Object.values(exportFiles).join(', ')}.`);

  const problems: string[] = [];
  const foodInputs = (foods?.rows ?? []).map(({ line, cells }) => {
    const per100g: Record<string, unknown> = {};
    for (const key of nutrientKeys) {
      const value = numberCell(cells[key] ?? '');
      if (value !== null) per100g[key] = value;
    }
    const input = { profile: id, name: restoreFormula(cells.name ?? ''), brand: restoreFormula(cells.brand ?? ''), per100g };
    problems.push(...problemsOf(exportFiles.foods, line, operations['foods.add'].input.safeParse(input)));
    return { line, code: (cells.code ?? '').trim(), input };
  });
  const codes = new Set<string>();
  for (const food of foodInputs) {
    if (food.code === '') problems.push(`${exportFiles.foods} line ${food.line}: code is empty`);
    else if (codes.has(food.code)) problems.push(`${exportFiles.foods} line ${food.line}: code ${food.code} appears twice`);
    codes.add(food.code);
  }
  const targetInputs = (targets?.rows ?? []).map(({ line, cells }) => {
    const input = { profile: id, nutrient: (cells.nutrient ?? '').trim(), amount: numberCell(cells.amount ?? '') ?? Number.NaN, effective_from: (cells.effective_from ?? '').trim() };
    problems.push(...problemsOf(exportFiles.targets, line, operations['diary.targets.set'].input.safeParse(input)));
    return { line, input };
  });
  if (problems.length > 0) {
    throw new AppError('invalid_input', `The export in ${directory} has ${problems.length} problem${problems.length > 1 ? 's' : ''}; nothing was imported.`, problems.slice(0, 50));
  }

  const repository = createProfileDataRepository(services.db);
  if (services.profiles.exists(id)) {
    const owned = repository.counts(id);
    if (owned.foods + owned.entries + owned.targets > 0) {
      throw new AppError('conflict', `Profile "${id}" already has data (${owned.foods} foods, ${owned.entries} diary entries, ${owned.targets} targets); import into a new or empty profile.`);
    }
  }

  const editor = { transport: 'cli' as const, role: 'editor' as const };
  const newCodes = new Map<string, string>();
  services.db.exec('BEGIN IMMEDIATE');
  try {
    services.profiles.ensure(id, options.name ?? id);
    for (const food of foodInputs) {
      const added = unwrap(await services.dispatcher.call('foods.add', food.input, editor), `${exportFiles.foods} line ${food.line}`) as { code: string };
      newCodes.set(food.code, added.code);
    }
    let diaryRows = 0;
    if (diary !== null && diary.trim() !== '') {
      const remapped = remapDiaryCodes(diary, newCodes);
      diaryRows = (unwrap(await services.dispatcher.call('diary.import', { profile: id, csv: remapped }, editor), exportFiles.diary) as { added: number }).added;
    }
    for (const target of targetInputs) unwrap(await services.dispatcher.call('diary.targets.set', target.input, editor), `${exportFiles.targets} line ${target.line}`);
    services.db.exec('COMMIT');
    return { profile: id, directory, foods: foodInputs.length, diary: diaryRows, targets: targetInputs.length };
  } catch (error) {
    if (services.db.inTransaction) services.db.exec('ROLLBACK');
    throw error;
  }
}

/** The diary CSV with the food codes of exported own foods replaced by their new codes (shared codes stay). */
function remapDiaryCodes(text: string, newCodes: ReadonlyMap<string, string>): string {
  let records: string[][];
  try {
    records = parse(text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n'), { skip_empty_lines: true, relax_column_count: true }) as string[][];
  } catch (error) {
    throw new AppError('invalid_input', `${exportFiles.diary} is not valid CSV: ${(error as Error).message.split('\n')[0]}. Nothing was imported.`);
  }
  const [header, ...rows] = records;
  const codeColumn = (header ?? []).map((cell) => cell.trim().toLowerCase()).indexOf('food_code');
  const remapped = rows.map((row) => row.map((cell, index) => (index === codeColumn ? (newCodes.get(cell.trim()) ?? cell) : cell)));
  return [header ?? [], ...remapped].map((row) => row.map((cell) => csvCell(cell)).join(',')).join('\n') + '\n';
}
