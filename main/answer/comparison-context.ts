import type { DiaryPlan } from '../../shared/contract.js';
import type { NutrientKey } from '../../shared/nutrients.js';
import { daysBetween } from './calendar.js';
import { csvLine } from './csv-line.js';
import { formatDecimal } from './decimal-format.js';
import { itemLabel, nutrientColumn, type ContextRow, type ContextSection, type DiaryContext, type DiaryRetrieval } from './diary-context.js';

function decimalCell(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatDecimal(value, 1) : '';
}

function integerCell(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value)) : '';
}

/**
 * `first - second` of two one-decimal cells, exactly (in tenths, never in binary floats): "120.5" and "410.2" give
 * "-289.7". The only arithmetic outside SQL in a diary context, so that the difference shown is the difference of
 * the two figures shown. An empty cell (nothing measured) gives an empty cell.
 */
export function cellDifference(first: string, second: string): string {
  const tenths = (cell: string): bigint | null => {
    const match = /^(-?)(\d+)\.(\d)$/.exec(cell);
    return match ? (match[1] === '-' ? -1n : 1n) * (BigInt(match[2] as string) * 10n + BigInt(match[3] as string)) : null;
  };
  const left = tenths(first);
  const right = tenths(second);
  if (left === null || right === null) return '';
  const difference = left - right;
  const magnitude = difference < 0n ? -difference : difference;
  return `${difference < 0n ? '-' : ''}${magnitude / 10n}.${magnitude % 10n}`;
}

/**
 * The CSV context of a comparison: periods (first and second, with their days and days with entries);
 * daily_totals of both; summary (total and daily average per asked nutrient, from SQL, each row carrying its
 * period's dates); and comparison (first minus second, of totals and of daily averages, from the summary cells).
 * Meals, when the plan names some, limit every figure; targets and per-entry detail are left out of comparisons.
 * A plan naming foods adds each named food's totals per period and their difference (`foodSections`).
 */
export function buildComparisonContext(plan: DiaryPlan, first: DiaryRetrieval, second: DiaryRetrieval): DiaryContext {
  const compare = plan.compare_to as NonNullable<DiaryPlan['compare_to']>;
  const nutrients = plan.nutrients as NutrientKey[];
  const columns = nutrients.map(nutrientColumn);
  const lines: string[] = [];
  const rows: ContextRow[] = [];
  const row = (section: ContextSection, names: readonly string[], values: readonly string[]): void => {
    lines.push(csvLine(values));
    rows.push({ section, line: lines.length, cells: Object.fromEntries(names.map((name, index) => [name, values[index] ?? ''])) });
  };
  const periods = [
    { name: 'first', from: plan.date_from, to: plan.date_to, retrieval: first },
    { name: 'second', from: compare.date_from, to: compare.date_to, retrieval: second },
  ];

  const periodNames = ['period', 'date_from', 'date_to', 'days', 'days_with_entries'];
  lines.push('# periods', csvLine(periodNames));
  for (const period of periods) {
    row('periods', periodNames, [period.name, period.from, period.to, String(daysBetween(period.from, period.to) + 1), integerCell(period.retrieval.summary.days_with_entries ?? 0)]);
  }
  const meals = plan.meals ?? [];
  if (meals.length > 0) lines.push(`# meals: ${meals.join(' ')} only (every figure covers these meals)`);

  const totalsNames = ['date', 'entries', ...columns];
  lines.push('# daily_totals', csvLine(totalsNames));
  for (const period of [...periods].sort((left, right) => left.from.localeCompare(right.from))) {
    for (const day of period.retrieval.dailyTotals) {
      row('daily_totals', totalsNames, [String(day.date), integerCell(day.entries), ...nutrients.map((key) => decimalCell(day[key]))]);
    }
  }

  const summaryNames = ['date_from', 'date_to', 'statistic', ...columns];
  lines.push('# summary', csvLine(summaryNames));
  const summaries = periods.map((period) => {
    const total = nutrients.map((key) => decimalCell(period.retrieval.summary[`total_${key}`]));
    const average = nutrients.map((key) => decimalCell(period.retrieval.summary[`average_${key}`]));
    row('summary', summaryNames, [period.from, period.to, 'total', ...total]);
    row('summary', summaryNames, [period.from, period.to, 'daily_average', ...average]);
    return { total, average };
  });

  const [a, b] = summaries as [(typeof summaries)[number], (typeof summaries)[number]];
  const comparisonNames = ['first_from', 'first_to', 'second_from', 'second_to', 'statistic', ...columns];
  lines.push('# comparison: first minus second of the summary rows', csvLine(comparisonNames));
  const bounds = [plan.date_from, plan.date_to, compare.date_from, compare.date_to];
  row('comparison', comparisonNames, [...bounds, 'total_difference', ...columns.map((_, index) => cellDifference(a.total[index] ?? '', b.total[index] ?? ''))]);
  row('comparison', comparisonNames, [...bounds, 'daily_average_difference', ...columns.map((_, index) => cellDifference(a.average[index] ?? '', b.average[index] ?? ''))]);

  const namedFoods = plan.foods && plan.foods.length > 0 ? foodSections(plan, periods, row, (text) => lines.push(text)) : undefined;
  return { text: lines.join('\n'), rows, notices: [], ...(namedFoods ? { namedFoods } : {}) };
}

type Row = (section: ContextSection, names: readonly string[], values: readonly string[]) => void;

/**
 * The named foods of a comparison: what each phrase matched in each period (comments), food_totals (one row per
 * food and period: entries, grams, energy and the asked nutrients, from SQL) and food_comparison (first minus
 * second, for a food with entries in both periods). The daily totals and summary above still cover whole days.
 * Returns each phrase with the foods it matched in either period, first period's first.
 */
function foodSections(
  plan: DiaryPlan,
  periods: readonly { name: string; from: string; to: string; retrieval: DiaryRetrieval }[],
  row: Row,
  write: (line: string) => void,
): { phrase: string; items: string[] }[] {
  const energy = nutrientColumn('energy_kcal');
  const others = (plan.nutrients as NutrientKey[]).filter((key) => key !== 'energy_kcal');
  const columns = ['grams', energy, ...others.map(nutrientColumn)];
  const cellsOf = (food: Record<string, unknown>): string[] => [decimalCell(food.grams), decimalCell(food.energy_kcal), ...others.map((key) => decimalCell(food[key]))];

  const named = (plan.foods ?? []).map((phrase, index) => {
    const perPeriod = periods.map((period) => period.retrieval.namedFoods?.[index]?.items ?? []);
    for (const [position, period] of periods.entries()) {
      const items = perPeriod[position] ?? [];
      write(`# food named "${phrase}", ${period.name} period: ${items.length === 0 ? 'no entry' : items.join('; ')}`);
    }
    return { phrase, items: [...new Set(perPeriod.flat())] };
  });
  write('# food_totals and food_comparison hold only the entries of the foods named; daily totals and summary cover whole days');

  const totalsNames = ['period', 'date_from', 'date_to', 'item', 'entries', ...columns];
  write('# food_totals');
  write(csvLine(totalsNames));
  // Per label, each period's rows and the foods behind them: two foods may share a name and brand.
  const byItem = new Map<string, { cells: string[][][]; foods: Set<unknown> }>();
  for (const [position, period] of periods.entries()) {
    for (const food of period.retrieval.detail?.foods ?? []) {
      const item = itemLabel(food.food_name, food.food_brand);
      const cells = cellsOf(food);
      row('food_totals', totalsNames, [period.name, period.from, period.to, item, integerCell(food.entries), ...cells]);
      if (!byItem.has(item)) byItem.set(item, { cells: [[], []], foods: new Set() });
      const entry = byItem.get(item) as { cells: string[][][]; foods: Set<unknown> };
      entry.cells[position]?.push(cells);
      entry.foods.add(food.food_id);
    }
  }

  const [first, second] = periods as [(typeof periods)[number], (typeof periods)[number]];
  const differenceNames = ['first_from', 'first_to', 'second_from', 'second_to', 'item', 'statistic', ...columns];
  write('# food_comparison: first minus second of the food_totals rows, for foods with entries in both periods (one food per name)');
  write(csvLine(differenceNames));
  for (const [item, entry] of byItem) {
    // One food under this name in both periods: two foods sharing a name are shown side by side, never subtracted.
    const [[inFirst], [inSecond]] = entry.cells as [string[][], string[][]];
    if (entry.foods.size !== 1 || entry.cells.some((rows) => rows.length !== 1) || !inFirst || !inSecond) continue;
    row('food_comparison', differenceNames, [
      first.from,
      first.to,
      second.from,
      second.to,
      item,
      'total_difference',
      ...columns.map((_, index) => cellDifference(inFirst[index] ?? '', inSecond[index] ?? '')),
    ]);
  }
  return named;
}
