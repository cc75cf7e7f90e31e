import { z } from 'zod';
import { isoDateSchema, operation } from './common.js';

/**
 * The four kinds of clinical card (SPEC §4.4; a card's id starts with the category's prefix by convention), and
 * "reference": a document the user brought without saying its kind.
 */
export const kbCategories = ['drug-interaction', 'adherence-barrier', 'motivational-interviewing', 'escalation', 'reference'] as const;
export const kbCategorySchema = z.enum(kbCategories);
export type KbCategory = z.infer<typeof kbCategorySchema>;

/**
 * How serious a card's subject is, as the card's own text (and its cited label) says: for an interaction,
 * `contraindicated` (must not be used together), `avoid` (advised against), `monitor` (used with checks or dose
 * adjustment); for an escalation card, `emergency` (its red flags call for emergency services) or `urgent` (contact
 * the prescriber the same day). Optional: a card whose text supports no level has none.
 */
export const kbInteractionSeverities = ['contraindicated', 'avoid', 'monitor'] as const;
export const kbEscalationSeverities = ['emergency', 'urgent'] as const;
export const kbSeverities = [...kbInteractionSeverities, ...kbEscalationSeverities] as const;
export const kbSeveritySchema = z.enum(kbSeverities);
export type KbSeverity = z.infer<typeof kbSeveritySchema>;

/** A card's citation and review data: what every list, hit and answer shows about it. */
export const kbCardSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  category: kbCategorySchema,
  source_name: z.string(),
  source_url: z.string(),
  last_reviewed: isoDateSchema,
  /** How many retrievable sub-chunks the card was split into. */
  chunks: z.number().int(),
  /** The id the document has where it came from (a BEIR `_id`, a file name), when it differs from id. */
  original_id: z.string().optional(),
  /** The card's severity level, when its front matter gives one. */
  severity: kbSeveritySchema.optional(),
});
export type KbCardSummary = z.infer<typeof kbCardSummarySchema>;

/** One `## ` section of a card, as Markdown. */
export const kbSectionSchema = z.object({ heading: z.string(), text: z.string() });

/** A full card for the reader: its sections in order and the Markdown body they came from. */
export const kbCardSchema = kbCardSummarySchema.extend({
  sections: z.array(kbSectionSchema),
  body: z.string(),
});
export type KbCard = z.infer<typeof kbCardSchema>;

const cardIdSchema = z
  .string()
  .trim()
  .min(1, 'the card id is empty')
  .max(100, 'the card id is longer than 100 characters')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a card id is lowercase words joined by hyphens');

/** A medicine or class some card names, with the other names a clinician may type (for autocomplete). */
export const kbDrugNameSchema = z.object({
  /** The canonical generic (or class) name, lower case: "warfarin". */
  name: z.string(),
  kind: z.enum(['drug', 'class']),
  /** Brands and other spellings, as the lexicon lists them: "Coumadin", "Jantoven". */
  brands: z.array(z.string()),
  /** Spanish names: "warfarina". */
  spanish: z.array(z.string()),
  /** The cards that name it. */
  cards: z.array(z.string()),
});
export type KbDrugName = z.infer<typeof kbDrugNameSchema>;

export const kbOperations = {
  'kb.drugs': operation({
    summary: 'The medicines and classes the clinical cards name, with their brands and Spanish names (for autocomplete).',
    access: 'read',
    input: z.object({}).strict(),
    output: z.array(kbDrugNameSchema),
  }),
  'kb.cards': operation({
    summary: 'Every clinical card (id, title, category, source and URL, last review, chunk count), by category then id.',
    access: 'read',
    input: z.object({ category: kbCategorySchema.optional() }).strict(),
    output: z.array(kbCardSummarySchema),
  }),
  'kb.card': operation({
    summary: "One clinical card in full, with its sections, source name and URL, for the UI's reader.",
    access: 'read',
    input: z.object({ id: cardIdSchema }).strict(),
    output: kbCardSchema,
  }),
};
