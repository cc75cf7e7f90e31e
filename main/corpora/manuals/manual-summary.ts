import { quoteUnits } from '../kb/quotes.js';

/** A summary is at most this many of the section's own sentences. */
export const summarySentences = 3;

/** Sentences shorter than this many characters (a heading-like fragment, "Note:") are never chosen. */
const minimumSentenceLength = 25;

/** Compared without whitespace runs and code marks (quote units drop the marks). */
const comparable = (text: string) => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

/**
 * The sentences of a section's text that a summary may be made of, in reading order (prose split, list items whole),
 * without the sentences of its tables' data rows (`tableRows`, from readManualBody) or a pipe table left as written.
 */
export function summaryCandidates(text: string, tableRows: readonly string[] = []): string[] {
  const rows = tableRows.map(comparable);
  return quoteUnits(text)
    .map((unit) => unit.text.replace(/\s+/g, ' ').trim())
    .filter((sentence) => sentence.length >= minimumSentenceLength && !sentence.startsWith('|'))
    .filter((sentence) => !rows.some((row) => row.includes(comparable(sentence))));
}

/**
 * Extractive summary (no generated word): the `count` sentences whose vectors are nearest to the section's centroid
 * (the mean of all its sentences' unit vectors), kept in reading order. Ties go to the earlier sentence.
 */
export function centroidSummary(sentences: readonly string[], vectors: readonly Float32Array[], count = summarySentences): string[] {
  if (sentences.length <= count) return [...sentences];
  const dimensions = vectors[0]?.length ?? 0;
  const centroid = new Float32Array(dimensions);
  const units = vectors.map((vector) => {
    const norm = Math.hypot(...vector) || 1;
    return vector.map((value) => value / norm);
  });
  for (const unit of units) for (let index = 0; index < dimensions; index += 1) centroid[index] = (centroid[index] as number) + (unit[index] as number);
  const scored = units.map((unit, position) => {
    let dot = 0;
    for (let index = 0; index < dimensions; index += 1) dot += (unit[index] as number) * (centroid[index] as number);
    return { position, dot };
  });
  const chosen = scored
    .sort((a, b) => b.dot - a.dot || a.position - b.position)
    .slice(0, count)
    .map((entry) => entry.position)
    .sort((a, b) => a - b);
  return chosen.map((position) => sentences[position] as string);
}

/** Without an embedder (keyword-only mode) the summary is the section's first sentences, and says so (`summary_by` 'lead'). */
export function leadSummary(sentences: readonly string[], count = summarySentences): string[] {
  return sentences.slice(0, count);
}
