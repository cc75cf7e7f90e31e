import { describe, expect, it } from 'vitest';
import type { DiaryDay } from '../../shared/contract.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

describe.runIf(enabled)('saturated fat on the Diary screen in Chromium', () => {
  // No demo: two profiles of our own, one day each, are all this needs.
  const app = useServedApp({ seed: [] });

  it('a saturated fat target set in the form is drawn as a limit: over it in red with the grams over, under it as a share of the limit (en and es, screenshots)', async () => {
    await callApi(app, 'profiles.add', { id: 'fats', name: 'Fats' });
    await callApi(app, 'profiles.add', { id: 'light', name: 'Light' });
    // Ghee and coconut oil are mostly saturated fat (IFCT 2017: 71.02 and 90.86 g per 100 g); an egg has little.
    for (const [meal, food, grams] of [
      ['breakfast', 'T013', 10],
      ['breakfast', 'M001', 100],
      ['dinner', 'T001', 15],
    ] as const) {
      await callApi(app, 'diary.add', { profile: 'fats', date: today(), meal, food, grams });
    }
    await callApi(app, 'diary.add', { profile: 'light', date: today(), meal: 'breakfast', food: 'M001', grams: 100 });
    await callApi(app, 'diary.targets.set', { profile: 'light', nutrient: 'saturated_fat', amount: 17, effective_from: today() });

    const { page, problems } = await openScreen(app, 'diary');
    await page.getByLabel('Profile').selectOption('fats');
    await page.getByText('Set a daily target').click();
    const form = page.getByRole('form', { name: 'Set a daily target' });
    await form.getByLabel('Nutrient').selectOption({ label: 'Saturated fat (g)' });
    await form.getByLabel('Amount per day').fill('17');
    await form.getByRole('button', { name: 'Set target' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Saturated fat target set to 17 g a day' }))).toContain(today());

    const day = await callApi<DiaryDay>(app, 'diary.day', { profile: 'fats', date: today() });
    expect(day.targets.saturated_fat).toBe(17);
    const total = day.totals.nutrients.saturated_fat as number;
    expect(total).toBeGreaterThan(17);
    const row = page.locator('.totals tr[data-nutrient="saturated_fat"]');
    await row.locator('.target-bar').waitFor();
    expect(await row.getAttribute('data-target-kind')).toBe('limit');
    expect(await row.getAttribute('data-standing')).toBe('over_limit');
    const text = await visibleText(row);
    expect(text).toContain('Saturated fat');
    expect(text).toContain(`${total.toFixed(1)} g`);
    expect(text).toContain('limit');
    expect(text).toContain(`${(total - 17).toFixed(1)} g over the limit`);
    expect(await row.locator('.target-bar').getAttribute('aria-label')).toBe(`Saturated fat: ${Math.round((total / 17) * 100)}% of its daily limit`);
    // Fat itself, with no target, is not drawn at all; a goal elsewhere would be drawn as a bar to fill.
    expect(await page.locator('.totals tr[data-nutrient="fat"] .target-bar').count()).toBe(0);
    // Each entry shows its own saturated fat, from the same view as the totals: ghee's 10 g hold 7.1 g of it.
    const ghee = day.meals.flatMap((meal) => meal.entries).find((entry) => entry.food.code === 'T013');
    const gheeRow = page.locator(`tr[data-entry="${ghee?.id}"]`);
    const breakfast = page.locator('.meal-table[data-meal="breakfast"]');
    const headers = await breakfast.locator('thead th').allTextContents();
    const column = headers.indexOf('Saturated fat');
    expect(column).toBeGreaterThan(0);
    expect(await gheeRow.locator('th, td').nth(column).textContent()).toBe(`${(ghee?.nutrients.saturated_fat as number).toFixed(1)} g`);
    const breakfastFat = day.meals.find((meal) => meal.meal === 'breakfast')?.subtotals.nutrients.saturated_fat as number;
    expect(await breakfast.locator('tfoot tr th, tfoot tr td').nth(column).textContent()).toBe(`${breakfastFat.toFixed(1)} g`);
    await expectAccessible(page, 'diary saturated fat over the limit (en-US)');
    await saveScreenshot(page, 'diary-saturated-fat-over-en');

    await page.getByLabel('Profile').selectOption('light');
    const light = await callApi<DiaryDay>(app, 'diary.day', { profile: 'light', date: today() });
    const share = Math.round(((light.totals.nutrients.saturated_fat as number) / 17) * 100);
    const lightRow = page.locator('.totals tr[data-nutrient="saturated_fat"][data-standing="within_limit"]');
    expect(await visibleText(lightRow)).toContain(`${share}% of the limit`);
    await saveScreenshot(page, 'diary-saturated-fat-within-en');
    expect(problems).toEqual([]);
    await page.close();

    const spanish = await openScreen(app, 'diary', { locale: 'es-ES' });
    await spanish.page.getByLabel('Perfil').selectOption('fats');
    const fila = spanish.page.locator('.totals tr[data-nutrient="saturated_fat"]');
    await fila.locator('.target-bar').waitFor();
    expect(await fila.getAttribute('data-standing')).toBe('over_limit');
    const texto = await visibleText(fila);
    expect(texto).toContain('Grasas saturadas');
    expect(texto).toContain('límite');
    expect(texto).toContain(`${(total - 17).toFixed(1).replace('.', ',')} g por encima del límite`);
    expect(await fila.locator('.target-bar').getAttribute('aria-label')).toBe(`Grasas saturadas: ${Math.round((total / 17) * 100)} % de su límite diario`);
    const cabeceras = await spanish.page.locator('.meal-table[data-meal="breakfast"] thead th').allTextContents();
    const columna = cabeceras.indexOf('Grasas saturadas');
    expect(columna).toBeGreaterThan(0);
    expect(await spanish.page.locator(`tr[data-entry="${ghee?.id}"]`).locator('th, td').nth(columna).textContent()).toBe(`${(ghee?.nutrients.saturated_fat as number).toFixed(1).replace('.', ',')} g`);
    await expectAccessible(spanish.page, 'diary saturated fat over the limit (es-ES)');
    await saveScreenshot(spanish.page, 'diary-saturated-fat-over-es');
    expect(spanish.problems).toEqual([]);
    await spanish.page.close();
  });

  it('free sugars and sodium targets set in the form are drawn as limits: over the free sugars limit in red with the grams over, under a limit as a share of it (en and es, screenshots)', async () => {
    await callApi(app, 'profiles.add', { id: 'sweet', name: 'Sweet' });
    await callApi(app, 'profiles.add', { id: 'fruit', name: 'Fruit' });
    // Jaggery is mostly free sugars (IFCT 2017: 84.32 g per 100 g); big prawns bring sodium (849 mg per 100 g); a ripe banana 13.65 g of free sugars.
    await callApi(app, 'diary.add', { profile: 'sweet', date: today(), meal: 'breakfast', food: 'I001', grams: 40 });
    await callApi(app, 'diary.add', { profile: 'sweet', date: today(), meal: 'lunch', food: 'S008', grams: 100 });
    await callApi(app, 'diary.add', { profile: 'fruit', date: today(), meal: 'breakfast', food: 'E012', grams: 100 });

    const { page, problems } = await openScreen(app, 'diary');
    await page.getByLabel('Profile').selectOption('sweet');
    await page.getByText('Set a daily target').click();
    const form = page.getByRole('form', { name: 'Set a daily target' });
    await form.getByLabel('Nutrient').selectOption({ label: 'Free sugars (g)' });
    await form.getByLabel('Amount per day').fill('25');
    await form.getByRole('button', { name: 'Set target' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Free sugars target set to 25 g a day' }))).toContain(today());
    await form.getByLabel('Nutrient').selectOption({ label: 'Sodium (mg)' });
    await form.getByLabel('Amount per day').fill('2000');
    await form.getByRole('button', { name: 'Set target' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Sodium target set to 2000 mg a day' }))).toContain(today());

    const day = await callApi<DiaryDay>(app, 'diary.day', { profile: 'sweet', date: today() });
    expect(day.targets.free_sugars).toBe(25);
    expect(day.targets.sodium).toBe(2000);
    const sugars = day.totals.nutrients.free_sugars as number;
    const sodium = day.totals.nutrients.sodium as number;
    expect(sugars).toBeGreaterThan(25);
    expect(sodium).toBeLessThan(2000 * 0.9);
    const sugarsRow = page.locator('.totals tr[data-nutrient="free_sugars"]');
    await sugarsRow.locator('.target-bar').waitFor();
    expect(await sugarsRow.getAttribute('data-target-kind')).toBe('limit');
    expect(await sugarsRow.getAttribute('data-standing')).toBe('over_limit');
    const sugarsText = await visibleText(sugarsRow);
    expect(sugarsText).toContain('Free sugars');
    expect(sugarsText).toContain(`${sugars.toFixed(1)} g`);
    expect(sugarsText).toContain('limit');
    expect(sugarsText).toContain(`${(sugars - 25).toFixed(1)} g over the limit`);
    expect(await sugarsRow.locator('.target-bar').getAttribute('aria-label')).toBe(`Free sugars: ${Math.round((sugars / 25) * 100)}% of its daily limit`);
    const sodiumRow = page.locator('.totals tr[data-nutrient="sodium"]');
    await sodiumRow.locator('.target-bar').waitFor();
    expect(await sodiumRow.getAttribute('data-target-kind')).toBe('limit');
    expect(await sodiumRow.getAttribute('data-standing')).toBe('within_limit');
    const sodiumText = await visibleText(sodiumRow);
    expect(sodiumText).toContain(`${Math.round((sodium / 2000) * 100)}% of the limit`);
    expect(sodiumText).not.toContain('over the limit');
    expect(await sodiumRow.locator('.target-bar').getAttribute('aria-label')).toBe(`Sodium: ${Math.round((sodium / 2000) * 100)}% of its daily limit`);
    await expectAccessible(page, 'diary free sugars over the limit (en-US)');
    await saveScreenshot(page, 'diary-free-sugars-over-en');
    expect(problems).toEqual([]);
    await page.close();

    // The Spanish form sets the other profile's limit; under it, the day shows its share of the limit, not a goal to fill.
    const spanish = await openScreen(app, 'diary', { locale: 'es-ES' });
    await spanish.page.getByLabel('Perfil').selectOption('fruit');
    await spanish.page.getByText('Fijar un objetivo diario').click();
    const formulario = spanish.page.getByRole('form', { name: 'Fijar un objetivo diario' });
    await formulario.getByLabel('Nutriente').selectOption({ label: 'Azúcares libres (g)' });
    await formulario.getByLabel('Cantidad al día').fill('25');
    await formulario.getByRole('button', { name: 'Fijar objetivo' }).click();
    expect(await visibleText(spanish.page.getByRole('status').filter({ hasText: 'Objetivo de Azúcares libres: 25 g al día' }))).toContain(today());
    const fruit = await callApi<DiaryDay>(app, 'diary.day', { profile: 'fruit', date: today() });
    expect(fruit.targets.free_sugars).toBe(25);
    const fruitShare = Math.round(((fruit.totals.nutrients.free_sugars as number) / 25) * 100);
    const dentro = spanish.page.locator('.totals tr[data-nutrient="free_sugars"]');
    await dentro.locator('.target-bar').waitFor();
    expect(await dentro.getAttribute('data-target-kind')).toBe('limit');
    expect(await dentro.getAttribute('data-standing')).toBe('within_limit');
    const textoDentro = await visibleText(dentro);
    expect(textoDentro).toContain('Azúcares libres');
    expect(textoDentro).toContain(`${fruitShare} % del límite`);
    expect(await dentro.locator('.target-bar').getAttribute('aria-label')).toBe(`Azúcares libres: ${fruitShare} % de su límite diario`);
    await saveScreenshot(spanish.page, 'diary-free-sugars-within-es');

    await spanish.page.getByLabel('Perfil').selectOption('sweet');
    const fila = spanish.page.locator('.totals tr[data-nutrient="free_sugars"][data-standing="over_limit"]');
    await fila.locator('.target-bar').waitFor();
    expect(await fila.getAttribute('data-target-kind')).toBe('limit');
    const texto = await visibleText(fila);
    expect(texto).toContain('Azúcares libres');
    expect(texto).toContain('límite');
    expect(texto).toContain(`${(sugars - 25).toFixed(1).replace('.', ',')} g por encima del límite`);
    expect(await fila.locator('.target-bar').getAttribute('aria-label')).toBe(`Azúcares libres: ${Math.round((sugars / 25) * 100)} % de su límite diario`);
    const sodio = spanish.page.locator('.totals tr[data-nutrient="sodium"]');
    expect(await sodio.getAttribute('data-standing')).toBe('within_limit');
    expect(await visibleText(sodio)).toContain(`${Math.round((sodium / 2000) * 100)} % del límite`);
    expect(await sodio.locator('.target-bar').getAttribute('aria-label')).toBe(`Sodio: ${Math.round((sodium / 2000) * 100)} % de su límite diario`);
    await expectAccessible(spanish.page, 'diary free sugars over the limit (es-ES)');
    await saveScreenshot(spanish.page, 'diary-free-sugars-over-es');
    expect(spanish.problems).toEqual([]);
    await spanish.page.close();
  });
});
