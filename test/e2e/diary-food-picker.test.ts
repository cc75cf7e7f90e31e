import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp } from '../helpers/browser.js';

const enabled = browserAvailable();

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

/** IFCT's longest food names (45 and 36 characters), and cow's milk, whose name the closed select used to cut. */
const longNames = { gourd: 'Bitter gourd, jagged, smooth ridges, elongate', melon: 'Water melon, dark green (sugar baby)' };

/** Whether all of an element's text is on screen: none of it cut by its own box, and the box inside the window. */
async function wholeNameShown(page: Page, element: Locator): Promise<{ text: string; clipped: boolean; outside: boolean }> {
  const window = page.viewportSize() ?? { width: 0, height: 0 };
  return element.evaluate((node, width) => {
    const box = node.getBoundingClientRect();
    return { text: node.textContent ?? '', clipped: node.scrollWidth > node.clientWidth + 1, outside: box.left < 0 || box.right > width + 1 };
  }, window.width);
}

describe.runIf(enabled)('long food names in the food pickers, in Chromium', () => {
  const app = useServedApp({ seed: [] });

  for (const locale of ['en-US', 'es-ES'] as const) {
    const spanish = locale === 'es-ES';
    const words = spanish
      ? {
          profile: 'Perfil',
          form: 'Añadir una entrada',
          food: 'Alimento',
          choices: 'Alimentos que coinciden',
          recent: 'Recientes',
          importTab: 'Importar CSV',
          file: 'Archivo CSV',
          preview: 'Ver las coincidencias',
          table: 'Coincidencias propuestas',
        }
      : {
          profile: 'Profile',
          form: 'Add an entry',
          food: 'Food',
          choices: 'Matching foods',
          recent: 'Recent',
          importTab: 'Import CSV',
          file: 'CSV file',
          preview: 'Preview the matches',
          table: 'Proposed matches',
        };
    const short = locale.slice(0, 2);

    it(`shows the whole of a long food name in the search results, the recent foods and the import's proposals, at 1280 and 600 px (${locale})`, async () => {
      const id = `long-names-${short}`;
      await callApi(app, 'profiles.add', { id, name: spanish ? 'Nombres largos' : 'Long names' });
      await callApi(app, 'diary.add', { profile: id, date: today(), meal: 'lunch', food: 'D006', grams: 80 });
      await callApi(app, 'diary.add', { profile: id, date: today(), meal: 'snack', food: 'E065', grams: 200 });
      const { page, problems } = await openScreen(app, 'diary', { locale });
      await page.getByLabel(words.profile).selectOption(id);
      const form = page.getByRole('form', { name: words.form });

      for (const width of [1280, 600]) {
        await page.setViewportSize({ width, height: 900 });
        // The foods logged before, in the picker before anything is typed.
        const recent = form.getByRole('list', { name: words.recent });
        for (const name of [longNames.gourd, longNames.melon]) {
          const title = recent.getByRole('button', { name: new RegExp(`^${name.replace(/[()]/g, '\\$&')}`) }).locator('.hit-title');
          expect(await wholeNameShown(page, title)).toEqual({ text: name, clipped: false, outside: false });
        }
        // A search: every result's name whole.
        await form.getByLabel(words.food, { exact: true }).fill('bitter gourd');
        const results = form.getByRole('list', { name: words.choices });
        await results.getByRole('button', { name: new RegExp(`^${longNames.gourd}`) }).waitFor();
        for (const title of await results.locator('.hit-title').all()) {
          const shown = await wholeNameShown(page, title);
          expect(shown.clipped || shown.outside, `"${shown.text}" at ${width} px`).toBe(false);
        }
        await saveScreenshot(page, `diary-picker-long-names-${width}-${short}`);
        // The entries of those foods keep their Edit and Remove buttons on screen, names wrapping instead.
        for (const button of await page.locator('.meal-table .row-actions button').all()) {
          const box = await button.boundingBox();
          expect((box?.x ?? 0) + (box?.width ?? 0), `a row's ${await button.textContent()} at ${width} px`).toBeLessThanOrEqual(width);
        }
        await form.getByLabel(words.food, { exact: true }).fill('');
      }
      await expectAccessible(page, `food picker with long names (${locale})`);

      // The import's proposals: the food chosen for each row is written out in full, not cut by its select.
      await page.setViewportSize({ width: 600, height: 900 });
      await page.getByRole('button', { name: words.importTab }).click();
      const csv =
        'Day,Time,Group,Food Name,Amount,Energy (kcal),Category\n' +
        `${today()},,Lunch,"Bitter gourd, jagged, smooth ridges",100 g,20,Vegetables\n` +
        `${today()},,Breakfast,"Milk, Whole",1.00 cup,149,Dairy\n`;
      await page.getByLabel(words.file).setInputFiles({ name: 'servings.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await page.getByRole('button', { name: words.preview }).click();
      const table = page.getByRole('table', { name: words.table });
      await table.waitFor();
      const gourd = table.locator('tr[data-line="2"] .import-food-name');
      expect((await wholeNameShown(page, gourd)).text).toBe(`${longNames.gourd} (D006)`);
      expect(await wholeNameShown(page, gourd)).toMatchObject({ clipped: false, outside: false });
      const milk = table.locator('tr[data-line="3"] .import-food-name');
      expect(await wholeNameShown(page, milk)).toEqual({ text: 'Milk, whole, Cow (L002)', clipped: false, outside: false });
      // The select still changes the food, and says the whole name to whoever points at it.
      expect(await table.locator('tr[data-line="2"] select').getAttribute('title')).toBe(`${longNames.gourd} (D006)`);
      await expectAccessible(page, `import proposals with long names at 600 px (${locale})`);
      await saveScreenshot(page, `diary-import-long-names-600-${short}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }
});
