import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DiaryEntry, ImportPreview } from '../../../shared/contract.js';
import { repositoryRoot, runCita } from '../../helpers/cli.js';
import { diaryServices, entryCountInFile } from './diary-helpers.js';

let dataDir: string;
const fixture = (name: string) => join(repositoryRoot, 'test', 'fixtures', 'app-exports', name);

// One data directory with the IFCT foods, seeded in-process (keyword-only, fast), then used by the built CLI.
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'cita-app-import-cli-'));
  const services = await diaryServices(dataDir);
  services.profiles.ensure('ana', 'Ana');
  await services.close();
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

const entries = (profile: string) => entryCountInFile(dataDir, profile);

describe('cita diary import of a Cronometer export', () => {
  it('prints the preview (row → food, relevance, grams) and writes nothing without --confirm', () => {
    const run = runCita(['diary', 'import', fixture('cronometer-servings.csv'), '--profile', 'ana', '--data-dir', dataDir]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Cronometer export: 20 rows from 2026-06-08 to 2026-06-10 \(matched with .+\)\n/);
    expect(run.stdout).toContain('line 4 2026-06-08 breakfast: "Banana" 1.00 medium → E009 Banana, ripe, montham [strong], 1.0 × medium banana = 118.0 g  ok');
    expect(run.stdout).toMatch(/nothing written\.\nResolve every row, then import with --confirm/);
    expect(entries('ana')).toBe(0);
  });

  it('refuses --confirm while rows are open, naming them, and imports all rows once they are resolved', () => {
    const refused = runCita(['diary', 'import', fixture('cronometer-servings.csv'), '--profile', 'ana', '--confirm', '--data-dir', dataDir]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/^cita: \d+ rows are not resolved \(the first is line \d+: ".+"\); nothing was imported/);
    expect(entries('ana')).toBe(0);

    const preview = runCita(['diary', 'import', fixture('cronometer-servings.csv'), '--profile', 'ana', '--json', '--data-dir', dataDir]).json() as ImportPreview;
    const unmatched = preview.rows.filter((row) => row.status === 'unmatched').map((row) => row.line);
    const noGrams = preview.rows.filter((row) => row.status === 'no_grams').map((row) => `${row.line}=100`);
    const args = ['diary', 'import', fixture('cronometer-servings.csv'), '--profile', 'ana', '--confirm', '--accept-weak', '--match', '3=L002', '--data-dir', dataDir];
    if (unmatched.length > 0) args.push('--exclude', unmatched.filter((line) => line !== 3).join(','));
    for (const grams of noGrams) args.push('--grams', grams);
    const run = runCita(args);
    expect(run.status, run.stderr).toBe(0);
    const excluded = unmatched.filter((line) => line !== 3).length;
    expect(run.stdout.trim()).toBe(`imported ${20 - excluded} entries from 2026-06-08 to 2026-06-10 from Cronometer${excluded > 0 ? ` (${excluded} rows excluded)` : ''}`);
    expect(entries('ana')).toBe(20 - excluded);
  });

  it('explains a MyFitnessPal Nutrition Summary, a file from neither app and a non-UTF-8 file, writing nothing', () => {
    const summary = runCita(['diary', 'import', fixture('myfitnesspal-nutrition-summary.csv'), '--data-dir', dataDir]);
    expect(summary.status).toBe(1);
    expect(summary.stderr).toMatch(/Nutrition Summary: it holds each meal's totals, not the foods eaten/);
    const other = join(dataDir, 'other.csv');
    writeFileSync(other, 'name,price\nbread,2\n');
    expect(runCita(['diary', 'import', other, '--data-dir', dataDir]).stderr).toMatch(/from neither Cronometer nor MyFitnessPal/);
    const latin1 = join(dataDir, 'latin1.csv');
    writeFileSync(latin1, Buffer.from('Day,Time,Group,Food Name,Amount\n2026-06-08,,Lunch,Pl\xe1tano,1 medium\n', 'latin1'));
    const run = runCita(['diary', 'import', latin1, '--data-dir', dataDir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/is not UTF-8 text \(save it as "CSV UTF-8" and import it again\); nothing was imported/);
    const cita = join(dataDir, 'cita.csv');
    writeFileSync(cita, 'date,meal,food_code,grams\n2026-06-08,lunch,A015,80\n');
    const mixed = runCita(['diary', 'import', cita, '--confirm', '--data-dir', dataDir]);
    expect([mixed.status, mixed.stderr.trim()]).toEqual([2, "cita: --confirm is for Cronometer and MyFitnessPal exports; this file is cita's own diary CSV"]);
  });
});

describe('cita diary add --portion', () => {
  it('logs household units by name, with the quantity in the same flag or in --quantity', () => {
    const two = runCita(['diary', 'add', '--date', '2026-06-11', '--meal', 'breakfast', '--food', 'M001', '--portion', '2 egg', '--profile', 'ana', '--json', '--data-dir', dataDir]);
    expect(two.status, two.stderr).toBe(0);
    expect(two.json() as DiaryEntry).toMatchObject({ grams: 100, portion: { name: { en: 'large egg' }, quantity: 2 } });
    const oil = runCita(['diary', 'add', '--date', '2026-06-11', '--meal', 'lunch', '--food', 'T012', '--portion', 'tbsp', '--quantity', '1.5', '--profile', 'ana', '--data-dir', dataDir]);
    expect(oil.stdout.trim()).toMatch(/^added #\d+ 2026-06-11 lunch: Sunflower oil, 20\.4 g \(1\.5 × tablespoon\)/);
  });

  it('refuses a unit the food does not have with one line naming its units (exit 2)', () => {
    const run = runCita(['diary', 'add', '--date', '2026-06-11', '--meal', 'breakfast', '--food', 'M001', '--portion', 'cup', '--data-dir', dataDir]);
    expect([run.status, run.stderr]).toEqual([2, 'cita: food M001 has no unit "cup"; its units: "large egg", "medium egg", "small egg"\n']);
    const both = runCita(['diary', 'add', '--date', '2026-06-11', '--meal', 'breakfast', '--food', 'M001', '--portion', 'egg', '--grams', '50', '--data-dir', dataDir]);
    expect([both.status, both.stderr]).toEqual([2, 'cita: give either --grams or --portion, not both\n']);
  });
});
