import { z } from 'zod';

/** Run-time settings: stored in SQLite, validated on every read and write. API keys are not settings. */
export const settingsSchema = z.object({
  embedder: z
    .object({
      /**
       * "auto" (the default) follows the KB decision record: Voyage when a Voyage API key is stored, the local model
       * otherwise. "local", "gemini", "voyage" and "none" are explicit choices that a stored key does not change.
       */
      provider: z.enum(['auto', 'local', 'gemini', 'voyage', 'none']).default('auto'),
      dtype: z.enum(['q8', 'fp32']).default('q8'),
      /**
       * ONNX Runtime intra-op threads of the local embedder: `auto` = every core up to 4 (main/embedding/embedder-threads.ts).
       * The vectors do not depend on it, so changing it re-embeds nothing. The cross-encoder runs on as many threads
       * (its logits do not depend on it either), read when it loads: at the first reranked question after a start.
       */
      threads: z.union([z.literal('auto'), z.number().int().min(1).max(64)]).default('auto'),
      /**
       * Workers that embed queries side by side, the local embedder's and the cross-language model's: `auto` = one per
       * core but one, 1 to 4 (main/embedding/embedder-threads.ts), so 1 on 2 cores. Each past the first is a process
       * with its own copy of those models (~420 MB). Vectors do not depend on it.
       */
      query_workers: z.union([z.literal('auto'), z.number().int().min(1).max(16)]).default('auto'),
      /** Cloud re-embedding: texts per request and pause between requests (the seed's free-tier values: 20, 65 s). */
      cloud_batch_size: z.number().int().min(1).max(100).default(20),
      cloud_pause_ms: z.number().int().min(0).max(600_000).default(65_000),
      /** A cloud call that takes longer fails, and that query falls back to keyword results. */
      cloud_timeout_ms: z.number().int().min(1000).max(120_000).default(15_000),
    })
    .prefault({}),
  foods: z
    .object({
      /**
       * Cosine distance beyond which a semantic food hit is noise. null: the value calibrated for the active embedder
       * (0.65 for Gemini, the seed's; see foodsSemanticBars); a number overrides it for every embedder.
       */
      max_dist: z.number().min(0).max(2).nullable().default(null),
      /**
       * Food concepts in hybrid searches: a query naming one ("oily fish", "pescado azul") also gets the foods that
       * meet its published definition (kb/concepts/food-concepts.json: fish named oily by the UK FSA, or ≥ 5 g fat/100 g).
       */
      concepts: z.boolean().default(true),
    })
    .prefault({}),
  fusion: z
    .object({
      keyword_weight: z.number().min(0).max(1).default(0.4),
      vector_weight: z.number().min(0).max(1).default(0.6),
      // KB hybrid (reciprocal rank fusion): 10 rather than the textbook 60, measured on SciFact (nDCG@10 0.727 vs
      // 0.719; vector alone 0.711) with the shipped KB sets unchanged within one question (README).
      rrf_k: z.number().int().min(1).max(1000).default(10),
      /**
       * The cross-language path's reciprocal rank fusion constant with the corpus's own ranking, apart from
       * rrf_k: its weights and bars were measured with 60 (README "Spanish and English").
       */
      cross_language_rrf_k: z.number().int().min(1).max(1000).default(60),
      /** The cross-language path's weight in its reciprocal rank fusion with the corpus's own ranking (1 = equal). */
      cross_language_weight: z.number().min(0).max(10).default(1),
    })
    .prefault({}),
  catalog: z
    .object({
      phase: z.enum(['keyword', 'hybrid']).default('hybrid'),
    })
    .prefault({}),
  kb: z
    .object({
      /** Minimum cosine similarity; null = disabled, as shipped (ADR-0004). Kept for comparison: answerability decides. */
      min_similarity: z.number().min(-1).max(1).nullable().default(null),
      strategy: z.enum(['keyword', 'vector', 'hybrid']).default('hybrid'),
      /** Refuse a question when no card is relevant enough (the calibrated answerability model). */
      answerability: z.boolean().default(true),
      /**
       * The answerability probability a question needs, whatever it names; null = the calibrated threshold of the
       * signals in use, or its weak half for a question whose first card covers every medicine and condition it names.
       */
      min_answerability: z.number().min(0).max(1).nullable().default(null),
      /**
       * Compare the question with the KB's example questions (kb/examples) as a signal of answerability, when the
       * calibration reads them; off only to measure answerability without them.
       */
      examples: z.boolean().default(true),
      /** Second-stage ranking of the first stage's best cards by the local cross-encoder, when it is installed. */
      rerank: z.boolean().default(true),
      /**
       * How many of the first stage's cards the cross-encoder reads (three passages each). Answerability reads the
       * first five (kb-search `answerabilityCards`), so more only score the cards shown below them: 8 gave the same
       * answers over the ten KB sets at 1.4 × the time (README "Relevance").
       */
      rerank_candidates: z.number().int().min(1).max(50).default(5),
    })
    .prefault({}),
  language: z
    .object({
      /** The hand-written glossaries (Spanish→English for foods and KB, English→Spanish for the catalog): off only to measure the corpora without them. */
      glossary: z.boolean().default(true),
      /**
       * The multilingual embedder as an extra retrieval path for a question in another language than the corpus
       * (Spanish against IFCT and the KB, English against the catalog), fused with the others; needs its model.
       */
      cross_language: z.boolean().default(true),
    })
    .prefault({}),
  llm: z
    .object({
      provider: z.enum(['none', 'openai-compatible', 'gemini']).default('none'),
      base_url: z.string().max(500).default(''),
      model: z.string().max(200).default(''),
    })
    .prefault({}),
  ui: z
    .object({
      language: z.enum(['system', 'es', 'en']).default('system'),
      theme: z.enum(['system', 'light', 'dark']).default('system'),
    })
    .prefault({}),
});

export type Settings = z.infer<typeof settingsSchema>;

/**
 * A section's keys, each optional and without its default. zod 4 applies a default even inside `.partial()`, so a
 * patch of one key used to reset its siblings to their defaults; a patch must carry only what the caller sent.
 */
type PatchShape<Shape extends Record<string, z.ZodType>> = {
  [Key in keyof Shape]: z.ZodOptional<Shape[Key] extends z.ZodDefault<infer Inner> ? Inner : Shape[Key]>;
};
function patchOf<Shape extends Record<string, z.ZodType>>(section: z.ZodObject<Shape>): z.ZodObject<PatchShape<Shape>> {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(section.shape)) shape[key] = (field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : field).optional();
  return z.object(shape) as unknown as z.ZodObject<PatchShape<Shape>>;
}

/** A partial update: any subset of sections and keys. */
export const settingsPatchSchema = z
  .object({
    embedder: patchOf(settingsSchema.shape.embedder.unwrap()).optional(),
    foods: patchOf(settingsSchema.shape.foods.unwrap()).optional(),
    fusion: patchOf(settingsSchema.shape.fusion.unwrap()).optional(),
    catalog: patchOf(settingsSchema.shape.catalog.unwrap()).optional(),
    kb: patchOf(settingsSchema.shape.kb.unwrap()).optional(),
    language: patchOf(settingsSchema.shape.language.unwrap()).optional(),
    llm: patchOf(settingsSchema.shape.llm.unwrap()).optional(),
    ui: patchOf(settingsSchema.shape.ui.unwrap()).optional(),
  })
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The defaults, as shipped. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}
