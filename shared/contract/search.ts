import { z } from 'zod';
import { corpusSchema, noticeSchema, operation, profileIdSchema, queryTextSchema, strategySchema } from './common.js';
import { foodSchema } from './foods.js';

export const explainSchema = z.object({
  paths: z.array(z.enum(['keyword', 'vector'])),
  keyword_rank: z.number().int().nullable(),
  keyword_score: z.number().nullable(),
  vector_distance: z.number().nullable(),
  fused_score: z.number(),
});

/** The data catalog's hit (SPEC §4.3): the same shape in the keyword and the hybrid phase. */
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

/** A retrieved passage of a clinical card, with its citation. */
export const kbPassageSchema = z.object({
  card_id: z.string(),
  title: z.string(),
  category: z.string(),
  section: z.string(),
  passage: z.string(),
  source_name: z.string(),
  source_url: z.string(),
});
export type KbPassage = z.infer<typeof kbPassageSchema>;

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
export type SearchInput = z.output<typeof searchInputSchema>;

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

export const searchOperations = {
  search: operation({
    summary: 'Search one corpus (foods, catalog, kb) with a keyword, vector or hybrid strategy.',
    access: 'read',
    input: searchInputSchema,
    output: searchOutputSchema,
  }),
};
