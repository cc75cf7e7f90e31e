import type { GroundedFigure, Grounding } from '../../shared/contract/ask.js';
import { csvBlockLines } from './csv-line.js';
import { type DateToken, type Decimal, type NumberToken, roundToScale, scanText, toNumber } from './figures.js';
import { unitOfHeader } from './units.js';

/**
 * The mechanical grounding check: every figure of an answer must be found in the context the answer
 * was composed from.
 *
 * What is a figure (in the answer):
 * - A number: digits, optionally with a decimal part ("409.5", Spanish "409,5") or thousands
 *   separators ("1,234.5", "1.234,5", "30 801" with a no-break space). "1,234" and "1.234" are
 *   ambiguous; both readings are tried. Signs are ignored (the magnitude is checked). A range
 *   "0.6–1.2" is two figures; the first bound takes the unit of the second.
 * - Its unit, when one follows (glued or after one space): g, mg, µg, kg, kcal, kJ, %, mEq/L, mmol/L,
 *   mg/dL, mL, L, h, min, days, weeks, months, years, IU, mmHg… in English or Spanish spelling.
 * - A date not found in the context (ISO "2026-07-02", "2 de julio", "July 2", "July 2026"); its value
 *   is YYYYMMDD (MMDD without a year, YYYYMM for a month) and its unit "date".
 *
 * Not figures: citation markers ("[1]", "[1, 2]"); dates the context contains (with a year the exact
 * day, without a year any year's same day, a month any day of it) and their digits; digits glued to a
 * name ("B12", "COVID-19", "omega-3", "CYP3A4").
 *
 * Matching, strictly: a figure is verified when some number of the context, rounded half away from
 * zero to the decimals written in the answer, equals it exactly. So "409.5" and "409.50" match a
 * context 409.5, "410" matches 409.5 (a rounding the answer shows), "409" does not, and no hedge word
 * ("about", "unos") widens the match. Units must agree when both sides carry one; a context number
 * takes its unit from the text after it or, in a CSV block, from its column header ("sodium_mg"); a
 * whole cell under a header naming no unit ("entries") is a count and verifies only a figure written
 * without a unit. A number in prose without a unit matches any unit, and an answer figure without a
 * unit matches any context number. Known limit: the check proves a figure exists in the context, not that the sentence
 * attaches it to the right row (diary answers add that: `checkAttributedGrounding` in attributed-grounding.ts); and a
 * low-precision figure ("2") is easier to find than "2.4".
 */
export function checkGrounding(answer: string, context: string): Grounding {
  const index = indexContext(context);
  const scanned = scanText(answer);
  const figures: GroundedFigure[] = [];
  for (const number of scanned.numbers) figures.push(checkNumber(number, index));
  for (const date of scanned.dates) {
    if (!index.hasDate(date)) figures.push(unverifiedDate(date));
  }
  figures.sort((left, right) => left.start - right.start);
  const verified = figures.filter((figure) => figure.verified).length;
  return { figures, verified, unverified: figures.length - verified, trusted: verified === figures.length };
}

interface ContextNumber {
  readings: Decimal[];
  unit: string | null;
  line: number;
}

/** The numbers (with units and lines) and dates of a context, as the grounding check reads them. */
export interface ContextIndex {
  numbers: ContextNumber[];
  hasDate(date: DateToken): boolean;
}

function dateKey(year: number | null, month: number, day: number | null): string {
  return [year ?? '', month, day ?? ''].join('-');
}

/** Numbers (with units) and dates of the context, line by line; CSV blocks lend units from their header. */
export function indexContext(context: string): ContextIndex {
  const numbers: ContextNumber[] = [];
  const fullDates = new Set<string>();
  const monthDays = new Set<string>();
  const months = new Set<string>();

  for (const { line, text, cells, header } of csvBlockLines(context)) {
    // A data row is read cell by cell ("5,320.0" there is two numbers, not 5320); any other line as prose.
    // A whole-number cell under a header without a unit is a count: it verifies only a figure without a unit.
    const segments = header ? cells.map((cell, column) => ({ text: cell.value, unit: unitOfHeader(header[column] ?? '') ?? countUnit })) : [{ text, unit: null as string | null }];
    for (const segment of segments) {
      const scanned = scanText(segment.text);
      for (const date of scanned.dates) {
        if (date.day !== null) monthDays.add(dateKey(null, date.month, date.day));
        if (date.year !== null) months.add(dateKey(date.year, date.month, null));
        if (date.year !== null && date.day !== null) fullDates.add(dateKey(date.year, date.month, date.day));
      }
      for (const number of scanned.numbers) {
        const unit = number.unit ?? (segment.text.trim() === number.text ? segment.unit : null);
        numbers.push({ readings: number.readings, unit, line });
      }
    }
  }

  return {
    numbers,
    hasDate: (date) => {
      if (date.day === null) return months.has(dateKey(date.year, date.month, null));
      if (date.year === null) return monthDays.has(dateKey(null, date.month, date.day));
      return fullDates.has(dateKey(date.year, date.month, date.day));
    },
  };
}

/** The unit of a count: a CSV cell whose column header names no unit ("entries", "days_with_entries" has one). */
const countUnit = 'count';

function unitsAgree(answerUnit: string | null, contextUnit: string | null): boolean {
  if (contextUnit === countUnit) return answerUnit === null;
  return answerUnit === null || contextUnit === null || answerUnit === contextUnit;
}

/** For each reading of an answer number, in order, the context lines holding it (units agreeing, rounded as written). */
export function matchingLines(number: NumberToken, index: ContextIndex): Array<{ reading: Decimal; lines: number[] }> {
  return number.readings.map((reading) => {
    const lines = new Set<number>();
    for (const candidate of index.numbers) {
      if (!unitsAgree(number.unit, candidate.unit)) continue;
      if (candidate.readings.some((value) => roundToScale(value, reading.scale) === reading.mantissa)) lines.add(candidate.line);
    }
    return { reading, lines: [...lines].sort((left, right) => left - right) };
  });
}

function checkNumber(number: NumberToken, index: ContextIndex): GroundedFigure {
  const found = matchingLines(number, index).find((match) => match.lines.length > 0);
  if (found) return groundedFigure(number, toNumber(found.reading), true, found.lines);
  return groundedFigure(number, toNumber(number.readings[0] as Decimal), false, []);
}

/** A grounded figure for an answer number (its value is the reading that matched, or the first one). */
export function groundedFigure(number: NumberToken, value: number, verified: boolean, contextLines: number[]): GroundedFigure {
  return { text: number.text, value, unit: number.unit, verified, context_lines: contextLines, start: number.start, end: number.end };
}

/** An answer date the context does not hold: a figure, unverified. */
export function unverifiedDate(date: DateToken): GroundedFigure {
  const value = date.day === null ? (date.year ?? 0) * 100 + date.month : (date.year ?? 0) * 10000 + date.month * 100 + date.day;
  return { text: date.text, value, unit: 'date', verified: false, context_lines: [], start: date.start, end: date.end };
}
