import { describe, expect, it } from 'vitest';
import { maxImportRows, parseDiaryCsv } from '../../../main/corpora/diary/diary-import.js';

const visible: Record<string, number> = { A015: 15, U7: 7 };
const parse = (text: string) => parseDiaryCsv(text, 'demo', (code) => visible[code]);

describe('parseDiaryCsv', () => {
  it('reads valid rows in any column order, Spanish meal names and decimal commas included', () => {
    const result = parse('grams,food_code,meal,date\n80,A015,lunch,2026-07-02\n"12,5",U7,cena,2026-07-02\n');
    expect(result).toEqual({
      ok: true,
      entries: [
        { profile: 'demo', date: '2026-07-02', meal: 'lunch', foodId: 15, grams: 80 },
        { profile: 'demo', date: '2026-07-02', meal: 'dinner', foodId: 7, grams: 12.5 },
      ],
    });
  });

  it('skips blank lines but counts them in line numbers', () => {
    const result = parse('date,meal,food_code,grams\n\n2026-07-02,lunch,A015,abc\n');
    expect(result).toEqual({ ok: false, errors: ['line 3: grams must be a number greater than 0 and at most 5000 (got "abc")'], errorCount: 1 });
  });

  it('reports every bad line with its number and returns nothing to write', () => {
    const result = parse(
      [
        'date,meal,food_code,grams',
        '2026-07-02,lunch,A015,80',
        '2026-02-30,lunch,A015,80',
        '2026-07-02,brunch,A015,80',
        '2026-07-02,lunch,X999,80',
        '2026-07-02,lunch,A015,0',
        '2026-07-02,lunch,A015,6000',
        '2026-07-02,lunch,A015',
        '2026-07-02,"lunch,A015,80',
        '1999-12-31,lunch,A015,80',
      ].join('\n'),
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errorCount).toBe(8);
    expect(result.errors).toEqual([
      'line 3: date must be a day that exists, written YYYY-MM-DD (got "2026-02-30")',
      'line 4: meal must be one of breakfast, lunch, dinner, snack (got "brunch")',
      'line 5: no food with code "X999" is visible to profile "demo"',
      'line 6: grams must be a number greater than 0 and at most 5000 (got "0")',
      'line 7: grams must be a number greater than 0 and at most 5000 (got "6000")',
      'line 8: expected 4 values, found 3',
      'line 9: malformed CSV (a quote is not closed or a quoted value is followed by text)',
      'line 10: date must be between 2000-01-01 and 2099-12-31 (got 1999-12-31)',
    ]);
  });

  it('refuses a day after the latest allowed one', () => {
    const result = parseDiaryCsv('date,meal,food_code,grams\n2027-08-01,lunch,A015,80', 'demo', (code) => visible[code], '2027-07-03');
    expect(result).toMatchObject({ ok: false, errors: ['line 2: date 2027-08-01 is more than a year in the future'] });
  });

  it('refuses a file without the expected header', () => {
    expect(parse('day,meal,food,grams\n2026-07-02,lunch,A015,80')).toMatchObject({
      ok: false,
      errors: ['line 1: the header must name the columns date,meal,food_code,grams, and may add portion,quantity (missing date, food_code; unknown "day", "food")'],
    });
    expect(parse('')).toMatchObject({ ok: false, errors: [expect.stringContaining('the file is empty')] });
    expect(parse('date,meal,food_code,grams\n')).toMatchObject({ ok: false, errors: [expect.stringContaining('no rows')] });
  });

  it('refuses grams that are not plain positive numbers', () => {
    for (const grams of ['-5', '1e3', 'NaN', 'Infinity', '']) {
      expect(parse(`date,meal,food_code,grams\n2026-07-02,lunch,A015,${grams}`).ok, grams).toBe(false);
    }
  });

  it('stops at the row limit', () => {
    const rows = Array.from({ length: maxImportRows + 1 }, () => '2026-07-02,lunch,A015,80');
    const result = parse(['date,meal,food_code,grams', ...rows].join('\n'));
    expect(result).toMatchObject({ ok: false, errors: [`line ${maxImportRows + 2}: too many rows: at most ${maxImportRows} per import`] });
  });
});
