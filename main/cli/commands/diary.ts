import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { DiaryDay, DiaryEntry, DiaryImport, Portion } from '../../../shared/contract.js';
import { maxImportCharacters } from '../../../shared/contract/diary.js';
import { detectDiaryFormat, headerCells } from '../../../shared/diary-import-formats.js';
import { isNutrientKey, targetKindOf } from '../../../shared/nutrients.js';
import { findPortion, parseAmountText } from '../../../shared/portions.js';
import { formatDecimal } from '../../answer/decimal-format.js';
import { AppError } from '../../core/errors.js';
import { callOperation } from '../call.js';
import { UsageError, type Command, type CommandContext } from '../command.js';
import { appImportOptions, runAppImport } from './diary-app-import.js';

function numberFlag(context: CommandContext, name: string): number {
  const raw = context.values[name];
  if (typeof raw !== 'string') throw new UsageError(`--${name} is required`);
  if (!/^\d+(?:\.\d+)?$/.test(raw.trim())) throw new UsageError(`--${name} must be a number such as 91 or 12.5 (got "${raw.slice(0, 40)}")`);
  return Number(raw);
}

function profileOf(context: CommandContext): { profile?: string } {
  const profile = context.values.profile;
  return typeof profile === 'string' ? { profile } : {};
}

function describeEntry(entry: DiaryEntry): string {
  const sodium = entry.nutrients.sodium;
  const energy = entry.nutrients.energy_kcal;
  const food = entry.food.brand ? `${entry.food.name} (${entry.food.brand})` : entry.food.name;
  const figures = [energy !== null ? `${formatDecimal(energy)} kcal` : null, sodium !== null ? `${formatDecimal(sodium)} mg sodium` : null].filter(Boolean).join(', ');
  const unit = entry.portion ? ` (${formatDecimal(entry.portion.quantity)} × ${entry.portion.name.en})` : '';
  return `#${entry.id} ${entry.date} ${entry.meal}: ${food}, ${formatDecimal(entry.grams)} g${unit}${figures ? ` (${figures})` : ''}`;
}

/**
 * The portion `--portion` names for a food: "large egg", "egg", "tbsp", or with its quantity, "2 egg"; `--quantity`
 * gives the quantity instead. A unit the food does not have is a usage error naming the units it has.
 */
async function portionOf(context: CommandContext, food: string, text: string): Promise<{ id: number; quantity: number }> {
  const written = parseAmountText(text);
  const unit = written ? written.unit : text.trim();
  const quantityFlag = context.values.quantity;
  if (written && quantityFlag !== undefined) throw new UsageError('give the quantity once: either --portion "2 egg" or --portion egg --quantity 2');
  const quantity = written ? written.quantity : quantityFlag === undefined ? 1 : numberFlag(context, 'quantity');
  if (unit === '') throw new UsageError(`--portion needs a unit of the food, e.g. --portion "large egg" (got "${text.slice(0, 40)}")`);
  const portions = (await callOperation(context, 'foods.portions', { code: food, ...profileOf(context) })) as Portion[];
  const portion = findPortion(portions, unit);
  if (!portion) {
    const known = portions.map((candidate) => `"${candidate.name.en}"`).join(', ');
    throw new UsageError(`food ${food} has no unit "${unit.slice(0, 40)}"${known ? `; its units: ${known}` : '; it has none yet, so give --grams (or define one with foods.portions.add)'}`);
  }
  return { id: portion.id, quantity };
}

/** `cita diary add`: one entry, in grams or in a household unit of the food. */
export const diaryAddCommand: Command = {
  words: ['diary', 'add'],
  summary: 'Log a food (by code) for a meal of a day in a profile\'s diary, in grams or household units (--portion "2 large egg")',
  usage: 'cita diary add --date YYYY-MM-DD --meal breakfast|lunch|dinner|snack --food CODE (--grams G | --portion UNIT [--quantity N]) [--profile P] [--json]',
  options: {
    date: { type: 'string' },
    meal: { type: 'string' },
    food: { type: 'string' },
    grams: { type: 'string' },
    portion: { type: 'string' },
    quantity: { type: 'string' },
    profile: { type: 'string' },
  },
  async run(context) {
    const { date, meal, food, grams, portion } = context.values;
    if (date === undefined) throw new UsageError('--date is required (YYYY-MM-DD)');
    if (meal === undefined) throw new UsageError('--meal is required (breakfast, lunch, dinner or snack)');
    if (food === undefined) throw new UsageError('--food is required (a food code, e.g. A015 or U12)');
    if (typeof food !== 'string') throw new UsageError('--food takes one food code');
    if (grams !== undefined && portion !== undefined) throw new UsageError('give either --grams or --portion, not both');
    if (portion === undefined && context.values.quantity !== undefined) throw new UsageError('--quantity goes with --portion (e.g. --portion "large egg" --quantity 2)');
    const amount = typeof portion === 'string' ? { portion: await portionOf(context, food, portion) } : { grams: numberFlag(context, 'grams') };
    const entry = (await callOperation(context, 'diary.add', { date, meal, food, ...amount, ...profileOf(context) })) as DiaryEntry;
    context.print(entry, `added ${describeEntry(entry)}`);
    return 0;
  },
};

/** Reads an import file as UTF-8, refusing other encodings (a Windows-1252 "Plátano" would import as "Pl�tano"). */
function readImportFile(file: string): string {
  const path = resolve(file);
  let bytes: Buffer;
  try {
    if (statSync(path).size > maxImportCharacters * 4) throw new AppError('payload_too_large', `${path} is too large to import (at most about ${maxImportCharacters} characters).`);
    bytes = readFileSync(path);
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('invalid_input', `Cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}.`);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError('invalid_input', `${path} is not UTF-8 text (save it as "CSV UTF-8" and import it again); nothing was imported.`);
  }
}

/** `cita diary import FILE`: cita's own diary CSV, or a Cronometer or MyFitnessPal export matched to the catalog; all or nothing. */
export const diaryImportCommand: Command = {
  words: ['diary', 'import'],
  summary: "Import diary entries from cita's CSV (date,meal,food_code,grams) or a Cronometer / MyFitnessPal export (foods matched to the catalog, previewed, then --confirm): all or nothing",
  // One line: the CLI repeats the usage in one-line usage errors. It documents the CSV formats for --help.
  usage:
    'cita diary import FILE [--dry-run] [--allow-repeat] [--confirm] [--accept-weak] [--exclude LINE,…] [--match LINE=CODE] [--grams LINE=G] [--profile P] [--json]  ·  ' +
    "FILE: UTF-8 CSV (RFC 4180). cita's own: header date,meal,food_code,grams in any order; " +
    'date YYYY-MM-DD (2000-01-01..2099-12-31); meal breakfast|lunch|dinner|snack (or desayuno|almuerzo|comida|cena|merienda); ' +
    'food_code an IFCT code (A015) or one of the profile\'s own foods (U12; UP12 with the diary on PostgreSQL); grams > 0 and <= 5000 (12.5); optional portion,quantity (a household unit of the food, "large egg",2). Example lines: "date,meal,food_code,grams" then ' +
    '"2026-07-02,lunch,A015,80". Every bad line is reported with its number and nothing is written unless all are valid; --dry-run only checks; a file already imported is refused unless --allow-repeat.  ·  ' +
    'A Cronometer servings.csv (Day,Time,Group,Food Name,Amount,…) or a MyFitnessPal food diary (Date,Meal,Food,…,Calories,…): each food name is matched to the catalog with the foods search and ' +
    'its amount read as grams or a household unit; without --confirm only the preview is printed (each row → food, relevance, grams); --confirm imports every row or none: ' +
    'a weak match needs --accept-weak or --match LINE=CODE, a row without a match --match or --exclude LINE, an amount without a weight (1 serving) --grams LINE=G.',
  options: { 'dry-run': { type: 'boolean' }, 'allow-repeat': { type: 'boolean' }, profile: { type: 'string' }, ...appImportOptions },
  async run(context) {
    const file = context.positionals[0];
    if (file === undefined) throw new UsageError('the CSV FILE is required (see "cita diary import --help")');
    if (context.positionals.length > 1) throw new UsageError('one FILE at a time');
    const csv = readImportFile(file);
    const format = detectDiaryFormat(headerCells(csv));
    if (format !== 'cita') return runAppImport(context, csv, profileOf(context));
    const appOnly = Object.keys(appImportOptions).filter((name) => context.values[name] !== undefined);
    if (appOnly.length > 0) throw new UsageError(`--${appOnly[0]} is for Cronometer and MyFitnessPal exports; this file is cita's own diary CSV`);
    const result = (await callOperation(
      context,
      'diary.import',
      {
        csv,
        dry_run: context.values['dry-run'] === true,
        allow_repeat: context.values['allow-repeat'] === true,
        ...profileOf(context),
      },
      { fromFile: ['csv'] },
    )) as DiaryImport;
    const span = result.date_from ? ` from ${result.date_from} to ${result.date_to}` : '';
    context.print(result, result.dry_run ? `dry run: ${result.rows} valid rows${span}; nothing written` : `imported ${result.added} entries${span}`);
    return 0;
  },
};

/** `cita diary day`: one day, by meal, with totals and targets. */
export const diaryDayCommand: Command = {
  words: ['diary', 'day'],
  summary: "Show one day of a profile's diary with its totals and targets",
  usage: 'cita diary day --date YYYY-MM-DD [--profile P] [--json]',
  options: { date: { type: 'string' }, profile: { type: 'string' } },
  async run(context) {
    const { date } = context.values;
    if (date === undefined) throw new UsageError('--date is required (YYYY-MM-DD)');
    const day = (await callOperation(context, 'diary.day', { date, ...profileOf(context) })) as DiaryDay;
    const lines = [`${day.profile} · ${day.date} · ${day.totals.entries} entries`];
    for (const meal of day.meals) for (const entry of meal.entries) lines.push(`  ${describeEntry(entry)}`);
    for (const [key, value] of Object.entries(day.totals.nutrients)) {
      if (value === null) continue;
      const target = day.targets[key as keyof typeof day.targets];
      lines.push(`  total ${key}: ${formatDecimal(value)}${target !== null && target !== undefined ? ` ${targetNote(key, value, target)}` : ''}`);
    }
    context.print(day, lines.join('\n'));
    return 0;
  },
};

/** `cita diary target`: a daily target for a nutrient from a day on. */
export const diaryTargetCommand: Command = {
  words: ['diary', 'target'],
  summary: 'Set a daily target for a nutrient from a day on (it applies until the next target of that nutrient)',
  usage: 'cita diary target --nutrient KEY --amount A --from YYYY-MM-DD [--profile P] [--json]',
  options: { nutrient: { type: 'string' }, amount: { type: 'string' }, from: { type: 'string' }, profile: { type: 'string' } },
  async run(context) {
    const { nutrient, from } = context.values;
    if (nutrient === undefined) throw new UsageError('--nutrient is required (e.g. sodium, protein, energy_kcal)');
    if (from === undefined) throw new UsageError('--from is required (YYYY-MM-DD)');
    const target = (await callOperation(context, 'diary.targets.set', { nutrient, amount: numberFlag(context, 'amount'), effective_from: from, ...profileOf(context) })) as {
      profile: string;
      nutrient: string;
      amount: number;
      effective_from: string;
    };
    context.print(target, `${target.profile}: ${target.nutrient} target ${formatDecimal(target.amount)} from ${target.effective_from}`);
    return 0;
  },
};

/** "(target 55.0)" for a goal; "(limit 17.0)" or "(limit 17.0, 6.7 over)" for a limit (sodium, free sugars, saturated fat). */
function targetNote(key: string, value: number, target: number): string {
  if (!isNutrientKey(key) || targetKindOf(key) === 'goal') return `(target ${formatDecimal(target)})`;
  return value > target ? `(limit ${formatDecimal(target)}, ${formatDecimal(value - target)} over)` : `(limit ${formatDecimal(target)})`;
}
