import type { DiaryPlan, Notice } from '../../shared/contract.js';
import { nutrientOf, type NutrientKey } from '../../shared/nutrients.js';
import { daysBetween } from './calendar.js';
import { csvLine } from './csv-line.js';
import { formatDecimal } from './decimal-format.js';

/** Most food rows (and food totals) a context carries; the rest are cut, largest energy kept (SPEC §4.2). */
export const maxContextFoodRows = 400;

type ViewRow = Record<string, unknown>;

/** What retrieval read from the diary views for one plan (nothing here is computed outside SQL). */
export interface DiaryRetrieval {
  /** diary_daily_totals rows of the period, by date. */
  dailyTotals: ViewRow[];
  /** The target in force per day and nutrient. */
  targetsByDay: { date: string; nutrient: string; amount: number }[];
  /** days_with_entries, total_<key>, average_<key>, unmeasured_<key>. */
  summary: ViewRow;
  targetDays: { nutrient: string; days_with_target: number; days_over_target: number; days_under_target: number }[];
  /** The whole diary of the profile (first and last day with entries, entry count): says where entries are when a period has none. */
  range?: { first_date: string | null; last_date: string | null; entries: number };
  /** Only when the plan asks for detail. */
  detail?: {
    /** diary_entry_nutrients rows, largest energy first, at most the cap. */
    entries: ViewRow[];
    entryCount: number;
    /** Per-food sums over the period, largest energy first, at most the cap. */
    foods: ViewRow[];
    foodCount: number;
  };
  /** Foods the plan names: each phrase with the items (name and brand) of the period it matched, none when none. */
  namedFoods?: { phrase: string; items: string[] }[];
}

/** One data line of the context, as the composer reads it: the exact strings written, by column. */
export interface ContextRow {
  section: ContextSection;
  /** 1-based line number in the context text. */
  line: number;
  cells: Record<string, string>;
}

export type ContextSection = 'period' | 'periods' | 'daily_totals' | 'daily_targets' | 'summary' | 'target_days' | 'food_totals' | 'foods' | 'comparison' | 'food_comparison' | 'diary';

export interface DiaryContext {
  text: string;
  /** The plan's named foods and what each matched in the period (retrieval's `namedFoods`). */
  namedFoods?: { phrase: string; items: string[] }[];
  rows: ContextRow[];
  notices: Notice[];
  /** Entries of the period (with detail): more than the `foods` rows when the 400-row cap cut them. */
  entryCount?: number;
}

/** The context column of a nutrient: its key with its unit ("sodium_mg", "protein_g", "energy_kcal"). */
export function nutrientColumn(key: NutrientKey): string {
  const unit = nutrientOf(key).unit.toLowerCase();
  return key.endsWith(`_${unit}`) ? key : `${key}_${unit}`;
}

function decimalCell(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? formatDecimal(value, 1) : '';
}

function integerCell(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? String(Math.round(value)) : '';
}

/** The label of a food: its name, and its brand in parentheses. */
export function itemLabel(name: unknown, brand: unknown): string {
  return typeof brand === 'string' && brand.trim() !== '' ? `${String(name)} (${brand})` : String(name);
}

const mealOrder: Record<string, number> = { breakfast: 1, lunch: 2, dinner: 3, snack: 4 };

/**
 * The compact CSV context an answer is composed from (and checked against). Sections, each a "# name" line, a
 * header and rows: period; daily_totals (entries and the asked nutrients per day with entries); daily_targets
 * (the target in force on each of those days); summary (total and daily average per asked nutrient, from SQL);
 * target_days (days over and under target, from SQL); and with detail food_totals (per food over the period) and
 * foods (one row per entry: date, meal, item, grams, kcal, asked nutrients). Numbers have 1 decimal (counts none),
 * text is RFC 4180-quoted, and at most 400 food rows are kept, largest energy first, with a "cut to 400 of N"
 * line. Averages are per day with entries, as SQL's AVG over the daily totals gives them.
 */
export function buildDiaryContext(plan: DiaryPlan, retrieval: DiaryRetrieval): DiaryContext {
  const nutrients = plan.nutrients as NutrientKey[];
  const columns = nutrients.map(nutrientColumn);
  const lines: string[] = [];
  const rows: ContextRow[] = [];
  const notices: Notice[] = [];

  const comment = (text: string): void => {
    lines.push(`# ${text}`);
  };
  const header = (names: readonly string[]): void => {
    lines.push(csvLine(names));
  };
  const row = (section: ContextSection, names: readonly string[], values: readonly string[]): void => {
    lines.push(csvLine(values));
    rows.push({ section, line: lines.length, cells: Object.fromEntries(names.map((name, index) => [name, values[index] ?? ''])) });
  };

  const periodNames = ['date_from', 'date_to', 'days', 'days_with_entries'];
  comment('period');
  header(periodNames);
  row('period', periodNames, [plan.date_from, plan.date_to, String(daysBetween(plan.date_from, plan.date_to) + 1), integerCell(retrieval.summary.days_with_entries ?? 0)]);
  const meals = plan.meals ?? [];
  if (meals.length > 0) comment(`meals: ${meals.join(' ')} only; daily totals and summary and foods cover these meals; daily targets apply to whole days and are left out`);
  if (retrieval.range && integerCell(retrieval.summary.days_with_entries ?? 0) === '0') {
    const rangeNames = ['first_date', 'last_date', 'entries'];
    comment('diary');
    header(rangeNames);
    row('diary', rangeNames, [retrieval.range.first_date ?? '', retrieval.range.last_date ?? '', integerCell(retrieval.range.entries)]);
  }

  const totalsNames = ['date', 'entries', ...columns];
  comment('daily_totals');
  header(totalsNames);
  for (const day of retrieval.dailyTotals) {
    row('daily_totals', totalsNames, [String(day.date), integerCell(day.entries), ...nutrients.map((key) => decimalCell(day[key]))]);
  }

  const targetNames = ['date', ...columns];
  const targetsOn = new Map<string, Map<string, number>>();
  for (const target of retrieval.targetsByDay) {
    if (!targetsOn.has(target.date)) targetsOn.set(target.date, new Map());
    targetsOn.get(target.date)?.set(target.nutrient, target.amount);
  }
  comment('daily_targets');
  header(targetNames);
  for (const day of retrieval.dailyTotals) {
    const targets = targetsOn.get(String(day.date));
    if (!targets || !nutrients.some((key) => targets.has(key))) continue;
    row('daily_targets', targetNames, [String(day.date), ...nutrients.map((key) => decimalCell(targets.get(key)))]);
  }

  const summaryNames = ['statistic', ...columns];
  comment('summary');
  header(summaryNames);
  row('summary', summaryNames, ['total', ...nutrients.map((key) => decimalCell(retrieval.summary[`total_${key}`]))]);
  row('summary', summaryNames, ['daily_average', ...nutrients.map((key) => decimalCell(retrieval.summary[`average_${key}`]))]);
  for (const key of nutrients) {
    const unmeasured = retrieval.summary[`unmeasured_${key}`];
    if (typeof unmeasured === 'number' && unmeasured > 0) {
      comment(`${key} is not measured for ${unmeasured} entries: its totals cover the measured foods only`);
      notices.push({
        code: 'unmeasured',
        message: `${nutrientOf(key).labels.en} is not measured for ${unmeasured} diary entries; totals cover the measured foods only.`,
        params: { nutrient: key, count: unmeasured },
      });
    }
  }

  const targetDayNames = ['nutrient', 'days_with_target', 'days_over_target', 'days_under_target'];
  comment('target_days');
  header(targetDayNames);
  for (const key of nutrients) {
    const counts = retrieval.targetDays.find((entry) => entry.nutrient === key);
    if (!counts) continue;
    row('target_days', targetDayNames, [key, integerCell(counts.days_with_target), integerCell(counts.days_over_target), integerCell(counts.days_under_target)]);
  }

  if (retrieval.namedFoods) {
    for (const named of retrieval.namedFoods) {
      comment(`food named "${named.phrase}": ${named.items.length === 0 ? 'no entry of the period' : named.items.join('; ')}`);
    }
    comment('food_totals and foods hold only the entries of the foods named; daily totals and summary cover whole days');
  }

  if (retrieval.detail) {
    const { detail } = retrieval;
    const energyColumn = nutrientColumn('energy_kcal');
    const detailNutrients = nutrients.filter((key) => key !== 'energy_kcal');
    const detailColumns = [energyColumn, ...detailNutrients.map(nutrientColumn)];

    const foodNames = ['item', 'entries', 'grams', ...detailColumns];
    comment('food_totals');
    if (detail.foodCount > detail.foods.length) {
      comment(`food_totals cut to ${detail.foods.length} of ${detail.foodCount} foods, largest energy first`);
      notices.push({
        code: 'context_cut',
        message: `Food totals cut to ${detail.foods.length} of ${detail.foodCount} foods (largest energy first).`,
        params: { context: 'foods', shown: detail.foods.length, total: detail.foodCount },
      });
    }
    header(foodNames);
    for (const food of detail.foods) {
      row('food_totals', foodNames, [
        itemLabel(food.food_name, food.food_brand),
        integerCell(food.entries),
        decimalCell(food.grams),
        decimalCell(food.energy_kcal),
        ...detailNutrients.map((key) => decimalCell(food[key])),
      ]);
    }

    const entryNames = ['date', 'meal', 'item', 'grams', ...detailColumns];
    comment('foods');
    if (detail.entryCount > detail.entries.length) {
      comment(`foods cut to ${detail.entries.length} of ${detail.entryCount} entries, largest energy first`);
      notices.push({
        code: 'context_cut',
        message: `Food rows cut to ${detail.entries.length} of ${detail.entryCount} entries (largest energy first).`,
        params: { context: 'entries', shown: detail.entries.length, total: detail.entryCount },
      });
    }
    header(entryNames);
    const ordered = [...detail.entries].sort(
      (left, right) =>
        String(left.date).localeCompare(String(right.date)) || (mealOrder[String(left.meal)] ?? 9) - (mealOrder[String(right.meal)] ?? 9) || Number(left.entry_id) - Number(right.entry_id),
    );
    for (const entry of ordered) {
      row('foods', entryNames, [
        String(entry.date),
        String(entry.meal),
        itemLabel(entry.food_name, entry.food_brand),
        decimalCell(entry.grams),
        decimalCell(entry.energy_kcal),
        ...detailNutrients.map((key) => decimalCell(entry[key])),
      ]);
    }
  }

  return {
    text: lines.join('\n'),
    rows,
    notices,
    ...(retrieval.detail ? { entryCount: retrieval.detail.entryCount } : {}),
    ...(retrieval.namedFoods ? { namedFoods: retrieval.namedFoods } : {}),
  };
}
