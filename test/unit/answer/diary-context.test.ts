import { describe, expect, it } from 'vitest';
import type { DiaryPlan } from '../../../shared/contract.js';
import { splitCsvLine } from '../../../main/answer/csv-line.js';
import { buildDiaryContext, nutrientColumn, type DiaryRetrieval } from '../../../main/answer/diary-context.js';

const plan: DiaryPlan = { date_from: '2026-06-19', date_to: '2026-07-02', nutrients: ['sodium'], need_detail: true, clamped: false, planner: 'rules' };

function entry(index: number, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { entry_id: index, date: '2026-07-02', meal: 'breakfast', food_name: `Food ${index}`, food_brand: '', grams: 10, energy_kcal: 1000 - index, sodium: index, ...overrides };
}

function retrieval(overrides: Partial<DiaryRetrieval> = {}): DiaryRetrieval {
  return {
    dailyTotals: [
      { date: '2026-07-01', entries: 3, sodium: 1234.5678, energy_kcal: 1800 },
      { date: '2026-07-02', entries: 2, sodium: 409.49999999999994, energy_kcal: 1500 },
    ],
    targetsByDay: [
      { date: '2026-07-01', nutrient: 'sodium', amount: 2300 },
      { date: '2026-07-02', nutrient: 'sodium', amount: 2000 },
    ],
    summary: { days_with_entries: 2, total_sodium: 1644.0678, average_sodium: 822.0339, unmeasured_sodium: 0 },
    targetDays: [{ nutrient: 'sodium', days_with_target: 2, days_over_target: 0, days_under_target: 2 }],
    detail: {
      entries: [entry(1, { food_name: 'Pan integral, rebanado', food_brand: 'Bimbo "Artesano"', grams: 91, sodium: 409.5, energy_kcal: 224.77 })],
      entryCount: 1,
      foods: [{ food_name: 'Pan integral, rebanado', food_brand: 'Bimbo "Artesano"', entries: 1, grams: 91, energy_kcal: 224.77, sodium: 409.5 }],
      foodCount: 1,
    },
    ...overrides,
  };
}

describe('buildDiaryContext', () => {
  it('writes named sections with headers, one decimal and integer counts', () => {
    const { text } = buildDiaryContext(plan, retrieval());
    expect(text.split('\n')).toEqual([
      '# period',
      'date_from,date_to,days,days_with_entries',
      '2026-06-19,2026-07-02,14,2',
      '# daily_totals',
      'date,entries,sodium_mg',
      '2026-07-01,3,1234.6',
      '2026-07-02,2,409.5',
      '# daily_targets',
      'date,sodium_mg',
      '2026-07-01,2300.0',
      '2026-07-02,2000.0',
      '# summary',
      'statistic,sodium_mg',
      'total,1644.1',
      'daily_average,822.0',
      '# target_days',
      'nutrient,days_with_target,days_over_target,days_under_target',
      'sodium,2,0,2',
      '# food_totals',
      'item,entries,grams,energy_kcal,sodium_mg',
      '"Pan integral, rebanado (Bimbo ""Artesano"")",1,91.0,224.8,409.5',
      '# foods',
      'date,meal,item,grams,energy_kcal,sodium_mg',
      '2026-07-02,breakfast,"Pan integral, rebanado (Bimbo ""Artesano"")",91.0,224.8,409.5',
    ]);
  });

  it('quotes text so that a CSV reader gets the item back whole', () => {
    const { text, rows } = buildDiaryContext(plan, retrieval());
    const line = text.split('\n').at(-1) as string;
    expect(splitCsvLine(line).map((cell) => cell.value)).toEqual(['2026-07-02', 'breakfast', 'Pan integral, rebanado (Bimbo "Artesano")', '91.0', '224.8', '409.5']);
    expect(rows.at(-1)).toMatchObject({ section: 'foods', line: 24, cells: { item: 'Pan integral, rebanado (Bimbo "Artesano")', sodium_mg: '409.5' } });
  });

  it('leaves food rows out when the plan asks for no detail', () => {
    const { text } = buildDiaryContext({ ...plan, need_detail: false }, retrieval({ detail: undefined }));
    expect(text).not.toContain('# foods');
    expect(text).not.toContain('# food_totals');
  });

  it('says "cut to 400 of 401" when the retrieval holds 400 of 401 entries', () => {
    const entries = Array.from({ length: 400 }, (_, index) => entry(index + 1));
    const { text, rows, notices } = buildDiaryContext(plan, retrieval({ detail: { entries, entryCount: 401, foods: [], foodCount: 0 } }));
    expect(rows.filter((row) => row.section === 'foods')).toHaveLength(400);
    expect(text).toContain('# foods cut to 400 of 401 entries, largest energy first');
    expect(notices).toContainEqual({
      code: 'context_cut',
      message: 'Food rows cut to 400 of 401 entries (largest energy first).',
      params: { context: 'entries', shown: 400, total: 401 },
    });
  });

  it('notes a nutrient some entries lack', () => {
    const { text, notices } = buildDiaryContext(plan, retrieval({ summary: { days_with_entries: 2, total_sodium: 1, average_sodium: 1, unmeasured_sodium: 3 } }));
    expect(text).toContain('# sodium is not measured for 3 entries');
    expect(notices.map((notice) => notice.code)).toContain('unmeasured');
  });

  it('names each nutrient column with its unit from the registry', () => {
    expect(['energy_kcal', 'energy_kj', 'sodium', 'protein', 'vitamin_c'].map((key) => nutrientColumn(key as 'sodium'))).toEqual([
      'energy_kcal',
      'energy_kj',
      'sodium_mg',
      'protein_g',
      'vitamin_c_mg',
    ]);
  });
});
