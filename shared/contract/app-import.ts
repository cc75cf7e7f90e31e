import { z } from 'zod';
import { appExportFormats } from '../diary-import-formats.js';
import { operation, profileIdSchema } from './common.js';
import { gramsSchema, maxImportCharacters, mealSchema } from './diary.js';
import { relevanceSchema } from './search.js';

/** A food the catalog search proposed for a row, with the relevance the search gave it. */
export const importCandidateSchema = z.object({ code: z.string(), name: z.string(), relevance: relevanceSchema });

/**
 * Where a row stands: `ready` (a strong match and its grams), `weak` (only a look-alike: confirm it or choose
 * another), `unmatched` (no food found), `no_grams` (a food, but its amount has no weight cita knows), `invalid`
 * (the row itself is wrong: its date, meal or amount), `excluded` (the user left it out).
 */
export const importRowStatusSchema = z.enum(['ready', 'weak', 'unmatched', 'no_grams', 'invalid', 'excluded']);
export type ImportRowStatus = z.infer<typeof importRowStatusSchema>;

export const importPreviewRowSchema = z.object({
  line: z.number().int(),
  date: z.string(),
  meal: mealSchema.nullable(),
  /** The meal and the food as the other app wrote them. */
  meal_written: z.string(),
  name: z.string(),
  amount: z.string(),
  /** The food the row will be logged as: the user's choice, else the search's first hit (null: none). */
  match: importCandidateSchema.nullable(),
  /** The search's first hits, to choose another from. */
  candidates: z.array(importCandidateSchema),
  /** The user chose the food (it is then used whatever the search said). */
  chosen: z.boolean(),
  grams: z.number().nullable(),
  /** The household unit the amount was read as ("2 × large egg"), when it names one of the food's portions. */
  portion: z.object({ id: z.number().int(), name: z.object({ en: z.string(), es: z.string() }), quantity: z.number() }).nullable(),
  status: importRowStatusSchema,
  /** Why the row cannot be imported as it is (null when it can). */
  problem: z.string().nullable(),
});
export type ImportPreviewRow = z.infer<typeof importPreviewRowSchema>;

export const importPreviewSchema = z.object({
  format: z.enum(appExportFormats),
  rows: z.array(importPreviewRowSchema),
  counts: z.object({
    rows: z.number().int(),
    ready: z.number().int(),
    weak: z.number().int(),
    unmatched: z.number().int(),
    no_grams: z.number().int(),
    invalid: z.number().int(),
    excluded: z.number().int(),
  }),
  date_from: z.string().nullable(),
  date_to: z.string().nullable(),
  /** The embedder the matching ran with (null: keyword only). */
  embedder: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

/** The user's word on one row of the preview, by its line. */
export const importChoiceSchema = z
  .object({
    line: z.number().int().positive(),
    /** Log the row as this food (a code visible to the profile) instead of the search's proposal. */
    food: z.string().trim().min(1).max(80).optional(),
    /** Its grams, when its amount has no weight cita knows ("1 serving"). */
    grams: gramsSchema.optional(),
    /** Leave the row out of the import. */
    exclude: z.boolean().optional(),
  })
  .strict();
export type ImportChoice = z.infer<typeof importChoiceSchema>;

const importInput = {
  profile: profileIdSchema.default('default'),
  csv: z.string().max(maxImportCharacters, `the file is longer than ${maxImportCharacters} characters`),
  choices: z.array(importChoiceSchema).max(20_000).default([]),
  /** Take the search's weak proposals as they are (the user looked at them). */
  accept_weak: z.boolean().default(false),
};

export const appImportOperations = {
  'diary.import.preview': operation({
    summary: 'Read a Cronometer or MyFitnessPal export and propose, for each row, a catalog food (the foods search) and its grams; writes nothing.',
    access: 'read',
    maxInputBytes: 8 * 1024 * 1024,
    input: z.object(importInput).strict(),
    output: importPreviewSchema,
  }),
  'diary.import.confirm': operation({
    summary: 'Import a previewed Cronometer or MyFitnessPal export with the choices made: all rows or none (an unresolved row names itself and blocks).',
    access: 'write',
    maxInputBytes: 8 * 1024 * 1024,
    input: z.object({ ...importInput, allow_repeat: z.boolean().default(false) }).strict(),
    output: z.object({ format: z.enum(appExportFormats), added: z.number().int(), excluded: z.number().int(), date_from: z.string().nullable(), date_to: z.string().nullable() }),
  }),
};
