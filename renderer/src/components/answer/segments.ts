import type { GroundedFigure } from '../../../../shared/contract';

export type AnswerSegment = { kind: 'text'; text: string } | { kind: 'figure'; text: string; figure: number } | { kind: 'citation'; text: string; ref: string };

/**
 * Cuts the answer into plain text and figures (by the grounding check's character offsets), so each figure
 * can be highlighted and linked to its context rows. Offsets that are out of range, overlap an earlier
 * figure or do not match the figure's text are left as plain text rather than highlighting the wrong words.
 */
export function segmentAnswer(answer: string, figures: readonly Pick<GroundedFigure, 'start' | 'end' | 'text'>[], citationRefs: readonly string[] = []): AnswerSegment[] {
  const order = figures
    .map((figure, index) => ({ ...figure, index }))
    .filter((figure) => figure.start >= 0 && figure.end > figure.start && figure.end <= answer.length)
    .filter((figure) => answer.slice(figure.start, figure.end).includes(figure.text.trim()) || figure.text.includes(answer.slice(figure.start, figure.end)))
    .sort((left, right) => left.start - right.start);
  const segments: AnswerSegment[] = [];
  let cursor = 0;
  for (const figure of order) {
    if (figure.start < cursor) continue;
    if (figure.start > cursor) segments.push(...citationSegments(answer.slice(cursor, figure.start), citationRefs));
    segments.push({ kind: 'figure', text: answer.slice(figure.start, figure.end), figure: figure.index });
    cursor = figure.end;
  }
  if (cursor < answer.length) segments.push(...citationSegments(answer.slice(cursor), citationRefs));
  return segments;
}

/** Plain text with its citation markers ("[1]") cut out, when an answer cites them. */
function citationSegments(text: string, refs: readonly string[]): AnswerSegment[] {
  if (refs.length === 0) return [{ kind: 'text', text }];
  const segments: AnswerSegment[] = [];
  let cursor = 0;
  for (const match of text.matchAll(/\[\d+\]/g)) {
    if (!refs.includes(match[0])) continue;
    const start = match.index;
    if (start > cursor) segments.push({ kind: 'text', text: text.slice(cursor, start) });
    segments.push({ kind: 'citation', text: match[0], ref: match[0] });
    cursor = start + match[0].length;
  }
  if (cursor < text.length) segments.push({ kind: 'text', text: text.slice(cursor) });
  return segments;
}

/** The DOM id of a citation in the list under an answer. */
export function citationId(prefix: string, ref: string): string {
  return `${prefix}-cite-${ref.replace(/\D/g, '')}`;
}

/** The DOM id of a context line, the target of a figure's link. */
export function contextLineId(prefix: string, line: number): string {
  return `${prefix}-ctx-${line}`;
}

/** Counts and lengths of time ("7 days", "in 5 entries"): a figure with no unit, or one in days, weeks, months or years. */
export function isCount(unit: string | null): boolean {
  return unit === null || ['days', 'weeks', 'months', 'years'].includes(unit);
}

/**
 * Where the answer's text starts once its lead line is set aside: the KB answer opens with a line about its first
 * card (title, relevance, severity, what to do, its citation marker) that the Ask screen shows in its own box, so the
 * answer below it starts after that line. 0 when the first line is not that lead (an LLM answer that lost it).
 */
export function afterLeadLine(answer: string, lead: { title: string; ref: string } | undefined): number {
  if (!lead) return 0;
  const end = answer.indexOf('\n');
  const first = end === -1 ? answer : answer.slice(0, end);
  if (!first.startsWith(`${lead.title}:`) || !first.trimEnd().endsWith(lead.ref)) return 0;
  return end === -1 ? answer.length : end + 1;
}

/** The figures of an answer measured from `offset` on; those before it fall out of range (and so stay plain). */
export function shiftFigures<Figure extends { start: number; end: number }>(figures: readonly Figure[], offset: number): Figure[] {
  return figures.map((figure) => ({ ...figure, start: figure.start - offset, end: figure.end - offset }));
}
