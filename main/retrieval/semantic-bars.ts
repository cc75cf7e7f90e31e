import type { Relevance } from '../../shared/contract.js';

/**
 * Cosine-distance bars of one embedder for one corpus: a semantic hit closer than `strong` is labelled strong,
 * one up to `max` weak, and anything farther is noise and dropped. Distances are not comparable across embedders
 * (bge-small puts unrelated short texts at 0.35–0.5, Gemini at 0.6+), so every bar belongs to one embedder model.
 */
export interface SemanticBars {
  strong: number;
  max: number;
}

/** The model part of an embedder id ("local:bge-small-en-v1.5:384:q8:bgeq1" → "bge-small-en-v1.5"). */
export function embedderModelOf(embedderId: string): string {
  return embedderId.split(':')[1] ?? embedderId;
}

/** The bars for an embedder from a calibration table; the fallback when the model was never calibrated. */
export function barsFor(table: Readonly<Record<string, SemanticBars>>, embedderId: string | null, fallback: SemanticBars): SemanticBars {
  if (embedderId === null) return fallback;
  return table[embedderModelOf(embedderId)] ?? fallback;
}

/** A semantic hit's relevance under the bars. */
export function semanticRelevance(distance: number, bars: SemanticBars): Relevance {
  if (distance <= bars.strong) return 'strong';
  return distance <= bars.max ? 'weak' : 'none';
}
