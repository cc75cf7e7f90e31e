import { z } from 'zod';
import { eventNames as eventNameList, operationNames as operationNameList } from './names.js';
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
  'job.progress': z.object({
    job: z.string(),
    kind: z.string(),
    state: z.enum(['running', 'done', 'failed', 'cancelled']),
    done: z.number().int(),
    total: z.number().int(),
    message: z.string(),
  }),
} as const;

export type EventName = keyof typeof events;
const eventNamesMatch: Same<EventName, (typeof eventNameList)[number]> = true;
void eventNamesMatch;
export type EventPayload<E extends EventName> = z.output<(typeof events)[E]>;

/** True when `name` is an event of the contract. */
export function isEventName(name: string): name is EventName {
  return Object.prototype.hasOwnProperty.call(events, name);
}
