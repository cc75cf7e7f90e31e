import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Relevance } from '../../../shared/contract.js';
import { contributions, sigmoid, type LogisticModel } from './logistic.js';

/** What is known about one candidate card for one question: the inputs of the answerability model. */
export interface CardSignals {
  /** The cross-encoder's logit for the question and the card's best passage; null without a reranker. */
  rerank: number | null;
  /** Cosine similarity of the question and the card's closest passage; null without an embedder. */
  cosine: number | null;
  /** Share of the question's terms that the card's passages matched by keyword (0..1). */
  keywordCoverage: number;
  /** Drugs, classes and conditions the question names. */
  mentionCount: number;
  /** Drugs and classes the question names that no card of the KB covers. */
  uncoveredDrugs: number;
  /** Conditions the question names that no card covers (weaker: "fever" or "smoking" may be incidental). */
  uncoveredConditions: number;
  /** Share of the named ones this card covers (0 when the question names none). */
  cardCoverage: number;
  spanish: boolean;
  /**
   * The question's cosine to the nearest example question a card answers, and to the nearest one no card answers
   * (kb-examples.ts); the same for every card of a question. Absent without the examples or the embedder.
   */
  exampleAnswered?: number | null;
  exampleUnanswered?: number | null;
  /** The same with the multilingual embedder, reading the question as asked (Spanish meets Spanish examples). */
  exampleAnsweredMultilingual?: number | null;
  exampleUnansweredMultilingual?: number | null;
}

/** The calibrated combinations, one per set of available signals; see scripts/calibrate-kb.ts. */
export type AnswerabilityVariant = 'rerank+dense+examples+multilingual' | 'rerank+dense+examples' | 'rerank+dense' | 'dense' | 'rerank' | 'keyword';

const logisticSchema = z.object({
  features: z.array(z.string()).min(1),
  means: z.array(z.number()),
  scales: z.array(z.number()),
  weights: z.array(z.number()),
  bias: z.number(),
});

const variantSchema = z.object({
  model: logisticSchema,
  /** At or above: answerable, and a card there is a strong hit. */
  threshold: z.number().min(0).max(1),
  /** At or above (below `threshold`): a weak hit. */
  weakThreshold: z.number().min(0).max(1),
  /** What the calibration measured on its development and held-out sets, for status and the README. */
  measured: z.record(z.string(), z.number()).default({}),
});

const calibrationSchema = z.object({
  version: z.literal(1),
  /** The embedder and reranker the signals came from; another embedder falls back to the keyword variant. */
  embedder: z.string(),
  reranker: z.string().nullable(),
  /** The multilingual model the examples variant with it was fitted with; another one is not read. */
  multilingual: z.string().nullable().optional(),
  sets: z.array(z.string()),
  variants: z.object({
    /**
     * Optional, stacked on 'rerank+dense': without the multilingual model the first falls back to the second, without
     * the examples (or either variant) to 'rerank+dense'.
     */
    'rerank+dense+examples+multilingual': variantSchema.optional(),
    'rerank+dense+examples': variantSchema.optional(),
    'rerank+dense': variantSchema,
    dense: variantSchema,
    rerank: variantSchema,
    keyword: variantSchema,
  }),
});

export type AnswerabilityCalibration = z.infer<typeof calibrationSchema>;
export type CalibratedVariant = z.infer<typeof variantSchema>;

/** Reads and checks a calibration file (the shipped one lives next to this module). */
export function loadAnswerabilityCalibration(path: string): AnswerabilityCalibration {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(`Cannot read the answerability calibration ${path}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = calibrationSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`The answerability calibration ${path} is invalid: ${z.prettifyError(parsed.error)}`);
  for (const [name, variant] of Object.entries(parsed.data.variants)) {
    if (!variant) continue;
    const { features, means, scales, weights } = variant.model;
    if (![means, scales, weights].every((list) => list.length === features.length)) {
      throw new Error(`The answerability calibration ${path}: variant ${name} has ${features.length} features but lists of other lengths`);
    }
    for (const feature of features) if (!(feature in featureReaders)) throw new Error(`The answerability calibration ${path}: unknown feature "${feature}"`);
  }
  return parsed.data;
}

/** Every feature a calibration may use, read from a card's signals (missing signals read as 0, never chosen then). */
const featureReaders: Record<string, (signals: CardSignals) => number> = {
  rerank: (signals) => signals.rerank ?? 0,
  cosine: (signals) => signals.cosine ?? 0,
  keyword_coverage: (signals) => signals.keywordCoverage,
  drug_uncovered: (signals) => (signals.uncoveredDrugs > 0 ? 1 : 0),
  condition_uncovered: (signals) => (signals.uncoveredConditions > 0 ? 1 : 0),
  names_covered_by_card: (signals) => (signals.mentionCount > 0 ? signals.cardCoverage : 0),
  names_nothing: (signals) => (signals.mentionCount === 0 ? 1 : 0),
  spanish: (signals) => (signals.spanish ? 1 : 0),
  example_answered: (signals) => signals.exampleAnswered ?? 0,
  example_unanswered: (signals) => signals.exampleUnanswered ?? 0,
  example_answered_multilingual: (signals) => signals.exampleAnsweredMultilingual ?? 0,
  example_unanswered_multilingual: (signals) => signals.exampleUnansweredMultilingual ?? 0,
  // How much nearer the question reads to an answered example than to an unanswered one: a question far from every
  // example (a practice's own matter beside the clinical bank) reads near 0 here, where the two cosines apart would
  // each extrapolate (far from the unanswered ones read as answerable). Read only by a calibration that names them
  // (`calibrate-kb-examples --margins`); the shipped one does not (README, thirty-fifth session: measured, not shipped).
  example_margin: (signals) => (signals.exampleAnswered ?? 0) - (signals.exampleUnanswered ?? 0),
  example_margin_multilingual: (signals) => (signals.exampleAnsweredMultilingual ?? 0) - (signals.exampleUnansweredMultilingual ?? 0),
};

/** The feature names calibration can choose from, per variant. */
/**
 * The features each variant uses, chosen on the development halves (scripts/calibrate-kb.ts; README "Relevance"):
 * richer combinations (keyword coverage, Spanish, conditions, the card's share of the named drugs) fitted the
 * development questions better but refused more held-out answerable questions; these three generalised best.
 */
export const variantFeatures: Record<AnswerabilityVariant, string[]> = {
  // The 'rerank+dense' model with the examples stacked on it (scripts/calibrate-kb-examples.ts): its three weights
  // keep their ratios, so the cross-encoder cannot turn negative.
  'rerank+dense+examples+multilingual': ['rerank', 'cosine', 'drug_uncovered', 'example_answered', 'example_unanswered', 'example_answered_multilingual', 'example_unanswered_multilingual'],
  'rerank+dense+examples': ['rerank', 'cosine', 'drug_uncovered', 'example_answered', 'example_unanswered'],
  'rerank+dense': ['rerank', 'cosine', 'drug_uncovered'],
  dense: ['cosine', 'drug_uncovered'],
  rerank: ['rerank', 'drug_uncovered'],
  keyword: ['keyword_coverage', 'drug_uncovered', 'names_covered_by_card', 'names_nothing'],
};

/**
 * The question's own signals, from its candidate cards: the best cross-encoder score and the best cosine among
 * them (a question is answerable when some card reads as answering it), keyword coverage and name coverage of the
 * first card. Its probability under the model is the question's answerability.
 */
export function questionSignals(cards: readonly CardSignals[]): CardSignals | null {
  const [first] = cards;
  if (!first) return null;
  const best = (values: Array<number | null>) => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : Math.max(...present);
  };
  return { ...first, rerank: best(cards.map((card) => card.rerank)), cosine: best(cards.map((card) => card.cosine)) };
}

/** The feature values of a card, in a feature list's order. */
export function featureValues(features: readonly string[], signals: CardSignals): number[] {
  return features.map((feature) => (featureReaders[feature] as (signals: CardSignals) => number)(signals));
}

/** Whether the calibration reads the example questions with this multilingual model: the one it was fitted with, if it names one. */
export function readsMultilingualModel(calibration: { multilingual?: string | null }, modelId: string): boolean {
  return calibration.multilingual == null || modelId === calibration.multilingual;
}

/** Which variant applies, from the signals a search actually had. */
export function variantFor(available: { rerank: boolean; dense: boolean; examples?: 'local' | 'local+multilingual' | null }): AnswerabilityVariant {
  if (available.rerank && available.dense) {
    if (available.examples === 'local+multilingual') return 'rerank+dense+examples+multilingual';
    return available.examples === 'local' ? 'rerank+dense+examples' : 'rerank+dense';
  }
  if (available.dense) return 'dense';
  return available.rerank ? 'rerank' : 'keyword';
}

/** A card's probability of answering the question, with each signal's contribution to the log-odds. */
export function scoreCard(variant: CalibratedVariant, signals: CardSignals): { probability: number; parts: Array<{ name: string; value: number; contribution: number }> } {
  const model: LogisticModel = variant.model;
  const values = featureValues(model.features, signals);
  const parts = contributions(model, values).map((contribution, index) => ({ name: model.features[index] as string, value: values[index] as number, contribution }));
  return { probability: sigmoid(model.bias + parts.reduce((sum, part) => sum + part.contribution, 0)), parts };
}

/** A card's relevance from its probability and the variant's thresholds (`threshold` may be the user's). */
export function relevanceOf(probability: number, thresholds: { threshold: number; weakThreshold: number }): Relevance {
  if (probability >= thresholds.threshold) return 'strong';
  return probability >= thresholds.weakThreshold ? 'weak' : 'none';
}
