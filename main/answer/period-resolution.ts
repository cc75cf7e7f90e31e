import { addDays, daysInMonth, endOfMonth, makeDate, startOfMonth, startOfWeek, weekdayOf } from './calendar.js';

/**
 * Where the periods people name fall, relative to today: the calendar rules the period reader applies (a date
 * without a year, a weekday, a weekend, a calendar week or month). Pure; every function takes `today`.
 */

/** A period of days, both ends included. */
export interface Period {
  from: string;
  to: string;
}

/** The last `days` days, today included. */
export function lastDays(today: string, days: number): Period {
  return { from: addDays(today, -(Math.max(days, 1) - 1)), to: today };
}

/** One day as a period. */
export function day(date: string): Period {
  return { from: date, to: date };
}

/** A whole calendar month. */
export function monthPeriod(year: number, month: number): Period {
  const from = makeDate(year, month, 1);
  return { from, to: endOfMonth(from) };
}

/** True when the day exists in that month of that year. */
export function validDay(year: number, month: number, dayOfMonth: number): boolean {
  return month >= 1 && month <= 12 && dayOfMonth >= 1 && dayOfMonth <= daysInMonth(year, month);
}

/**
 * A day and month without a year: the most recent one not after today — except in the current month, which is
 * this year's even when the day is still ahead (on 1 December, "December 10" is nine days away, not last year);
 * a question about the future takes the next one from today. `strict` drops that exception (a holiday: "Christmas"
 * asked on 1 December is last year's). Null when that day exists in no year (31 February).
 */
export function resolveYearless(month: number, dayOfMonth: number, today: string, future: boolean, strict = false): string | null {
  if (!validDay(2024, month, dayOfMonth)) return null;
  const year = Number(today.slice(0, 4));
  const currentMonth = Number(today.slice(5, 7));
  const candidates = future ? [0, 1, 2, 3, 4, 5, 6, 7, 8] : [0, -1, -2, -3, -4, -5, -6, -7, -8];
  for (const offset of candidates) {
    if (!validDay(year + offset, month, dayOfMonth)) continue;
    const date = makeDate(year + offset, month, dayOfMonth);
    if (future ? date >= today : date <= today || (!strict && offset === 0 && month === currentMonth)) return date;
  }
  return null;
}

/** A month without a year: the most recent one that has begun, or with a question about the future the next one. */
export function resolveMonth(month: number, today: string, future: boolean): Period {
  const year = Number(today.slice(0, 4));
  const currentMonth = Number(today.slice(5, 7));
  if (future) return monthPeriod(month >= currentMonth ? year : year + 1, month);
  return monthPeriod(month <= currentMonth ? year : year - 1, month);
}

/** "The 20th": the most recent month whose 20th is not after today (the next one for the future); null past 31. */
export function resolveDayOfMonth(dayOfMonth: number, today: string, future: boolean): string | null {
  if (dayOfMonth < 1 || dayOfMonth > 31) return null;
  for (let offset = 0; Math.abs(offset) <= 12; offset += future ? 1 : -1) {
    const first = startOfMonth(today, offset);
    const year = Number(first.slice(0, 4));
    const month = Number(first.slice(5, 7));
    if (!validDay(year, month, dayOfMonth)) continue;
    const date = makeDate(year, month, dayOfMonth);
    if (future ? date >= today : date <= today) return date;
  }
  return null;
}

/** A weekday: "last" is strictly before today, "next" strictly after, "this" in the current week, plain the most recent (or next, for the future). */
export function resolveWeekday(weekday: number, modifier: 'last' | 'next' | 'this' | 'plain', today: string, future: boolean): string {
  const todayIndex = weekdayOf(today);
  const back = (todayIndex - weekday + 7) % 7;
  const ahead = (weekday - todayIndex + 7) % 7;
  if (modifier === 'last') return addDays(today, -(back === 0 ? 7 : back));
  if (modifier === 'next') return addDays(today, ahead === 0 ? 7 : ahead);
  if (modifier === 'this') return addDays(startOfWeek(today), weekday);
  return future ? addDays(today, ahead) : addDays(today, -back);
}

/** The Saturday and Sunday before the current week. */
export function lastWeekend(today: string): Period {
  const monday = startOfWeek(today);
  return { from: addDays(monday, -2), to: addDays(monday, -1) };
}

/** The next Saturday and Sunday: this week's on a weekday, next week's on a weekend. */
export function comingWeekend(today: string): Period {
  const monday = startOfWeek(today);
  const offset = weekdayOf(today) >= 5 ? 12 : 5;
  return { from: addDays(monday, offset), to: addDays(monday, offset + 1) };
}

/** The Monday-to-Sunday week `weeksBack` weeks before the current one (negative: ahead). */
export function calendarWeek(today: string, weeksBack: number): Period {
  const monday = addDays(startOfWeek(today), -7 * weeksBack);
  return { from: monday, to: addDays(monday, 6) };
}

/** The calendar month `monthsBack` months before the current one (negative: ahead). */
export function calendarMonth(today: string, monthsBack: number): Period {
  const from = startOfMonth(today, -monthsBack);
  return { from, to: endOfMonth(from) };
}

/** A whole calendar year. */
export function calendarYear(year: number): Period {
  return { from: makeDate(year, 1, 1), to: makeDate(year, 12, 31) };
}
