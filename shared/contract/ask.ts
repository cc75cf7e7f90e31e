import { z } from 'zod';
import { kbSeveritySchema } from './kb.js';
import { answerabilitySchema, relevanceSchema } from './search.js';
import { isoDateSchema, languageSchema, noticeSchema, operation, profileIdSchema, queryTextSchema, strategySchema } from './common.js';
import { mealSchema } from './diary.js';

/** Why a diary question gets no figures: the plan's reasons, then the diary's (nothing logged). */
export const diaryRefusalSchema = z.enum(['untracked_nutrient', 'not_understood', 'future_period', 'invalid_date', 'no_entries', 'empty_diary', 'no_food_entries']);
export type DiaryRefusal = z.infer<typeof diaryRefusalSchema>;

/**
 * Why a diary question that uses the log's words still asks what the log cannot say (advice, what a food contains,
 * someone else's eating, not eating, using the app, chat): the text of its `not_understood` entry in `not_honoured`.
 */
export const diaryScopeReasons = ['advice', 'food_fact', 'someone_else', 'not_eating', 'app_use', 'chat'] as const;
export type DiaryScopeReason = (typeof diaryScopeReasons)[number];

/** Something the question asked that the plan could not honour, with the words or dates concerned. */
export const unhonouredSchema = z.object({
  code: z.enum(['untracked_nutrient', 'not_understood', 'future_period', 'future_date', 'invalid_date', 'period_clamped', 'nutrients_dropped', 'comparison_dropped', 'meals_dropped']),
  text: z.string(),
});
export type Unhonoured = z.infer<typeof unhonouredSchema>;

/** What the diary planner decided to look up (after the sanitizer). Fields after `planner` are optional for older readers. */
export const diaryPlanSchema = z.object({
  date_from: isoDateSchema,
  date_to: isoDateSchema,
  nutrients: z.array(z.string()),
  need_detail: z.boolean(),
  /** The range was longer than 92 days and was cut to the last 92: the UI says so. */
  clamped: z.boolean(),
  /** Who planned: the offline rule-based parser or a configured LLM. */
  planner: z.enum(['rules', 'llm']),
  /** Only these meals count; empty or missing: every meal. */
  meals: z.array(mealSchema).optional(),
  /** A comparison: the second period, shown side by side with the first, and the difference. */
  compare_to: z.object({ date_from: isoDateSchema, date_to: isoDateSchema, clamped: z.boolean() }).optional(),
  /** Foods the question names ("paneer", "huevos"): only entries whose food's name has these words are answered from. */
  foods: z.array(z.string()).optional(),
  /** "What did I eat …": every entry of the period (and meals) is listed, not only the largest. */
  list_entries: z.boolean().optional(),
  /** The question cannot be answered from the diary, and why; nothing is retrieved. */
  refusal: diaryRefusalSchema.exclude(['no_entries', 'empty_diary', 'no_food_entries']).optional(),
  /** What the plan assumed because the question did not say: the last 30 days, the macronutrient overview. */
  defaults: z.array(z.enum(['period', 'nutrients'])).optional(),
  /** What the question asked that the plan could not honour (a nutrient cita does not track, a future day…). */
  not_honoured: z.array(unhonouredSchema).optional(),
});
export type DiaryPlan = z.infer<typeof diaryPlanSchema>;

/** One thing an answer cites: a day or food row of the diary context, or a clinical card. */
export const citationSchema = z.object({
  /** The marker used in the answer text, e.g. "[1]". */
  ref: z.string(),
  kind: z.enum(['diary-day', 'diary-entry', 'kb-card']),
  label: z.string(),
  /** 1-based line numbers of `context` this citation stands on. */
  context_lines: z.array(z.number().int()),
  date: z.string().optional(),
  card_id: z.string().optional(),
  source_name: z.string().optional(),
  source_url: z.string().optional(),
});
export type Citation = z.infer<typeof citationSchema>;

/** A number found in the answer and whether the context holds it. */
export const groundedFigureSchema = z.object({
  text: z.string(),
  value: z.number(),
  unit: z.string().nullable(),
  verified: z.boolean(),
  /**
   * Diary answers only (attribution check): "subject" when a row of the food or day its sentence names holds it;
   * "unnamed" when the sentence names no subject and the figure is in the context; "misattributed" when the
   * context holds it only in rows of another food or day.
   */
  attribution: z.enum(['subject', 'unnamed', 'misattributed']).optional(),
  /** 1-based context lines where the figure was found. */
  context_lines: z.array(z.number().int()),
  /** Character offsets of the figure in `answer`, for highlighting. */
  start: z.number().int(),
  end: z.number().int(),
});
export type GroundedFigure = z.infer<typeof groundedFigureSchema>;

export const groundingSchema = z.object({
  figures: z.array(groundedFigureSchema),
  verified: z.number().int(),
  unverified: z.number().int(),
  /** False when any figure is unverified: the answer is shown as untrusted. */
  trusted: z.boolean(),
});
export type Grounding = z.infer<typeof groundingSchema>;

/**
 * KB answers: what the answer's first line says about the first cited card, for the UI's severity badge and
 * "what to do" line. Present when that card has a severity or an action section.
 */
export const kbLeadSchema = z.object({
  /** The citation marker of the card, e.g. "[1]". */
  ref: z.string(),
  card_id: z.string(),
  title: z.string(),
  relevance: relevanceSchema,
  severity: kbSeveritySchema.optional(),
  /** The first unit of the card's action section, quoted verbatim; `quoted` when the answer's quotes already hold it. */
  action: z.object({ section: z.string(), text: z.string(), quoted: z.boolean() }).optional(),
});
export type KbLead = z.infer<typeof kbLeadSchema>;

export const askInputSchema = z
  .object({
    corpus: z.enum(['diary', 'kb']),
    question: queryTextSchema,
    profile: profileIdSchema.default('default'),
    strategy: strategySchema.optional(),
    /** Answer language; by default the question's language. */
    language: languageSchema.optional(),
    /** The screen's language: the diary answers in it when the question is too short to tell its own. */
    ui_language: languageSchema.optional(),
    /** "Today" for relative dates (tests and reproducible evaluations); the local date by default. */
    today: isoDateSchema.refine((date) => date >= '2000-01-01' && date <= '2099-12-31', 'today must fall between 2000-01-01 and 2099-12-31').optional(),
  })
  .strict();
export type AskInput = z.output<typeof askInputSchema>;

export const askOutputSchema = z.object({
  corpus: z.enum(['diary', 'kb']),
  question: z.string(),
  language: languageSchema,
  answer: z.string(),
  citations: z.array(citationSchema),
  plan: diaryPlanSchema.optional(),
  notices: z.array(noticeSchema),
  refused: z.boolean(),
  /** Diary answers: why no figures were given, when `refused`. */
  refusal: diaryRefusalSchema.optional(),
  /** KB answers: whether the knowledge base holds an answer, and why (a refusal explains itself here). */
  answerability: answerabilitySchema.optional(),
  /** KB answers: the first cited card's relevance, severity and first "what to do" unit (the answer's first line). */
  lead: kbLeadSchema.optional(),
  /** The notice every answer carries (SPEC §4.2 / §4.4); for the diary it names how the answer was made. */
  disclaimer: z.string(),
  /** The exact text the answer was composed from. */
  context: z.string(),
  grounding: groundingSchema,
  /** Who wrote the prose: the deterministic composer or a configured LLM. */
  composer: z.enum(['deterministic', 'llm']),
  embedder: z.string().nullable(),
  strategy: strategySchema.optional(),
});
export type AskOutput = z.infer<typeof askOutputSchema>;

export const askOperations = {
  ask: operation({
    summary: 'Ask the diary or the clinical KB; the answer quotes only retrieved rows and every figure is checked.',
    access: 'read',
    input: askInputSchema,
    output: askOutputSchema,
  }),
};
