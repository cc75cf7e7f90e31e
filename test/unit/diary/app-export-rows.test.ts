import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { maxExportRows, readExportRows } from '../../../main/corpora/diary/app-export-rows.js';
import { detectDiaryFormat, headerCells } from '../../../shared/diary-import-formats.js';
import { repositoryRoot } from '../../helpers/cli.js';

const fixture = (name: string) => readFileSync(join(repositoryRoot, 'test', 'fixtures', 'app-exports', name), 'utf8');
const cronometerHeader = 'Day,Time,Group,Food Name,Amount,Energy (kcal),Protein (g),Category';

describe('telling diary files apart by their header', () => {
  it("names cita's own CSV, Cronometer's servings, MyFitnessPal's food diary and its Nutrition Summary, and nothing else", () => {
    expect(detectDiaryFormat(headerCells('grams,food_code,meal,date\n'))).toBe('cita');
    expect(detectDiaryFormat(headerCells(fixture('cronometer-servings.csv')))).toBe('cronometer');
    expect(detectDiaryFormat(headerCells(fixture('myfitnesspal-food-diary.csv')))).toBe('myfitnesspal');
    expect(detectDiaryFormat(headerCells(fixture('myfitnesspal-nutrition-summary.csv')))).toBe('myfitnesspal_summary');
    expect(detectDiaryFormat(headerCells('\uFEFF"Day","Group","Food Name","Amount"\n'))).toBe('cronometer');
    expect(detectDiaryFormat(headerCells('name,price\nbread,2\n'))).toBeNull();
    expect(detectDiaryFormat(headerCells(''))).toBeNull();
  });
});

describe('reading the food rows of an export', () => {
  it("reads Cronometer's rows with their line, date, meal and amount; an unknown group is a snack", () => {
    const read = readExportRows(fixture('cronometer-servings.csv'));
    if (!read.ok) throw new Error(read.message);
    expect(read.format).toBe('cronometer');
    expect(read.rows).toHaveLength(20);
    expect(read.rows[0]).toEqual({ line: 2, date: '2026-06-08', meal: 'breakfast', mealWritten: 'Breakfast', name: 'Egg, Whole, Boiled', amount: '2.00 large', problems: [] });
    const coffee = read.rows.find((row) => row.name === 'Coffee, Brewed');
    expect(coffee).toMatchObject({ line: 15, meal: 'snack', mealWritten: 'Uncategorized', amount: '8.00 fl oz' });
    expect(read.rows.find((row) => row.mealWritten === 'Snacks')?.meal).toBe('snack');
  });

  it('splits MyFitnessPal\'s "Brand - Food, amount" cell into the food and the amount after its last comma', () => {
    const read = readExportRows(fixture('myfitnesspal-food-diary.csv'));
    if (!read.ok) throw new Error(read.message);
    expect(read.format).toBe('myfitnesspal');
    expect(read.rows.map((row) => [row.line, row.name, row.amount]).slice(0, 5)).toEqual([
      [2, 'Great Value - Whole Milk', '1 cup'],
      [3, 'Generic - Banana', '1 medium (7" to 7-7/8" long)'],
      [4, 'Eggs - Hard Boiled Egg', '2 large'],
      [5, 'Chicken Breast', '150 g'],
      [6, 'Rice, White, Raw', '75 g'],
    ]);
  });

  it('takes a separate Unit column and joins it to the amount', () => {
    const read = readExportRows('Day,Time,Group,Food Name,Amount,Unit\n2026-06-08,,Lunch,"Yogurt, Greek",170,g\n');
    expect(read).toMatchObject({ ok: true, rows: [{ name: 'Yogurt, Greek', amount: '170 g', meal: 'lunch' }] });
  });

  it('keeps a row with a bad date or an empty meal or amount, naming the problem, so the preview can show it', () => {
    const read = readExportRows(`${cronometerHeader}\n06/08/2026,,Lunch,Banana,1.00 medium,105,1.3,Fruits\n2026-06-08,,,Banana,,105,1.3,Fruits\n`);
    if (!read.ok) throw new Error(read.message);
    expect(read.rows[0]?.problems).toEqual(['the date must be a day written YYYY-MM-DD (got "06/08/2026")']);
    expect(read.rows[1]?.problems).toEqual(['the meal is empty', 'the amount is empty (Cronometer writes it as "2.00 large" or "150 g")']);
  });

  it('skips rows without a food (water, notes) and counts lines across quoted line breaks', () => {
    const read = readExportRows(`${cronometerHeader}\n2026-06-08,,Lunch,"Rice,\nwhite",80 g,290,5,Grains\n2026-06-08,,Lunch,,250 g,0,0,Water\n2026-06-08,,Dinner,Banana,1 medium,105,1,Fruits\n`);
    if (!read.ok) throw new Error(read.message);
    expect(read.rows.map((row) => [row.line, row.name])).toEqual([
      [2, 'Rice,\nwhite'],
      [5, 'Banana'],
    ]);
  });

  it("refuses, with a sentence saying why, an empty file, a header without rows, a file from neither app, cita's own CSV, the Nutrition Summary and broken CSV", () => {
    const message = (text: string) => {
      const read = readExportRows(text);
      return read.ok ? 'read' : read.message;
    };
    expect(message('')).toMatch(/^The file is empty/);
    expect(message('\uFEFF\n\n')).toMatch(/^The file is empty/);
    expect(message(`${cronometerHeader}\n`)).toBe('The file has a header but no food rows.');
    expect(message('name,price\nbread,2\n')).toMatch(/^This file is from neither Cronometer nor MyFitnessPal: its header is "name,price"/);
    expect(message('date,meal,food_code,grams\n2026-06-08,lunch,A015,80\n')).toMatch(/cita's own diary CSV/);
    expect(message(fixture('myfitnesspal-nutrition-summary.csv'))).toMatch(/Nutrition Summary: it holds each meal's totals, not the foods eaten/);
    expect(message(`${cronometerHeader}\n2026-06-08,,Lunch,"Banana,1 medium,105,1,Fruits\n`)).toMatch(/^The file is not valid CSV/);
  });

  it('refuses more rows than one import takes', () => {
    const row = '2026-06-08,,Lunch,Banana,1 medium,105,1,Fruits';
    const read = readExportRows([cronometerHeader, ...Array.from({ length: maxExportRows + 1 }, () => row)].join('\n'));
    expect(read).toMatchObject({ ok: false, message: expect.stringMatching(/at most 20000 are imported at once/) });
  });
});
