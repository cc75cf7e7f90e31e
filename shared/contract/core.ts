import { z } from 'zod';
import { settingsPatchSchema, settingsSchema } from '../settings.js';
import { corpusSchema, jobInfoSchema, operation } from './common.js';

export const secretNameSchema = z.enum(['gemini_api_key', 'voyage_api_key']);

export const embedderModeSchema = z.enum(['local', 'cloud', 'keyword-only']);

/**
 * What selected the embedder: a stored Voyage key (the setting is automatic), no Voyage key (automatic: the local
 * model), the user's explicit choice in the settings, or a fallback to the local model (the embedder's `problem` says
 * why). `provider` is the one selected; `mode` says whether it could be used.
 */
export const embedderChoiceSchema = z.object({
  provider: z.enum(['local', 'gemini', 'voyage', 'none']),
  reason: z.enum(['voyage_key', 'no_voyage_key', 'settings', 'fallback']),
});
export type EmbedderChoice = z.infer<typeof embedderChoiceSchema>;

export const rerankerModeSchema = z.enum(['local', 'off']);

export const corpusStatusSchema = z.object({
  corpus: z.string(),
  rows: z.number().int(),
  vectors: z.number().int(),
  stale: z.number().int(),
  missing: z.number().int(),
  /** Where a corpus lives when it is not in the data directory's SQLite file: `PostgreSQL postgres://…` (issue #21). */
  store: z.string().optional(),
});

export const statusSchema = z.object({
  /** `data_dir` and `database` are null for a token bound to one profile: where the files are is not its business. */
  app: z.object({ version: z.string(), data_dir: z.string().nullable(), database: z.string().nullable(), schema_version: z.number().int() }),
  embedder: z.object({
    id: z.string().nullable(),
    mode: embedderModeSchema,
    model_path: z.string().nullable(),
    model_sha256: z.string().nullable(),
    problem: z.string().nullable(),
    /** ONNX Runtime intra-op threads of the local model (the `embedder.threads` setting resolved); null when not local. */
    threads: z.number().int().positive().nullable(),
    choice: embedderChoiceSchema.nullable().default(null),
    /**
     * How the local q8 model embeds several texts: texts of one token length batched through the rowwise graph, or
     * every text alone when that graph is missing (with the reason); null when not local q8. The vectors are the same.
     */
    batching: z
      .object({ mode: z.enum(['equal-length', 'one-at-a-time']), problem: z.string().nullable() })
      .nullable()
      .default(null),
  }),
  /** The local cross-encoder: 'off' (with the reason) when its model is missing, corrupt or failed to load. */
  reranker: z.object({
    id: z.string().nullable(),
    mode: rerankerModeSchema,
    model_path: z.string().nullable(),
    model_sha256: z.string().nullable(),
    problem: z.string().nullable(),
  }),
  /**
   * The clinical KB's example questions (kb/examples): how many a card answers and how many no card answers, and
   * whether the answerability calibration reads them (with the cross-encoder and the embedder it was fitted with).
   */
  kb_examples: z
    .object({
      answered: z.number().int(),
      unanswered: z.number().int(),
      calibrated: z.boolean(),
      variant: z.string().nullable(),
      problem: z.string().nullable(),
      /** How close a question must read to an example of its first card to be answered from it alone (null when the examples are not read). */
      first_card_bar: z.number().nullable(),
    })
    .optional(),
  /** The cross-language path's embedder (USE-multilingual): 'keyword-only' here means the path is off, with the reason. */
  multilingual: z
    .object({
      id: z.string().nullable(),
      mode: embedderModeSchema,
      model_path: z.string().nullable(),
      model_sha256: z.string().nullable(),
      problem: z.string().nullable(),
      /** Per corpus, its rows' vectors in the multilingual space. */
      corpora: z.array(corpusStatusSchema),
    })
    .optional(),
  corpora: z.array(corpusStatusSchema),
  /** Corpora without vectors kept outside the SQLite file (the diary on PostgreSQL, issue #21): their rows and where. */
  stored: z.array(z.object({ corpus: z.string(), rows: z.number().int(), store: z.string() })).default([]),
  /** A corpus grown past the embedded store's comfort size (main/retrieval/store-capacity.ts), with the way on. */
  /** A corpus whose vectors of `dimensions` passed `limit`, the size at which the embedded store misses its latency target. */
  warnings: z.array(z.object({ code: z.literal('store_size'), corpus: z.string(), vectors: z.number().int(), dimensions: z.number().int(), limit: z.number().int(), message: z.string() })).default([]),
});
export type Status = z.infer<typeof statusSchema>;

export const ingestCountsSchema = z.object({
  corpus: z.string(),
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  removed: z.number().int(),
  /** Rows whose vectors were computed during the ingest (0 in keyword-only mode). */
  embedded: z.number().int(),
});
export type IngestCounts = z.infer<typeof ingestCountsSchema>;

/** Status, settings, jobs and re-ingest of the shipped data: what every build has. */
export const coreOperations = {
  status: operation({
    summary: 'Embedder and reranker ids and modes, model files, and per-corpus row, vector and stale-vector counts (for a token bound to one profile: no paths, and only the rows it can see).',
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
  'secrets.set': operation({
    summary: 'Store (or, with null, forget) a cloud API key in the keychain-backed store; the key is never returned.',
    access: 'write',
    input: z
      .object({
        name: secretNameSchema,
        // Checked again where it is stored; the schema only bounds the size so nothing huge is ever held.
        value: z.string().max(512, 'an API key has at most 512 characters').nullable(),
      })
      .strict(),
    output: z.object({ name: secretNameSchema, stored: z.boolean() }),
  }),
  'secrets.status': operation({
    summary: 'Which cloud API keys are configured (booleans only) and where they are kept.',
    access: 'read',
    input: z.object({}).strict(),
    output: z.object({
      gemini_api_key: z.boolean(),
      voyage_api_key: z.boolean(),
      /** The same place in English words, for the CLI and logs. */
      store: z.string(),
      /** Where keys are read from, as data: environment variables first, then the file (keychain-encrypted or not). */
      location: z.object({ variables: z.array(z.string()), file: z.string().nullable(), encrypted: z.boolean() }),
    }),
  }),
  ingest: operation({
    summary: 'Re-ingest the shipped data of a corpus (catalog seed, clinical cards, IFCT foods); idempotent, prints counts.',
    access: 'write',
    input: z.object({ corpus: corpusSchema }).strict(),
    output: ingestCountsSchema,
  }),
};
