import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { DiaryDay, DiaryEntry, DiaryImport, DiarySeries, LoggedFood, NutrientValues } from '../../../shared/contract/diary.js';
import { diaryOperations, maxEntryGrams, meals } from '../../../shared/contract/diary.js';
import { nutrientKeys, type NutrientKey } from '../../../shared/nutrients.js';
import { portionGrams, portionProblem } from '../../../shared/portions.js';
import { addDays, daysOf } from '../../answer/calendar.js';
import { AppError } from '../../core/errors.js';
import { localToday } from '../../core/local-today.js';
import type { ProfilesRepository } from '../../db/repositories/profiles-repository.js';
import { createEntriesDigest, parseDiaryCsv, portionFinder } from './diary-import.js';
import { toFood } from '../foods/foods-repository.js';
import type { FoodsStore, VisibleFoods } from '../foods/foods-store.js';
import type { DayEntryRow, MealSubtotalsRow } from './diary-repository.js';
import type { DiaryStore } from './diary-store.js';

type Input<N extends keyof typeof diaryOperations> = z.output<(typeof diaryOperations)[N]['input']>;

/** The diary's write and read operations (the contract's diary.*), bound to one profile per call. */
export interface DiaryService {
  add(input: Input<'diary.add'>): Promise<DiaryEntry>;
  update(input: Input<'diary.update'>): Promise<DiaryEntry>;
  recent(input: Input<'diary.recent'>): Promise<{ recent: LoggedFood[]; frequent: LoggedFood[] }>;
  remove(input: Input<'diary.remove'>): Promise<{ id: number; removed: true }>;
  day(input: Input<'diary.day'>): Promise<DiaryDay>;
  series(input: Input<'diary.series'>): Promise<DiarySeries>;
  importCsv(input: Input<'diary.import'>): Promise<DiaryImport>;
  setTarget(input: Input<'diary.targets.set'>): Promise<{ profile: string; nutrient: NutrientKey; amount: number; effective_from: string }>;
  /** Throws not_found unless the profile exists. */
  requireProfile(profile: string): void;
}

const maxEntryGramsText = `${maxEntryGrams} g`;

/** Meals may be planned ahead, but not by more than a year: a later date is a typo. */
export const maxDaysAhead = 366;

/** The latest day an entry may have when `today` is today. */
export function latestEntryDate(today: string): string {
  return addDays(today, maxDaysAhead);
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** The nutrient columns of a view row as a value per key. */
export function nutrientValuesOf(row: Record<string, unknown> | undefined, prefix = ''): NutrientValues {
  return Object.fromEntries(nutrientKeys.map((key) => [key, numberOrNull(row?.[`${prefix}${key}`])])) as NutrientValues;
}

function toEntry(row: DayEntryRow): DiaryEntry {
  const portion =
    row.portion_id !== null && row.portion_quantity !== null && row.portion_name_en !== null && row.portion_grams !== null
      ? { id: row.portion_id, name: { en: row.portion_name_en, es: row.portion_name_es ?? row.portion_name_en }, quantity: row.portion_quantity, grams_each: row.portion_grams }
      : null;
  return {
    id: row.entry_id,
    date: row.date,
    meal: row.meal,
    food: { code: row.food_code, name: row.food_name, brand: row.food_brand, owner: row.food_owner },
    grams: row.grams,
    portion,
    nutrients: nutrientValuesOf(row),
  };
}

function toSubtotals(row: MealSubtotalsRow | undefined): DiaryDay['meals'][number]['subtotals'] {
  return { entries: row?.entries ?? 0, grams: row?.grams ?? 0, nutrients: nutrientValuesOf(row) };
}

/**
 * Builds the diary service over its store (SQLite or PostgreSQL: diary-store.ts); which foods and units a profile may
 * log is read from the foods store (foods-store.ts: its own ones where the diary is, the shipped ones from the data
 * directory).
 */
export function createDiaryService(deps: { store: DiaryStore; profiles: ProfilesRepository; foods: FoodsStore; today?: () => string }): DiaryService {
  const { store } = deps;
  const today = deps.today ?? localToday;

  /** The grams of an amount given as grams or as portions of the food; portions must be the food's and visible. */
  function amountOf(visible: VisibleFoods, profile: string, foodCode: string, amount: { grams?: number | undefined; portion?: { id: number; quantity: number } | undefined }) {
    if (amount.portion === undefined) return { grams: amount.grams as number, portion: null };
    const portion = visible.portion(amount.portion.id);
    if (!portion || portion.food_code !== foodCode) {
      throw new AppError('not_found', `Food "${foodCode}" has no portion ${amount.portion.id} for profile "${profile}"; see foods.portions for its units.`);
    }
    const problem = portionProblem(amount.portion.quantity, portion.grams);
    if (problem === 'too_heavy') {
      throw new AppError(
        'invalid_input',
        `${amount.portion.quantity} × ${portion.name_en} is ${portionGrams(amount.portion.quantity, portion.grams)} g, more than ${maxEntryGramsText} in one entry; nothing was written.`,
      );
    }
    if (problem !== null) throw new AppError('invalid_input', `The quantity ${amount.portion.quantity} cannot be logged; nothing was written.`);
    return { grams: portionGrams(amount.portion.quantity, portion.grams), portion: { id: portion.id, quantity: amount.portion.quantity } };
  }

  function checkDate(date: string): void {
    if (date > latestEntryDate(today())) {
      throw new AppError('invalid_input', `The date ${date} is more than a year in the future; nothing was written.`);
    }
  }

  async function loggedFoods(profile: string, by: 'recent' | 'frequent', limit: number, skip: ReadonlySet<number> = new Set()): Promise<LoggedFood[]> {
    const rows = (await store.loggedFoods(profile, by, limit + skip.size)).filter((row) => !skip.has(row.food_id)).slice(0, limit);
    const foods = await deps.foods.visibleByIds(
      profile,
      rows.map((row) => row.food_id),
    );
    return rows.flatMap((row) => {
      const food = foods.get(row.food_id);
      if (!food) return [];
      const lastPortion =
        row.last_portion_id !== null && row.last_portion_quantity !== null && row.last_portion_name_en !== null
          ? { id: row.last_portion_id, quantity: row.last_portion_quantity, name: { en: row.last_portion_name_en, es: row.last_portion_name_es ?? row.last_portion_name_en } }
          : null;
      return [{ food: toFood(food), uses: row.uses, last_date: row.last_date, last_portion: lastPortion, last_grams: row.last_grams }];
    });
  }

  function requireProfile(profile: string): void {
    if (!deps.profiles.exists(profile)) {
      throw new AppError(
        'not_found',
        `There is no profile "${profile}". Profiles: ${deps.profiles
          .list()
          .map((known) => known.id)
          .join(', ')}.`,
      );
    }
  }

  return {
    requireProfile,

    async add(input) {
      requireProfile(input.profile);
      checkDate(input.date);
      const visible = await deps.foods.visibleTo(input.profile);
      const food = visible.food(input.food);
      if (!food) throw new AppError('not_found', `No food with code "${input.food}" is visible to profile "${input.profile}".`);
      const amount = amountOf(visible, input.profile, food.code, input);
      const entry = await store.addEntry({
        profile: input.profile,
        date: input.date,
        meal: input.meal,
        foodId: food.id,
        grams: amount.grams,
        ...(amount.portion ? { portion: amount.portion } : {}),
      });
      return toEntry(entry);
    },

    async update(input) {
      requireProfile(input.profile);
      const visible = await deps.foods.visibleTo(input.profile);
      // One store operation: the entry is read, changed from what it is and read back in one transaction.
      const changed = await store.changeEntry(input.profile, input.id, (current) => {
        if (input.date !== undefined) checkDate(input.date);
        // An unchanged amount keeps its unit; a new amount in grams drops it, in portions replaces it.
        const amount =
          input.grams === undefined && input.portion === undefined
            ? { grams: current.grams, portion: current.portion_id !== null && current.portion_quantity !== null ? { id: current.portion_id, quantity: current.portion_quantity } : null }
            : amountOf(visible, input.profile, current.food_code, input);
        return { date: input.date ?? current.date, meal: input.meal ?? current.meal, grams: amount.grams, portion: amount.portion };
      });
      if (!changed) throw new AppError('not_found', `Profile "${input.profile}" has no diary entry ${input.id}.`);
      return toEntry(changed);
    },

    async recent(input) {
      requireProfile(input.profile);
      const recent = await loggedFoods(input.profile, 'recent', input.limit);
      const shown = new Set((await store.loggedFoods(input.profile, 'recent', input.limit)).map((row) => row.food_id));
      return { recent, frequent: await loggedFoods(input.profile, 'frequent', input.limit, shown) };
    },

    async remove(input) {
      requireProfile(input.profile);
      if (!(await store.removeEntry(input.profile, input.id))) {
        throw new AppError('not_found', `Profile "${input.profile}" has no diary entry ${input.id}.`);
      }
      return { id: input.id, removed: true };
    },

    async day(input) {
      requireProfile(input.profile);
      const rows = await store.entriesOfDay(input.profile, input.date);
      const subtotals = await store.mealSubtotals(input.profile, input.date);
      const totals = (await store.dailyTotals(input.profile, input.date, input.date))[0];
      const targets = await store.targetsByDay(input.profile, input.date, input.date);
      return {
        profile: input.profile,
        date: input.date,
        meals: meals.map((meal) => ({
          meal,
          entries: rows.filter((row) => row.meal === meal).map(toEntry),
          subtotals: toSubtotals(subtotals.find((row) => row.meal === meal)),
        })),
        totals: {
          entries: totals?.entries ?? 0,
          grams: totals?.grams ?? 0,
          nutrients: nutrientValuesOf(totals),
          unmeasured: Object.fromEntries(nutrientKeys.map((key) => [key, numberOrNull(totals?.[`${key}_unmeasured`]) ?? 0])) as Record<NutrientKey, number>,
        },
        targets: Object.fromEntries(nutrientKeys.map((key) => [key, targets.find((target) => target.nutrient === key)?.amount ?? null])) as NutrientValues,
      };
    },

    async series(input) {
      requireProfile(input.profile);
      const totals = new Map((await store.dailyTotals(input.profile, input.date_from, input.date_to)).map((row) => [row.date, row]));
      const targets = await store.targetsByDay(input.profile, input.date_from, input.date_to);
      return {
        profile: input.profile,
        date_from: input.date_from,
        date_to: input.date_to,
        nutrients: input.nutrients,
        days: daysOf(input.date_from, input.date_to).map((date) => {
          const row = totals.get(date);
          return {
            date,
            entries: row?.entries ?? 0,
            totals: Object.fromEntries(input.nutrients.map((key) => [key, numberOrNull(row?.[key])])),
            targets: Object.fromEntries(input.nutrients.map((key) => [key, targets.find((target) => target.date === date && target.nutrient === key)?.amount ?? null])),
          };
        }),
      };
    },

    async importCsv(input) {
      requireProfile(input.profile);
      const visible = await deps.foods.visibleTo(input.profile);
      const codes = new Map<string, number | undefined>();
      const parsed = parseDiaryCsv(
        input.csv,
        input.profile,
        (code) => {
          if (!codes.has(code)) codes.set(code, visible.food(code)?.id);
          return codes.get(code);
        },
        latestEntryDate(today()),
        portionFinder(visible),
      );
      if (!parsed.ok) {
        const more = parsed.errorCount > parsed.errors.length ? ` (the first ${parsed.errors.length} are listed)` : '';
        throw new AppError('invalid_input', `The CSV has ${parsed.errorCount} ${parsed.errorCount === 1 ? 'error' : 'errors'}${more}; nothing was imported.`, parsed.errors);
      }
      const dates = parsed.entries.map((entry) => entry.date).sort();
      // The guard compares the rows, not the text: CRLF, a trailing blank line or another row order is the same import.
      const digest = createEntriesDigest();
      for (const entry of parsed.entries) digest.add(entry);
      const sha256 = digest.hex();
      // Imports recorded before the guard compared rows hold the text's hash. One store operation: the guard and the
      // write are one transaction, so two identical imports at once import once.
      const { previous } = await store.importUnlessSeen(input.profile, [sha256, createHash('sha256').update(input.csv).digest('hex')], parsed.entries, {
        allowRepeat: input.allow_repeat,
        write: !input.dry_run,
      });
      if (previous && !input.allow_repeat) {
        throw new AppError(
          'conflict',
          `This CSV was already imported into profile "${input.profile}" at ${previous.imported_at} (${previous.rows} entries); ` +
            'nothing was imported. Import it again on purpose with --allow-repeat.',
        );
      }
      return {
        dry_run: input.dry_run,
        rows: parsed.entries.length,
        added: input.dry_run ? 0 : parsed.entries.length,
        date_from: dates[0] ?? null,
        date_to: dates[dates.length - 1] ?? null,
      };
    },

    async setTarget(input) {
      requireProfile(input.profile);
      await store.upsertTarget({ profile: input.profile, nutrient: input.nutrient, amount: input.amount, effective_from: input.effective_from });
      return { profile: input.profile, nutrient: input.nutrient, amount: input.amount, effective_from: input.effective_from };
    },
  };
}
