import { z } from 'zod';
import { corpusSchema, noticeSchema, operation, profileIdSchema, queryTextSchema, strategySchema } from './common.js';
import { foodSchema } from './foods.js';

/** How well a hit answers the query, calibrated per corpus and embedder: what the UI and CLI show beside it. */
export const relevanceSchema = z.enum(['strong', 'weak', 'none']);
export type Relevance = z.infer<typeof relevanceSchema>;

export const explainSchema = z.object({
  /**
   * `multilingual`: the cross-language path (a question in another language than the corpus); `concept`: the query
   * names a food concept ("oily fish", "pescado azul") and the row meets its published definition.
   */
  paths: z.array(z.enum(['keyword', 'vector', 'multilingual', 'concept'])),
  keyword_rank: z.number().int().nullable(),
  keyword_score: z.number().nullable(),
  /** How the query's words met the hit's: as written, as the start of a word, or only within one typo. */
  keyword_match: z.enum(['exact', 'prefix', 'fuzzy']).nullable().optional(),
  /** The share of the query's words (after stop words) the hit matched, when the keyword path found it. */
  keyword_coverage: z.number().nullable().optional(),
  vector_distance: z.number().nullable(),
  /** Rank and cosine distance on the cross-language path, when it found the hit. */
  multilingual_rank: z.number().int().nullable().optional(),
  multilingual_distance: z.number().nullable().optional(),
  /** Rank among the concept's members and why the row is one ("oily fish: a sardine, named …; fat 8.99 g/100 g ≥ 5 …"). */
  concept_rank: z.number().int().nullable().optional(),
  concept: z.string().nullable().optional(),
  /** The cross-encoder's logit for (query, passage), when the hit was reranked. */
  rerank_score: z.number().nullable().optional(),
  fused_score: z.number(),
});

/** A tribal note of a field and why it applies to the query (or what a question would mention for it to). */
export const catalogNoteSchema = z.object({
  note: z.string(),
  applies: z.boolean(),
  /** It applies to every question. */
  always: z.boolean(),
  /** The condition's terms the question mentions (folded: lower case, no accents). */
  matched: z.array(z.string()),
  /** The terms the condition looks for. */
  terms: z.array(z.string()),
  /** The question language it requires, if any. */
  language: z.enum(['es', 'en']).nullable(),
});
export type CatalogNote = z.infer<typeof catalogNoteSchema>;

/** The data catalog's hit (SPEC §4.3): the same shape in the keyword and the hybrid phase. */
export const catalogHitSchema = z.object({
  business_name: z.string(),
  definition: z.string(),
  physical_name: z.string(),
  source: z.string(),
  source_name: z.string(),
  data_type: z.string(),
  tribal_notes: z.array(z.string()),
  /** Every note of the field with its applicability explained; `tribal_notes` are those that apply, in order. */
  notes: z.array(catalogNoteSchema).optional(),
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
  /** '' when the document has no web address (a file the user brought: source_name names it). */
  source_url: z.string(),
  /** The id the document has where it came from (a BEIR `_id`, a file name), when it differs from card_id. */
  original_id: z.string().optional(),
});
export type KbPassage = z.infer<typeof kbPassageSchema>;

/** A retrieved passage of a long manual, with its place in the manual's tree and its citation. */
export const manualPassageSchema = z.object({
  manual_id: z.string(),
  title: z.string(),
  /** The section's key, `<manual id>#<heading>`: how evaluation sets and the tree view name it. */
  section_key: z.string(),
  /** Headings from the top of the manual down to the passage's section. */
  path: z.array(z.string()),
  passage: z.string(),
  source_name: z.string(),
  source_url: z.string(),
});
export type ManualPassage = z.infer<typeof manualPassageSchema>;

export const searchHitSchema = z.object({
  id: z.string(),
  title: z.string(),
  source: z.string(),
  score: z.number(),
  /** How the hit was found, for the UI's keyword/semantic marks. */
  found_by: z.enum(['keyword', 'semantic', 'both']),
  relevance: relevanceSchema,
  explain: explainSchema,
  food: foodSchema.optional(),
  catalog: catalogHitSchema.optional(),
  kb: kbPassageSchema.optional(),
  manual: manualPassageSchema.optional(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

/**
 * A keyword hit its words met only within a typo, or only as the start of a longer word in a hit judged weak
 * ("beer" → ridge gourd's Telugu "Beera kaya"): what the app and the CLI call a near spelling.
 */
export function nearSpelling(hit: Pick<SearchHit, 'found_by' | 'relevance' | 'explain'>): boolean {
  const match = hit.explain.keyword_match;
  return hit.found_by === 'keyword' && (match === 'fuzzy' || (match === 'prefix' && hit.relevance === 'weak'));
}

export const searchInputSchema = z
  .object({
    corpus: corpusSchema,
    query: queryTextSchema,
    /** Up to 1,000 so evaluations can measure Recall@1000 (BEIR); the app asks for ten. */
    k: z.number().int().min(1).max(1000).default(10),
    strategy: strategySchema.optional(),
    profile: profileIdSchema.default('default'),
    /** KB: reorder the best candidates with the local cross-encoder (default: the `kb.rerank` setting). */
    rerank: z.boolean().optional(),
    /**
     * Manuals: search the tree instead of flat, descending into the passages of this many best sections (ranked by
     * their summaries). Other corpora refuse it.
     */
    tree_branches: z.number().int().min(1).max(10).optional(),
  })
  .strict();
export type SearchInput = z.output<typeof searchInputSchema>;

/** One signal of the answerability decision and what it contributed, so a refusal can explain itself. */
export const answerabilitySignalSchema = z.object({
  name: z.string(),
  value: z.number().nullable(),
  contribution: z.number(),
});

/**
 * Whether the corpus holds an answer to the query (SPEC §8): a calibrated probability from several signals,
 * compared with a threshold chosen on the evaluation sets.
 */
export const answerabilitySchema = z.object({
  answerable: z.boolean(),
  probability: z.number(),
  /**
   * The probability this question needed: the calibrated threshold or the user's minimum; for a KB question whose
   * first card covers every medicine and condition it names, the weak bar, half the calibrated threshold (unless the user set a minimum).
   */
  threshold: z.number(),
  /** Which calibrated combination decided (it depends on whether the reranker and the embedder were available). */
  model: z.string(),
  signals: z.array(answerabilitySignalSchema),
  /** Drugs and conditions the question names that no card covers, by their canonical English names. */
  uncovered: z.array(z.string()),
  /** One sentence for the user: why the answer was given or refused. */
  reason: z.string(),
  /** Titles of the closest cards, offered when refusing. */
  closest: z.array(z.string()),
  /**
   * The figure the question asks for (a dose, a level or range, a number of minutes to years, how often, a price, a
   * person's name, a brand, maker or supplier, a phone number or extension, an email address, a password or code,
   * whether something is paid for, a day or a time of day, how long something is kept), and whether a relevant card holds one; a question asking for a figure
   * no relevant card gives is refused. Null when it asks for none.
   */
  figure: z
    .object({
      asked: z.enum(['dose', 'level', 'duration', 'frequency', 'price', 'person', 'maker', 'phone', 'email', 'password', 'charge', 'time', 'kept', 'count', 'reason', 'cover', 'age']),
      found: z.boolean(),
    })
    .nullable()
    .default(null),
  /**
   * The population the question asks a medicine's safety in (pregnancy or breastfeeding), or whether someone may drive, and whether a relevant
   * card speaks of it; such a question no relevant card speaks to is refused. Null when it asks about none.
   */
  population: z
    .object({ asked: z.enum(['pregnancy', 'breastfeeding', 'driving']), found: z.boolean() })
    .nullable()
    .default(null),
  /**
   * The aspect a short question about one medicine or condition asks about ("half-life" of digoxin), as English
   * words, and whether a relevant card uses one of them; such a question no relevant card speaks to is refused.
   * Null when the question is not of that form.
   */
  aspect: z
    .object({ asked: z.array(z.string()), found: z.boolean() })
    .nullable()
    .default(null),
  /**
   * The kinds of food or drink a question names with a medicine the cards cover ("leafy greens and vitamin K" with
   * warfarin), in English and Spanish, the medicines, and whether a relevant card about one of them names such a
   * food; such a question no relevant card speaks to is refused. Null when it names no food or no covered medicine.
   */
  food: z
    .object({ asked: z.array(z.string()), asked_es: z.array(z.string()), with: z.array(z.string()), found: z.boolean() })
    .nullable()
    .default(null),
  /**
   * The medicines a question names, what the interaction card it would be answered from is about (the drugs its
   * title names before "with"), and whether that card is about one of the named ones: "ibuprofen with lisinopril"
   * is not answered by the lithium card that lists both. Null when the question names no medicine or no
   * interaction card would answer it. `unspoken`: when that card is about a named medicine, the other named ones it
   * does not speak of ("sertraline with ibuprofen" and the card on SSRIs with triptans: ibuprofen); empty otherwise.
   */
  interaction: z
    .object({ named: z.array(z.string()), about: z.array(z.string()), found: z.boolean(), unspoken: z.array(z.string()).default([]) })
    .nullable()
    .default(null),
  /**
   * The medicines an interaction question asks about together when they are not one another ("warfarin and
   * atorvastatin together?"), and whether a relevant card speaks of two of them; such a question no card speaks to
   * is refused. Null when the question asks no interaction or names fewer than two such medicines.
   */
  together: z
    .object({ named: z.array(z.string()), found: z.boolean() })
    .nullable()
    .default(null),
  /**
   * The exceptions a question about the user's own documents turns on (a public holiday, someone on leave, equipment
   * that fails…), in English and Spanish, and whether a relevant document of the user's speaks of every one; such a
   * question no relevant document speaks to is refused. Shipped cards are not held to it. Null when it names none.
   */
  condition: z
    .object({ asked: z.array(z.string()), asked_es: z.array(z.string()), found: z.boolean() })
    .nullable()
    .default(null),
});
export type Answerability = z.infer<typeof answerabilitySchema>;

export const searchOutputSchema = z.object({
  corpus: corpusSchema,
  query: z.string(),
  strategy: strategySchema,
  embedder: z.string().nullable(),
  /** The reranker that ordered the hits, or null when none did. */
  reranker: z.string().nullable().optional(),
  hits: z.array(searchHitSchema),
  /** True when nothing relevant was found: no hits, or (KB) the question was judged unanswerable. */
  refused: z.boolean(),
  answerability: answerabilitySchema.optional(),
  notices: z.array(noticeSchema),
});
export type SearchOutput = z.infer<typeof searchOutputSchema>;

export const searchOperations = {
  search: operation({
    summary: 'Search one corpus (foods, catalog, kb, manuals) with a keyword, vector or hybrid strategy.',
    access: 'read',
    input: searchInputSchema,
    output: searchOutputSchema,
  }),
};
