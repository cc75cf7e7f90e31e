import { z } from 'zod';
import { eventNames as eventNameList, operationNames as operationNameList } from './names.js';
import { nutrientKeys, nutrients, type NutrientKey } from './nutrients.js';
import { settingsPatchSchema, settingsSchema } from './settings.js';

export { channelOf } from './names.js';

/**
 * The one contract between the renderer, IPC, the local HTTP API and the CLI.
 * Every operation is declared here once; nothing else names a channel.
 */

/** Who may call an operation: any authenticated role may read; writes need the editor role. */
export type Access = 'read' | 'write';

export interface OperationSpec<I extends z.ZodType, O extends z.ZodType> {
  summary: string;
  access: Access;
  input: I;
  output: O;
}

function operation<I extends z.ZodType, O extends z.ZodType>(spec: OperationSpec<I, O>): OperationSpec<I, O> {
  return spec;
}

/** A profile id: short, printable, no path or SQL surprises. */
export const profileIdSchema = z
  .string()
  .trim()
  .min(1, 'profile must not be empty')
  .max(64, 'profile is longer than 64 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'profile may contain only letters, digits, "_", "." and "-"');

export const corpusSchema = z.enum(['foods', 'catalog', 'kb']);
export type Corpus = z.infer<typeof corpusSchema>;

export const strategySchema = z.enum(['keyword', 'vector', 'hybrid']);
export type Strategy = z.infer<typeof strategySchema>;

/** Longest query or question accepted; longer input is a user error, not a truncation. */
export const maxQueryLength = 2000;

export const queryTextSchema = z
  .string()
  .trim()
  .min(1, 'the query is empty')
  .max(maxQueryLength, `the query is longer than ${maxQueryLength} characters`)
  .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), 'the query contains control characters');

/** A notice for the user about how a result was produced (degraded mode, a clamp, a cut). */
export const noticeSchema = z.object({ code: z.string(), message: z.string() });
export type Notice = z.infer<typeof noticeSchema>;

const nutrientLimits: Record<string, number> = { g: 100, kcal: 1000, kJ: 4200, mg: 100_000 };

/** Nutrients per 100 g: known keys only, finite, non-negative, physically possible per 100 g. */
export const per100gSchema = z
  .object(
    Object.fromEntries(
      nutrients.map((nutrient) => [
        nutrient.key,
        z
          .number({ error: `${nutrient.key} must be a number` })
          .finite(`${nutrient.key} must be a finite number`)
          .min(0, `${nutrient.key} cannot be negative`)
          .max(nutrientLimits[nutrient.unit] as number, `${nutrient.key} cannot exceed ${nutrientLimits[nutrient.unit]} ${nutrient.unit} per 100 g`)
          .optional(),
      ]),
    ) as Record<NutrientKey, z.ZodOptional<z.ZodNumber>>,
  )
  .strict();

export const foodSchema = z.object({
  code: z.string(),
  name: z.string(),
  brand: z.string(),
  owner: z.string().nullable(),
  food_group: z.string(),
  source: z.string(),
  per100g: z.record(z.enum(nutrientKeys as [NutrientKey, ...NutrientKey[]]), z.number()),
});
export type Food = z.infer<typeof foodSchema>;

const foodNameSchema = z.string().trim().min(1, 'the food name is empty').max(200, 'the food name is longer than 200 characters');
const brandSchema = z.string().trim().max(200, 'the brand is longer than 200 characters');

export const explainSchema = z.object({
  paths: z.array(z.enum(['keyword', 'vector'])),
  keyword_rank: z.number().int().nullable(),
  keyword_score: z.number().nullable(),
  vector_distance: z.number().nullable(),
  fused_score: z.number(),
});

export const catalogHitSchema = z.object({
  business_name: z.string(),
  definition: z.string(),
  physical_name: z.string(),
  source: z.string(),
  source_name: z.string(),
  data_type: z.string(),
  tribal_notes: z.array(z.string()),
  score: z.number(),
});
export type CatalogHit = z.infer<typeof catalogHitSchema>;

export const kbPassageSchema = z.object({
  card_id: z.string(),
  title: z.string(),
  category: z.string(),
  section: z.string(),
  passage: z.string(),
  source_name: z.string(),
  source_url: z.string(),
});

export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  score: z.number(),
  /** How the hit was found, for the UI's keyword/semantic marks. */
  found_by: z.enum(['keyword', 'semantic', 'both']),
  explain: explainSchema,
  food: foodSchema.optional(),
  catalog: catalogHitSchema.optional(),
  kb: kbPassageSchema.optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchInputSchema = z
  .object({
    corpus: corpusSchema,
    query: queryTextSchema,
    k: z.number().int().min(1).max(100).default(10),
    strategy: strategySchema.optional(),
    profile: profileIdSchema.default('default'),
  })
  .strict();

export const searchOutputSchema = z.object({
  corpus: corpusSchema,
  query: z.string(),
  strategy: strategySchema,
  embedder: z.string().nullable(),
  hits: z.array(searchHitSchema),
  refused: z.boolean(),
  notices: z.array(noticeSchema),
});
export type SearchOutput = z.infer<typeof searchOutputSchema>;

export const jobInfoSchema = z.object({
  job: z.string(),
  kind: z.string(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  done: z.number().int(),
  total: z.number().int(),
  message: z.string(),
});

export const embedderModeSchema = z.enum(['local', 'cloud', 'keyword-only']);

export const corpusStatusSchema = z.object({
  corpus: z.string(),
  rows: z.number().int(),
  vectors: z.number().int(),
  stale: z.number().int(),
  missing: z.number().int(),
});

export const statusSchema = z.object({
  app: z.object({ version: z.string(), data_dir: z.string(), database: z.string(), schema_version: z.number().int() }),
  embedder: z.object({
    id: z.string().nullable(),
    mode: embedderModeSchema,
    model_path: z.string().nullable(),
    model_sha256: z.string().nullable(),
    problem: z.string().nullable(),
  }),
  corpora: z.array(corpusStatusSchema),
});
export type Status = z.infer<typeof statusSchema>;

export const operations = {
  status: operation({
    summary: 'Embedder id and mode, model file, and per-corpus row, vector and stale-vector counts.',
    access: 'read',
    input: z.object({}).strict(),
    output: statusSchema,
  }),
  search: operation({
    summary: 'Search one corpus (foods, catalog, kb) with a keyword, vector or hybrid strategy.',
    access: 'read',
    input: searchInputSchema,
    output: searchOutputSchema,
  }),
  'foods.add': operation({
    summary: "Add a food to a profile's own catalog; nutrients per 100 g.",
    access: 'write',
    input: z.object({ profile: profileIdSchema.default('default'), name: foodNameSchema, brand: brandSchema.default(''), per100g: per100gSchema }).strict(),
    output: foodSchema,
  }),
  'foods.update': operation({
    summary: "Change a profile's own food (never the shared base); its vector becomes stale and is re-embedded.",
    access: 'write',
    input: z
      .object({ profile: profileIdSchema.default('default'), code: z.string().min(1).max(80), name: foodNameSchema.optional(), brand: brandSchema.optional(), per100g: per100gSchema.optional() })
      .strict(),
    output: foodSchema,
  }),
  'foods.get': operation({
    summary: 'One food visible to the profile, by code.',
    access: 'read',
    input: z.object({ profile: profileIdSchema.default('default'), code: z.string().min(1).max(80) }).strict(),
    output: foodSchema,
  }),
  'jobs.start': operation({
    summary: 'Start a background job: re-embed rows without a current vector (all corpora or one).',
    access: 'write',
    input: z.object({ kind: z.literal('reembed'), corpus: corpusSchema.optional() }).strict(),
    output: jobInfoSchema,
  }),
  'jobs.cancel': operation({
    summary: 'Cancel a running job; work done so far is kept.',
    access: 'write',
    input: z.object({ job: z.string().min(1).max(100) }).strict(),
    output: jobInfoSchema,
  }),
  'jobs.list': operation({
    summary: 'Jobs of this session with their progress.',
    access: 'read',
    input: z.object({}).strict(),
    output: z.array(jobInfoSchema),
  }),
  'settings.get': operation({
    summary: 'The current settings (API keys are never part of them).',
    access: 'read',
    input: z.object({}).strict(),
    output: settingsSchema,
  }),
  'settings.update': operation({
    summary: 'Change some settings; returns them all.',
    access: 'write',
    input: settingsPatchSchema,
    output: settingsSchema,
  }),
} as const;

export type Operations = typeof operations;
export type OperationName = keyof Operations;
export type OperationInput<N extends OperationName> = z.input<Operations[N]['input']>;
export type OperationOutput<N extends OperationName> = z.output<Operations[N]['output']>;

export const operationNames: readonly OperationName[] = operationNameList;

// Compile-time proof that names.ts (used by the preload) lists exactly the contract's operations and events.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const operationNamesMatch: Same<OperationName, (typeof operationNameList)[number]> = true;
void operationNamesMatch;

/** True when `name` is an operation of the contract. */
export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(operations, name);
}

/** Events main pushes to the renderer (progress of long jobs). */
export const events = {
  'job.progress': jobInfoSchema,
} as const;

export type EventName = keyof typeof events;
const eventNamesMatch: Same<EventName, (typeof eventNameList)[number]> = true;
void eventNamesMatch;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** True when `name` is an event of the contract. */
export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(events, name);
}
