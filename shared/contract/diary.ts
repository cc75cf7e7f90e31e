import { z } from 'zod';
import { nutrientKeys, type NutrientKey } from '../nutrients.js';
import { isoDateSchema, operation, profileIdSchema } from './common.js';
import { foodSchema } from './foods.js';

/** The meals of a diary day, in the order a day is shown. */
export const meals = ['breakfast', 'lunch', 'dinner', 'snack'] as const;
export const mealSchema = z.enum(meals, { error: `meal must be one of ${meals.join(', ')}` });
export type Meal = z.infer<typeof mealSchema>;

/** Earliest and latest day a diary may hold: anything outside is a typo, not a meal. */
export const diaryDateBounds = { earliest: '2000-01-01', latest: '2099-12-31' } as const;

/** A diary day: YYYY-MM-DD, a day that exists, within `diaryDateBounds`. */
export const diaryDateSchema = isoDateSchema.refine(
  (text) => text >= diaryDateBounds.earliest && text <= diaryDateBounds.latest,
  `diary dates must be between ${diaryDateBounds.earliest} and ${diaryDateBounds.latest}`,
);

/** Most grams one entry may hold (5 kg): more is a typo. */
export const maxEntryGrams = 5000;

export const gramsSchema = z
  .number({ error: 'grams must be a number' })
  .finite('grams must be a finite number')
  .gt(0, 'grams must be greater than 0')
  .max(maxEntryGrams, `grams cannot exceed ${maxEntryGrams} in one entry`);

/** Most portions one entry may hold ("1000 × almond" is a typo, not a meal). */
export const maxPortionQuantity = 1000;

/** "2 × large egg": a portion of the food (by id, from foods.portions) and how many. */
export const portionAmountSchema = z
  .object({
    id: z.number({ error: 'the portion id must be a number' }).int('the portion id must be a whole number').positive('the portion id must be positive'),
    quantity: z
      .number({ error: 'quantity must be a number' })
      .finite('quantity must be a finite number')
      .gt(0, 'quantity must be greater than 0')
      .max(maxPortionQuantity, `quantity cannot exceed ${maxPortionQuantity}`),
  })
  .strict();

export const nutrientKeySchema = z.enum(nutrientKeys as [NutrientKey, ...NutrientKey[]], { error: `nutrient must be one of ${nutrientKeys.join(', ')}` });

/** A value per nutrient key; null = not measured for a food (or no target in force). */
export const nutrientValuesSchema = z.record(nutrientKeySchema, z.number().nullable());
export type NutrientValues = z.infer<typeof nutrientValuesSchema>;

const foodCodeSchema = z.string().trim().min(1, 'the food code is empty').max(80, 'the food code is longer than 80 characters');

export const diaryEntrySchema = z.object({
  id: z.number().int(),
  date: z.string(),
  meal: mealSchema,
  food: z.object({ code: z.string(), name: z.string(), brand: z.string(), owner: z.string().nullable() }),
  grams: z.number(),
  /** The unit it was logged in ("2 × large egg"); null when logged in grams (or its portion is gone). */
  portion: z.object({ id: z.number().int(), name: z.object({ en: z.string(), es: z.string() }), quantity: z.number(), grams_each: z.number() }).nullable(),
  /** From the view diary_entry_nutrients: grams / 100 × the food's value per 100 g. */
  nutrients: nutrientValuesSchema,
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

export const diaryDaySchema = z.object({
  profile: z.string(),
  date: z.string(),
  meals: z.array(
    z.object({
      meal: mealSchema,
      entries: z.array(diaryEntrySchema),
      /** The meal's sums over the same view as the day's totals (null nutrients: no entries). */
      subtotals: z.object({ entries: z.number().int(), grams: z.number(), nutrients: nutrientValuesSchema }),
    }),
  ),
  /** From the view diary_daily_totals; nutrients are null when the day has no entries. */
  totals: z.object({ entries: z.number().int(), grams: z.number(), nutrients: nutrientValuesSchema, unmeasured: z.record(nutrientKeySchema, z.number().int()) }),
  /** The target in force that day per nutrient (null: none). */
  targets: nutrientValuesSchema,
});
export type DiaryDay = z.infer<typeof diaryDaySchema>;

/** Longest period `diary.series` returns (a year of days for a chart). */
export const maxSeriesDays = 366;

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

export const diarySeriesSchema = z.object({
  profile: z.string(),
  date_from: z.string(),
  date_to: z.string(),
  nutrients: z.array(nutrientKeySchema),
  /** Every day of the period, in order; `totals` values are null on days without entries. */
  days: z.array(z.object({ date: z.string(), entries: z.number().int(), totals: z.record(z.string(), z.number().nullable()), targets: z.record(z.string(), z.number().nullable()) })),
});
export type DiarySeries = z.infer<typeof diarySeriesSchema>;

/** Largest CSV text `diary.import` accepts (about 20 000 lines). */
export const maxImportCharacters = 1_000_000;

export const diaryImportSchema = z.object({
  dry_run: z.boolean(),
  /** Data rows read (the header excluded). */
  rows: z.number().int(),
  /** Entries written: `rows` on success, 0 on a dry run. */
  added: z.number().int(),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
});
export type DiaryImport = z.infer<typeof diaryImportSchema>;

export const diaryTargetSchema = z.object({ profile: z.string(), nutrient: nutrientKeySchema, amount: z.number(), effective_from: z.string() });

/** A food the profile logged before, for the picker: how often, when last, and in which unit. */
export const loggedFoodSchema = z.object({
  food: foodSchema,
  uses: z.number().int(),
  last_date: z.string(),
  /** The unit and quantity of its latest entry (null: logged in grams). */
  last_portion: z.object({ id: z.number().int(), quantity: z.number(), name: z.object({ en: z.string(), es: z.string() }) }).nullable(),
  last_grams: z.number(),
});
export type LoggedFood = z.infer<typeof loggedFoodSchema>;

const exactlyOneAmount = (input: { grams?: number | undefined; portion?: unknown }) => (input.grams === undefined) !== (input.portion === undefined);
const oneAmountMessage = { message: 'give either grams or a portion (and quantity), not both', path: ['grams'] };

export const diaryOperations = {
  'diary.add': operation({
    summary: 'Log a food (by code, visible to the profile) for a meal of a day: in grams, or as portions ("2 × large egg").',
    access: 'write',
    input: z
      .object({
        profile: profileIdSchema.default('default'),
        date: diaryDateSchema,
        meal: mealSchema,
        food: foodCodeSchema,
        grams: gramsSchema.optional(),
        portion: portionAmountSchema.optional(),
      })
      .strict()
      .refine(exactlyOneAmount, oneAmountMessage),
    output: diaryEntrySchema,
  }),
  'diary.update': operation({
    summary: "Change an entry of the profile's diary: its meal, its day, or its amount (grams or portions).",
    access: 'write',
    input: z
      .object({
        profile: profileIdSchema.default('default'),
        id: z.number().int().positive(),
        date: diaryDateSchema.optional(),
        meal: mealSchema.optional(),
        grams: gramsSchema.optional(),
        portion: portionAmountSchema.optional(),
      })
      .strict()
      .refine((input) => input.grams === undefined || input.portion === undefined, oneAmountMessage),
    output: diaryEntrySchema,
  }),
  'diary.recent': operation({
    summary: 'The foods the profile logged most recently and most often (for the food picker), with their last unit.',
    access: 'read',
    input: z.object({ profile: profileIdSchema.default('default'), limit: z.number().int().min(1).max(20).default(6) }).strict(),
    output: z.object({ recent: z.array(loggedFoodSchema), frequent: z.array(loggedFoodSchema) }),
  }),
  'diary.remove': operation({
    summary: "Remove one entry of the profile's diary by id.",
    access: 'write',
    input: z.object({ profile: profileIdSchema.default('default'), id: z.number().int().positive() }).strict(),
    output: z.object({ id: z.number().int(), removed: z.literal(true) }),
  }),
  'diary.day': operation({
    summary: "One day of the profile's diary: entries by meal with their nutrients, the day's totals and targets.",
    access: 'read',
    input: z.object({ profile: profileIdSchema.default('default'), date: diaryDateSchema }).strict(),
    output: diaryDaySchema,
  }),
  'diary.series': operation({
    summary: 'Daily totals of chosen nutrients over a period, with the target in force each day (for the chart).',
    access: 'read',
    input: z
      .object({
        profile: profileIdSchema.default('default'),
        date_from: diaryDateSchema,
        date_to: diaryDateSchema,
        nutrients: z.array(nutrientKeySchema).min(1, 'choose at least one nutrient').max(nutrientKeys.length),
      })
      .strict()
      .refine((input) => input.date_from <= input.date_to, { message: 'date_from must not be after date_to', path: ['date_from'] })
      .refine((input) => daysBetween(input.date_from, input.date_to) < maxSeriesDays, {
        message: `a series covers at most ${maxSeriesDays} days`,
        path: ['date_to'],
      }),
    output: diarySeriesSchema,
  }),
  'diary.import': operation({
    summary: 'Import diary entries from CSV (date,meal,food_code,grams): validated line by line, all or nothing; dry_run checks only.',
    access: 'write',
    // The CSV's characters, UTF-8 encoded and JSON-escaped, with room to spare.
    maxInputBytes: 8 * 1024 * 1024,
    input: z
      .object({
        profile: profileIdSchema.default('default'),
        csv: z.string().max(maxImportCharacters, `the CSV is longer than ${maxImportCharacters} characters`),
        dry_run: z.boolean().default(false),
        /** The same CSV content was imported before into this profile: import it again anyway. */
        allow_repeat: z.boolean().default(false),
      })
      .strict(),
    output: diaryImportSchema,
  }),
  'diary.targets.set': operation({
    summary: 'Set a daily target for a nutrient from a day on (it applies until the next target of that nutrient).',
    access: 'write',
    input: z
      .object({
        profile: profileIdSchema.default('default'),
        nutrient: nutrientKeySchema,
        amount: z.number({ error: 'amount must be a number' }).finite('amount must be a finite number').gt(0, 'amount must be greater than 0').max(1_000_000, 'amount is too large'),
        effective_from: diaryDateSchema,
      })
      .strict(),
    output: diaryTargetSchema,
  }),
};
