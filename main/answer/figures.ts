import { daysInMonth } from './calendar.js';
import { unitAt } from './units.js';

/**
 * Finding figures in text, for the grounding check. What counts as a figure is documented in
 * grounding.ts; this file only scans: numbers (with the readings their separators allow and the unit
 * written after them), dates, and citation markers.
 */

/** An exact decimal: value = mantissa / 10^scale. Exact so that rounding never meets binary floats. */
export interface Decimal {
  mantissa: bigint;
  scale: number;
}

/** A number written in a text. */
export interface NumberToken {
  /** The number and, when attached, its unit, exactly as written. */
  text: string;
  start: number;
  end: number;
  /** Every value the separators allow, most likely first ("1,234" → 1234 and 1.234). */
  readings: Decimal[];
  unit: string | null;
}

/** A calendar date written in a text; a missing part is null ("2 de julio" has no year). */
export interface DateToken {
  text: string;
  start: number;
  end: number;
  year: number | null;
  month: number;
  day: number | null;
}

export interface ScannedText {
  numbers: NumberToken[];
  dates: DateToken[];
}

const monthNumbers: Record<string, number> = {
  january: 1,
  jan: 1,
  enero: 1,
  ene: 1,
  february: 2,
  feb: 2,
  febrero: 2,
  march: 3,
  mar: 3,
  marzo: 3,
  april: 4,
  apr: 4,
  abril: 4,
  abr: 4,
  may: 5,
  mayo: 5,
  june: 6,
  jun: 6,
  junio: 6,
  july: 7,
  jul: 7,
  julio: 7,
  august: 8,
  aug: 8,
  agosto: 8,
  ago: 8,
  september: 9,
  sept: 9,
  sep: 9,
  septiembre: 9,
  setiembre: 9,
  october: 10,
  oct: 10,
  octubre: 10,
  november: 11,
  nov: 11,
  noviembre: 11,
  december: 12,
  dec: 12,
  diciembre: 12,
  dic: 12,
};

/** The month (1-12) a name or abbreviation stands for, English or Spanish; 0 when it is not a month. */
export function monthNumberOf(name: string): number {
  return monthNumbers[name.toLowerCase()] ?? 0;
}

/** A regular-expression alternation of every month name and abbreviation, longest first. */
export const monthPattern = Object.keys(monthNumbers)
  .sort((left, right) => right.length - left.length)
  .join('|');
const ordinal = '(?:st|nd|rd|th|º|ª)?';

const isoDate = /(?<![\p{L}\p{N}])(\d{4})-(\d{2})-(\d{2})(?![\p{L}\p{N}])/gu;
const dayMonth = new RegExp(`(?<![\\p{L}\\p{N}])(\\d{1,2})${ordinal}\\s+(?:de\\s+|of\\s+)?(${monthPattern})\\.?(?:,?\\s+(?:de\\s+|del\\s+)?(\\d{4}))?(?![\\p{L}\\p{N}])`, 'giu');
const monthDay = new RegExp(`(?<![\\p{L}\\p{N}])(${monthPattern})\\.?\\s+(\\d{1,2})${ordinal}(?:,?\\s+(\\d{4}))?(?![\\p{L}\\p{N}])`, 'giu');
const monthYear = new RegExp(`(?<![\\p{L}\\p{N}])(${monthPattern})\\.?\\s+(?:de\\s+|del\\s+)?(\\d{4})(?![\\p{L}\\p{N}])`, 'giu');

/** Citation markers: [1], [12], [1, 2], [1-3], [^1]. */
const citationMarker = /\[\^?\d+(?:\s*[-–,]\s*\d+)*\]/g;

/**
 * A number: digits with an optional decimal part, or groups of three digits split by ",", ".", a
 * no-break space or a narrow no-break space, with an optional decimal part.
 */
const numberPattern = /\d{1,3}(?:[,.\u00A0\u202F]\d{3}(?!\d))+(?:[.,]\d+)?|\d+(?:[.,]\d+)?/g;

const letter = /\p{L}/u;
const ordinalSuffix = /^(?:st|nd|rd|th|º|ª)(?!\p{L})/u;
const rangeJoin = /^\s*(?:[-–—]|to|a|hasta)\s*$/i;

function validDate(year: number | null, month: number, day: number | null): boolean {
  if (month < 1 || month > 12) return false;
  if (day === null) return true;
  return day >= 1 && day <= daysInMonth(year ?? 2024, month);
}

interface Span {
  start: number;
  end: number;
}

function overlaps(spans: readonly Span[], start: number, end: number): boolean {
  return spans.some((span) => start < span.end && end > span.start);
}

function scanDates(text: string): DateToken[] {
  const dates: DateToken[] = [];
  const add = (match: RegExpExecArray, year: number | null, month: number, day: number | null): void => {
    const start = match.index;
    const end = start + match[0].length;
    if (!validDate(year, month, day) || overlaps(dates, start, end)) return;
    dates.push({ text: match[0], start, end, year, month, day });
  };
  for (const match of text.matchAll(isoDate)) add(match, Number(match[1]), Number(match[2]), Number(match[3]));
  for (const match of text.matchAll(dayMonth)) {
    add(match, match[3] ? Number(match[3]) : null, monthNumberOf(match[2] as string), Number(match[1]));
  }
  for (const match of text.matchAll(monthDay)) {
    add(match, match[3] ? Number(match[3]) : null, monthNumberOf(match[1] as string), Number(match[2]));
  }
  for (const match of text.matchAll(monthYear)) add(match, Number(match[2]), monthNumberOf(match[1] as string), null);
  return dates.sort((left, right) => left.start - right.start);
}

function decimalOf(digits: string, scale: number): Decimal {
  return { mantissa: BigInt(digits), scale };
}

/**
 * The values a written number may mean. Both "," and "." present: the last one is the decimal mark.
 * One separator repeated: thousands. One separator once before exactly three digits: ambiguous
 * ("1,234" is 1234 in English, 1.234 in Spanish), both readings, the English one first. Otherwise
 * the separator is a decimal mark.
 */
export function readingsOf(raw: string): Decimal[] {
  const text = raw.replace(/[\u00A0\u202F]/g, '');
  const commas = (text.match(/,/g) ?? []).length;
  const dots = (text.match(/\./g) ?? []).length;
  if (commas === 0 && dots === 0) return [decimalOf(text, 0)];
  if (commas > 0 && dots > 0) {
    const decimalMark = text.lastIndexOf(',') > text.lastIndexOf('.') ? ',' : '.';
    const [whole = '', fraction = ''] = text.split(decimalMark);
    return [decimalOf(whole.replace(/[.,]/g, '') + fraction, fraction.length)];
  }
  const separator = commas > 0 ? ',' : '.';
  const parts = text.split(separator);
  if (parts.length > 2) return [decimalOf(parts.join(''), 0)];
  const [whole = '', fraction = ''] = parts;
  const asDecimal = decimalOf(whole + fraction, fraction.length);
  if (fraction.length !== 3 || whole === '0' || whole.length > 3) return [asDecimal];
  const asThousands = decimalOf(whole + fraction, 0);
  return separator === ',' ? [asThousands, asDecimal] : [asDecimal, asThousands];
}

/** A number glued to letters before it is part of a name: "B12", "COVID-19", "omega-3", "CYP3A4". */
function isPartOfName(text: string, start: number): boolean {
  const before = text.charAt(start - 1);
  if (letter.test(before)) return true;
  return (before === '-' || before === '.') && letter.test(text.charAt(start - 2));
}

function scanNumbers(text: string, skip: readonly Span[]): NumberToken[] {
  const numbers: NumberToken[] = [];
  // Dates and citation markers are blanked out first, so "2026-11-16,2000.0" never reads as "16,2000".
  let masked = text;
  for (const span of skip) masked = masked.slice(0, span.start) + ' '.repeat(span.end - span.start) + masked.slice(span.end);
  for (const match of masked.matchAll(numberPattern)) {
    const start = match.index;
    let end = start + match[0].length;
    if (isPartOfName(text, start)) continue;
    let unit: string | null = null;
    const glued = text.charAt(end);
    if (letter.test(glued) || glued === '%') {
      const attached = unitAt(text, end);
      if (attached) {
        unit = attached.unit;
        end += attached.length;
      } else if (ordinalSuffix.test(text.slice(end, end + 3))) {
        end += (ordinalSuffix.exec(text.slice(end, end + 3)) as RegExpExecArray)[0].length;
      } else {
        continue; // "3A4": part of a name, not a figure
      }
    } else if (/^[ \u00A0\u202F]$/.test(glued)) {
      const spaced = unitAt(text, end + 1);
      if (spaced) {
        unit = spaced.unit;
        end += 1 + spaced.length;
      }
    }
    numbers.push({ text: text.slice(start, end), start, end, readings: readingsOf(match[0]), unit });
  }
  // "0.6–1.2 mg/dL", "de 0,6 a 1,2 mg/dL": the first bound of a range takes the unit of the second.
  for (let index = numbers.length - 2; index >= 0; index -= 1) {
    const first = numbers[index] as NumberToken;
    const second = numbers[index + 1] as NumberToken;
    if (first.unit === null && second.unit !== null && rangeJoin.test(text.slice(first.end, second.start))) {
      first.unit = second.unit;
    }
  }
  return numbers;
}

/** Numbers and dates of a text; citation markers and the digits of dates are not numbers. */
export function scanText(text: string): ScannedText {
  const dates = scanDates(text);
  const citations = [...text.matchAll(citationMarker)].map((match) => ({ start: match.index, end: match.index + match[0].length }));
  return { dates, numbers: scanNumbers(text, [...dates, ...citations]) };
}

/** Rounds `value` to `scale` decimals, half away from zero, as a mantissa at that scale. */
export function roundToScale(value: Decimal, scale: number): bigint {
  if (value.scale <= scale) return value.mantissa * 10n ** BigInt(scale - value.scale);
  const divisor = 10n ** BigInt(value.scale - scale);
  const quotient = value.mantissa / divisor;
  return (value.mantissa % divisor) * 2n >= divisor ? quotient + 1n : quotient;
}

/** The decimal as a JavaScript number (for display only; comparisons use `roundToScale`). */
export function toNumber(value: Decimal): number {
  return Number(value.mantissa) / 10 ** value.scale;
}
