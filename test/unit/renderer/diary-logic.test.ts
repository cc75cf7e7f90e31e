import { describe, expect, it } from 'vitest';
import type { DiarySeries } from '../../../shared/contract.js';
import { addDays, daysInclusive, isIsoDate, mealAt } from '../../../renderer/src/features/diary/dates.js';
import { chartRows, summariseSeries } from '../../../renderer/src/features/diary/series-summary.js';

describe('diary dates', () => {
  it('adds days across month, year and daylight-saving boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-29', -1)).toBe('2026-03-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  });

  it('counts the days of a period with both ends included', () => {
    expect(daysInclusive('2026-11-16', '2026-11-29')).toBe(14);
    expect(daysInclusive('2026-11-29', '2026-11-29')).toBe(1);
  });

  it('accepts only days that exist', () => {
    expect(isIsoDate('2026-02-28')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-2-28')).toBe(false);
    expect(isIsoDate('')).toBe(false);
  });

  it('suggests the meal of the hour', () => {
    expect(mealAt(8)).toBe('breakfast');
    expect(mealAt(13)).toBe('lunch');
    expect(mealAt(21)).toBe('dinner');
    expect(mealAt(17)).toBe('snack');
    expect(mealAt(2)).toBe('snack');
  });
});

describe('what a nutrient chart says in words', () => {
  const series: DiarySeries = {
    profile: 'demo',
    date_from: '2026-11-01',
    date_to: '2026-11-04',
    nutrients: ['sodium'],
    days: [
      { date: '2026-11-01', entries: 3, totals: { sodium: 1500 }, targets: { sodium: 2000 } },
      { date: '2026-11-02', entries: 0, totals: { sodium: null }, targets: { sodium: 2000 } },
      { date: '2026-11-03', entries: 4, totals: { sodium: 2500 }, targets: { sodium: 2000 } },
      { date: '2026-11-04', entries: 2, totals: { sodium: 800 }, targets: { sodium: null } },
    ],
  };

  it('averages over the days with entries only, and finds the highest day', () => {
    const summary = summariseSeries(series, 'sodium');
    expect(summary.daysWithData).toBe(3);
    expect(summary.average).toBeCloseTo(1600, 6);
    expect(summary.highest).toEqual({ date: '2026-11-03', value: 2500 });
  });

  it('counts days over target only where a target was in force and something was logged', () => {
    const summary = summariseSeries(series, 'sodium');
    expect(summary.daysWithTarget).toBe(2);
    expect(summary.daysOverTarget).toBe(1);
  });

  it('keeps a day without entries as a gap, not a zero', () => {
    expect(chartRows(series, 'sodium')[1]).toEqual({ date: '2026-11-02', value: null, target: 2000 });
  });
});
