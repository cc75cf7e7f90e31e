import { describe, expect, it } from 'vitest';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the Foods screen in Chromium', () => {
  const app = useServedApp();

  it('"/" focuses the search; typing finds foods marked keyword or semantic, and a food shows its nutrients per 100 g', async () => {
    const { page, problems } = await openScreen(app, 'foods');
    await page.locator('body').press('/');
    const search = page.getByLabel('Search foods');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('rice flakes');
    const results = page.getByRole('list', { name: 'Foods found' });
    const first = results.getByRole('button').first();
    expect(await visibleText(first)).toContain('Rice flakes');
    expect(await first.locator('.badge:not([data-relevance])').first().textContent()).toMatch(/^(Keyword|Semantic|Keyword \+ semantic)$/);
    expect(await first.locator('[data-relevance]').textContent()).toBe('Strong match');
    await first.click();
    const detail = page.getByRole('article', { name: 'Rice flakes' });
    const energy = detail.getByRole('row', { name: /^Energy \d/ });
    // The figure on screen is the one the API holds for that food.
    const food = await callApi(app, 'foods.get', { code: (await detail.locator('dd').nth(0).textContent()) ?? '' });
    const kcal = (food as { per100g: { energy_kcal: number } }).per100g.energy_kcal;
    const shown = /([\d.,]+) kcal/.exec(await visibleText(energy))?.[1] ?? '';
    expect(Number(shown.replace(/,/g, ''))).toBeCloseTo(kcal, 1);
    expect(problems).toEqual([]);
    await page.close();
  });

  it("shows a food's household units with their grams and the published measure each comes from, in both languages", async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const spanish = locale === 'es-ES';
      const { page, problems } = await openScreen(app, 'foods', { locale });
      await page.getByLabel(spanish ? 'Buscar alimentos' : 'Search foods').fill('egg');
      await page
        .getByRole('list', { name: spanish ? 'Alimentos encontrados' : 'Foods found' })
        .getByRole('button', { name: /^Egg, poultry, whole, raw/ })
        .click();
      const units = page.getByRole('table', { name: spanish ? 'Medidas caseras' : 'Household units' });
      const large = units.getByRole('row', { name: new RegExp(spanish ? '^huevo grande' : '^large egg') });
      expect(await visibleText(large)).toContain('50 g');
      expect(await visibleText(large)).toContain('USDA FoodData Central, SR Legacy 01123');
      await expectAccessible(page, `foods (household units, ${locale})`);
      await saveScreenshot(page, `foods-household-units-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('finds a food by the Hindi name IFCT gives it and shows its scientific and other names, and a Spanish query in English', async () => {
    const { page, problems } = await openScreen(app, 'foods');
    await page.getByLabel('Search foods').fill('santra');
    await page
      .getByRole('list', { name: 'Foods found' })
      .getByRole('button', { name: /^Orange, pulp/ })
      .click();
    const detail = page.getByRole('article', { name: 'Orange, pulp' });
    expect(await visibleText(detail.locator('dd i'))).toBe('Citrus aurantium');
    expect(await visibleText(detail.locator('dd.local-names'))).toContain('H. Santra');
    await expectAccessible(page, 'foods (other names)');
    await saveScreenshot(page, 'foods-other-names-en');
    // A Spanish query reaches the English catalog, and the screen says how.
    await page.getByLabel('Search foods').fill('hígado de pollo');
    expect(await visibleText(page.locator('[data-code="translated"]'))).toContain('hígado → liver');
    expect(await visibleText(page.getByRole('list', { name: 'Foods found' }).getByRole('button').first())).toContain('Poultry, chicken, liver');
    await saveScreenshot(page, 'foods-spanish-query');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says its notices in Spanish in the Spanish screen: the concept a query was read as, and a query nothing matches', async () => {
    const { page, problems } = await openScreen(app, 'foods', { locale: 'es-ES' });
    await page.getByLabel('Buscar alimentos').fill('pescado azul');
    expect(await visibleText(page.locator('[data-code="concept"]'))).toMatch(/^Leído como «pescado azul»: \d+ alimentos que un organismo público clasifica así o con al menos 5 g de grasa por 100 g/);
    await page.getByLabel('Buscar alimentos').fill('xqzwvk');
    expect(await visibleText(page.locator('[data-code="no_match"]'))).toBe(
      'Ningún alimento del catálogo coincide con «xqzwvk». Revise la ortografía, pruebe otro nombre o añádalo como alimento propio.',
    );
    await expectAccessible(page, 'foods (notices, es)');
    await saveScreenshot(page, 'foods-notices-es');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('"pescado azul" lists oily fish, each saying which published definition it meets, with a notice naming it', async () => {
    const { page, problems } = await openScreen(app, 'foods');
    await page.getByLabel('Search foods').fill('pescado azul');
    expect(await visibleText(page.locator('[data-code="concept"]'))).toContain('oily fish');
    const sardine = page.getByRole('list', { name: 'Foods found' }).getByRole('button', { name: /^Sardine/ });
    expect(await visibleText(sardine)).toContain('Sardinella longiceps (sardine) is on the UK FSA / Seafish oily-fish list');
    await expectAccessible(page, 'foods (concept)');
    await saveScreenshot(page, 'foods-concept-oily-fish');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("adds a food of the profile's own (pointing at a value that is not a number), finds it marked as yours, and edits it", async () => {
    const { page, problems } = await openScreen(app, 'foods');
    await page.getByRole('button', { name: 'Add a food' }).click();
    const form = page.getByRole('form', { name: 'Add a food of your own' });
    await form.getByLabel('Name').fill('Masala chaas e2e');
    await form.getByLabel('Energy (kcal)').fill('abc');
    await form.getByRole('button', { name: 'Add food' }).click();
    expect(await visibleText(form.getByText('Enter a number'))).toContain('Enter a number');
    await form.getByLabel('Energy (kcal)').fill('38,5');
    await form.getByLabel('Sodium (mg)').fill('210');
    await form.getByRole('button', { name: 'Add food' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'was saved' }))).toContain('Masala chaas e2e');
    await page.getByLabel('Search foods').fill('masala chaas');
    const hit = page.getByRole('list', { name: 'Foods found' }).getByRole('button', { name: /Masala chaas e2e/ });
    expect(await visibleText(hit.locator('.badge-own'))).toBe('Yours');
    await hit.click();
    expect(await visibleText(page.getByRole('row', { name: /^Energy \d/ }))).toContain('38.5 kcal');

    // Its own foods can be edited; the shared base cannot (no Edit button there).
    await page.getByRole('button', { name: 'Edit this food' }).click();
    const edit = page.getByRole('form', { name: 'Edit Masala chaas e2e' });
    await edit.getByLabel('Sodium (mg)').fill('180');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    expect(await visibleText(page.getByRole('row', { name: /^Sodium \d/ }))).toContain('180 mg');
    await page.getByLabel('Search foods').fill('rice flakes');
    await page
      .getByRole('list', { name: 'Foods found' })
      .getByRole('button', { name: /^Rice flakes/ })
      .click();
    await page.getByRole('article', { name: 'Rice flakes' }).waitFor();
    expect(await page.getByRole('button', { name: 'Edit this food' }).count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('says "no match" for nonsense instead of listing look-alikes, and marks a near spelling as weak (screenshot)', async () => {
    const { page, problems } = await openScreen(app, 'foods');
    const search = page.getByLabel('Search foods');
    await search.fill('xqzzv');
    await page.getByText(/No food in the catalog matches "xqzzv"/).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('list', { name: 'Foods found' }).count()).toBe(0);
    await saveScreenshot(page, 'foods-no-match-en');
    await search.fill('mutton');
    const button = page.getByRole('list', { name: 'Foods found' }).getByRole('button', { name: /Button mushroom/ });
    await button.waitFor({ timeout: 30_000 });
    expect(await visibleText(button.locator('[data-relevance]'))).toBe('Weak match');
    expect(await visibleText(button.locator('.badge-near'))).toBe('Near spelling');
    await saveScreenshot(page, 'foods-near-spelling-en');
    // A word that is only the start of a longer name ("beer" → the Telugu "Beera kaya" of ridge gourd) too.
    await search.fill('beer');
    const gourd = page
      .getByRole('list', { name: 'Foods found' })
      .getByRole('button', { name: /^Ridge gourd/ })
      .first();
    await gourd.waitFor({ timeout: 30_000 });
    expect(await visibleText(gourd.locator('[data-relevance]'))).toBe('Weak match');
    expect(await visibleText(gourd.locator('.badge-near'))).toBe('Near spelling');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('works in Spanish and has no accessibility violations (screenshots in both languages)', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const { page, problems } = await openScreen(app, 'foods', { locale });
      const spanish = locale === 'es-ES';
      expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe(spanish ? 'Alimentos' : 'Foods');
      await page.getByLabel(spanish ? 'Buscar alimentos' : 'Search foods').fill('dal');
      await page
        .getByRole('list', { name: spanish ? 'Alimentos encontrados' : 'Foods found' })
        .getByRole('button')
        .first()
        .click();
      await page.locator('.food-detail').waitFor();
      await expectAccessible(page, `foods (${locale})`);
      await saveScreenshot(page, `foods-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
