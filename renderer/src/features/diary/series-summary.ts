import type { DiarySeries } from '../../../../shared/contract';

export interface SeriesSummary {
  days: number;
  daysWithData: number;
  average: number | null;
  highest: { date: string; value: number } | null;
  daysWithTarget: number;
  daysOverTarget: number;
}

/** What a nutrient's chart shows, in numbers, for its caption and for readers who do not see the chart. */
export function summariseSeries(series: DiarySeries, key: string): SeriesSummary {
  let sum = 0;
  let daysWithData = 0;
  let highest: SeriesSummary['highest'] = null;
  let daysWithTarget = 0;
  let daysOverTarget = 0;
  for (const day of series.days) {
    const value = day.totals[key] ?? null;
    const target = day.targets[key] ?? null;
    if (value !== null) {
      sum += value;
      daysWithData++;
      if (!highest || value > highest.value) highest = { date: day.date, value };
    }
    if (target !== null && value !== null) {
      daysWithTarget++;
      if (value > target) daysOverTarget++;
    }
  }
  return { days: series.days.length, daysWithData, average: daysWithData > 0 ? sum / daysWithData : null, highest, daysWithTarget, daysOverTarget };
}

/** The chart's rows for one nutrient: the day's total and the target in force that day. */
export function chartRows(series: DiarySeries, key: string): { date: string; value: number | null; target: number | null }[] {
  return series.days.map((day) => ({ date: day.date, value: day.totals[key] ?? null, target: day.targets[key] ?? null }));
}
