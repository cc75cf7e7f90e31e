import { describe, expect, it } from 'vitest';
import type { DiaryDay, DiarySeries, LoggedFood, OperationOutput } from '../../shared/contract.js';
import { foodGroupLabel } from '../../renderer/src/i18n/food-groups.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

describe.runIf(enabled)('the Diary screen in Chromium', () => {
  const app = useServedApp();

  it("opens on the demo profile's today; an entry added by searching a food shows under its meal and in the totals, can be edited, removed and brought back; a target can be set", async () => {
    const { page, problems } = await openScreen(app, 'diary');
    expect(await page.getByLabel('Profile').inputValue()).toBe('demo');
    const before = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() });

    const form = page.getByRole('form', { name: 'Add an entry' });
    await form.getByLabel('Food').fill('ragi');
    await form.getByRole('list', { name: 'Matching foods' }).getByRole('button', { name: /^Ragi/ }).first().click();
    // Ragi has no household unit: the amount is in grams.
    expect(await form.getByLabel('Unit', { exact: true }).inputValue()).toBe('grams');
    await form.getByLabel('Amount', { exact: true }).fill('0');
    await form.getByLabel('Meal').selectOption('snack');
    await form.getByRole('button', { name: 'Add to diary' }).click();
    expect(await visibleText(form.getByText('Enter the grams as a number greater than 0'))).toBeTruthy();
    await form.getByLabel('Amount', { exact: true }).fill('45');
    await form.getByRole('button', { name: 'Add to diary' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Added 45 g of Ragi to Snack.' }))).toBeTruthy();

    const snack = page.locator('table[data-meal="snack"]');
    expect(await visibleText(snack.getByRole('row', { name: /Ragi/ }))).toContain('45 g');
    const after = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() });
    expect(after.totals.entries).toBe(before.totals.entries + 1);
    // The total on screen is the view's total, not a sum the screen made up.
    const energyCell = page.locator('.totals tr[data-nutrient="energy_kcal"] td').first();
    const shown = Number(/([\d,]+(?:\.\d+)?) kcal/.exec(await visibleText(energyCell))?.[1]?.replace(/,/g, ''));
    expect(shown).toBeCloseTo(after.totals.nutrients.energy_kcal as number, 0);

    // The meal's subtotal is the view's, and the snack's entries add up to it.
    const snackSubtotal = after.meals.find((meal) => meal.meal === 'snack')?.subtotals;
    expect(await visibleText(snack.locator('tfoot tr'))).toContain(`${snackSubtotal?.nutrients.energy_kcal?.toFixed(0)} kcal`);

    // Edit: 45 g becomes 60 g at lunch.
    await snack.getByRole('button', { name: 'Edit Ragi' }).last().click();
    const editor = page.getByRole('form', { name: 'Edit Ragi' });
    await editor.getByLabel('Amount', { exact: true }).fill('60');
    await editor.getByLabel('Meal').selectOption('lunch');
    await editor.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'now 60 g, at Lunch' }))).toBeTruthy();
    const lunch = page.locator('table[data-meal="lunch"]');
    expect(await visibleText(lunch.getByRole('row', { name: /Ragi/ }))).toContain('60 g');
    const edited = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() });
    expect(edited.totals.entries).toBe(before.totals.entries + 1);
    expect(edited.meals.find((meal) => meal.meal === 'lunch')?.entries.some((entry) => entry.food.name.startsWith('Ragi') && entry.grams === 60)).toBe(true);

    // Remove, then undo: the entry comes back as it was.
    await lunch.getByRole('button', { name: 'Remove Ragi' }).last().click();
    const undoNotice = page.getByRole('status').filter({ hasText: 'Removed 60 g of Ragi' });
    await undoNotice.waitFor();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).totals.entries).toBe(before.totals.entries);
    await undoNotice.getByRole('button', { name: 'Undo' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'is back in the diary' }))).toBeTruthy();
    const restored = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() });
    expect(restored.meals.find((meal) => meal.meal === 'lunch')?.entries.filter((entry) => entry.food.name.startsWith('Ragi') && entry.grams === 60)).toHaveLength(1);
    await lunch.getByRole('button', { name: 'Remove Ragi' }).last().click();
    await page.getByRole('status').filter({ hasText: 'Removed 60 g of Ragi' }).waitFor();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).totals.entries).toBe(before.totals.entries);

    await page.getByText('Set a daily target').click();
    const target = page.getByRole('form', { name: 'Set a daily target' });
    await target.getByLabel('Nutrient').selectOption('sodium');
    await target.getByLabel('Amount per day').fill('1500');
    await target.getByRole('button', { name: 'Set target' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Sodium target set to 1500 mg a day' }))).toContain(today());
    await page.locator('.totals tr[data-nutrient="sodium"]', { hasText: '1,500 mg' }).waitFor();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).targets.sodium).toBe(1500);
    // Sodium is a limit: it is drawn as room under a line and said as a share of the limit, never as a goal.
    const sodiumRow = page.locator('.totals tr[data-nutrient="sodium"]');
    expect(await sodiumRow.getAttribute('data-target-kind')).toBe('limit');
    expect(await visibleText(sodiumRow)).toMatch(/limit/);
    expect(await sodiumRow.getAttribute('data-standing')).toMatch(/^(within_limit|near_limit|over_limit)$/);
    expect(await page.locator('.totals tr[data-nutrient="protein"]').getAttribute('data-target-kind')).toBe('goal');
    expect(problems).toEqual([]);
    await page.close();
  });

  for (const { locale, dark } of [
    { locale: 'en-US', dark: false },
    { locale: 'es-ES', dark: true },
  ] as const) {
    const spanish = locale === 'es-ES';
    const words = spanish
      ? {
          profile: 'Perfil',
          food: 'Alimento',
          choices: 'Alimentos que coinciden',
          amount: 'Cantidad',
          unit: 'Unidad',
          meal: 'Comida',
          add: 'Añadir al diario',
          egg: 'huevo',
          milk: 'leche',
          banana: 'plátano',
          subtotal: 'Desayuno: subtotal',
        }
      : {
          profile: 'Profile',
          food: 'Food',
          choices: 'Matching foods',
          amount: 'Amount',
          unit: 'Unit',
          meal: 'Meal',
          add: 'Add to diary',
          egg: 'egg',
          milk: 'milk',
          banana: 'banana',
          subtotal: 'Breakfast subtotal',
        };
    it(`a new user logs a breakfast of 2 eggs, 1 cup of milk and 1 banana without typing a gram (${locale}${dark ? ', dark' : ''})`, async () => {
      // After "demo" in the profile list, so the other tests' windows still open on the demo profile.
      const id = `new-user-${locale}`;
      await callApi(app, 'profiles.add', { id, name: spanish ? 'Nueva' : 'New' });
      const { page, problems } = await openScreen(app, 'diary', { locale, colorScheme: dark ? 'dark' : 'light' });
      await page.getByLabel(words.profile).selectOption(id);
      const form = page.getByRole('form', { name: spanish ? 'Añadir una entrada' : 'Add an entry' });
      const breakfast: Array<[string, RegExp, string, string, number]> = [
        [words.egg, /^Egg, poultry, whole, raw/, '2', spanish ? 'huevo grande (50 g)' : 'large egg (50 g)', 100],
        [words.milk, /^Milk, whole, Cow/, '1', spanish ? 'taza (240 ml) (244 g)' : 'cup (240 ml) (244 g)', 244],
        [words.banana, /^Banana, ripe, robusta/, '1', spanish ? 'plátano mediano (118 g)' : 'medium banana (118 g)', 118],
      ];
      for (const [query, food, quantity, unit, grams] of breakfast) {
        await form.getByLabel(words.food, { exact: true }).fill(query);
        await form.getByRole('list', { name: words.choices }).getByRole('button', { name: food }).first().click();
        // The usual household unit is offered first: nobody has to know what an egg weighs.
        const unitField = form.getByLabel(words.unit, { exact: true });
        await expect.poll(async () => unitField.locator('option:checked').textContent()).toBe(unit);
        await form.getByLabel(words.amount, { exact: true }).fill(quantity);
        expect(await visibleText(form.locator('.amount-preview'))).toContain(`= ${grams} g`);
        if (query === words.egg) await saveScreenshot(page, `diary-add-portion-${locale.slice(0, 2)}${dark ? '-dark' : ''}`);
        await form.getByLabel(words.meal).selectOption('breakfast');
        await form.getByRole('button', { name: words.add }).click();
        await page
          .getByRole('status')
          .filter({ hasText: new RegExp(`\\(${grams} g\\)`) })
          .waitFor();
      }
      const day = await callApi<DiaryDay>(app, 'diary.day', { profile: id, date: today() });
      const entries = day.meals.find((meal) => meal.meal === 'breakfast')?.entries ?? [];
      expect(entries.map((entry) => [entry.food.code, entry.grams, entry.portion?.quantity, entry.portion?.name.en])).toEqual([
        ['M001', 100, 2, 'large egg'],
        ['L002', 244, 1, 'cup (240 ml)'],
        ['E012', 118, 1, 'medium banana'],
      ]);
      const table = page.locator('table[data-meal="breakfast"]');
      expect(await visibleText(table.getByRole('row', { name: /Egg, poultry, whole, raw/ }))).toContain(spanish ? '2 × huevo grande' : '2 × large egg');
      const subtotal = await visibleText(table.locator('tfoot tr'));
      expect(subtotal).toContain(words.subtotal);
      const kcal = day.meals.find((meal) => meal.meal === 'breakfast')?.subtotals.nutrients.energy_kcal as number;
      expect(subtotal).toContain(`${Math.round(kcal)} kcal`);
      // Logged foods come first in the picker next time, with their energy, group and last amount.
      await form.getByLabel(words.food, { exact: true }).fill('');
      const recent = form.getByRole('list', { name: spanish ? 'Recientes' : 'Recent' });
      expect(await visibleText(recent.getByRole('button').first())).toMatch(
        spanish ? /Banana, ripe, robusta.*kcal por 100 g.*Frutas.*1 × plátano mediano/ : /Banana, ripe, robusta.*kcal per 100 g.*Fruits.*1 × medium banana/,
      );
      await expectAccessible(page, `diary breakfast (${locale}${dark ? ', dark' : ''})`);
      await saveScreenshot(page, `diary-breakfast-${locale.slice(0, 2)}${dark ? '-dark' : ''}`);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it("a profile's own food gets a household unit of its own, and is logged in it", async () => {
    const { page, problems } = await openScreen(app, 'diary');
    const form = page.getByRole('form', { name: 'Add an entry' });
    await form.getByLabel('Food', { exact: true }).fill('pan integral');
    await form
      .getByRole('list', { name: 'Matching foods' })
      .getByRole('button', { name: /^Pan integral \(Bimbo\)/ })
      .first()
      .click();
    await form.getByText('Add a unit for this food').click();
    await form.getByLabel('Unit name').fill('slice');
    await form.getByLabel('Grams per unit').fill('28');
    await form.getByRole('button', { name: 'Add unit' }).click();
    const unit = form.getByLabel('Unit', { exact: true });
    await expect.poll(async () => unit.locator('option:checked').textContent()).toBe('slice (28 g)');
    await form.getByLabel('Amount', { exact: true }).fill('2');
    expect(await visibleText(form.locator('.amount-preview'))).toContain('= 56 g');
    await form.getByLabel('Meal').selectOption('dinner');
    await form.getByRole('button', { name: 'Add to diary' }).click();
    await page.getByRole('status').filter({ hasText: 'Added 2 × slice (56 g) of Pan integral' }).waitFor();
    const dinner = (await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).meals.find((meal) => meal.meal === 'dinner');
    const entry = dinner?.entries.find((candidate) => candidate.portion?.name.en === 'slice');
    expect(entry).toMatchObject({ grams: 56, portion: { quantity: 2, grams_each: 28 } });
    await page.locator('table[data-meal="dinner"]').getByRole('button', { name: 'Remove Pan integral (Bimbo)' }).last().click();
    await page.getByRole('status').filter({ hasText: 'Removed 2 × slice of Pan integral' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it("in Spanish and the dark scheme: a profile's own food gets a unit of its own, is logged in it, edited, removed and brought back with Deshacer (screenshots)", async () => {
    const { page, problems } = await openScreen(app, 'diary', { locale: 'es-ES', colorScheme: 'dark' });
    const form = page.getByRole('form', { name: 'Añadir una entrada' });
    await form.getByLabel('Alimento', { exact: true }).fill('pan integral');
    await form
      .getByRole('list', { name: 'Alimentos que coinciden' })
      .getByRole('button', { name: /^Pan integral \(Bimbo\)/ })
      .first()
      .click();
    await form.getByText('Añadir una unidad para este alimento').click();
    // The demo's bread already has a "rebanada": the form says so in Spanish, not that another task is running.
    await form.getByLabel('Nombre de la unidad').fill('rebanada');
    await form.getByLabel('Gramos por unidad').fill('30');
    await form.getByRole('button', { name: 'Añadir unidad' }).click();
    expect(await visibleText(form.locator('.new-unit .field-error'))).toBe('Este alimento ya tiene una unidad llamada «rebanada»: elíjala en Unidad o dé otro nombre a la nueva.');
    await form.getByLabel('Nombre de la unidad').fill('tostada');
    await form.getByLabel('Gramos por unidad').fill('25');
    await form.getByRole('button', { name: 'Añadir unidad' }).click();
    const unit = form.getByLabel('Unidad', { exact: true });
    await expect.poll(async () => unit.locator('option:checked').textContent()).toBe('tostada (25 g)');
    await form.getByLabel('Cantidad', { exact: true }).fill('1,5');
    expect(await visibleText(form.locator('.amount-preview'))).toContain('= 37,5 g');
    await form.getByLabel('Comida del día').selectOption('dinner');
    await saveScreenshot(page, 'diary-own-unit-es-dark');
    await form.getByRole('button', { name: 'Añadir al diario' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Se añadieron' }))).toBe('Se añadieron 1½ × tostada (37,5 g) de Pan integral (Bimbo) a Cena.');

    // Edit: 1,5 toasts at dinner become 3 at lunch ("Comida"), still counted in toasts.
    const dinner = page.locator('table[data-meal="dinner"]');
    await dinner.getByRole('button', { name: 'Editar Pan integral (Bimbo)' }).last().click();
    const editor = page.getByRole('form', { name: 'Editar Pan integral (Bimbo)' });
    await editor.getByLabel('Cantidad', { exact: true }).fill('3');
    await editor.getByLabel('Comida del día').selectOption('lunch');
    await saveScreenshot(page, 'diary-edit-es-dark');
    await editor.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('status').filter({ hasText: 'Pan integral (Bimbo): ahora 3 × tostada, en Comida.' }).waitFor();
    const lunch = page.locator('table[data-meal="lunch"]');
    expect(await visibleText(lunch.getByRole('row', { name: /Pan integral \(Bimbo\)/ }).last())).toContain('3 × tostada');
    const saved = (await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).meals
      .find((meal) => meal.meal === 'lunch')
      ?.entries.find((entry) => entry.portion?.name.en === 'tostada');
    expect(saved).toMatchObject({ grams: 75, portion: { quantity: 3, grams_each: 25 } });

    // Remove, then Deshacer: the entry is back as it was, in its unit.
    await lunch.getByRole('button', { name: 'Quitar Pan integral (Bimbo)' }).last().click();
    const undo = page.getByRole('status').filter({ hasText: 'Se quitó 3 × tostada de Pan integral (Bimbo).' });
    await undo.waitFor();
    await saveScreenshot(page, 'diary-undo-es-dark');
    await expectAccessible(page, 'diary undo notice (es-ES, dark)');
    await undo.getByRole('button', { name: 'Deshacer' }).click();
    await page.getByRole('status').filter({ hasText: 'Pan integral (Bimbo) vuelve a estar en el diario.' }).waitFor();
    expect(await visibleText(lunch.getByRole('row', { name: /Pan integral \(Bimbo\)/ }).last())).toContain('3 × tostada');
    const restored = (await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).meals
      .find((meal) => meal.meal === 'lunch')
      ?.entries.filter((entry) => entry.portion?.name.en === 'tostada');
    expect(restored).toHaveLength(1);
    expect(restored?.[0]).toMatchObject({ grams: 75, portion: { quantity: 3 } });
    await lunch.getByRole('button', { name: 'Quitar Pan integral (Bimbo)' }).last().click();
    await page.getByRole('status').filter({ hasText: 'Se quitó 3 × tostada' }).waitFor();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('keeps the totals inside their panel at 1280 px, and fits a 600 px window without sideways scrolling', async () => {
    const { page, problems } = await openScreen(app, 'diary');
    await page.locator('.totals tr[data-nutrient="sodium"]').waitFor();
    expect(await page.locator('.totals').evaluate((panel) => panel.scrollWidth - panel.clientWidth)).toBeLessThanOrEqual(0);
    await page.setViewportSize({ width: 600, height: 820 });
    await page.locator('.meal-table').first().waitFor();
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // The totals table stays inside its panel.
    const overflow = await page.locator('.totals').evaluate((panel) => panel.scrollWidth - panel.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, 'diary-day-600px');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('charts the chosen nutrients over a period with their target lines, and says in words what the chart shows', async () => {
    const { page, problems } = await openScreen(app, 'diary');
    await page.getByRole('button', { name: 'Trends' }).click();
    const sodium = page.locator('figure[data-nutrient="sodium"]');
    await sodium.locator('svg .recharts-line').first().waitFor();
    // Two lines per chart: the daily totals and the target in force each day.
    expect(await sodium.locator('svg .recharts-line').count()).toBe(2);
    expect(await sodium.locator('svg .line-target path').getAttribute('stroke-dasharray')).toBe('6 4');

    const series = await callApi<DiarySeries>(app, 'diary.series', { profile: 'demo', date_from: addDays(today(), -29), date_to: today(), nutrients: ['sodium'] });
    const over = series.days.filter((day) => day.totals.sodium != null && day.targets.sodium != null && (day.totals.sodium as number) > (day.targets.sodium as number)).length;
    const withTarget = series.days.filter((day) => day.totals.sodium != null && day.targets.sodium != null).length;
    expect(await visibleText(sodium.locator('figcaption'))).toContain(`Above the target on ${over} of ${withTarget} days.`);

    await page.getByRole('checkbox', { name: 'Protein' }).check();
    await page.locator('figure[data-nutrient="protein"] svg .recharts-line').first().waitFor();
    await page.getByRole('button', { name: 'Last 7 days' }).click();
    await sodium.getByText('Show the figures as a table').click();
    expect(await sodium.locator('tbody tr').count()).toBe(7);
    await saveScreenshot(page, 'diary-trends-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('a CSV import lists every bad line and writes nothing; a valid file is checked, then imported', async () => {
    const { page, problems } = await openScreen(app, 'diary');
    await page.getByRole('button', { name: 'Import CSV' }).click();
    await page.getByLabel('Or paste the CSV here').fill('date,meal,food_code,grams\n2024-01-05,lunch,A011,80\n2024-13-01,lunch,A011,80\n2024-01-06,brunch,ZZZ,-1\n');
    await page.getByRole('button', { name: 'Check' }).click();
    const errors = page.getByRole('list', { name: 'Lines with problems' });
    const listed = await visibleText(errors);
    expect(listed).toContain('line 3');
    expect(listed).toContain('line 4');
    expect(listed).not.toContain('line 2');
    expect(await page.getByRole('button', { name: 'Import', exact: true }).isDisabled()).toBe(true);
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2024-01-05' })).totals.entries).toBe(0);

    await page
      .getByLabel('CSV file')
      .setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from('date,meal,food_code,grams\n2024-01-05,lunch,A011,80\n2024-01-05,dinner,A012,30\n') });
    expect(await page.getByLabel('Contents of week.csv (you can edit them)').inputValue()).toContain('A012');
    await page.getByRole('button', { name: 'Check' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'All 2 lines are valid' }))).toContain('(5 Jan 2024 to 5 Jan 2024)');
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2024-01-05' })).totals.entries).toBe(0);
    await page.getByRole('button', { name: 'Import 2 entries' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Imported 2 entries' }))).toBeTruthy();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2024-01-05' })).totals.entries).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('every view works in Spanish too and has no accessibility violations (screenshots in both languages)', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const spanish = locale === 'es-ES';
      const { page, problems } = await openScreen(app, 'diary', { locale });
      const language = locale.slice(0, 2);
      await page.locator('.meal-table').first().waitFor();
      await expectAccessible(page, `diary day (${locale})`);
      await saveScreenshot(page, `diary-day-${language}`);
      await page.getByRole('button', { name: spanish ? 'Tendencias' : 'Trends' }).click();
      await page.locator('figure[data-nutrient="sodium"] svg .recharts-line').first().waitFor();
      await expectAccessible(page, `diary trends (${locale})`);
      await saveScreenshot(page, `diary-trends-${language}`);
      await page.getByRole('button', { name: spanish ? 'Importar CSV' : 'Import CSV' }).click();
      await page.getByLabel(spanish ? 'O pegue aquí el CSV' : 'Or paste the CSV here').fill('date,meal,food_code,grams\n2024-02-30,lunch,A011,80\n');
      await page.getByRole('button', { name: spanish ? 'Comprobar' : 'Check' }).click();
      await page.locator('.import-errors').waitFor();
      await expectAccessible(page, `diary import (${locale})`);
      await saveScreenshot(page, `diary-import-${language}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('with the food field empty, offers the foods logged most often, each with its energy per 100 g and its group (en and es, screenshots)', async () => {
    const logged = await callApi<OperationOutput<'diary.recent'>>(app, 'diary.recent', { profile: 'demo', limit: 4 });
    expect(logged.frequent.length).toBeGreaterThan(0);
    // The demo's own packaged foods are "Yours"; IFCT's carry a food group, which Spanish shows translated.
    const ifct = logged.frequent.find((item) => !item.food.owner && item.food.food_group !== '');
    expect(ifct, 'an IFCT food among the frequent ones').toBeDefined();
    for (const locale of ['en-US', 'es-ES'] as const) {
      const language = locale === 'es-ES' ? 'es' : 'en';
      const { page, problems } = await openScreen(app, 'diary', { locale });
      const form = page.getByRole('form', { name: language === 'es' ? 'Añadir una entrada' : 'Add an entry' });
      expect(await form.getByLabel(language === 'es' ? 'Alimento' : 'Food', { exact: true }).inputValue()).toBe('');
      const often = form.getByRole('list', { name: language === 'es' ? 'Frecuentes' : 'Often logged' });
      await often.getByRole('listitem').first().waitFor();
      expect(await often.getByRole('listitem').count()).toBe(logged.frequent.length);
      const recent = await form
        .getByRole('list', { name: language === 'es' ? 'Recientes' : 'Recent' })
        .locator('.hit-title')
        .allTextContents();
      for (const [index, item] of logged.frequent.entries()) {
        const choice = often.getByRole('listitem').nth(index);
        const name = item.food.brand ? `${item.food.name} (${item.food.brand})` : item.food.name;
        expect(await choice.locator('.hit-title').textContent()).toBe(name);
        // A frequent food is not offered twice: the recent list already holds the others.
        expect(recent).not.toContain(name);
        const kcal = new Intl.NumberFormat(language === 'es' ? 'es-ES' : 'en-GB', { maximumFractionDigits: 0 }).format(item.food.per100g.energy_kcal as number);
        const group = item.food.owner ? (language === 'es' ? 'Suyo' : 'Yours') : foodGroupLabel(item.food.food_group, language);
        expect(await choice.locator('.food-facts').textContent()).toMatch(new RegExp(`^${kcal} kcal ${language === 'es' ? 'por' : 'per'} 100 g · ${escapeRegExp(group)} · `));
      }
      const shownGroup = await often
        .getByRole('listitem')
        .nth(logged.frequent.indexOf(ifct as LoggedFood))
        .locator('.food-facts')
        .textContent();
      if (language === 'es') expect(shownGroup).not.toContain(ifct?.food.food_group);
      else expect(shownGroup).toContain(ifct?.food.food_group);
      await expectAccessible(page, `diary frequent foods (${locale})`);
      await saveScreenshot(page, `diary-frequent-foods-${language}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
