import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DiaryDay } from '../../shared/contract.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';
import { repositoryRoot } from '../helpers/cli.js';

const enabled = browserAvailable();
const fixture = (name: string) => readFileSync(join(repositoryRoot, 'test', 'fixtures', 'app-exports', name));

/** Resolves the open rows of the proposals as a user would: a row with no match left out, a row with no grams given 100 g. */
async function resolveOpenRows(table: Locator, words: { leaveOut: string; set: string }): Promise<void> {
  for (;;) {
    const row = table.locator('tr[data-status="no_grams"], tr[data-status="unmatched"]').first();
    if ((await row.count()) === 0) break;
    const line = await row.getAttribute('data-line');
    if ((await row.getAttribute('data-status')) === 'unmatched') await row.getByRole('combobox').selectOption({ label: words.leaveOut });
    else {
      await row.getByRole('textbox').fill('100');
      await row.getByRole('button', { name: words.set }).click();
    }
    await table.locator(`tr[data-line="${line}"]:not([data-status="no_grams"]):not([data-status="unmatched"])`).waitFor();
  }
}

describe.runIf(enabled)('importing another app’s diary in Chromium', () => {
  const app = useServedApp();

  it('previews a Cronometer export row by row, blocks the import until every row is resolved, then imports all of it at once', async () => {
    const { page, problems } = await openScreen(app, 'diary');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('CSV file').setInputFiles({ name: 'servings.csv', mimeType: 'text/csv', buffer: fixture('cronometer-servings.csv') });
    expect(await visibleText(page.getByText('This is a Cronometer export.'))).toBeTruthy();
    await page.getByRole('button', { name: 'Preview the matches' }).click();
    const table = page.getByRole('table', { name: 'Proposed matches' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(20);
    const banana = table.locator('tr[data-line="4"]');
    expect(await banana.getByLabel('Food for line 4 (Banana)').inputValue()).toBe('E009');
    expect(await visibleText(banana)).toContain('1 × medium banana (118 g)');
    expect(await visibleText(banana)).toContain('Strong match');
    // An unqualified "Milk, Whole" is cow's milk, as Cronometer means it; buffalo milk is only offered instead.
    expect(await table.getByLabel('Food for line 3 (Milk, Whole)').inputValue()).toBe('L002');
    const importButton = page.getByRole('button', { name: /^Import \d+ entries$/ });
    expect(await importButton.isDisabled()).toBe(true);
    expect(await visibleText(page.getByText(/rows still need you/))).toMatch(/the first is line \d+/);
    await expectAccessible(page, 'diary app import preview (en-US)');
    await saveScreenshot(page, 'diary-app-import-preview-en');
    const before = (await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2026-06-08' })).totals.entries;
    expect(before).toBe(0);

    // Greek yogurt is not in the catalog: leave it out. Then give grams where the amount has none, and leave out
    // any row the search found nothing for.
    await table.getByLabel('Food for line 9 (Greek Yogurt, Plain, Nonfat)').selectOption({ label: 'Leave this row out' });
    await table.locator('tr[data-line="9"][data-status="excluded"]').waitFor();
    await resolveOpenRows(table, { leaveOut: 'Leave this row out', set: 'Set' });
    const weak = await table.locator('tr[data-status="weak"]').count();
    if (weak > 0) {
      expect(await importButton.isDisabled()).toBe(true);
      await saveScreenshot(page, 'diary-app-import-weak-en');
      await page.getByRole('checkbox', { name: /weak match/ }).check();
    }
    const excluded = await table.locator('tr[data-status="excluded"]').count();
    await importButton.click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: `Imported ${20 - excluded} entries (${excluded} rows left out).` }))).toBeTruthy();
    const day = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2026-06-08' });
    expect(day.totals.entries).toBeGreaterThan(0);
    const bananaEntry = day.meals.flatMap((meal) => meal.entries).find((entry) => entry.food.code === 'E009');
    expect(bananaEntry).toMatchObject({ grams: 118, portion: { name: { en: 'medium banana' }, quantity: 1 } });
    await saveScreenshot(page, 'diary-app-import-done-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  // The test above imports Cronometer in English and the one below previews MyFitnessPal in Spanish: each app is
  // also imported, all at once, in the other language, into a profile of its own.
  for (const { app: name, locale, file, rows, date, firstDay, banana } of [
    { app: 'Cronometer', locale: 'es-ES', file: 'cronometer-servings.csv', rows: 20, date: '2026-06-08', firstDay: '8 jun 2026', banana: 'E009' },
    { app: 'MyFitnessPal', locale: 'en-US', file: 'myfitnesspal-food-diary.csv', rows: 14, date: '2026-06-15', firstDay: '15 Jun 2026', banana: 'E009' },
  ] as const) {
    const spanish = locale === 'es-ES';
    const words = spanish
      ? {
          profile: 'Perfil',
          open: 'Importar CSV',
          file: 'Archivo CSV',
          preview: 'Ver las coincidencias',
          table: 'Coincidencias propuestas',
          importButton: /^Importar \d+ entradas$/,
          leaveOut: 'Dejar fuera esta fila',
          set: 'Aplicar',
          acceptWeak: /coincidencias? débil/,
          imported: (count: number, excluded: number) => `Se importaron ${count} entradas (${excluded} filas dejadas fuera).`,
          summary: `Exportación de ${name}: ${rows} filas`,
        }
      : {
          profile: 'Profile',
          open: 'Import CSV',
          file: 'CSV file',
          preview: 'Preview the matches',
          table: 'Proposed matches',
          importButton: /^Import \d+ entries$/,
          leaveOut: 'Leave this row out',
          set: 'Set',
          acceptWeak: /weak match/,
          imported: (count: number, excluded: number) => `Imported ${count} entries (${excluded} rows left out).`,
          summary: `${name} export: ${rows} rows`,
        };
    it(`imports a ${name} export in ${spanish ? 'Spanish' : 'English'}: nothing is written until every row is resolved, then all of it at once (screenshots)`, async () => {
      const profile = `${name.toLowerCase()}-${locale.slice(0, 2)}`;
      await callApi(app, 'profiles.add', { id: profile, name: `${name} ${locale}` });
      const { page, problems } = await openScreen(app, 'diary', { locale });
      await page.getByLabel(words.profile).selectOption(profile);
      await page.getByRole('button', { name: words.open }).click();
      await page.getByLabel(words.file).setInputFiles({ name: file, mimeType: 'text/csv', buffer: fixture(file) });
      await page.getByRole('button', { name: words.preview }).click();
      const table = page.getByRole('table', { name: words.table });
      await table.waitFor();
      expect(await table.locator('tbody tr').count()).toBe(rows);
      // Days as the reader writes them, in the summary and in each row.
      expect(await visibleText(page.getByRole('status').filter({ hasText: words.summary }))).toContain(`(${firstDay} `);
      expect(await visibleText(table.locator('tr[data-line="2"] td').nth(1))).toContain(firstDay);
      const importButton = page.getByRole('button', { name: words.importButton });
      expect(await importButton.isDisabled()).toBe(true);
      await saveScreenshot(page, `diary-app-import-${name.toLowerCase()}-preview-${locale.slice(0, 2)}`);

      await resolveOpenRows(table, words);
      if ((await table.locator('tr[data-status="weak"]').count()) > 0) await page.getByRole('checkbox', { name: words.acceptWeak }).check();
      // Resolved, but not yet imported: the profile's diary is still empty.
      expect((await callApi<DiaryDay>(app, 'diary.day', { profile, date })).totals.entries).toBe(0);
      const excluded = await table.locator('tr[data-status="excluded"]').count();
      await importButton.click();
      expect(await visibleText(page.getByRole('status').filter({ hasText: words.imported(rows - excluded, excluded) }))).toBeTruthy();
      const day = await callApi<DiaryDay>(app, 'diary.day', { profile, date });
      expect(day.meals.flatMap((meal) => meal.entries).find((entry) => entry.food.code === banana)).toMatchObject({ grams: 118, portion: { quantity: 1 } });
      await expectAccessible(page, `diary ${name} import done (${locale})`);
      await saveScreenshot(page, `diary-app-import-${name.toLowerCase()}-done-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('says in Spanish what a MyFitnessPal food diary matched to, and why its Nutrition Summary cannot be imported', async () => {
    const { page, problems } = await openScreen(app, 'diary', { locale: 'es-ES' });
    await page.getByRole('button', { name: 'Importar CSV' }).click();
    await page.getByLabel('Archivo CSV').setInputFiles({ name: 'mfp.csv', mimeType: 'text/csv', buffer: fixture('myfitnesspal-food-diary.csv') });
    await page.getByRole('button', { name: 'Ver las coincidencias' }).click();
    const table = page.getByRole('table', { name: 'Coincidencias propuestas' });
    await table.waitFor();
    expect(await table.locator('tbody tr').count()).toBe(14);
    expect(await visibleText(table.locator('tr[data-line="8"]'))).toContain('Almendras');
    expect(await table.getByLabel('Alimento para la línea 8 (Almendras)').inputValue()).toBe('H001');
    expect(await table.getByLabel('Alimento para la línea 2 (Great Value - Whole Milk)').inputValue()).toBe('L002');
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Exportación de MyFitnessPal: 14 filas' }))).toContain('No se escribe nada hasta que importe.');
    await expectAccessible(page, 'diary app import preview (es-ES)');
    await saveScreenshot(page, 'diary-app-import-preview-es');

    await page.getByLabel('Archivo CSV').setInputFiles({ name: 'summary.csv', mimeType: 'text/csv', buffer: fixture('myfitnesspal-nutrition-summary.csv') });
    await page.getByRole('button', { name: 'Ver las coincidencias' }).click();
    expect(await visibleText(page.getByRole('alert'))).toMatch(/Nutrition Summary/);
    expect(problems).toEqual([]);
    await page.close();
  });
});
