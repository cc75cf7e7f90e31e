import { DefaultAbbrMarkerOptions, split, SentenceSplitterSyntax } from 'sentence-splitter';
import { indexTerms } from '../../core/text-folding.js';

/** A quotable unit of a passage: one sentence of prose, or one whole list item. */
export interface QuoteUnit {
  text: string;
  /** Position in the passage, so chosen units are quoted in reading order. */
  position: number;
  listItem: boolean;
}

/**
 * Abbreviations a clinical card may use besides sentence-splitter's English list ("St." is there already): a
 * period after one of these does not end the sentence.
 */
const clinicalAbbreviations = [
  'approx.', 'wk.', 'wks.', 'hr.', 'hrs.', 'min.', 'mo.', 'mos.', 'yr.', 'yrs.', 'tab.', 'tabs.', 'cap.', 'caps.', 'inj.', 'susp.',
  'soln.', 'max.', 'no.', 'vs.', 'cf.', 'incl.', 'dept.', 'e.g.', 'i.e.', 'etc.', 'et al.', 'Sr.', 'Sra.', 'Dra.', 'aprox.', 'comp.',
];
const splitterLanguage = {
  ...DefaultAbbrMarkerOptions.language,
  ABBREVIATIONS: [...new Set([...DefaultAbbrMarkerOptions.language.ABBREVIATIONS, ...clinicalAbbreviations])],
};

/** Sentences of a line of prose, split by sentence-splitter with clinical abbreviations and decimals kept whole. */
export function splitSentences(line: string): string[] {
  return split(line, { AbbrMarker: { language: splitterLanguage } })
    .filter((node) => node.type === SentenceSplitterSyntax.Sentence)
    .map((node) => node.raw.trim())
    .filter((sentence) => sentence.length > 0);
}

/** List items following a unit that ends with ":" are quoted with it, up to this many. */
const maxIntroducedItems = 6;

/** Markdown's emphasis and code marks taken out ("**Face**" → "Face"). */
export function withoutEmphasis(text: string): string {
  return text.replace(/\*\*|__|`/g, '');
}

/** Splits a Markdown passage into prose sentences and list items, without list markers or emphasis marks. */
export function quoteUnits(passage: string): QuoteUnit[] {
  const units: QuoteUnit[] = [];
  for (const rawLine of passage.split('\n')) {
    const listItem = /^\s*(?:[-*+]|\d+[.)])\s+/.test(rawLine);
    const line = withoutEmphasis(rawLine.replace(/^\s*(?:[-*+]|\d+[.)])\s+/, '')).trim();
    if (line.length === 0 || /^#{1,6}\s/.test(line)) continue;
    // A list item (often a quoted talking point) stays whole; prose splits into sentences.
    const sentences = listItem ? [line] : splitSentences(line);
    for (const sentence of sentences) {
      if (sentence.trim().length > 0) units.push({ text: sentence.trim(), position: units.length, listItem });
    }
  }
  return units;
}

/**
 * A chosen unit that introduces a list ("… as OARS:") brings the list along, and a chosen list item brings the
 * sentence that introduces its list: "with an eGFR between 30 and 60;" says nothing without "Metformin labeling
 * advises stopping metformin … in patients:".
 */
export function withIntroducedItems(units: readonly QuoteUnit[], chosen: readonly QuoteUnit[]): QuoteUnit[] {
  const positions = new Set(chosen.map((unit) => unit.position));
  for (const unit of chosen) {
    if (unit.listItem) {
      // Back to the nearest unit ending with ":" (a sentence, or an item that opens sub-items), over items only.
      let previous = unit.position - 1;
      while (previous >= 0 && units[previous]?.listItem && !units[previous]?.text.endsWith(':')) previous -= 1;
      const introduction = units[previous];
      if (introduction?.text.endsWith(':')) positions.add(introduction.position);
    }
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
 * Each unit's keyword-overlap score: the inverse document frequency (over all the candidate units) of the
 * question terms it shares, terms compared by their first five letters.
 */
export function keywordOverlapScores(question: string, passages: readonly QuoteUnit[][]): number[][] {
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
  return passages.map((units, passageIndex) =>
    units.map((_unit, unitIndex) => {
      let score = 0;
      for (const term of unitStems[passageIndex]?.[unitIndex] ?? []) {
        const frequency = documentFrequency.get(term);
        if (frequency) score += Math.log(1 + unitCount / frequency);
      }
      return score;
    }),
  );
}

/**
 * The `count` units most related to the question by keyword overlap, in reading order. When no unit shares a term
 * (a paraphrase, or a Spanish question over English cards), the passage's first units are quoted.
 */
export function selectQuotes(question: string, passages: readonly QuoteUnit[][], count: number): QuoteUnit[][] {
  const scores = keywordOverlapScores(question, passages);
  return passages.map((units, passageIndex) => {
    const scored = units.map((unit, unitIndex) => ({ unit, score: scores[passageIndex]?.[unitIndex] ?? 0 }));
    const chosen = scored.some((entry) => entry.score > 0)
      ? [...scored].sort((a, b) => b.score - a.score || a.unit.position - b.unit.position).slice(0, count).filter((entry) => entry.score > 0)
      : scored.slice(0, count);
    return withIntroducedItems(units, chosen.map((entry) => entry.unit));
  });
}

/**
 * Text between the answer's quotation marks. A unit that is itself a quotation (a card's "talking points" are lines
 * to say to the patient, written in straight quotes) loses its own marks, so the answer does not show “"…"”.
 */
export function quotation(text: string): string {
  const inner = /^"([^"]+)"$/.exec(text)?.[1];
  return `“${inner ?? text}”`;
}
