import { createHash } from 'node:crypto';
import type { z } from 'zod';
import type { DiaryDay, DiaryEntry, DiaryImport, DiarySeries, NutrientValues } from '../../../shared/contract/diary.js';
import { diaryOperations, meals } from '../../../shared/contract/diary.js';
import { nutrientKeys, type NutrientKey } from '../../../shared/nutrients.js';
import { addDays, daysOf } from '../../answer/calendar.js';
import { AppError } from '../../app/errors.js';
import { localToday } from '../../app/seed.js';
import type { ProfilesRepository } from '../../db/repositories/profiles-repository.js';
import { createEntriesDigest, parseDiaryCsv } from './diary-import.js';
import type { DiaryRepository, EntryRow } from './diary-repository.js';

type Input<N extends keyof typeof diaryOperations> = z.output<(typeof diaryOperations)[N]['input']>;

/** The diary's write and read operations (the contract's diary.*), bound to one profile per call. */
export interface DiaryService {
  add(input: Input<'diary.add'>): DiaryEntry;
  remove(input: Input<'diary.remove'>): { id: number; removed: true };
  day(input: Input<'diary.day'>): DiaryDay;
  series(input: Input<'diary.series'>): DiarySeries;
  importCsv(input: Input<'diary.import'>): DiaryImport;
  setTarget(input: Input<'diary.targets.set'>): { profile: string; nutrient: NutrientKey; amount: number; effective_from: string };
  /** Throws not_found unless the profile exists. */
  requireProfile(profile: string): void;
}

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

function toEntry(row: EntryRow): DiaryEntry {
  return {
    id: row.entry_id,
    date: row.date,
    meal: row.meal,
    food: { code: row.food_code, name: row.food_name, brand: row.food_brand, owner: row.food_owner },
    grams: row.grams,
    nutrients: nutrientValuesOf(row),
  };
}

/** Builds the diary service over its repository. */
export function createDiaryService(deps: { repository: DiaryRepository; profiles: ProfilesRepository; today?: () => string }): DiaryService {
  const { repository } = deps;
  const today = deps.today ?? localToday;

  function requireProfile(profile: string): void {
    if (!deps.profiles.exists(profile)) {
      throw new AppError('not_found', `There is no profile "${profile}". Profiles: ${deps.profiles.list().map((known) => known.id).join(', ')}.`);
    }
  }

  return {
    requireProfile,

    add(input) {
      requireProfile(input.profile);
      if (input.date > latestEntryDate(today())) {
        throw new AppError('invalid_input', `The date ${input.date} is more than a year in the future; nothing was written.`);
      }
      const food = repository.visibleFood(input.profile, input.food);
      if (!food) throw new AppError('not_found', `No food with code "${input.food}" is visible to profile "${input.profile}".`);
      const [id] = repository.insertEntries([{ profile: input.profile, date: input.date, meal: input.meal, foodId: food.id, grams: input.grams }]);
      return toEntry(repository.entry(input.profile, id as number) as EntryRow);
    },

    remove(input) {
      requireProfile(input.profile);
      if (!repository.removeEntry(input.profile, input.id)) {
        throw new AppError('not_found', `Profile "${input.profile}" has no diary entry ${input.id}.`);
      }
      return { id: input.id, removed: true };
    },

    day(input) {
      requireProfile(input.profile);
      const rows = repository.entriesOfDay(input.profile, input.date);
      const totals = repository.dailyTotals(input.profile, input.date, input.date)[0];
      const targets = repository.targetsByDay(input.profile, input.date, input.date);
      return {
        profile: input.profile,
        date: input.date,
        meals: meals.map((meal) => ({ meal, entries: rows.filter((row) => row.meal === meal).map(toEntry) })),
        totals: {
          entries: totals?.entries ?? 0,
          grams: totals?.grams ?? 0,
          nutrients: nutrientValuesOf(totals),
          unmeasured: Object.fromEntries(nutrientKeys.map((key) => [key, numberOrNull(totals?.[`${key}_unmeasured`]) ?? 0])) as Record<NutrientKey, number>,
        },
        targets: Object.fromEntries(nutrientKeys.map((key) => [key, targets.find((target) => target.nutrient === key)?.amount ?? null])) as NutrientValues,
      };
    },

    series(input) {
      requireProfile(input.profile);
      const totals = new Map(repository.dailyTotals(input.profile, input.date_from, input.date_to).map((row) => [row.date, row]));
      const targets = repository.targetsByDay(input.profile, input.date_from, input.date_to);
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
            targets: Object.fromEntries(
              input.nutrients.map((key) => [key, targets.find((target) => target.date === date && target.nutrient === key)?.amount ?? null]),
            ),
          };
        }),
      };
    },

    importCsv(input) {
      requireProfile(input.profile);
      const codes = new Map<string, number | undefined>();
      const parsed = parseDiaryCsv(
        input.csv,
        input.profile,
        (code) => {
          if (!codes.has(code)) codes.set(code, repository.visibleFood(input.profile, code)?.id);
          return codes.get(code);
        },
        latestEntryDate(today()),
      );
      if (!parsed.ok) {
        const more = parsed.errorCount > parsed.errors.length ? ` (the first ${parsed.errors.length} are listed)` : '';
        throw new AppError(
          'invalid_input',
          `The CSV has ${parsed.errorCount} ${parsed.errorCount === 1 ? 'error' : 'errors'}${more}; nothing was imported.`,
          parsed.errors,
        );
      }
      const dates = parsed.entries.map((entry) => entry.date).sort();
      // The guard compares the rows, not the text: CRLF, a trailing blank line or another row order is the same import.
      const digest = createEntriesDigest();
      for (const entry of parsed.entries) digest.add(entry);
      const sha256 = digest.hex();
      // Imports recorded before the guard compared rows hold the text's hash.
      const previous = repository.previousImport(input.profile, sha256) ?? repository.previousImport(input.profile, createHash('sha256').update(input.csv).digest('hex'));
      if (previous && !input.allow_repeat) {
        throw new AppError(
          'conflict',
          `This CSV was already imported into profile "${input.profile}" at ${previous.imported_at} (${previous.rows} entries); ` +
            'nothing was imported. Import it again on purpose with --allow-repeat.',
        );
      }
      if (!input.dry_run) repository.importEntries(input.profile, sha256, parsed.entries);
      return {
        dry_run: input.dry_run,
        rows: parsed.entries.length,
        added: input.dry_run ? 0 : parsed.entries.length,
        date_from: dates[0] ?? null,
        date_to: dates[dates.length - 1] ?? null,
      };
    },

    setTarget(input) {
      requireProfile(input.profile);
      repository.upsertTarget({ profile: input.profile, nutrient: input.nutrient, amount: input.amount, effective_from: input.effective_from });
      return { profile: input.profile, nutrient: input.nutrient, amount: input.amount, effective_from: input.effective_from };
    },
  };
}
