import type { GroundedFigure, Grounding } from '../../shared/contract/ask.js';
import { foldText } from '../core/text-folding.js';
import { csvBlockLines } from './csv-line.js';
import { type DateToken, type Decimal, scanText, toNumber } from './figures.js';
import { groundedFigure, indexContext, matchingLines, unverifiedDate } from './grounding.js';

/** A data row of a CSV context as attribution sees it: the days and the food it is about. */
interface RowSubject {
  line: number;
  /** ISO dates in its cells; a row with none stands for the whole context period and gets that period's bounds. */
  dates: string[];
  /** The cell under an "item" column (a food), if any. */
  item: string | null;
  /** No date and no food of its own: a period's total, average or count (summary, target_days). */
  periodWide: boolean;
}

/** A date or a span of dates an answer clause names. */
type NamedDate = { kind: 'day'; year: number | null; month: number; day: number } | { kind: 'month'; year: number | null; month: number } | { kind: 'range'; from: string; to: string };

interface Subjects {
  items: Set<string>;
  dates: NamedDate[];
}

interface Clause {
  start: number;
  end: number;
  sentence: number;
  paragraph: number;
  subjects: Subjects;
}

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The data rows of a CSV context by line number, with their days and food (read as the grounding check reads blocks). */
function contextRows(context: string): Map<number, RowSubject> {
  const rows = new Map<number, RowSubject>();
  const bounds = new Set<string>();
  for (const { line, cells, header } of csvBlockLines(context)) {
    if (header === null) continue;
    const values = cells.map((cell) => cell.value.trim());
    const dates = values.filter((value) => isoDate.test(value));
    const itemColumn = header.indexOf('item');
    const item = itemColumn >= 0 ? values[itemColumn] || null : null;
    for (const name of ['date_from', 'date_to']) {
      const value = values[header.indexOf(name)] ?? '';
      if (header.includes(name) && isoDate.test(value)) bounds.add(value);
    }
    rows.set(line, { line, dates, item, periodWide: dates.length === 0 && item === null });
  }
  for (const row of rows.values()) if (row.dates.length === 0) row.dates = [...bounds];
  return rows;
}

/** A way an answer may name context foods: a folded phrase, its whole-word pattern, and the food labels it names. */
interface ItemName {
  pattern: RegExp;
  labels: Set<string>;
}

/** Every way an answer may name a context food: its whole label, and its name without the brand in parentheses; longest first. */
function itemCatalog(rows: Map<number, RowSubject>): ItemName[] {
  const byPhrase = new Map<string, Set<string>>();
  for (const row of rows.values()) {
    if (row.item === null) continue;
    const name = row.item.replace(/\s*\([^()]*\)\s*$/, '');
    for (const phrase of new Set([foldText(row.item), foldText(name)])) {
      if (phrase.trim().length < 3) continue;
      if (!byPhrase.has(phrase)) byPhrase.set(phrase, new Set());
      byPhrase.get(phrase)?.add(row.item);
    }
  }
  return [...byPhrase.entries()]
    .sort((left, right) => right[0].length - left[0].length)
    .map(([phrase, labels]) => ({ pattern: new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(phrase)}(?![\\p{L}\\p{N}])`, 'gu'), labels }));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

const rangeJoin = /^\s*(?:-|–|—|to|until|till|through|al|a|hasta|hasta\s+el)\s*(?:the\s+|el\s+)?$/i;
const pairJoin = /^\s*(?:and|y)\s*(?:the\s+|el\s+)?$/i;

function iso(token: DateToken): string | null {
  return token.year !== null && token.day !== null ? `${String(token.year).padStart(4, '0')}-${String(token.month).padStart(2, '0')}-${String(token.day).padStart(2, '0')}` : null;
}

/** The foods (context labels) and dates a clause names; two dates joined by "to", "al", "–" (or "between … and") are a range. */
function subjectsOf(text: string, catalog: readonly ItemName[]): Subjects {
  let folded = foldText(text);
  const items = new Set<string>();
  for (const { pattern, labels } of catalog) {
    for (const match of folded.matchAll(pattern)) {
      for (const label of labels) items.add(label);
      folded = folded.slice(0, match.index) + ' '.repeat(match[0].length) + folded.slice(match.index + match[0].length);
    }
  }
  const tokens = scanText(text).dates;
  const dates: NamedDate[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index] as DateToken;
    const next = tokens[index + 1];
    const from = iso(token);
    const to = next ? iso(next) : null;
    if (next && from && to) {
      const between = text.slice(token.end, next.start);
      const before = foldText(text.slice(Math.max(0, token.start - 12), token.start));
      if (rangeJoin.test(between) || (pairJoin.test(between) && /\b(?:between|entre)\s+(?:the\s+|el\s+)?$/.test(before))) {
        dates.push(from <= to ? { kind: 'range', from, to } : { kind: 'range', from: to, to: from });
        index += 1;
        continue;
      }
    }
    dates.push(token.day === null ? { kind: 'month', year: token.year, month: token.month } : { kind: 'day', year: token.year, month: token.month, day: token.day });
  }
  return { items, dates };
}

function namesSomething(subjects: Subjects): boolean {
  return subjects.items.size > 0 || subjects.dates.length > 0;
}

function dateMatches(date: string, named: NamedDate): boolean {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (named.kind === 'range') return date >= named.from && date <= named.to;
  if (named.year !== null && named.year !== year) return false;
  if (named.month !== month) return false;
  return named.kind === 'month' || Number(date.slice(8, 10)) === named.day;
}

/** A row fits a clause when it is about a food the clause names (if it names any) and a day it names (if any). */
function compatible(row: RowSubject, subjects: Subjects): boolean {
  if (subjects.items.size > 0 && (row.item === null || !subjects.items.has(row.item))) return false;
  if (subjects.dates.length > 0 && !row.dates.some((date) => subjects.dates.some((named) => dateMatches(date, named)))) return false;
  return true;
}

/** Paragraphs (blank lines), sentences (line breaks, ". ", "! ", "? ") and clauses (";") of an answer. */
function clausesOf(answer: string, catalog: readonly ItemName[]): Clause[] {
  const clauses: Clause[] = [];
  let sentence = 0;
  let paragraph = 0;
  let start = 0;
  const boundary = /(\n[ \t]*\n\s*)|(\n)|([.!?](?=\s))|(;)/g;
  const close = (end: number): void => {
    if (end > start) clauses.push({ start, end, sentence, paragraph, subjects: subjectsOf(answer.slice(start, end), catalog) });
  };
  for (const match of answer.matchAll(boundary)) {
    close(match.index);
    start = match.index + match[0].length;
    if (match[1]) {
      paragraph += 1;
      sentence += 1;
    } else if (match[2] || match[3]) {
      sentence += 1;
    }
  }
  close(answer.length);
  return clauses;
}

/**
 * The grounding check with attribution, for diary answers (SPEC §8: a figure counts only when the cited row holds it
 * next to its subject). On top of `checkGrounding` (every number must be in the context, units agreeing, rounded as
 * written; dates must be in the context):
 *
 * 1. The answer is cut into paragraphs (blank lines), sentences (line breaks and ". ") and clauses (";"). A clause's
 *    subjects are the context foods it names (a row's `item`, with or without its brand in parentheses) and the days
 *    it names (ISO or written dates, with or without a year; two dates joined by "to"/"al"/"–", or "between … and",
 *    are a range; a month names all its days).
 * 2. A clause naming no subject takes those of the clause before it in the same sentence ("Pan integral on
 *    2026-11-20: 91.0 g; 409.5 mg").
 * 3. A figure in a clause with subjects is verified only by a context row about them: a row whose food is one the
 *    clause names (when it names foods) and one of whose days the clause names or spans (when it names days). A row
 *    with no date of its own (a summary, a food's period total) stands for the context period: its days are the
 *    period's first and last. Found only in other rows, the figure is unverified, `misattributed`.
 * 4. A figure in a clause naming no subject falls back to the plain check (`unnamed`), except that when an earlier
 *    clause of the paragraph named a subject and the figure is held only by rows about other foods or days (never a
 *    period-wide row or prose), it is `misattributed`: "Pan integral on 2026-11-20 was 91.0 g. It gave 1088.0 mg."
 *    fails when 1088.0 mg is another food's.
 *
 * Known limits: a clause naming several foods verifies a figure against any of them (one food per clause attributes
 * fully); a food the answer names in other words than the context ("bread") constrains nothing; meals and nutrients
 * are not subjects (units keep mg from g, not sodium from potassium).
 */
export function checkAttributedGrounding(answer: string, context: string): Grounding {
  const index = indexContext(context);
  const rows = contextRows(context);
  const clauses = clausesOf(answer, itemCatalog(rows));
  // Rule 2: inheritance within a sentence.
  clauses.forEach((clause, position) => {
    const previous = clauses[position - 1];
    if (!namesSomething(clause.subjects) && previous && previous.sentence === clause.sentence) clause.subjects = previous.subjects;
  });
  const clauseAt = (offset: number): Clause | undefined => clauses.find((clause) => offset >= clause.start && offset < clause.end);
  const scopeOf = (clause: Clause): Subjects | null => {
    const earlier = clauses.filter((other) => other.paragraph === clause.paragraph && other.end <= clause.start && namesSomething(other.subjects));
    return earlier[earlier.length - 1]?.subjects ?? null;
  };

  const scanned = scanText(answer);
  const figures: GroundedFigure[] = [];
  const heldBy =
    (subjects: Subjects) =>
    (line: number): boolean => {
      const row = rows.get(line);
      return row !== undefined && compatible(row, subjects);
    };
  for (const number of scanned.numbers) {
    const matches = matchingLines(number, index);
    const anywhere = matches.find((match) => match.lines.length > 0);
    if (!anywhere) {
      figures.push(groundedFigure(number, toNumber(number.readings[0] as Decimal), false, []));
      continue;
    }
    const clause = clauseAt(number.start);
    // Rule 3: a clause with subjects.
    if (clause && namesSomething(clause.subjects)) {
      const attributed = matches.map((match) => ({ reading: match.reading, lines: match.lines.filter(heldBy(clause.subjects)) })).find((match) => match.lines.length > 0);
      figures.push(
        attributed
          ? { ...groundedFigure(number, toNumber(attributed.reading), true, attributed.lines), attribution: 'subject' }
          : { ...groundedFigure(number, toNumber(anywhere.reading), false, anywhere.lines), attribution: 'misattributed' },
      );
      continue;
    }
    // Rule 4: no subject; trusted unless held only by rows of other foods or days than the one in scope.
    const scope = clause ? scopeOf(clause) : null;
    const unbound = anywhere.lines.filter((line) => rows.get(line)?.periodWide ?? true);
    const inScope = scope ? anywhere.lines.filter(heldBy(scope)) : [];
    if (scope === null || unbound.length > 0 || inScope.length > 0) {
      const lines = scope === null ? anywhere.lines : [...new Set([...unbound, ...inScope])].sort((left, right) => left - right);
      figures.push({ ...groundedFigure(number, toNumber(anywhere.reading), true, lines), attribution: 'unnamed' });
    } else {
      figures.push({ ...groundedFigure(number, toNumber(anywhere.reading), false, anywhere.lines), attribution: 'misattributed' });
    }
  }
  for (const date of scanned.dates) {
    if (!index.hasDate(date)) figures.push(unverifiedDate(date));
  }
  figures.sort((left, right) => left.start - right.start);
  const verified = figures.filter((item) => item.verified).length;
  return { figures, verified, unverified: figures.length - verified, trusted: verified === figures.length };
}
