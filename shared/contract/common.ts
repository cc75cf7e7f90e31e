import { z } from 'zod';

/** Who may call an operation: any authenticated role may read; writes need the editor role. */
export type Access = 'read' | 'write';

export interface OperationSpec<I extends z.ZodType, O extends z.ZodType> {
  summary: string;
  access: Access;
  input: I;
  output: O;
  /** Largest JSON body the HTTP server reads for this operation; `defaultMaxInputBytes` unless the input is large by nature. */
  maxInputBytes?: number;
}

/** Largest JSON body of an operation over HTTP unless it says otherwise: a query, a food or a setting fits many times over. */
export const defaultMaxInputBytes = 256 * 1024;

/** Declares one operation of the contract. */
export function operation<I extends z.ZodType, O extends z.ZodType>(spec: OperationSpec<I, O>): OperationSpec<I, O> {
  return spec;
}

/** A profile id: short, printable, no path or SQL surprises. */
export const profileIdSchema = z
  .string()
  .trim()
  .min(1, 'profile must not be empty')
  .max(64, 'profile is longer than 64 characters')
  .regex(/^[A-Za-z0-9_.-]+$/, 'profile may contain only letters, digits, "_", "." and "-"');

export const corpusSchema = z.enum(['foods', 'catalog', 'kb', 'manuals']);
export type Corpus = z.infer<typeof corpusSchema>;

export const strategySchema = z.enum(['keyword', 'vector', 'hybrid']);
export type Strategy = z.infer<typeof strategySchema>;

export const languageSchema = z.enum(['es', 'en']);
export type Language = z.infer<typeof languageSchema>;

/** Longest query or question accepted; longer input is a user error, not a truncation. */
export const maxQueryLength = 2000;

export const queryTextSchema = z
  .string()
  .trim()
  .min(1, 'the query is empty')
  .max(maxQueryLength, `the query is longer than ${maxQueryLength} characters`)
  // eslint-disable-next-line no-control-regex -- the query is refused for holding control characters
  .refine((text) => !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/.test(text), 'the query contains control characters');

/**
 * What a translated query was also searched as, so a screen can say it in its own language (the message is English).
 * `corpus`: whose language the query was translated into (the foods catalog's or the KB cards' English, the data catalog's Spanish).
 */
export const queryTranslationSchema = z.object({
  corpus: z.enum(['foods', 'kb', 'catalog']),
  searched_as: z.string(),
  pairs: z.array(z.object({ from: z.string(), to: z.string() })),
});
export type QueryTranslation = z.infer<typeof queryTranslationSchema>;

/** A translated query longer than this is not quoted back whole (a 150-word question would be said twice): only its pairs. */
export const quotedTranslationLimit = 160;

/**
 * A notice for the user about how a result was produced (degraded mode, a clamp, a cut). `message` is cita's English;
 * `params` carries the values a screen needs to say it in its own language, keyed by `code` (`context` picks a variant).
 */
export const noticeSchema = z.object({
  code: z.string(),
  message: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  translation: queryTranslationSchema.optional(),
});
export type Notice = z.infer<typeof noticeSchema>;

/** An https:// address with a host (a card's or a manual's source). */
export const httpsUrlSchema = z
  .string()
  .trim()
  .refine((text) => {
    try {
      const url = new URL(text);
      return url.protocol === 'https:' && url.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be an https:// address');

/** A calendar day, YYYY-MM-DD, that exists. */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are written YYYY-MM-DD')
  .refine((text) => {
    const date = new Date(`${text}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text;
  }, 'that date does not exist');

export const jobInfoSchema = z.object({
  job: z.string(),
  kind: z.string(),
  /** The one profile whose data the job works on; absent when it works on everyone's (a re-embed). */
  profile: z.string().optional(),
  state: z.enum(['running', 'done', 'failed', 'cancelled']),
  done: z.number().int(),
  total: z.number().int(),
  message: z.string(),
});
