import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiaryDay, ImportPreview } from '../../../shared/contract.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, value } from './diary-helpers.js';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

const cronometer = readFileSync(join(repositoryRoot, 'test', 'fixtures', 'app-exports', 'cronometer-servings.csv'), 'utf8');
const header = 'Day,Time,Group,Food Name,Amount,Energy (kcal),Category';

// Keyword-only services: what is tested here is the import's bookkeeping, not the embedder's judgement
// (test/model/app-import-matching.test.ts measures the matching with the real model).
async function open(): Promise<Services> {
  services = await diaryServices(tempDir());
  services.profiles.ensure('ana', 'Ana');
  services.profiles.ensure('ben', 'Ben');
  return services;
}

describe('importing a Cronometer export', () => {
  it('previews every row with the food the catalog search proposes, its relevance and its grams, and writes nothing', async () => {
    const app = await open();
    const preview = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv: cronometer });
    expect(preview.format).toBe('cronometer');
    expect(preview.counts.rows).toBe(20);
    const row = (line: number) => preview.rows.find((candidate) => candidate.line === line);
    expect(row(4)).toMatchObject({ name: 'Banana', match: { code: 'E009', relevance: 'strong' }, grams: 118, portion: { name: { en: 'medium banana' }, quantity: 1 }, status: 'ready' });
    expect(row(14)).toMatchObject({ name: 'Sunflower Oil', match: { code: 'T012', relevance: 'strong' }, grams: 13.6, portion: { name: { en: 'tablespoon' } }, status: 'ready' });
    expect(row(12)).toMatchObject({ name: 'Bananna', match: { relevance: 'weak' }, status: 'weak' });
    expect(row(19)).toMatchObject({ name: 'Cucumber', match: { relevance: 'strong' }, status: 'no_grams', problem: '"1.00 cup" has no weight cita knows for this food; give its grams' });
    // Keyword search finds nothing for the whole name; its head, "Rice", is proposed, but only as weak.
    expect(row(5)).toMatchObject({ match: { code: expect.stringMatching(/^A01/), relevance: 'weak' }, grams: 80, status: 'weak' });
    expect(row(9)?.status).not.toBe('ready');
    expect(preview.date_from).toBe('2026-06-08');
    expect(preview.date_to).toBe('2026-06-10');
    expect(entryCount(app, 'ana')).toBe(0);
  });

  it('refuses the whole import while a row is unresolved, naming it, and writes nothing', async () => {
    const app = await open();
    const result = await call(app, 'diary.import.confirm', { profile: 'ana', csv: cronometer });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.code).toBe('invalid_input');
    expect(result.error.message).toMatch(/rows are not resolved \(the first is line \d+: ".+"\); nothing was imported/);
    expect(result.error.details).toContainEqual('line 19: Cucumber (1.00 cup): "1.00 cup" has no weight cita knows for this food; give its grams');
    expect(entryCount(app, 'ana')).toBe(0);
  });

  it('imports every row at once after the choices resolve them, keeping household units, and refuses to import it twice', async () => {
    const app = await open();
    const preview = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv: cronometer });
    // Leave out whatever the keyword search could not place; give grams where the amount has none.
    const open_ = preview.rows.filter((row) => row.status === 'unmatched' || row.status === 'no_grams');
    const choices = open_.map((row) => (row.status === 'unmatched' ? { line: row.line, exclude: true } : { line: row.line, grams: 100 }));
    const input = { profile: 'ana', csv: cronometer, choices, accept_weak: true };
    const result = await value<{ added: number; excluded: number }>(app, 'diary.import.confirm', input);
    const excluded = choices.filter((choice) => 'exclude' in choice).length;
    expect(result).toMatchObject({ added: 20 - excluded, excluded });
    expect(entryCount(app, 'ana')).toBe(20 - excluded);
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: '2026-06-08' });
    const banana = day.meals.find((meal) => meal.meal === 'breakfast')?.entries.find((entry) => entry.food.code === 'E009');
    expect(banana).toMatchObject({ grams: 118, portion: { name: { en: 'medium banana' }, quantity: 1, grams_each: 118 } });
    const again = await call(app, 'diary.import.confirm', input);
    expect(again.ok ? 'ok' : again.error.code).toBe('conflict');
    expect(entryCount(app, 'ana')).toBe(20 - excluded);
  });

  it('logs a row as the food the user chose instead of the proposal', async () => {
    const app = await open();
    const csv = `${header}\n2026-06-08,,Breakfast,"Milk, Whole",1.00 cup,149,Dairy\n`;
    const proposed = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv });
    const chosen = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv, choices: [{ line: 2, food: 'L002' }] });
    expect(chosen.rows[0]).toMatchObject({ match: { code: 'L002', name: 'Milk, whole, Cow' }, chosen: true, grams: 244, status: 'ready' });
    expect(proposed.rows[0]?.chosen).toBe(false);
    await value(app, 'diary.import.confirm', { profile: 'ana', csv, choices: [{ line: 2, food: 'L002' }] });
    const day = await value<DiaryDay>(app, 'diary.day', { profile: 'ana', date: '2026-06-08' });
    expect(day.meals[0]?.entries.map((entry) => entry.food.code)).toEqual(['L002']);
  });

  it('reads an unqualified "Whole milk" as cow\'s milk, as the apps mean it, never as buffalo milk', async () => {
    const app = await open();
    const mfp = 'Date,Meal,Food,Calories\n2026-06-15,Breakfast,"Great Value - Whole Milk, 1 cup",149\n';
    const csv = `${header}\n2026-06-08,,Breakfast,"Milk, Whole",1.00 cup,149,Dairy\n2026-06-08,,Breakfast,Whole milk,1.00 cup,149,Dairy\n`;
    for (const file of [mfp, csv]) {
      const preview = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv: file });
      for (const row of preview.rows) {
        expect(row.match).toMatchObject({ code: 'L002', name: 'Milk, whole, Cow', relevance: 'strong' });
        expect(row.status).toBe('ready');
        // Buffalo milk is still offered, but only as a resemblance: the name never said buffalo.
        const buffalo = row.candidates.find((candidate) => candidate.code === 'L001');
        if (buffalo) expect(buffalo.relevance).toBe('weak');
      }
    }
  });

  it('offers a food of another animal than the name says only as a weak match, and says why when it is the match', async () => {
    const app = await open();
    const csv = `${header}\n2026-06-08,,Breakfast,"Egg, Boiled",1.00 large,80,Eggs\n2026-06-08,,Breakfast,"Egg, Duck, Boiled",1.00 large,80,Eggs\n`;
    const preview = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv });
    const [plain, duck] = preview.rows;
    expect(plain?.match).toMatchObject({ code: expect.stringMatching(/^M00[49]$/), relevance: 'strong' });
    expect(plain?.candidates.filter((candidate) => /duck|quial/i.test(candidate.name)).map((candidate) => candidate.relevance)).not.toContain('strong');
    // The name says the animal: its food is a strong match.
    expect(duck?.match).toMatchObject({ code: 'M011', relevance: 'strong' });
    // When the best food found is another animal's, the row waits for the user and says why.
    await value(app, 'foods.add', { profile: 'ana', name: 'Yogurt, goat', per100g: { energy_kcal: 70 } });
    const yogurt = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv: `${header}\n2026-06-08,,Breakfast,Yogurt,150 g,105,Dairy\n` });
    expect(yogurt.rows[0]).toMatchObject({
      match: { name: 'Yogurt, goat', relevance: 'weak' },
      status: 'weak',
      problem: '"Yogurt" does not say goat, but Yogurt, goat is from a goat; confirm it or choose another food',
    });
  });

  it("matches a profile's own foods for that profile only", async () => {
    const app = await open();
    await value(app, 'foods.add', { profile: 'ana', name: 'Chapati', per100g: { energy_kcal: 297 } });
    const csv = `${header}\n2026-06-08,,Dinner,Chapati,80.00 g,238,Baked Products\n`;
    const ana = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv });
    const ben = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ben', csv });
    expect(ana.rows[0]?.match).toMatchObject({ code: expect.stringMatching(/^U/), name: 'Chapati', relevance: 'strong' });
    expect(ben.rows[0]?.match?.code ?? null).not.toBe(ana.rows[0]?.match?.code);
  });

  it('refuses choices that do not fit the file or the profile, writing nothing', async () => {
    const app = await open();
    const wrongLine = await call(app, 'diary.import.confirm', { profile: 'ana', csv: cronometer, choices: [{ line: 99, exclude: true }] });
    expect(wrongLine.ok ? '' : wrongLine.error.message).toBe('The file has no food row on line 99; nothing was imported.');
    const foreign = await value<{ code: string }>(app, 'foods.add', { profile: 'ben', name: 'Ben bread', per100g: {} });
    const hidden = await call(app, 'diary.import.confirm', { profile: 'ana', csv: cronometer, choices: [{ line: 2, food: foreign.code }] });
    expect(hidden.ok ? '' : hidden.error.code).toBe('not_found');
    const everything = await call(app, 'diary.import.confirm', { profile: 'ana', csv: `${header}\n2026-06-08,,Lunch,Banana,1 medium,105,Fruits\n`, choices: [{ line: 2, exclude: true }] });
    expect(everything.ok ? '' : everything.error.message).toBe('Every row is excluded: there is nothing to import.');
    expect(entryCount(app)).toBe(0);
  });

  it('reports a bad date as an invalid row that blocks the import until it is excluded', async () => {
    const app = await open();
    const csv = `${header}\n2026-06-08,,Lunch,Banana,1 medium,105,Fruits\n2031-01-01,,Lunch,Banana,1 medium,105,Fruits\n`;
    const preview = await value<ImportPreview>(app, 'diary.import.preview', { profile: 'ana', csv });
    expect(preview.rows[1]).toMatchObject({ status: 'invalid', problem: expect.stringMatching(/the date 2031-01-01 is outside 2000-01-01\.\./) });
    expect((await call(app, 'diary.import.confirm', { profile: 'ana', csv })).ok).toBe(false);
    expect(entryCount(app)).toBe(0);
    expect(await value(app, 'diary.import.confirm', { profile: 'ana', csv, choices: [{ line: 3, exclude: true }] })).toMatchObject({ added: 1, excluded: 1 });
  });
});
