import type { Database } from 'better-sqlite3';
import { nutrientKeys, type NutrientKey } from '../../../shared/nutrients.js';

export interface OwnFoodRow {
  code: string;
  name: string;
  brand: string;
  /** null = not measured. */
  nutrients: Record<NutrientKey, number | null>;
}

export interface EntryExportRow {
  date: string;
  meal: string;
  food_code: string;
  grams: number;
}

export interface TargetExportRow {
  nutrient: string;
  amount: number;
  effective_from: string;
}

/** What a profile owns, read whole for export and counted for import (foods, diary entries, targets). */
export interface ProfileDataRepository {
  ownFoods(profile: string): OwnFoodRow[];
  entries(profile: string): EntryExportRow[];
  targets(profile: string): TargetExportRow[];
  /** How many rows the profile owns in each table: an import goes only into a profile with none. */
  counts(profile: string): { foods: number; entries: number; targets: number };
}

/** All SQL of profile export and import. */
export function createProfileDataRepository(db: Database): ProfileDataRepository {
  const selectFoods = db.prepare<[string], Record<string, unknown>>(`SELECT code, name, brand, ${nutrientKeys.join(', ')} FROM foods WHERE owner = ? ORDER BY id`);
  const selectEntries = db.prepare<[string], EntryExportRow>(
    `SELECT e.date, e.meal, f.code AS food_code, e.grams FROM diary_entries e JOIN foods f ON f.id = e.food_id
     WHERE e.profile = ? ORDER BY e.date, e.id`,
  );
  const selectTargets = db.prepare<[string], TargetExportRow>('SELECT nutrient, amount, effective_from FROM diary_targets WHERE profile = ? ORDER BY nutrient, effective_from');
  const selectCounts = db.prepare<[string, string, string], { foods: number; entries: number; targets: number }>(
    `SELECT (SELECT count(*) FROM foods WHERE owner = ?) AS foods,
            (SELECT count(*) FROM diary_entries WHERE profile = ?) AS entries,
            (SELECT count(*) FROM diary_targets WHERE profile = ?) AS targets`,
  );
  return {
    ownFoods: (profile) =>
      selectFoods.all(profile).map((row) => ({
        code: String(row.code),
        name: String(row.name),
        brand: String(row.brand),
        nutrients: Object.fromEntries(nutrientKeys.map((key) => [key, typeof row[key] === 'number' ? (row[key] as number) : null])) as Record<NutrientKey, number | null>,
      })),
    entries: (profile) => selectEntries.all(profile),
    targets: (profile) => selectTargets.all(profile),
    counts: (profile) => selectCounts.get(profile, profile, profile) as { foods: number; entries: number; targets: number },
  };
}
