import type { Database } from 'better-sqlite3';
import type { Meal } from '../../../shared/contract/diary.js';
import { nutrientKeys, type NutrientKey } from '../../../shared/nutrients.js';

/** A row of the view diary_entry_nutrients. */
export interface EntryRow {
  entry_id: number;
  profile: string;
  date: string;
  meal: Meal;
  food_id: number;
  food_code: string;
  food_name: string;
  food_brand: string;
  food_owner: string | null;
  grams: number;
  [nutrient: string]: unknown;
}

/** An entry of a day with the unit it was logged in (migration 0011); the portion columns are null for grams. */
export interface DayEntryRow extends EntryRow {
  portion_id: number | null;
  portion_quantity: number | null;
  portion_name_en: string | null;
  portion_name_es: string | null;
  portion_grams: number | null;
}

/** One meal's sums over diary_entry_nutrients for a day. */
export interface MealSubtotalsRow {
  meal: Meal;
  entries: number;
  grams: number;
  [nutrient: string]: unknown;
}

/** A food the profile logged: how often, when last, and its latest entry's amount. */
export interface LoggedFoodRow {
  food_id: number;
  uses: number;
  last_date: string;
  last_grams: number;
  last_portion_id: number | null;
  last_portion_quantity: number | null;
  last_portion_name_en: string | null;
  last_portion_name_es: string | null;
}

/** A row of the view diary_daily_totals. */
export interface DailyTotalsRow {
  profile: string;
  date: string;
  entries: number;
  grams: number;
  [nutrient: string]: unknown;
}

/** Entries of one food over a period, summed by SQL from diary_entry_nutrients. */
export interface FoodTotalsRow {
  food_id: number;
  food_name: string;
  food_brand: string;
  entries: number;
  grams: number;
  [nutrient: string]: unknown;
}

/** Totals and averages over a period, computed by SQL from diary_daily_totals. */
export interface PeriodSummaryRow {
  days_with_entries: number;
  [statistic: string]: unknown;
}

export interface TargetDaysRow {
  nutrient: NutrientKey;
  days_with_target: number;
  days_over_target: number;
  days_under_target: number;
}

export interface DayTargetRow {
  date: string;
  nutrient: NutrientKey;
  amount: number;
}

/** The first and last day with entries, and how many entries a profile has. */
export interface DiaryRangeRow {
  first_date: string | null;
  last_date: string | null;
  entries: number;
}

export interface NewEntry {
  profile: string;
  date: string;
  meal: Meal;
  foodId: number;
  grams: number;
  /** The unit chosen, when logged as portions (the grams are then quantity × its grams). */
  portion?: { id: number; quantity: number };
}

/** A change of an entry's day, meal and amount (portion null: logged in grams). */
export interface EntryChange {
  date: string;
  meal: Meal;
  grams: number;
  portion: { id: number; quantity: number } | null;
}

/** A committed CSV import: how many entries and when. */
export interface PreviousImport {
  rows: number;
  imported_at: string;
}

/** How the demo diary is written: `unlessLoaded` leaves a profile that holds demo rows already as it is. */
export interface DemoReplaceOptions {
  unlessLoaded?: boolean;
}

/** The demo rows written (none when they were there already: `loaded` false) and the user's own entries kept. */
export interface DemoReplaced {
  entries: number;
  kept: number;
  loaded: boolean;
}

export interface NewTarget {
  profile: string;
  nutrient: NutrientKey;
  amount: number;
  effective_from: string;
}

/** All SQL of the diary. Reads go through the views only; every query is bound to one profile. */
export interface DiaryRepository {
  /** A food the profile may log (shared or its own), by code. */
  visibleFood(profile: string, code: string): { id: number; code: string; owner: string | null } | undefined;
  /** Inserts entries in one transaction (all or nothing); returns their ids. */
  insertEntries(entries: readonly NewEntry[]): number[];
  /** Inserts one entry and reads it back (as `entry` does), in one transaction. */
  addEntry(entry: NewEntry): DayEntryRow;
  /**
   * A CSV import guarded against its repeat, in one transaction: the last import of any of `digests` into the profile;
   * unless there is one (and `allowRepeat` is false), the entries written and `digests[0]` recorded when `write`.
   */
  importUnlessSeen(profile: string, digests: readonly string[], entries: readonly NewEntry[], options: { allowRepeat: boolean; write: boolean }): { previous: PreviousImport | undefined };
  /** Records an import whose entries were written batch by batch (profile import), by the digest of its rows. */
  recordImport(profile: string, sha256: string, rows: number): void;
  removeEntry(profile: string, id: number): boolean;
  /** Changes an entry's day, meal and amount (portion null: logged in grams); false when the profile has no such entry. */
  updateEntry(profile: string, id: number, change: EntryChange): boolean;
  /**
   * Reads an entry, changes it as `change` says from what it is, and reads it back, in one transaction (so a
   * concurrent change is not lost); undefined when the profile has no such entry. `change` may throw: nothing is written.
   */
  changeEntry(profile: string, id: number, change: (current: DayEntryRow) => EntryChange): DayEntryRow | undefined;
  entry(profile: string, id: number): DayEntryRow | undefined;
  entriesOfDay(profile: string, date: string): DayEntryRow[];
  /** Each meal's sums for a day (meals without entries have no row). */
  mealSubtotals(profile: string, date: string): MealSubtotalsRow[];
  /** Foods the profile logged, latest logged first (`by: 'recent'`) or most often first over the diary's last 90 days (`by: 'frequent'`). */
  loggedFoods(profile: string, by: 'recent' | 'frequent', limit: number): LoggedFoodRow[];
  /** Daily totals (the view diary_daily_totals); with `meals`, the same sums over those meals' entries only. */
  dailyTotals(profile: string, from: string, to: string, meals?: readonly Meal[]): DailyTotalsRow[];
  /** The target in force on each day of the period, per nutrient (days without a target have no row). */
  targetsByDay(profile: string, from: string, to: string): DayTargetRow[];
  /** Entries of the period (of `meals` only, when given), largest energy first (entries without energy last), at most `limit`. */
  entries(profile: string, from: string, to: string, limit: number, meals?: readonly Meal[]): EntryRow[];
  countEntries(profile: string, from: string, to: string, meals?: readonly Meal[]): number;
  /** Per food over the period (of `meals` only, when given), largest energy first, at most `limit`. */
  foodTotals(profile: string, from: string, to: string, limit: number, meals?: readonly Meal[]): FoodTotalsRow[];
  countFoods(profile: string, from: string, to: string, meals?: readonly Meal[]): number;
  /** total_<key>, average_<key> (per day with entries) and unmeasured_<key> for every nutrient, and days_with_entries; with `meals`, over those meals only. */
  summary(profile: string, from: string, to: string, meals?: readonly Meal[]): PeriodSummaryRow;
  /** The first and last day with entries of the whole diary, and its entry count (to tell an empty diary from an empty period). */
  diaryRange(profile: string): DiaryRangeRow;
  /** Per nutrient with a target on some day with entries: days over and under it. */
  targetDays(profile: string, from: string, to: string): TargetDaysRow[];
  upsertTarget(target: NewTarget): void;
  /** Entries and targets of a profile from before demo rows were marked (migration 0010): the demo's or the user's, nobody knows. */
  unmarkedRows(profile: string): { entries: number; targets: number };
  /**
   * Replaces the demo rows of a profile (marked demo, or unmarked from before the marks) with `entries` and `targets`,
   * marked demo, in one transaction. The user's own rows stay; a user's target on a demo target's day wins. With
   * `unlessLoaded`, a profile that holds demo rows already is left as it is (`loaded` false).
   */
  replaceDemoDiary(profile: string, entries: readonly Omit<NewEntry, 'profile'>[], targets: readonly Omit<NewTarget, 'profile'>[], options?: DemoReplaceOptions): DemoReplaced;
}

const entryColumns = `entry_id, profile, date, meal, food_id, food_code, food_name, food_brand, food_owner, grams, ${nutrientKeys.join(', ')}`;
const dayEntryColumns = `${entryColumns
  .split(', ')
  .map((column) => `n.${column}`)
  .join(', ')}, e.portion_id, e.portion_quantity, p.name_en AS portion_name_en, p.name_es AS portion_name_es, p.grams AS portion_grams`;
const dayEntryFrom = 'diary_entry_nutrients n JOIN diary_entries e ON e.id = n.entry_id LEFT JOIN food_portions p ON p.id = e.portion_id';
const summaryColumns = nutrientKeys.map((key) => `SUM(${key}) AS total_${key}, AVG(${key}) AS average_${key}, SUM(${key}_unmeasured) AS unmeasured_${key}`).join(', ');
const foodTotalColumns = nutrientKeys.map((key) => `SUM(${key}) AS ${key}`).join(', ');
const mealDayColumns = nutrientKeys.map((key) => `SUM(${key}) AS ${key}, SUM(${key} IS NULL) AS ${key}_unmeasured`).join(', ');
const allMeals: readonly Meal[] = ['breakfast', 'lunch', 'dinner', 'snack'];
/** Meals as one bound parameter (",lunch,dinner,"), so each statement is prepared once whatever meals are asked. */
function mealList(meals: readonly Meal[] | undefined): string {
  return `,${(meals && meals.length > 0 ? meals : allMeals).join(',')},`;
}
function allMealsAsked(meals: readonly Meal[] | undefined): boolean {
  return meals === undefined || meals.length === 0 || allMeals.every((meal) => meals.includes(meal));
}
const mealFilter = "instr(@meals, ',' || meal || ',') > 0";

/** Builds the diary repository; statements are prepared once. */
export function createDiaryRepository(db: Database): DiaryRepository {
  const selectVisibleFood = db.prepare<[string, string], { id: number; code: string; owner: string | null }>('SELECT id, code, owner FROM foods WHERE code = ? AND (owner IS NULL OR owner = ?)');
  const insertEntry = db.prepare<[string, string, string, number, number, number | null, number | null]>(
    'INSERT INTO diary_entries (profile, date, meal, food_id, grams, portion_id, portion_quantity) VALUES (?, ?, ?, ?, ?, ?, ?)',
  );
  const deleteEntry = db.prepare<[number, string]>('DELETE FROM diary_entries WHERE id = ? AND profile = ?');
  const updateEntry = db.prepare<[{ profile: string; id: number; date: string; meal: string; grams: number; portion_id: number | null; portion_quantity: number | null }]>(
    `UPDATE diary_entries SET date = @date, meal = @meal, grams = @grams, portion_id = @portion_id, portion_quantity = @portion_quantity
     WHERE id = @id AND profile = @profile`,
  );
  const selectEntry = db.prepare<[string, number], DayEntryRow>(`SELECT ${dayEntryColumns} FROM ${dayEntryFrom} WHERE n.profile = ? AND n.entry_id = ?`);
  const selectDay = db.prepare<[string, string], DayEntryRow>(
    `SELECT ${dayEntryColumns} FROM ${dayEntryFrom} WHERE n.profile = ? AND n.date = ?
     ORDER BY CASE n.meal WHEN 'breakfast' THEN 1 WHEN 'lunch' THEN 2 WHEN 'dinner' THEN 3 ELSE 4 END, n.entry_id`,
  );
  const selectMealSubtotals = db.prepare<[string, string], MealSubtotalsRow>(
    `SELECT meal, COUNT(*) AS entries, SUM(grams) AS grams, ${foodTotalColumns} FROM diary_entry_nutrients WHERE profile = ? AND date = ? GROUP BY meal`,
  );
  // The latest entry of each food (by day, then by id) gives the amount the picker suggests next time.
  const loggedFoods = (order: string, window: string) =>
    db.prepare<[{ profile: string; limit: number }], LoggedFoodRow>(
      `WITH used AS (
         SELECT food_id, COUNT(*) AS uses, MAX(date) AS last_date, MAX(id) AS last_id FROM diary_entries
         WHERE profile = @profile ${window} GROUP BY food_id
       ),
       latest AS (
         SELECT food_id, grams, portion_id, portion_quantity,
                ROW_NUMBER() OVER (PARTITION BY food_id ORDER BY date DESC, id DESC) AS position
         FROM diary_entries WHERE profile = @profile
       )
       SELECT used.food_id, used.uses, used.last_date, latest.grams AS last_grams,
              portion.id AS last_portion_id, latest.portion_quantity AS last_portion_quantity,
              portion.name_en AS last_portion_name_en, portion.name_es AS last_portion_name_es
       FROM used JOIN latest ON latest.food_id = used.food_id AND latest.position = 1
       LEFT JOIN food_portions portion ON portion.id = latest.portion_id
       ORDER BY ${order} LIMIT @limit`,
    );
  const selectRecentFoods = loggedFoods('used.last_id DESC', '');
  const selectFrequentFoods = loggedFoods('used.uses DESC, used.last_date DESC, used.food_id', "AND date >= date((SELECT MAX(date) FROM diary_entries WHERE profile = @profile), '-90 days')");
  const selectTotals = db.prepare<[string, string, string], DailyTotalsRow>('SELECT * FROM diary_daily_totals WHERE profile = ? AND date BETWEEN ? AND ? ORDER BY date');
  const selectTargetsByDay = db.prepare<[{ profile: string; from: string; to: string }], DayTargetRow>(
    `WITH RECURSIVE days (date) AS (SELECT @from UNION ALL SELECT date(date, '+1 day') FROM days WHERE date < @to)
     SELECT days.date AS date, periods.nutrient AS nutrient, periods.amount AS amount
     FROM days JOIN diary_target_periods periods
       ON periods.profile = @profile AND periods.effective_from <= days.date
      AND (periods.effective_until IS NULL OR days.date < periods.effective_until)
     ORDER BY days.date, periods.nutrient`,
  );
  type PeriodParameters = { profile: string; from: string; to: string; meals: string };
  const selectEntries = db.prepare<[PeriodParameters & { limit: number }], EntryRow>(
    `SELECT ${entryColumns} FROM diary_entry_nutrients WHERE profile = @profile AND date BETWEEN @from AND @to AND ${mealFilter}
     ORDER BY energy_kcal IS NULL, energy_kcal DESC, date, entry_id LIMIT @limit`,
  );
  const countEntries = db.prepare<[PeriodParameters], { count: number }>(`SELECT COUNT(*) AS count FROM diary_entries WHERE profile = @profile AND date BETWEEN @from AND @to AND ${mealFilter}`);
  const selectFoodTotals = db.prepare<[PeriodParameters & { limit: number }], FoodTotalsRow>(
    `SELECT food_id, food_name, food_brand, COUNT(*) AS entries, SUM(grams) AS grams, ${foodTotalColumns}
     FROM diary_entry_nutrients WHERE profile = @profile AND date BETWEEN @from AND @to AND ${mealFilter}
     GROUP BY food_id ORDER BY energy_kcal IS NULL, energy_kcal DESC, food_name LIMIT @limit`,
  );
  const countFoods = db.prepare<[PeriodParameters], { count: number }>(
    `SELECT COUNT(DISTINCT food_id) AS count FROM diary_entries WHERE profile = @profile AND date BETWEEN @from AND @to AND ${mealFilter}`,
  );
  const selectSummary = db.prepare<[string, string, string], PeriodSummaryRow>(
    `SELECT COUNT(*) AS days_with_entries, ${summaryColumns} FROM diary_daily_totals WHERE profile = ? AND date BETWEEN ? AND ?`,
  );
  // The same daily sums as the view diary_daily_totals, over some meals' entries of diary_entry_nutrients.
  const mealDays = `SELECT profile, date, COUNT(*) AS entries, SUM(grams) AS grams, ${mealDayColumns}
     FROM diary_entry_nutrients WHERE profile = @profile AND date BETWEEN @from AND @to AND ${mealFilter} GROUP BY date`;
  const selectMealTotals = db.prepare<[PeriodParameters], DailyTotalsRow>(`${mealDays} ORDER BY date`);
  const selectMealSummary = db.prepare<[PeriodParameters], PeriodSummaryRow>(`SELECT COUNT(*) AS days_with_entries, ${summaryColumns} FROM (${mealDays})`);
  const selectRange = db.prepare<[string], DiaryRangeRow>('SELECT MIN(date) AS first_date, MAX(date) AS last_date, COUNT(*) AS entries FROM diary_entries WHERE profile = ?');
  const selectTargetDays = db.prepare<[string, string, string], TargetDaysRow>(
    `SELECT nutrient, COUNT(*) AS days_with_target, SUM(amount > target) AS days_over_target, SUM(amount < target) AS days_under_target
     FROM diary_daily_nutrients WHERE profile = ? AND date BETWEEN ? AND ? AND target IS NOT NULL AND amount IS NOT NULL
     GROUP BY nutrient`,
  );
  const upsertTarget = db.prepare<[string, string, number, string]>(
    `INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES (?, ?, ?, ?)
     ON CONFLICT (profile, nutrient, effective_from) DO UPDATE SET amount = excluded.amount, demo = 0`,
  );
  // `demo IS NOT 0`: the demo's rows (1) and those of unknown origin (NULL), which the caller backed up first.
  const deleteDemoEntries = db.prepare<[string]>('DELETE FROM diary_entries WHERE profile = ? AND demo IS NOT 0');
  const deleteDemoTargets = db.prepare<[string]>('DELETE FROM diary_targets WHERE profile = ? AND demo IS NOT 0');
  const insertDemoEntry = db.prepare<[string, string, string, number, number, number | null, number | null]>(
    'INSERT INTO diary_entries (profile, date, meal, food_id, grams, portion_id, portion_quantity, demo) VALUES (?, ?, ?, ?, ?, ?, ?, 1)',
  );
  const insertDemoTarget = db.prepare<[string, string, number, string]>(
    'INSERT INTO diary_targets (profile, nutrient, amount, effective_from, demo) VALUES (?, ?, ?, ?, 1) ON CONFLICT (profile, nutrient, effective_from) DO NOTHING',
  );
  const selectUnmarked = db.prepare<[string, string], { entries: number; targets: number }>(
    `SELECT (SELECT count(*) FROM diary_entries WHERE profile = ? AND demo IS NULL) AS entries,
            (SELECT count(*) FROM diary_targets WHERE profile = ? AND demo IS NULL) AS targets`,
  );
  const countOwnEntries = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM diary_entries WHERE profile = ? AND demo = 0');
  const countDemoRows = db.prepare<[string, string], { n: number }>(
    'SELECT (SELECT count(*) FROM diary_entries WHERE profile = ? AND demo = 1) + (SELECT count(*) FROM diary_targets WHERE profile = ? AND demo = 1) AS n',
  );

  const insertEntries = db.transaction((entries: readonly NewEntry[]) =>
    entries.map((entry) => Number(insertEntry.run(entry.profile, entry.date, entry.meal, entry.foodId, entry.grams, entry.portion?.id ?? null, entry.portion?.quantity ?? null).lastInsertRowid)),
  );
  const insertImport = db.prepare<[string, string, number]>('INSERT INTO diary_imports (profile, sha256, rows) VALUES (?, ?, ?)');
  const selectImport = db.prepare<[string, string], { rows: number; imported_at: string }>('SELECT rows, imported_at FROM diary_imports WHERE profile = ? AND sha256 = ? ORDER BY id DESC LIMIT 1');
  const importEntries = db.transaction((profile: string, sha256: string, entries: readonly NewEntry[]) => {
    insertEntries(entries);
    insertImport.run(profile, sha256, entries.length);
  });
  const addEntry = db.transaction((entry: NewEntry) => selectEntry.get(entry.profile, (insertEntries([entry]) as [number])[0]) as DayEntryRow);
  const importUnlessSeen = db.transaction((profile: string, digests: readonly string[], entries: readonly NewEntry[], options: { allowRepeat: boolean; write: boolean }) => {
    const previous = digests.reduce<PreviousImport | undefined>((found, digest) => found ?? selectImport.get(profile, digest), undefined);
    if ((previous === undefined || options.allowRepeat) && options.write) importEntries(profile, digests[0] as string, entries);
    return { previous };
  });
  const changeEntry = db.transaction((profile: string, id: number, change: (current: DayEntryRow) => EntryChange) => {
    const current = selectEntry.get(profile, id);
    if (!current) return undefined;
    const next = change(current);
    updateEntry.run({ profile, id, date: next.date, meal: next.meal, grams: next.grams, portion_id: next.portion?.id ?? null, portion_quantity: next.portion?.quantity ?? null });
    return selectEntry.get(profile, id);
  });
  const replaceDemoDiary = db.transaction(
    (profile: string, entries: readonly Omit<NewEntry, 'profile'>[], targets: readonly Omit<NewTarget, 'profile'>[], options: DemoReplaceOptions): DemoReplaced => {
      const kept = () => (countOwnEntries.get(profile) as { n: number }).n;
      if (options.unlessLoaded && (countDemoRows.get(profile, profile) as { n: number }).n > 0) return { entries: 0, kept: kept(), loaded: false };
      deleteDemoEntries.run(profile);
      deleteDemoTargets.run(profile);
      for (const entry of entries) insertDemoEntry.run(profile, entry.date, entry.meal, entry.foodId, entry.grams, entry.portion?.id ?? null, entry.portion?.quantity ?? null);
      for (const target of targets) insertDemoTarget.run(profile, target.nutrient, target.amount, target.effective_from);
      return { entries: entries.length, kept: kept(), loaded: true };
    },
  );

  return {
    visibleFood: (profile, code) => selectVisibleFood.get(code, profile),
    insertEntries: (entries) => insertEntries(entries),
    addEntry: (entry) => addEntry(entry),
    importUnlessSeen: (profile, digests, entries, options) => importUnlessSeen(profile, digests, entries, options),
    recordImport: (profile, sha256, rows) => {
      insertImport.run(profile, sha256, rows);
    },
    removeEntry: (profile, id) => deleteEntry.run(id, profile).changes > 0,
    updateEntry: (profile, id, change) =>
      updateEntry.run({
        profile,
        id,
        date: change.date,
        meal: change.meal,
        grams: change.grams,
        portion_id: change.portion?.id ?? null,
        portion_quantity: change.portion?.quantity ?? null,
      }).changes > 0,
    changeEntry: (profile, id, change) => changeEntry(profile, id, change),
    entry: (profile, id) => selectEntry.get(profile, id),
    entriesOfDay: (profile, date) => selectDay.all(profile, date),
    mealSubtotals: (profile, date) => selectMealSubtotals.all(profile, date),
    loggedFoods: (profile, by, limit) => (by === 'recent' ? selectRecentFoods : selectFrequentFoods).all({ profile, limit }),
    dailyTotals: (profile, from, to, meals) => (allMealsAsked(meals) ? selectTotals.all(profile, from, to) : selectMealTotals.all({ profile, from, to, meals: mealList(meals) })),
    targetsByDay: (profile, from, to) => selectTargetsByDay.all({ profile, from, to }),
    entries: (profile, from, to, limit, meals) => selectEntries.all({ profile, from, to, limit, meals: mealList(meals) }),
    countEntries: (profile, from, to, meals) => (countEntries.get({ profile, from, to, meals: mealList(meals) }) as { count: number }).count,
    foodTotals: (profile, from, to, limit, meals) => selectFoodTotals.all({ profile, from, to, limit, meals: mealList(meals) }),
    countFoods: (profile, from, to, meals) => (countFoods.get({ profile, from, to, meals: mealList(meals) }) as { count: number }).count,
    summary: (profile, from, to, meals) => (allMealsAsked(meals) ? selectSummary.get(profile, from, to) : selectMealSummary.get({ profile, from, to, meals: mealList(meals) })) as PeriodSummaryRow,
    diaryRange: (profile) => selectRange.get(profile) as DiaryRangeRow,
    targetDays: (profile, from, to) => selectTargetDays.all(profile, from, to),
    upsertTarget: (target) => {
      upsertTarget.run(target.profile, target.nutrient, target.amount, target.effective_from);
    },
    unmarkedRows: (profile) => selectUnmarked.get(profile, profile) as { entries: number; targets: number },
    replaceDemoDiary: (profile, entries, targets, options = {}) => replaceDemoDiary(profile, entries, targets, options),
  };
}
