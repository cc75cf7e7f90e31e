import { nutrients, type NutrientKey } from '../../shared/nutrients.js';
import { foldText } from '../retrieval/text-folding.js';
import { addDays, endOfMonth, makeDate, startOfMonth, startOfWeek } from './calendar.js';
import { monthNumberOf, monthPattern, scanText, type DateToken } from './figures.js';
import type { RawPlan } from './plan-sanitizer.js';

/**
 * The offline planner: Spanish and English date and nutrient phrases → a raw plan for the sanitizer.
 *
 * Periods it reads (today = the `today` given):
 * - explicit days: "2026-07-02", "2 de julio", "July 2", "2 July 2026"; two of them ("from … to …",
 *   "del … al …") make a range; "since …" / "desde …" runs to today; "del 1 al 5 de julio", "July 1-5";
 *   a month with a year ("July 2026", "julio de 2026"); a day or month without a year is its most recent
 *   occurrence not after today;
 * - "last/past N days|weeks|months" / "últimos N días", "últimas N semanas" (N in digits or words; a month
 *   counts 30 days); "today"/"hoy", "yesterday"/"ayer", "anteayer"; "this week|month|year" / "esta semana",
 *   "este mes", "este año" (from its first day); "last week|month|year" / "la semana pasada", "el mes
 *   pasado", "el año pasado" (the previous calendar week, Monday to Sunday, month or year); "the past week" /
 *   "la última semana" (7 days); "the past month" / "el último mes" (30 days); "fortnight" / "quincena" (14);
 * - a month alone: "in July" / "en julio" (the most recent July that is not in the future).
 * Nothing recognised → no dates (the sanitizer then uses the last 30 days).
 *
 * Nutrients: every synonym of the registry (shared/nutrients.ts), in the order the question names them.
 * Detail: questions about foods or what they contributed ("which foods", "what gave me", "qué alimentos",
 * "qué me aportó", "what did I eat", "de dónde") ask for per-entry rows.
 */
export function planFromRules(question: string, today: string): RawPlan {
  const period = periodOf(question, today);
  return {
    ...(period ? { date_from: period.from, date_to: period.to } : {}),
    nutrients: nutrientsOf(question),
    need_detail: needsDetail(question),
  };
}

interface Period {
  from: string;
  to: string;
}

const numberWords: Record<string, number> = {
  one: 1, a: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fifteen: 15, twenty: 20, thirty: 30, 'a couple of': 2, 'couple of': 2, 'a few': 3, few: 3,
  un: 1, uno: 1, una: 1, dos: 2, tres: 3, cuatro: 4, cinco: 5, seis: 6, siete: 7, ocho: 8, nueve: 9, diez: 10, once: 11,
  doce: 12, quince: 15, veinte: 20, treinta: 30, 'un par de': 2,
};
const numberPattern = `(\\d{1,3}|${Object.keys(numberWords).sort((left, right) => right.length - left.length).join('|')})`;
const unitPattern = '(days?|weeks?|months?|years?|dias?|semanas?|mes|meses|anos?)';

const fullMonths = 'january|february|march|april|june|july|august|september|october|november|december|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';

function unitDays(unit: string): number {
  if (/^(week|semana)/.test(unit)) return 7;
  if (/^(month|mes)/.test(unit)) return 30;
  if (/^(year|ano)/.test(unit)) return 365;
  return 1;
}

function countOf(word: string): number {
  return /^\d+$/.test(word) ? Number(word) : (numberWords[word] ?? 0);
}

function lastDays(today: string, days: number): Period {
  return { from: addDays(today, -(Math.max(days, 1) - 1)), to: today };
}

/** The date of a token: its year, or the most recent year in which that day (month) is not after today. */
function resolveDay(token: Pick<DateToken, 'year' | 'month' | 'day'>, today: string): string {
  const day = token.day ?? 1;
  if (token.year !== null) return makeDate(token.year, token.month, day);
  const year = Number(today.slice(0, 4));
  const thisYear = makeDate(year, token.month, day);
  return thisYear <= today ? thisYear : makeDate(year - 1, token.month, day);
}

function monthPeriod(year: number, month: number): Period {
  const from = makeDate(year, month, 1);
  return { from, to: endOfMonth(from) };
}

function explicitPeriod(question: string, folded: string, today: string): Period | null {
  const dayRangeFirst = new RegExp(`(?<!\\d)(\\d{1,2})\\s*(?:-|–|al|a|y|to|and|through|until)\\s*(\\d{1,2})\\s+(?:de\\s+|of\\s+)?(${monthPattern})\\b(?:\\s+(?:de\\s+|del\\s+)?(\\d{4}))?`);
  const monthRangeFirst = new RegExp(`\\b(${monthPattern})\\s+(\\d{1,2})\\s*(?:-|–|to|and|through|until)\\s*(\\d{1,2})\\b(?:,?\\s+(\\d{4}))?`);
  const byDayFirst = dayRangeFirst.exec(folded);
  const byMonthFirst = byDayFirst ? null : monthRangeFirst.exec(folded);
  const range = byDayFirst
    ? { first: byDayFirst[1], second: byDayFirst[2], month: byDayFirst[3], year: byDayFirst[4] }
    : byMonthFirst
      ? { first: byMonthFirst[2], second: byMonthFirst[3], month: byMonthFirst[1], year: byMonthFirst[4] }
      : null;
  if (range) {
    const month = monthNumberOf(range.month as string);
    const year = range.year ? Number(range.year) : null;
    const to = resolveDay({ year, month, day: Number(range.second) }, today);
    const from = makeDate(Number(to.slice(0, 4)), month, Number(range.first));
    return { from, to };
  }

  const dates = scanText(question).dates;
  const days = dates.filter((date) => date.day !== null);
  const first = days[0];
  const second = days[1];
  if (first && second) return { from: resolveDay(first, today), to: resolveDay(second, today) };
  if (first) {
    const day = resolveDay(first, today);
    const before = foldText(question.slice(0, first.start));
    if (/\b(since|from|desde|a partir del?)\s*(the\s+|el\s+)?$/.test(before)) return { from: day, to: today };
    return { from: day, to: day };
  }
  const month = dates.find((date) => date.day === null && date.year !== null);
  if (month) return monthPeriod(month.year as number, month.month);
  return null;
}

function relativePeriod(folded: string, today: string): Period | null {
  const countedEnglish = new RegExp(`\\b(?:last|past|previous|prior)\\s+${numberPattern}\\s+${unitPattern}\\b`).exec(folded);
  const countedSpanish = new RegExp(`\\b(?:ultimos|ultimas|pasados|pasadas)\\s+${numberPattern}\\s+${unitPattern}\\b`).exec(folded);
  const countedAfter = new RegExp(`\\b${numberPattern}\\s+${unitPattern}\\s+(?:anteriores|pasados|pasadas|ago)\\b`).exec(folded);
  const counted = countedEnglish ?? countedSpanish ?? countedAfter;
  if (counted) {
    const count = countOf(counted[1] as string);
    if (count > 0) return lastDays(today, count * unitDays(counted[2] as string));
  }
  if (/\b(fortnight|quincena)\b/.test(folded)) return lastDays(today, 14);
  if (/\b(past|last)\s+7\s+days\b/.test(folded) || /\b(the past week|ultima semana)\b/.test(folded)) return lastDays(today, 7);
  if (/\b(last|previous) week\b|\bsemana (pasada|anterior)\b/.test(folded)) {
    const monday = startOfWeek(today);
    return { from: addDays(monday, -7), to: addDays(monday, -1) };
  }
  if (/\bthis week\b|\besta semana\b/.test(folded)) return { from: startOfWeek(today), to: today };
  if (/\b(the past month|ultimo mes)\b/.test(folded)) return lastDays(today, 30);
  if (/\b(last|previous) month\b|\bmes (pasado|anterior)\b/.test(folded)) return { from: startOfMonth(today, -1), to: addDays(startOfMonth(today), -1) };
  if (/\bthis month\b|\beste mes\b/.test(folded)) return { from: startOfMonth(today), to: today };
  if (/\b(last|previous) year\b|\bano (pasado|anterior)\b/.test(folded)) {
    const year = Number(today.slice(0, 4)) - 1;
    return { from: makeDate(year, 1, 1), to: makeDate(year, 12, 31) };
  }
  if (/\bthis year\b|\beste ano\b/.test(folded)) return { from: `${today.slice(0, 4)}-01-01`, to: today };
  if (/\b(anteayer|antier|antes de ayer|day before yesterday)\b/.test(folded)) return lastDaysAgo(today, 2);
  if (/\b(ayer|yesterday)\b/.test(folded)) return lastDaysAgo(today, 1);
  if (/\b(hoy|today)\b/.test(folded)) return { from: today, to: today };
  const month = new RegExp(`\\b(?:(?:in|during|for|of|since|en|de|durante|desde)\\s+)?(${fullMonths})\\b|\\b(?:in|during|for|of|since)\\s+(may)\\b`).exec(folded);
  if (month) {
    const number = monthNumberOf((month[1] ?? month[2]) as string);
    const resolved = resolveDay({ year: null, month: number, day: 1 }, today);
    return monthPeriod(Number(resolved.slice(0, 4)), number);
  }
  return null;
}

function lastDaysAgo(today: string, days: number): Period {
  const day = addDays(today, -days);
  return { from: day, to: day };
}

function periodOf(question: string, today: string): Period | null {
  const folded = ` ${foldText(question).replace(/[¿?¡!;:()"]/g, ' ').replace(/\s+/g, ' ')} `;
  return explicitPeriod(question, folded, today) ?? relativePeriod(folded, today);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Registry nutrients named in the question, in the order named. */
export function nutrientsOf(question: string): NutrientKey[] {
  const folded = foldText(question);
  const found: { key: NutrientKey; position: number }[] = [];
  for (const nutrient of nutrients) {
    for (const synonym of [...nutrient.synonyms.en, ...nutrient.synonyms.es]) {
      const match = new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(synonym)}(?![\\p{L}\\p{N}])`, 'u').exec(folded);
      if (match) found.push({ key: nutrient.key, position: match.index });
    }
  }
  found.sort((left, right) => left.position - right.position);
  return [...new Set(found.map((entry) => entry.key))];
}

const detailPatterns = [
  /\b(which|what)\s+(foods?|meals?|items?|dishes|products?|snacks?)\b/,
  /\b(foods?|meals?|items?|dishes)\s+(gave|contributed|had|provided|with)\b/,
  /\bwhat\s+(gave|contributed|provided)\b/,
  /\bwhat did i (eat|have)\b/,
  /\bwhere did\b.*\bcome from\b/,
  /\b(sources?|contributors?|contributed)\b/,
  /\b(que|cuales?)\s+(alimentos?|comidas?|productos?|platos?|snacks?)\b/,
  /\bque me (aporto|aportaron|dio|dieron)\b/,
  /\bque (comi|tome|consumi)\b/,
  /\bde donde\b/,
  /\b(fuentes?|aporto|aportaron|aportes?)\b/,
  /\balimentos?\b/,
];

/** True when the question asks about foods (per-entry rows), not only daily totals. */
export function needsDetail(question: string): boolean {
  const folded = foldText(question);
  return detailPatterns.some((pattern) => pattern.test(folded));
}
