import { foldText } from '../core/text-folding.js';
import { addDays, makeDate, startOfMonth, startOfWeek, weekdayOf } from './calendar.js';
import { monthNumberOf, monthPattern } from './figures.js';
import {
  calendarMonth,
  calendarWeek,
  calendarYear,
  comingWeekend,
  day,
  lastDays,
  lastWeekend,
  monthPeriod,
  resolveDayOfMonth,
  resolveMonth,
  resolveWeekday,
  resolveYearless,
  validDay,
  type Period,
} from './period-resolution.js';

export { resolveYearless, type Period } from './period-resolution.js';

/** A period a question names, where it names it (offsets in the question) and as written. */
export interface PeriodMention extends Period {
  start: number;
  end: number;
  text: string;
  /** The period before it of the same kind ("this week" → last week), for "this week vs last". */
  previous?: Period;
  /** The same kind of period, so far ("last week" → this week to today), for "more than last week". */
  current?: Period;
}

/** A date phrase that names no real day: "31 de febrero", "the 45th", "2026-13-45", the year 0000. */
export interface InvalidDate {
  start: number;
  end: number;
  text: string;
}

export interface PeriodReading {
  /** Distinct periods in the order the question names them (two or more: a comparison). */
  periods: PeriodMention[];
  invalid: InvalidDate[];
}

/** Words that set what follows them against another period, at the end of the text before that period. */
const comparedWith =
  /(?:\bthan|\bcompared\s+(?:to|with)|\bvs\.?|\bversus|\bagainst|\brelative\s+to|\bque|\bcomparad[oa]s?\s+con|\bfrente\s+a|\brespecto\s+(?:a|al|de)|\ben\s+comparacion\s+con)\s+(?:(?:the|in|during|on|over|for|el|la|en|durante)\s+)?$/;

/** Years a diary date may have; outside them a date is a typing error, not a period. */
const firstYear = 1900;

const numberWords: Record<string, number> = {
  one: 1,
  a: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fifteen: 15,
  twenty: 20,
  thirty: 30,
  'a couple of': 2,
  'couple of': 2,
  'a few': 3,
  few: 3,
  un: 1,
  uno: 1,
  una: 1,
  dos: 2,
  tres: 3,
  cuatro: 4,
  cinco: 5,
  seis: 6,
  siete: 7,
  ocho: 8,
  nueve: 9,
  diez: 10,
  once: 11,
  doce: 12,
  quince: 15,
  veinte: 20,
  treinta: 30,
  'un par de': 2,
};
const count = `(\\d{1,3}|${Object.keys(numberWords)
  .sort((left, right) => right.length - left.length)
  .join('|')})`;
const countedUnit = '(days?|weeks?|months?|years?|dias?|semanas?|mes|meses|anos?)';

/** Month names written out (English "may" only after a preposition: it is also a verb). */
const monthNames =
  'january|february|march|april|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const namedMonth = `(?:${monthNames}|(?<=(?:in|during|for|of|since|from|to|and|or|until|through)\\s+)may)`;
const anyMonth = `(?:${monthPattern})`;
const weekdays: Record<string, number> = {
  monday: 0,
  tuesday: 1,
  wednesday: 2,
  thursday: 3,
  friday: 4,
  saturday: 5,
  sunday: 6,
  lunes: 0,
  martes: 1,
  miercoles: 2,
  jueves: 3,
  viernes: 4,
  sabado: 5,
  domingo: 6,
};
const weekdayName = `(${Object.keys(weekdays).join('|')})`;
const ordinal = '(?:st|nd|rd|th)?';
/** Fixed-date holidays people name instead of the date (folded). */
const holidays: ReadonlyArray<readonly [pattern: string, month: number, day: number]> = [
  ['\\bchristmas\\s+eve\\b|\\bnochebuena\\b', 12, 24],
  ['\\bchristmas(?:\\s+day)?\\b|\\bnavidad\\b', 12, 25],
  ["\\bnew\\s+year'?s\\s+eve\\b|\\bnochevieja\\b", 12, 31],
  ["\\bnew\\s+year'?s(?:\\s+day)?\\b|\\bano\\s+nuevo\\b", 1, 1],
  ['\\bhalloween\\b', 10, 31],
  ["\\bvalentine'?s(?:\\s+day)?\\b|\\bsan\\s+valentin\\b", 2, 14],
];

function countOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (numberWords[word] ?? 0);
}

function unitDays(unit: string): number {
  if (/^(week|semana)/.test(unit)) return 7;
  if (/^(month|mes)/.test(unit)) return 30;
  if (/^(year|ano)/.test(unit)) return 365;
  return 1;
}

interface PeriodBefore {
  start: number;
  end: number;
  /** "the 7 days before": that many days; "the month before": the calendar month (or year) before. */
  span: { days: number } | { unit: 'month' | 'year' };
}

interface Found {
  start: number;
  end: number;
  period?: Period;
  previous?: Period;
  current?: Period;
  invalid?: boolean;
  /** Both ends were written: "since" never stretches it. */
  range?: boolean;
}

/** A date token before ranges are paired: a day with or without a year, or one already resolved (a weekday). */
interface DayToken {
  start: number;
  end: number;
  year: number | null;
  month: number | null;
  day: number;
  resolved?: string;
  /** A holiday named instead of its date ("Christmas"). */
  holiday?: boolean;
  /** A weekday: 0 Monday … 6 Sunday, and the week named with it (weeks back from this one), if any. */
  weekday?: number;
  weeksBack?: number;
}

/** The state of one reading: the folded question, today, and the phrases found so far (none may overlap). */
interface Reader {
  text: string;
  today: string;
  year: number;
  future: boolean;
  found: Found[];
  free(start: number, end: number): boolean;
  add(item: Found): void;
  each(pattern: string, handle: (match: RegExpExecArray) => Omit<Found, 'start' | 'end'> | null): void;
}

function createReader(text: string, today: string, future: boolean): Reader {
  const found: Found[] = [];
  const free = (start: number, end: number): boolean => !found.some((item) => start < item.end && end > item.start);
  const add = (item: Found): void => {
    if (free(item.start, item.end)) found.push(item);
  };
  const each: Reader['each'] = (pattern, handle) => {
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      const start = match.index;
      const end = start + match[0].length;
      if (!free(start, end)) continue;
      const result = handle(match);
      if (result) add({ start, end, ...result });
    }
  };
  return { text, today, year: Number(today.slice(0, 4)), future, found, free, add, each };
}

/** Compact day ranges ("del 1 al 15 de noviembre", "November 1-15") and month ranges ("de septiembre a noviembre"). */
function readRanges(reader: Reader): void {
  const { today, future, each } = reader;
  each(
    `\\b(?:del\\s+|from\\s+(?:the\\s+)?|between\\s+(?:the\\s+)?|entre\\s+el\\s+)?(\\d{1,2})${ordinal}\\s*(?:-|–|al|a|y|to|and|through|until)\\s*(?:the\\s+)?(\\d{1,2})${ordinal}\\s+(?:de\\s+|of\\s+)?(${anyMonth})\\b(?:\\s+(?:de\\s+|del\\s+)?(\\d{4}))?`,
    (match) => compactRange(Number(match[1]), Number(match[2]), monthNumberOf(match[3] as string), match[4] ? Number(match[4]) : null),
  );
  each(`\\b(${anyMonth})\\s+(\\d{1,2})${ordinal}\\s*(?:-|–|to|and|through|until)\\s*(\\d{1,2})${ordinal}\\b(?:\\s+(\\d{4}))?`, (match) =>
    compactRange(Number(match[2]), Number(match[3]), monthNumberOf(match[1] as string), match[4] ? Number(match[4]) : null),
  );
  function compactRange(first: number, second: number, month: number, givenYear: number | null): Omit<Found, 'start' | 'end'> {
    const to = givenYear !== null ? (validDay(givenYear, month, second) ? makeDate(givenYear, month, second) : null) : resolveYearless(month, second, today, future);
    if (to === null || (givenYear !== null && givenYear < firstYear)) return { invalid: true };
    const toYear = Number(to.slice(0, 4));
    if (!validDay(toYear, month, first)) return { invalid: true };
    return { period: { from: makeDate(toYear, month, first), to }, range: true };
  }

  // Month ranges: "from September to November", "de septiembre a noviembre", "between October and November".
  each(`\\b(?:from|de|desde|between|entre)\\s+(${monthNames}|may)\\s+(?:to|a|al|hasta|until|through|and|y)\\s+(${monthNames}|may)\\b(?:\\s+(?:de\\s+|del\\s+)?(\\d{4}))?`, (match) => {
    const joined = match[0];
    if (/^(?:from|de|desde)\b/.test(joined) && /\s(?:and|y)\s/.test(joined)) return null;
    const first = monthNumberOf(match[1] as string);
    const last = monthNumberOf(match[2] as string);
    const lastPeriod = match[3] ? monthPeriod(Number(match[3]), last) : resolveMonth(last, today, future);
    const lastYear = Number(lastPeriod.from.slice(0, 4));
    return { period: { from: makeDate(first <= last ? lastYear : lastYear - 1, first, 1), to: lastPeriod.to }, range: true };
  });
}

/** Single days (ISO, written, "the 20th", weekdays, holidays), then ranges of two of them ("between November 20 and December 10"). */
function readDays(reader: Reader): void {
  const { text, today, future, free, add } = reader;
  const tokens: DayToken[] = [];
  const token = (pattern: string, read: (match: RegExpExecArray) => Omit<DayToken, 'start' | 'end'> | 'invalid'): void => {
    for (const match of text.matchAll(new RegExp(pattern, 'g'))) {
      const start = match.index;
      const end = start + match[0].length;
      if (!free(start, end) || tokens.some((item) => start < item.end && end > item.start)) continue;
      const result = read(match);
      if (result === 'invalid') add({ start, end, invalid: true });
      else tokens.push({ start, end, ...result });
    }
  };
  token('(?<![\\d-])(\\d{4})-(\\d{1,2})-(\\d{1,2})(?![\\d-])', (match) => ({ year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }));
  token(`(?<![\\d.,])(\\d{1,2})${ordinal}\\s+(?:de\\s+|of\\s+)?(${anyMonth})\\b(?:\\s+(?:de\\s+|del\\s+)?(\\d{4}))?`, (match) => ({
    year: match[3] ? Number(match[3]) : null,
    month: monthNumberOf(match[2] as string),
    day: Number(match[1]),
  }));
  token(`\\b(${anyMonth})\\s+(?:the\\s+)?(\\d{1,2})${ordinal}(?!\\d)(?:\\s+(\\d{4}))?\\b`, (match) => ({
    year: match[3] ? Number(match[3]) : null,
    month: monthNumberOf(match[1] as string),
    day: Number(match[2]),
  }));
  token(`\\b(?:the\\s+(\\d{1,3})(?:st|nd|rd|th)|on\\s+the\\s+(\\d{1,3})\\b|(?:el\\s+)?dia\\s+(\\d{1,3})\\b|\\bel\\s+(\\d{1,2})(?=\\s*$|\\s+(?!de\\b|g\\b|mg\\b|kcal\\b|gramos\\b|%)))`, (match) => {
    const dayOfMonth = Number(match[1] ?? match[2] ?? match[3] ?? match[4]);
    const resolved = resolveDayOfMonth(dayOfMonth, today, future);
    return resolved === null ? 'invalid' : { year: null, month: null, day: dayOfMonth, resolved };
  });
  const weekQualifier =
    '(?:\\s+(?:of|de)\\s+(?:the\\s+|la\\s+|esta\\s+)?(this|last|previous|next|esta|semana\\s+pasada|semana\\s+anterior|semana\\s+que\\s+viene|proxima|siguiente)(?:\\s+semana|\\s+week)?)?';
  token(
    `\\b(?:(last|past|previous|next|this|coming|this\\s+coming|on)\\s+)?(?:(?:el|la)\\s+)?(?:(proximo|siguiente|pasado)\\s+)?${weekdayName}\\b(?:\\s+(pasado|anterior|que\\s+viene|proximo))?${weekQualifier}`,
    (match) => {
      const weekday = weekdays[match[3] as string] as number;
      const qualifier = match[5];
      if (qualifier !== undefined) {
        const weeksBack = /^(this|esta)$/.test(qualifier) ? 0 : /(next|que viene|proxima|siguiente)/.test(qualifier) ? -1 : 1;
        return { year: null, month: null, day: 0, weekday, weeksBack, resolved: addDays(calendarWeek(today, weeksBack).from, weekday) };
      }
      const words = `${match[1] ?? ''} ${match[2] ?? ''} ${match[4] ?? ''}`;
      const modifier = /\b(last|past|previous|pasado|anterior)\b/.test(words)
        ? 'last'
        : /\b(next|coming|proximo|siguiente|que\s+viene)\b/.test(words)
          ? 'next'
          : /\bthis\b/.test(words)
            ? 'this'
            : 'plain';
      return { year: null, month: null, day: 0, weekday, resolved: resolveWeekday(weekday, modifier, today, future) };
    },
  );
  // Holidays people name instead of a date.
  for (const [pattern, month, dayOfMonth] of holidays) {
    token(pattern, () => ({ year: null, month, day: dayOfMonth, holiday: true }));
  }

  const tokenDate = (item: DayToken, after?: string): string | null => {
    if (item.weekday !== undefined && after !== undefined) {
      return item.weeksBack !== undefined ? (item.resolved as string) : addDays(after, (item.weekday - weekdayOf(after) + 7) % 7);
    }
    if (item.resolved) return item.resolved;
    const month = item.month as number;
    if (item.year !== null) return item.year >= firstYear && validDay(item.year, month, item.day) ? makeDate(item.year, month, item.day) : null;
    // Alone or starting a range, a holiday is the last one that has come (the next one for the future): on 1 December,
    // "Christmas" is last year's; a date of the current month is this year's ("December 10", nine days away).
    if (after === undefined) return resolveYearless(month, item.day, today, future, item.holiday === true);
    if (!validDay(2024, month, item.day)) return null;
    // The end of a range: the first such day on or after its start.
    const startYear = Number(after.slice(0, 4));
    for (const candidate of [startYear, startYear + 1, startYear + 2, startYear + 3, startYear + 4]) {
      if (validDay(candidate, month, item.day) && makeDate(candidate, month, item.day) >= after) return makeDate(candidate, month, item.day);
    }
    return null;
  };
  tokens.sort((left, right) => left.start - right.start);
  const used = new Set<DayToken>();
  for (let index = 0; index < tokens.length - 1; index += 1) {
    const first = tokens[index] as DayToken;
    const second = tokens[index + 1] as DayToken;
    const between = text.slice(first.end, second.start);
    const before = text.slice(Math.max(0, first.start - 16), first.start);
    const joined =
      /^\s*(?:-|–|—|to|until|till|through|thru|al|a|hasta|hasta\s+el)\s*(?:the\s+|el\s+)?$/.test(between) ||
      (/^\s*(?:and|y|&)\s*(?:the\s+|el\s+)?$/.test(between) && /\b(?:between|entre)\s+(?:the\s+|el\s+)?$/.test(before));
    if (!joined) continue;
    used.add(first).add(second);
    // A year written only at the end belongs to the start too, or to the year before when the start comes later in
    // the calendar ("del 28 de diciembre al 3 de enero de 2026").
    let from = tokenDate(first);
    if (first.weekday !== undefined && second.weekday !== undefined && first.weeksBack === undefined && second.weeksBack !== undefined) {
      from = addDays(calendarWeek(today, second.weeksBack).from, first.weekday);
    }
    if (first.year === null && second.year !== null && !first.resolved) {
      const end = tokenDate(second);
      from = tokenDate({ ...first, year: second.year });
      if (from !== null && end !== null && from > end) from = tokenDate({ ...first, year: second.year - 1 });
    }
    const to = from === null ? null : tokenDate(second, from);
    if (from === null || to === null) add({ start: first.start, end: second.end, invalid: true });
    else add({ start: first.start, end: second.end, period: { from, to }, range: true });
    index += 1;
  }
  for (const item of tokens) {
    if (used.has(item)) continue;
    const date = tokenDate(item);
    add(date === null ? { start: item.start, end: item.end, invalid: true } : { start: item.start, end: item.end, period: day(date) });
  }
}

/** Days named by a word: today, yesterday, last night, anteayer, tomorrow, pasado mañana. */
function readNamedDays(reader: Reader): void {
  const { today, each } = reader;
  each('\\b(?:the\\s+)?day\\s+before\\s+yesterday\\b|\\b(?:anteayer|antier|antes\\s+de\\s+ayer|antenoche)\\b', () => ({ period: day(addDays(today, -2)) }));
  each('\\b(?:the\\s+)?day\\s+after\\s+tomorrow\\b|\\bpasado\\s+manana\\b', () => ({ period: day(addDays(today, 2)) }));
  each('\\b(?:yesterday|ayer|last\\s+night|anoche)\\b', () => ({ period: day(addDays(today, -1)) }));
  each('\\b(?:today|hoy|tonight|this\\s+morning|this\\s+afternoon|this\\s+evening|esta\\s+manana|esta\\s+tarde|esta\\s+noche)\\b', () => ({ period: day(today) }));
  each('\\btomorrow\\b|(?<!\\b(?:por|en|de|la|esta|cada|las|una)\\s+)\\bmanana\\b', () => ({ period: day(addDays(today, 1)) }));
}

/** Weekends: last, next, and "this" (the one just past on a weekday, or the coming one for the future). */
function readWeekends(reader: Reader): void {
  const { today, future, each } = reader;
  each('\\b(?:(?:the\\s+)?(?:last|past|previous)\\s+weekend|(?:el\\s+)?(?:fin\\s+de\\s+semana|finde)\\s+(?:pasado|anterior)|(?:el\\s+)?pasado\\s+(?:fin\\s+de\\s+semana|finde))\\b', () => ({
    period: lastWeekend(today),
  }));
  each('\\b(?:(?:next|coming)\\s+weekend|(?:el\\s+)?(?:proximo|siguiente)\\s+(?:fin\\s+de\\s+semana|finde)|(?:el\\s+)?(?:fin\\s+de\\s+semana|finde)\\s+(?:que\\s+viene|proximo|siguiente))\\b', () => ({
    period: comingWeekend(today),
  }));
  each('\\b(?:(?:this|the|over\\s+the)\\s+weekend|(?:este|el)\\s+(?:fin\\s+de\\s+semana|finde)|finde|fin\\s+de\\s+semana)\\b', () => {
    if (weekdayOf(today) >= 5) return { period: { from: addDays(startOfWeek(today), 5), to: today }, previous: lastWeekend(today) };
    return { period: future ? comingWeekend(today) : lastWeekend(today) };
  });
}

/** Weeks, months and years of the calendar: this, last, next, the one before last, the first week of a month. */
function readCalendarPeriods(reader: Reader): void {
  const { today, year, future, each } = reader;
  each('\\b(?:the\\s+)?week\\s+before\\s+last\\b|\\b(?:la\\s+)?semana\\s+antepasada\\b|\\b(?:two|2)\\s+weeks\\s+ago\\b|\\bhace\\s+(?:dos|2)\\s+semanas\\b', () => ({ period: calendarWeek(today, 2) }));
  each('\\b(?:the\\s+)?month\\s+before\\s+last\\b|\\b(?:el\\s+)?mes\\s+antepasado\\b', () => ({ period: calendarMonth(today, 2) }));
  each(
    `\\b(?:the\\s+)?(first|second|third|fourth|last|1st|2nd|3rd|4th|primera|segunda|tercera|cuarta|ultima)\\s+(?:week|semana)\\s+(?:of|de)\\s+(${monthNames}|may)\\b(?:\\s+(?:de\\s+|del\\s+)?(\\d{4}))?`,
    (match) => {
      const month = monthNumberOf(match[2] as string);
      const whole = match[3] ? monthPeriod(Number(match[3]), month) : resolveMonth(month, today, future);
      const order =
        ['first', 'second', 'third', 'fourth'].indexOf(match[1] as string) +
        ['1st', '2nd', '3rd', '4th'].indexOf(match[1] as string) +
        ['primera', 'segunda', 'tercera', 'cuarta'].indexOf(match[1] as string) +
        2;
      if (order < 0) return { period: { from: addDays(whole.to, -6), to: whole.to }, range: true };
      const from = addDays(whole.from, 7 * order);
      return { period: { from, to: addDays(from, 6) }, range: true };
    },
  );
  each('\\b(?:the\\s+(?:past|last)\\s+week|(?:la\\s+)?ultima\\s+semana)\\b', () => ({ period: lastDays(today, 7) }));
  each('\\b(?:the\\s+(?:past|last)\\s+month|(?:el\\s+)?ultimo\\s+mes)\\b', () => ({ period: lastDays(today, 30) }));
  each('\\b(?:(?:last|previous)\\s+week|(?:la\\s+)?semana\\s+(?:pasada|anterior))\\b', () => ({ period: calendarWeek(today, 1), current: { from: startOfWeek(today), to: today } }));
  each('\\b(?:next\\s+week|(?:la\\s+)?semana\\s+(?:que\\s+viene|proxima|siguiente)|(?:la\\s+)?(?:proxima|siguiente)\\s+semana)\\b', () => ({ period: calendarWeek(today, -1) }));
  each('\\b(?:(?:so\\s+far\\s+)?this\\s+week(?:\\s+so\\s+far)?|(?:the\\s+)?current\\s+week|esta\\s+semana|(?:en\\s+)?lo\\s+que\\s+va\\s+de\\s+(?:la\\s+)?semana)\\b', () => ({
    period: { from: startOfWeek(today), to: today },
    previous: calendarWeek(today, 1),
  }));
  each('\\b(?:(?:last|previous)\\s+month|(?:el\\s+)?mes\\s+(?:pasado|anterior))\\b', () => ({ period: calendarMonth(today, 1), current: { from: startOfMonth(today), to: today } }));
  each('\\b(?:next\\s+month|(?:el\\s+)?mes\\s+(?:que\\s+viene|proximo|siguiente)|(?:el\\s+)?(?:proximo|siguiente)\\s+mes)\\b', () => ({ period: calendarMonth(today, -1) }));
  each('\\b(?:(?:so\\s+far\\s+)?this\\s+month(?:\\s+so\\s+far)?|(?:the\\s+)?current\\s+month|este\\s+mes|(?:en\\s+)?lo\\s+que\\s+va\\s+(?:del|de)\\s+mes)\\b', () => ({
    period: { from: startOfMonth(today), to: today },
    previous: calendarMonth(today, 1),
  }));
  each('\\b(?:(?:last|previous)\\s+year|(?:el\\s+)?ano\\s+(?:pasado|anterior))\\b', () => ({ period: calendarYear(year - 1), current: { from: makeDate(year, 1, 1), to: today } }));
  each('\\b(?:next\\s+year|(?:el\\s+)?ano\\s+(?:que\\s+viene|proximo|siguiente)|(?:el\\s+)?(?:proximo|siguiente)\\s+ano)\\b', () => ({ period: calendarYear(year + 1) }));
  each('\\b(?:(?:so\\s+far\\s+)?this\\s+year|este\\s+ano|(?:en\\s+)?lo\\s+que\\s+va\\s+(?:del|de)\\s+ano)\\b', () => ({
    period: { from: makeDate(year, 1, 1), to: today },
    previous: calendarYear(year - 1),
  }));
}

/** Counted periods ending today ("the last 10 days", "últimas tres semanas") and single days, weeks or months some time ago. */
function readCountedPeriods(reader: Reader): void {
  const { today, each } = reader;
  each(
    `\\b(?:(?:the\\s+)?(?:last|past|previous|prior)\\s+${count}\\s+${countedUnit}|(?:los\\s+|las\\s+)?(?:ultimos|ultimas|pasados|pasadas)\\s+${count}\\s+${countedUnit}|${count}\\s+${countedUnit}\\s+(?:anteriores|pasados|pasadas))\\b`,
    (match) => {
      const amount = countOf((match[1] ?? match[3] ?? match[5]) as string);
      const unit = (match[2] ?? match[4] ?? match[6]) as string;
      return amount > 0 ? { period: lastDays(today, amount * unitDays(unit)) } : null;
    },
  );
  each(`\\b(?:${count}\\s+(days?|weeks?|months?)\\s+ago|hace\\s+${count}\\s+(dias?|semanas?|mes|meses))\\b`, (match) => {
    const amount = countOf((match[1] ?? match[3]) as string);
    const unit = (match[2] ?? match[4]) as string;
    if (amount <= 0) return null;
    if (/^(week|semana)/.test(unit)) return { period: calendarWeek(today, amount) };
    if (/^(month|mes)/.test(unit)) return { period: calendarMonth(today, amount) };
    return { period: day(addDays(today, -amount)) };
  });
  each('\\b(?:(?:the\\s+)?(?:last|past)\\s+(?:fortnight|two\\s+weeks)|(?:la\\s+)?(?:ultima\\s+)?quincena|fortnight)\\b', () => ({ period: lastDays(today, 14) }));
  each('\\b(?:the\\s+)?(?:last|past)\\s+(?:few|couple\\s+of)\\s+days\\b|\\b(?:los\\s+)?ultimos\\s+dias\\b', (match) => ({ period: lastDays(today, /couple/.test(match[0]) ? 2 : 3) }));
}

/** "the 7 days before": placeholders for periods just before the one named first, resolved once it is known. */
function markPeriodsBefore(reader: Reader): PeriodBefore[] {
  const { text, found, free, add } = reader;
  const before: PeriodBefore[] = [];
  for (const match of text.matchAll(new RegExp(`\\b(?:the\\s+|los\\s+|las\\s+)?${count}\\s+(days?|weeks?|dias?|semanas?)\\s+(?:before|prior|earlier|anteriores)\\b`, 'g'))) {
    const amount = countOf(match[1] as string);
    if (amount > 0 && free(match.index, match.index + match[0].length) && found.some((item) => item.period && item.end <= match.index)) {
      before.push({ start: match.index, end: match.index + match[0].length, span: { days: amount * unitDays(match[2] as string) } });
      add({ start: match.index, end: match.index + match[0].length });
    }
  }
  return before;
}

/** "last week vs the week before", "October and the month before": placeholders like `markPeriodsBefore`'s, read once months are. */
function markUnitsBefore(reader: Reader): PeriodBefore[] {
  const { text, found, free, add } = reader;
  const before: PeriodBefore[] = [];
  for (const match of text.matchAll(/\b(?:the\s+|la\s+|el\s+)?(day|week|month|year|dia|semana|mes|ano)\s+(?:before|prior|earlier|de\s+antes)\b/g)) {
    const unit = match[1] as string;
    if (!free(match.index, match.index + match[0].length) || !found.some((item) => item.period && item.end <= match.index)) continue;
    const span: PeriodBefore['span'] = /^(?:month|mes)$/.test(unit) ? { unit: 'month' } : /^(?:year|ano)$/.test(unit) ? { unit: 'year' } : { days: unitDays(unit) };
    before.push({ start: match.index, end: match.index + match[0].length, span });
    add({ start: match.index, end: match.index + match[0].length });
  }
  return before;
}

/** Months and years by name: "in October", "octubre de 2026", "in 2025". */
function readMonthsAndYears(reader: Reader): void {
  const { today, future, each } = reader;
  each(`\\b(${namedMonth})\\s+(?:de\\s+|del\\s+|of\\s+)?(\\d{4})\\b`, (match) => {
    const givenYear = Number(match[2]);
    return givenYear < firstYear ? { invalid: true } : { period: monthPeriod(givenYear, monthNumberOf(match[1] as string)) };
  });
  each(`\\b(${namedMonth})\\b`, (match) => ({ period: resolveMonth(monthNumberOf(match[1] as string), today, future) }));
  each('\\b(?:in|during|for|en|durante|del|de)\\s+(?:el\\s+ano\\s+|the\\s+year\\s+)?(\\d{4})\\b', (match) => {
    const givenYear = Number(match[1]);
    return givenYear < firstYear ? { invalid: true } : { period: calendarYear(givenYear) };
  });
}

/** A period after "since", "desde", "a partir de" (not a written range) runs on to today. */
function extendSince(reader: Reader): void {
  const { text, today, found } = reader;
  for (const item of found) {
    if (!item.period || item.range) continue;
    const textBefore = text.slice(Math.max(0, item.start - 24), item.start);
    const since = /\b(?:since|desde|starting|a\s+partir\s+del?)\s+(?:the\s+|el\s+|la\s+|los\s+|las\s+|on\s+)?$/.test(textBefore);
    if (since && item.period.from <= today) {
      item.period = { from: item.period.from, to: today };
      delete item.previous;
    }
  }
}

/** Each "the N days before" becomes the N days just before the period named first; "the month before", the month before it. */
function resolvePeriodsBefore(reader: Reader, before: readonly PeriodBefore[]): void {
  const { found } = reader;
  for (const item of before) {
    const placeholder = found.find((candidate) => candidate.start === item.start && candidate.end === item.end);
    const earlier = found.filter((candidate) => candidate.period && candidate.end <= item.start).sort((left, right) => left.start - right.start)[0];
    if (!placeholder || !earlier?.period) continue;
    const to = addDays(earlier.period.from, -1);
    if ('days' in item.span) placeholder.period = { from: addDays(to, -(item.span.days - 1)), to };
    else placeholder.period = item.span.unit === 'month' ? calendarMonth(to, 0) : calendarYear(Number(to.slice(0, 4)));
  }
}

/**
 * Every period a question names, Spanish or English, relative to `today`. Read, longest phrase first: ranges
 * ("del 1 al 15 de noviembre", "between November 20 and December 10", "from Monday to Wednesday", "de septiembre
 * a noviembre"); days with or without a year (ISO, "14 de noviembre", "November 14, 2025", "the 20th", "el día
 * 20"); weekdays ("on Saturday", "el viernes pasado", "next Monday"); weekends ("last weekend", "el finde");
 * "this/last/next week|month|year", "the week before last", "la semana antepasada", "en lo que va de semana";
 * "the last N days|weeks|months", "últimos N días", "N days ago", "hace N días"; "today", "yesterday", "last night",
 * "anteayer", "tomorrow", "pasado mañana"; month names ("in October", "octubre de 2026"), years ("in 2025"). A
 * period after "since"/"desde"/"a partir de" runs on to today. `future` (the question is about the future) turns
 * undated days, weekdays and months towards the next occurrence instead of the most recent.
 */
export function readPeriods(question: string, today: string, future: boolean): PeriodReading {
  const text = foldText(question).replace(/[¿?¡!;:()"“”«»,]/g, ' ');
  const original = text.length === question.length ? question : text;
  const reader = createReader(text, today, future);
  // Longest and most specific phrases first: a phrase never overlaps one found before it.
  readRanges(reader);
  readDays(reader);
  readNamedDays(reader);
  readWeekends(reader);
  readCalendarPeriods(reader);
  readCountedPeriods(reader);
  const before = markPeriodsBefore(reader);
  readMonthsAndYears(reader);
  before.push(...markUnitsBefore(reader));
  extendSince(reader);
  resolvePeriodsBefore(reader, before);
  const { found, free } = reader;

  found.sort((left, right) => left.start - right.start);
  const periods: PeriodMention[] = [];
  for (const item of found) {
    if (!item.period) continue;
    if (periods.some((known) => known.from === item.period?.from && known.to === item.period.to)) continue;
    periods.push({
      ...item.period,
      start: item.start,
      end: item.end,
      text: original.slice(item.start, item.end).trim(),
      ...(item.previous ? { previous: item.previous } : {}),
      ...(item.current ? { current: item.current } : {}),
    });
  }
  // "this week vs last", "esta semana … con el de la pasada": the period before the one named ("me he pasado con el
  // azúcar esta semana" overdid it: a verb, not the period before).
  const only = periods.length === 1 ? periods[0] : undefined;
  if (only?.previous) {
    const elliptic =
      /\b(?:vs\.?|versus|than|to|with|and|or|against)\s+(?:the\s+)?(?:last|previous|prior)(?:\s+one)?\b(?!\s*\w*\s*(?:week|month|year|day))|(?<!\b(?:he|has|ha|hemos|han|habia|habias|habiamos|habian)\s)\b(?:pasada|pasado|anterior)\b/.exec(
        text,
      );
    if (elliptic && free(elliptic.index, elliptic.index + elliptic[0].length)) {
      periods.push({ ...only.previous, start: elliptic.index, end: elliptic.index + elliptic[0].length, text: original.slice(elliptic.index, elliptic.index + elliptic[0].length).trim() });
    }
  }
  // "did I eat more than last week?", "compared to last month", "¿comí más que la semana pasada?": the same kind of
  // period so far, against the one named right after the comparing word ("more than 2000 calories last week" is not).
  const named = periods.length === 1 ? periods[0] : undefined;
  if (named?.current && comparedWith.test(text.slice(0, named.start))) periods.unshift({ ...named.current, start: named.start, end: named.end, text: '' });
  const invalid = found.filter((item) => item.invalid).map((item) => ({ start: item.start, end: item.end, text: original.slice(item.start, item.end).trim() }));
  return { periods, invalid };
}
