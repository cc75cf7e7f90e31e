import { indexTerms } from '../../retrieval/text-folding.js';

/** A quotable unit of a passage: one sentence of prose, or one whole list item. */
export interface QuoteUnit {
  text: string;
  /** Position in the passage, so chosen units are quoted in reading order. */
  position: number;
  listItem: boolean;
}

/** List items following a unit that ends with ":" are quoted with it, up to this many. */
const maxIntroducedItems = 6;

/** Splits a Markdown passage into prose sentences and list items, without list markers or emphasis marks. */
export function quoteUnits(passage: string): QuoteUnit[] {
  const units: QuoteUnit[] = [];
  for (const rawLine of passage.split('\n')) {
    const listItem = /^\s*(?:[-*+]|\d+[.)])\s+/.test(rawLine);
    const line = rawLine.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '').replace(/\*\*|__|`/g, '').trim();
    if (line.length === 0 || /^#{1,6}\s/.test(line)) continue;
    // A list item (often a quoted talking point) stays whole; prose splits into sentences: . ! or ? (maybe closed
    // by a quote or bracket), a space, then a capital, a digit or an opening quote.
    const sentences = listItem ? [line] : line.split(/(?<=[.!?]["”’)]?)\s+(?=["“‘(]?[\p{Lu}\d])/u);
    for (const sentence of sentences) {
      if (sentence.trim().length > 0) units.push({ text: sentence.trim(), position: units.length, listItem });
    }
  }
  return units;
}

/** A chosen unit that introduces a list ("… as OARS:") brings the list along. */
function withIntroducedItems(units: readonly QuoteUnit[], chosen: readonly QuoteUnit[]): QuoteUnit[] {
  const positions = new Set(chosen.map((unit) => unit.position));
  for (const unit of chosen) {
    if (!unit.text.endsWith(':')) continue;
    for (let next = unit.position + 1; next < units.length && next <= unit.position + maxIntroducedItems && units[next]?.listItem; next += 1) positions.add(next);
  }
  return units.filter((unit) => positions.has(unit.position));
}

/** Terms compared by their first five letters, so "interactions" meets "interaction" and "bleeding" meets "bleed". */
function stem(term: string): string {
  return term.length > 5 ? term.slice(0, 5) : term;
}

/**
 * The `count` units most related to the question, in reading order: each unit scores the inverse document
 * frequency (over the candidate units) of the question terms it shares. When no unit shares a term (a
 * paraphrase, or a Spanish question over English cards), the passage's first units are quoted.
 */
export function selectQuotes(question: string, passages: readonly QuoteUnit[][], count: number): QuoteUnit[][] {
  const questionStems = new Set(indexTerms(question).map(stem));
  const unitStems = passages.map((units) => units.map((unit) => new Set(indexTerms(unit.text).map(stem))));
  const documentFrequency = new Map<string, number>();
  let unitCount = 0;
  for (const stemsOfPassage of unitStems) {
    for (const stems of stemsOfPassage) {
      unitCount += 1;
      for (const term of stems) if (questionStems.has(term)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
  }
  return passages.map((units, passageIndex) => {
    const scored = units.map((unit, unitIndex) => {
      let score = 0;
      for (const term of unitStems[passageIndex]?.[unitIndex] ?? []) {
        const frequency = documentFrequency.get(term);
        if (frequency) score += Math.log(1 + unitCount / frequency);
      }
      return { unit, score };
    });
    const chosen = scored.some((entry) => entry.score > 0)
      ? [...scored].sort((a, b) => b.score - a.score || a.unit.position - b.unit.position).slice(0, count).filter((entry) => entry.score > 0)
      : scored.slice(0, count);
    return withIntroducedItems(units, chosen.map((entry) => entry.unit));
  });
}
