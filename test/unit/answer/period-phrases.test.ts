import { describe, expect, it } from 'vitest';
import { readPeriods, resolveYearless } from '../../../main/answer/period-phrases.js';

const today = '2026-12-01'; // a Tuesday

/** The periods a question names, as [from, to] pairs. */
function periods(question: string, options: { future?: boolean; on?: string } = {}): string[][] {
  return readPeriods(question, options.on ?? today, options.future ?? false).periods.map((period) => [period.from, period.to]);
}

function invalid(question: string): string[] {
  return readPeriods(question, today, false).invalid.map((item) => item.text);
}

describe('readPeriods: dates with and without a year', () => {
  it('reads a date with its year, in ISO, English and Spanish', () => {
    expect(periods('sodium on 2026-11-20')).toEqual([['2026-11-20', '2026-11-20']]);
    expect(periods('sodium on December 24, 2025')).toEqual([['2025-12-24', '2025-12-24']]);
    expect(periods('¿qué comí el 20 de noviembre de 2026?')).toEqual([['2026-11-20', '2026-11-20']]);
  });

  it('reads a date without a year as the most recent one not after today', () => {
    expect(periods('What did I eat on November 14?')).toEqual([['2026-11-14', '2026-11-14']]);
    expect(periods('¿qué comí el 14 de noviembre?')).toEqual([['2026-11-14', '2026-11-14']]);
    expect(periods('fibre on March 3')).toEqual([['2026-03-03', '2026-03-03']]);
  });

  it('reads a day of the current month as this month even when it is still ahead, never as last year', () => {
    expect(periods('What did I eat on December 10?')).toEqual([['2026-12-10', '2026-12-10']]);
    expect(periods('¿Qué comí el 10 de diciembre?')).toEqual([['2026-12-10', '2026-12-10']]);
  });

  it('reads a date without a year as the next one when the question is about the future', () => {
    expect(periods('what will I eat on March 3?', { future: true })).toEqual([['2027-03-03', '2027-03-03']]);
    expect(resolveYearless(3, 3, today, true)).toBe('2027-03-03');
  });

  it('reads "the 20th" and "el día 20" as the most recent 20th not after today', () => {
    expect(periods('protein on the 20th')).toEqual([['2026-11-20', '2026-11-20']]);
    expect(periods('¿cuánta proteína el día 20?')).toEqual([['2026-11-20', '2026-11-20']]);
  });

  it("reads a holiday name as its date, the last one that has come (on 1 December, Christmas is last year's)", () => {
    expect(periods("what did I eat on New Year's Day?")).toEqual([['2026-01-01', '2026-01-01']]);
    expect(periods('calorías en Nochebuena')).toEqual([['2025-12-24', '2025-12-24']]);
    expect(periods('iron on Christmas Day')).toEqual([['2025-12-25', '2025-12-25']]);
    expect(periods("what did I eat between Christmas Eve and New Year's Day")).toEqual([['2025-12-24', '2026-01-01']]);
    // A written date of the current month is still this year's.
    expect(periods('calories on December 10')).toEqual([['2026-12-10', '2026-12-10']]);
    // A range ends at the first such day on or after its start, whenever it is asked (a review's finding).
    expect(periods("what did I eat between Christmas Eve and New Year's Day", { on: '2026-12-28' })).toEqual([['2026-12-24', '2027-01-01']]);
    expect(periods("calories from Christmas Eve to New Year's Eve", { on: '2026-12-26' })).toEqual([['2026-12-24', '2026-12-31']]);
    expect(periods('from Halloween to Christmas', { on: '2026-11-15' })).toEqual([['2026-10-31', '2026-12-25']]); // cut to today by the sanitizer
    expect(periods('from Christmas Eve to January 3 2025', { on: '2026-06-01' })).toEqual([['2024-12-24', '2025-01-03']]);
  });

  it('reads "the week before" (the month, the day before) as the same span just before the period named first', () => {
    expect(periods('calories last week vs the week before')).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-16', '2026-11-22'],
    ]);
    expect(periods('protein in October and the month before')).toEqual([
      ['2026-10-01', '2026-10-31'],
      ['2026-09-01', '2026-09-30'],
    ]);
    expect(periods('sodium yesterday and the day before')).toEqual([
      ['2026-11-30', '2026-11-30'],
      ['2026-11-29', '2026-11-29'],
    ]);
    expect(periods('¿cuánta proteína la semana pasada y la semana de antes?')).toEqual([
      ['2026-11-23', '2026-11-29'],
      ['2026-11-16', '2026-11-22'],
    ]);
    // Alone, or before any period, it names nothing.
    expect(periods('what did I eat the week before')).toEqual([]);
  });
});

describe('readPeriods: ranges', () => {
  it('ends a range without years at the first such day after its start, not last year', () => {
    expect(periods('fat between November 20 and December 10')).toEqual([['2026-11-20', '2026-12-10']]);
    expect(periods('¿cuánta grasa entre el 20 de noviembre y el 10 de diciembre?')).toEqual([['2026-11-20', '2026-12-10']]);
  });

  it('reads compact day ranges in both languages', () => {
    expect(periods('sodio del 1 al 15 de noviembre')).toEqual([['2026-11-01', '2026-11-15']]);
    expect(periods('sodium November 1-15')).toEqual([['2026-11-01', '2026-11-15']]);
    expect(periods('protein between 1 and 10 November')).toEqual([['2026-11-01', '2026-11-10']]);
  });

  it('gives a year written at the end of a range to its start, or to the year before when the start comes later', () => {
    expect(periods('del 28 de diciembre al 3 de enero de 2026')).toEqual([['2025-12-28', '2026-01-03']]);
  });

  it('reads a range of two weekdays, in the week named after them', () => {
    expect(periods('¿qué comí entre el lunes y el miércoles de la semana pasada?')).toEqual([['2026-11-23', '2026-11-25']]);
  });

  it('reads a range of months', () => {
    expect(periods('sodio de septiembre a noviembre')).toEqual([['2026-09-01', '2026-11-30']]);
  });

  it('runs a period after "since", "desde" or "a partir de" on to today', () => {
    expect(periods('how much sugar since Monday?')).toEqual([['2026-11-30', today]]);
    expect(periods('potasio desde el viernes')).toEqual([['2026-11-27', today]]);
    expect(periods('calorías a partir del 25 de noviembre')).toEqual([['2026-11-25', today]]);
  });

  it('does not stretch "from yesterday" to today: "from" names a source as often as a start', () => {
    expect(periods('show me my entries from yesterday')).toEqual([['2026-11-30', '2026-11-30']]);
  });
});

describe('readPeriods: weekdays and weekends', () => {
  it('reads a weekday as the most recent one, and "last" or "pasado" the same way', () => {
    expect(periods('What did I eat on Saturday?')).toEqual([['2026-11-28', '2026-11-28']]);
    expect(periods('¿qué cené el viernes?')).toEqual([['2026-11-27', '2026-11-27']]);
    expect(periods('sodium last Friday')).toEqual([['2026-11-27', '2026-11-27']]);
    expect(periods('¿cuánto sodio el sábado pasado?')).toEqual([['2026-11-28', '2026-11-28']]);
  });

  it('reads "last Tuesday" on a Tuesday as a week ago', () => {
    expect(periods('¿cuántas calorías cené el martes pasado?')).toEqual([['2026-11-24', '2026-11-24']]);
  });

  it('reads "next Friday" and a weekday in a question about the future ahead of today', () => {
    expect(periods('protein next Friday')).toEqual([['2026-12-04', '2026-12-04']]);
    expect(periods('what will I eat on Friday?', { future: true })).toEqual([['2026-12-04', '2026-12-04']]);
  });

  it('reads "last weekend" and "el fin de semana pasado" as the Saturday and Sunday before this week', () => {
    expect(periods('calories last weekend')).toEqual([['2026-11-28', '2026-11-29']]);
    expect(periods('¿qué comí el fin de semana pasado?')).toEqual([['2026-11-28', '2026-11-29']]);
  });

  it('reads "this weekend" asked on a weekday as the weekend just past, or the coming one for the future', () => {
    expect(periods('what did I eat this weekend?')).toEqual([['2026-11-28', '2026-11-29']]);
    expect(periods('¿cuánto sodio me metí el finde?')).toEqual([['2026-11-28', '2026-11-29']]);
    expect(periods('what will I eat this weekend?', { future: true })).toEqual([['2026-12-05', '2026-12-06']]);
  });

  it('reads "this weekend" asked on a Saturday as that Saturday up to today', () => {
    expect(periods('calories this weekend', { on: '2026-11-28' })).toEqual([['2026-11-28', '2026-11-28']]);
  });

  it('reads "next weekend" as the coming Saturday and Sunday', () => {
    expect(periods('sodium next weekend')).toEqual([['2026-12-05', '2026-12-06']]);
  });
});

describe('readPeriods: weeks, months and years of the calendar', () => {
  it('reads this, last and next week, Monday to Sunday', () => {
    expect(periods('fibre this week')).toEqual([['2026-11-30', today]]);
    expect(periods('sodio en lo que va de semana')).toEqual([['2026-11-30', today]]);
    expect(periods('sodium last week')).toEqual([['2026-11-23', '2026-11-29']]);
    expect(periods('la semana que viene')).toEqual([['2026-12-07', '2026-12-13']]);
    expect(periods('next week')).toEqual([['2026-12-07', '2026-12-13']]);
  });

  it('reads the week before last', () => {
    expect(periods('sugar in the week before last')).toEqual([['2026-11-16', '2026-11-22']]);
    expect(periods('carbohidratos la semana antepasada')).toEqual([['2026-11-16', '2026-11-22']]);
  });

  it('reads this, last and next month', () => {
    expect(periods('iron this month')).toEqual([['2026-12-01', today]]);
    expect(periods('¿cuánto hierro el mes pasado?')).toEqual([['2026-11-01', '2026-11-30']]);
    expect(periods('sodium next month')).toEqual([['2027-01-01', '2027-01-31']]);
  });

  it('reads "the last month" and "the past week" as rolling 30 and 7 days, unlike "last month"', () => {
    expect(periods('fiber in the last month')).toEqual([['2026-11-02', today]]);
    expect(periods('protein over the past week')).toEqual([['2026-11-25', today]]);
  });

  it('reads the first week of a month', () => {
    expect(periods('protein in the first week of November')).toEqual([['2026-11-01', '2026-11-07']]);
  });

  it('reads a month name as its most recent occurrence that has begun', () => {
    expect(periods('salt in September')).toEqual([['2026-09-01', '2026-09-30']]);
    expect(periods('sodio en diciembre')).toEqual([['2026-12-01', '2026-12-31']]);
    expect(periods('¿cuántas calorías comí en agosto?')).toEqual([['2026-08-01', '2026-08-31']]);
  });

  it('reads this and last year', () => {
    expect(periods('protein this year')).toEqual([['2026-01-01', today]]);
    expect(periods('el año pasado')).toEqual([['2025-01-01', '2025-12-31']]);
  });
});

describe('readPeriods: counted and named days', () => {
  it('reads the last N days and weeks, in digits and words, ending today', () => {
    expect(periods('protein in the last 10 days')).toEqual([['2026-11-22', today]]);
    expect(periods('¿cuánta fibra en las últimas tres semanas?')).toEqual([['2026-11-11', today]]);
    expect(periods('which foods gave me the most sodium in the last two weeks?')).toEqual([['2026-11-18', today]]);
  });

  it('reads "N days ago" and "hace N días" as that one day', () => {
    expect(periods('what did I eat 3 days ago?')).toEqual([['2026-11-28', '2026-11-28']]);
    expect(periods('¿qué comí hace 3 días?')).toEqual([['2026-11-28', '2026-11-28']]);
  });

  it('reads today, yesterday, last night, the day before yesterday and tomorrow', () => {
    expect(periods('calories today')).toEqual([[today, today]]);
    expect(periods('¿qué cené ayer?')).toEqual([['2026-11-30', '2026-11-30']]);
    expect(periods('what did I eat last night?')).toEqual([['2026-11-30', '2026-11-30']]);
    expect(periods('¿y anteayer?')).toEqual([['2026-11-29', '2026-11-29']]);
    expect(periods('¿cuántas calorías voy a comer mañana?')).toEqual([['2026-12-02', '2026-12-02']]);
  });

  it('does not take "por la mañana" (in the morning) for tomorrow', () => {
    expect(periods('¿qué comí ayer por la mañana?')).toEqual([['2026-11-30', '2026-11-30']]);
  });
});

describe('readPeriods: two periods', () => {
  // This week so far (Monday to today), then last week: the comparison most questions ask for.
  const thisWeekThenLast = [
    ['2026-11-30', today],
    ['2026-11-23', '2026-11-29'],
  ];

  it('reads two periods in the order named, for a comparison', () => {
    expect(periods('did I eat more protein this week than last week?')).toEqual(thisWeekThenLast);
    expect(periods('Did I have more calories in October or November?')).toEqual([
      ['2026-10-01', '2026-10-31'],
      ['2026-11-01', '2026-11-30'],
    ]);
  });

  it('reads "this week vs last" and "con el de la pasada" as last week', () => {
    expect(periods("how's my protein looking this week vs last?")).toEqual(thisWeekThenLast);
    expect(periods('compárame el sodio de esta semana con el de la pasada')).toEqual(thisWeekThenLast);
  });

  it('reads "me he pasado" as overdoing it, not as the period before (blind set 4)', () => {
    expect(periods('creo que me he pasado con el azúcar esta semana')).toEqual([['2026-11-30', '2026-12-01']]);
    expect(periods('el azúcar de esta semana y la pasada')).toEqual(thisWeekThenLast);
  });

  it('reads "more than last week" and "compared to last month" as the period so far against the one named', () => {
    expect(periods('did I eat more protein than last week?')).toEqual(thisWeekThenLast);
    expect(periods('how was my fibre compared to last week')).toEqual(thisWeekThenLast);
    expect(periods('¿comí más proteína que el mes pasado?')).toEqual([
      ['2026-12-01', today],
      ['2026-11-01', '2026-11-30'],
    ]);
    expect(periods('sodium vs last year')).toEqual([
      ['2026-01-01', today],
      ['2025-01-01', '2025-12-31'],
    ]);
  });

  it('keeps one period when nothing is compared with it, or a number is', () => {
    expect(periods('¿qué comí la semana pasada?')).toEqual([['2026-11-23', '2026-11-29']]);
    expect(periods('lo que comí el mes pasado')).toEqual([['2026-11-01', '2026-11-30']]);
    expect(periods('did I eat more than 2000 calories last week')).toEqual([['2026-11-23', '2026-11-29']]);
    expect(periods('protein last week')).toEqual([['2026-11-23', '2026-11-29']]);
  });

  it('reads "the 7 days before" as the days just before the period named first', () => {
    expect(periods('compare fat in the last 7 days with the 7 days before')).toEqual([
      ['2026-11-25', today],
      ['2026-11-18', '2026-11-24'],
    ]);
  });
});

describe('readPeriods: dates that do not exist', () => {
  it('reports a day a month does not have instead of reading another period', () => {
    expect(invalid('grasa el 31 de febrero')).toEqual(['31 de febrero']);
    expect(periods('grasa el 31 de febrero')).toEqual([]);
    expect(invalid('sodium on February 30')).toEqual(['February 30']);
  });

  it('reports a day of the month past 31', () => {
    expect(invalid('how much protein did I eat on the 45th?')).toEqual(['the 45th']);
    expect(invalid('¿cuánto sodio comí el día 45?')).toEqual(['el día 45']);
  });

  it('reports an ISO date that does not exist, and the year 0000', () => {
    expect(invalid('sodium on 2026-13-45')).toEqual(['2026-13-45']);
    expect(invalid('calories on 2026-02-29')).toEqual(['2026-02-29']);
    expect(invalid('calories on 0000-01-01')).toEqual(['0000-01-01']);
  });

  it('keeps a far-future date as a period, for the sanitizer to report as the future', () => {
    expect(periods('sodium on 9999-12-31')).toEqual([['9999-12-31', '9999-12-31']]);
  });
});
