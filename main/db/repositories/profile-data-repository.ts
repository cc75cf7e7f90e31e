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
  /** The shipped household unit it was logged in (its English name) and how many; null when logged in grams. */
  portion: string | null;
  quantity: number | null;
}

export interface TargetExportRow {
  nutrient: string;
  amount: number;
  effective_from: string;
}

export interface RemovedProfile {
  foods: number;
  entries: number;
  targets: number;
}

/** What a profile owns, read whole for export, counted for import, removed with the profile (foods, diary entries, targets). */
export interface ProfileDataRepository {
  ownFoods(profile: string): OwnFoodRow[];
  entries(profile: string): EntryExportRow[];
  targets(profile: string): TargetExportRow[];
  /** How many rows the profile owns in each table: an import goes only into a profile with none. */
  counts(profile: string): { foods: number; entries: number; targets: number };
  /** The row ids of the profile's own foods (their vectors are removed with them). */
  ownFoodIds(profile: string): number[];
  /** Deletes the profile's diary entries, targets and import records, in one transaction; counts what went. */
  removeDiary(profile: string): { entries: number; targets: number };
  /** Deletes the profile and everything it owns, in one transaction; counts what went. */
  remove(profile: string): RemovedProfile;
}

/** All SQL of profile export and import. */
export function createProfileDataRepository(db: Database): ProfileDataRepository {
  const selectFoods = db.prepare<[string], Record<string, unknown>>(`SELECT code, name, brand, ${nutrientKeys.join(', ')} FROM foods WHERE owner = ? ORDER BY id`);
  const selectEntries = db.prepare<[string], EntryExportRow>(
    // Only shipped units travel: a profile's own units are not part of the export, so their entries go as grams.
    `SELECT e.date, e.meal, f.code AS food_code, e.grams, p.name_en AS portion, CASE WHEN p.id IS NULL THEN NULL ELSE e.portion_quantity END AS quantity
     FROM diary_entries e JOIN foods f ON f.id = e.food_id LEFT JOIN food_portions p ON p.id = e.portion_id AND p.owner IS NULL
     WHERE e.profile = ? ORDER BY e.date, e.id`,
  );
  const selectTargets = db.prepare<[string], TargetExportRow>('SELECT nutrient, amount, effective_from FROM diary_targets WHERE profile = ? ORDER BY nutrient, effective_from');
  const selectCounts = db.prepare<[string, string, string], { foods: number; entries: number; targets: number }>(
    `SELECT (SELECT count(*) FROM foods WHERE owner = ?) AS foods,
            (SELECT count(*) FROM diary_entries WHERE profile = ?) AS entries,
            (SELECT count(*) FROM diary_targets WHERE profile = ?) AS targets`,
  );
  const selectFoodIds = db.prepare<[string], { id: number }>('SELECT id FROM foods WHERE owner = ? ORDER BY id');
  // Entries first: they hold their foods (ON DELETE RESTRICT), and the order of cascades is not something to rely on.
  const deleteEntries = db.prepare<[string]>('DELETE FROM diary_entries WHERE profile = ?');
  const deleteTargets = db.prepare<[string]>('DELETE FROM diary_targets WHERE profile = ?');
  const deleteImports = db.prepare<[string]>('DELETE FROM diary_imports WHERE profile = ?');
  const deleteFoods = db.prepare<[string]>('DELETE FROM foods WHERE owner = ?');
  const deleteProfile = db.prepare<[string]>('DELETE FROM profiles WHERE id = ?');
  const removeDiary = db.transaction((profile: string) => {
    const entries = deleteEntries.run(profile).changes;
    const targets = deleteTargets.run(profile).changes;
    deleteImports.run(profile);
    return { entries, targets };
  });
  const remove = db.transaction((profile: string): RemovedProfile => {
    const { entries, targets } = removeDiary(profile);
    const foods = deleteFoods.run(profile).changes;
    deleteProfile.run(profile);
    return { foods, entries, targets };
  });
  return {
    ownFoods: (profile) =>
      selectFoods.all(profile).map((row) => ({
        code: String(row.code),
        name: String(row.name),
        brand: String(row.brand),
        nutrients: Object.fromEntries(nutrientKeys.map((key) => [key, typeof row[key] === 'number' ? row[key] : null])) as Record<NutrientKey, number | null>,
      })),
    entries: (profile) => selectEntries.all(profile),
    targets: (profile) => selectTargets.all(profile),
    counts: (profile) => selectCounts.get(profile, profile, profile) as { foods: number; entries: number; targets: number },
    ownFoodIds: (profile) => selectFoodIds.all(profile).map((row) => row.id),
    removeDiary: (profile) => removeDiary(profile),
    remove: (profile) => remove(profile),
  };
}
