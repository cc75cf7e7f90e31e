import { z } from 'zod';

/** Run-time settings: stored in SQLite, validated on every read and write. API keys are not settings. */
export const settingsSchema = z.object({
  embedder: z
    .object({
      provider: z.enum(['local', 'gemini', 'voyage', 'none']).default('local'),
      dtype: z.enum(['q8', 'fp32']).default('q8'),
    })
    .prefault({}),
  foods: z
    .object({
      /** Cosine distance beyond which a semantic food hit is noise (the seed's value). */
      max_dist: z.number().min(0).max(2).default(0.65),
    })
    .prefault({}),
  fusion: z
    .object({
      keyword_weight: z.number().min(0).max(1).default(0.4),
      vector_weight: z.number().min(0).max(1).default(0.6),
      rrf_k: z.number().int().min(1).max(1000).default(60),
    })
    .prefault({}),
  catalog: z
    .object({
      phase: z.enum(['keyword', 'hybrid']).default('hybrid'),
    })
    .prefault({}),
  kb: z
    .object({
      /** Minimum cosine similarity; null = disabled, as shipped (ADR-0004). */
      min_similarity: z.number().min(-1).max(1).nullable().default(null),
      strategy: z.enum(['keyword', 'vector', 'hybrid']).default('hybrid'),
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

/** A partial update: any subset of sections and keys. */
export const settingsPatchSchema = z
  .object({
    embedder: settingsSchema.shape.embedder.unwrap().partial().optional(),
    foods: settingsSchema.shape.foods.unwrap().partial().optional(),
    fusion: settingsSchema.shape.fusion.unwrap().partial().optional(),
    catalog: settingsSchema.shape.catalog.unwrap().partial().optional(),
    kb: settingsSchema.shape.kb.unwrap().partial().optional(),
    llm: settingsSchema.shape.llm.unwrap().partial().optional(),
    ui: settingsSchema.shape.ui.unwrap().partial().optional(),
  })
  .strict();

export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

/** The defaults, as shipped. */
export function defaultSettings(): Settings {
  return settingsSchema.parse({});
}
