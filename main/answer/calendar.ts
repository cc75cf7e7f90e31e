/** Calendar arithmetic on YYYY-MM-DD strings (UTC days: no time zone or daylight-saving surprises). */

const dayMs = 86_400_000;

function toTime(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function fromTime(time: number): string {
  return new Date(time).toISOString().slice(0, 10);
}

/** True when `text` is YYYY-MM-DD and that day exists. */
export function isCalendarDate(text: unknown): text is string {
  if (typeof text !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = toTime(text);
  return !Number.isNaN(time) && fromTime(time) === text;
}

/** `date` moved by `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  return fromTime(toTime(date) + days * dayMs);
}

/** Whole days from `from` to `to` (0 for the same day; negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toTime(to) - toTime(from)) / dayMs);
}

/** The Monday of the week holding `date` (ISO weeks start on Monday). */
export function startOfWeek(date: string): string {
  const weekday = (new Date(toTime(date)).getUTCDay() + 6) % 7;
  return addDays(date, -weekday);
}

/** YYYY-MM-DD of a year, month (1-12) and day. */
export function makeDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The number of days of a month (1-12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day of the month `offset` months from the month of `date`. */
export function startOfMonth(date: string, offset = 0): string {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7)) - 1 + offset;
  const normalized = new Date(Date.UTC(year, month, 1));
  return makeDate(normalized.getUTCFullYear(), normalized.getUTCMonth() + 1, 1);
}

/** The last day of the month holding `date`. */
export function endOfMonth(date: string): string {
  return addDays(startOfMonth(date, 1), -1);
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The weekday of `date`: 0 Monday … 6 Sunday (ISO order). */
export function weekdayOf(date: string): number {
  return (new Date(toTime(date)).getUTCDay() + 6) % 7;
}
