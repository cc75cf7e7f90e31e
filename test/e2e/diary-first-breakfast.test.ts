import { beforeAll, describe, expect, it } from 'vitest';
import type { DiaryDay } from '../../shared/contract.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText, type Locale } from '../helpers/browser.js';

const enabled = browserAvailable();

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

const words = {
  'en-US': {
    profile: 'Profile',
    profiles: 'Profiles',
    profileId: 'New profile id (letters, digits, _ . -)',
    profileName: 'Display name',
    createProfile: 'Create profile',
    person: { id: 'ana', name: 'Ana' },
    diary: 'Diary',
    form: 'Add an entry',
    food: 'Food',
    choices: 'Matching foods',
    amount: 'Amount',
    unit: 'Unit',
    meal: 'Meal',
    add: 'Add to diary',
    foods: ['egg', 'milk', 'banana'],
    units: ['large egg (50 g)', 'cup (240 ml) (244 g)', 'medium banana (118 g)'],
    egg: '2 × large egg',
    subtotal: 'Breakfast subtotal',
  },
  'es-ES': {
    profile: 'Perfil',
    profiles: 'Perfiles',
    profileId: 'Identificador del nuevo perfil (letras, dígitos, _ . -)',
    profileName: 'Nombre visible',
    createProfile: 'Crear perfil',
    person: { id: 'lucia', name: 'Lucía' },
    diary: 'Diario',
    form: 'Añadir una entrada',
    food: 'Alimento',
    choices: 'Alimentos que coinciden',
    amount: 'Cantidad',
    unit: 'Unidad',
    meal: 'Comida',
    add: 'Añadir al diario',
    foods: ['huevo', 'leche', 'plátano'],
    units: ['huevo grande (50 g)', 'taza (240 ml) (244 g)', 'plátano mediano (118 g)'],
    egg: '2 × huevo grande',
    subtotal: 'Desayuno: subtotal',
  },
} as const;

/** The foods the breakfast needs, as the picker lists them: IFCT's egg, whole cow's milk and ripe banana. */
const breakfast = [
  { food: /^Egg, poultry, whole, raw/, code: 'M001', quantity: '2', grams: 100 },
  { food: /^Milk, whole, Cow/, code: 'L002', quantity: '1', grams: 244 },
  { food: /^Banana, ripe, robusta/, code: 'E012', quantity: '1', grams: 118 },
] as const;

describe.runIf(enabled)('a new user on a new data directory, in Chromium', () => {
  // What `npm start` meets the first time: nothing seeded, the shipped data loads in the background once serving.
  const app = useServedApp({ seed: null, serveArgs: ['--seed'] });

  beforeAll(async () => {
    // The new user's own profile is there from the start; the foods arrive as the shipped data loads.
    const deadline = Date.now() + 120_000;
    for (;;) {
      const loaded = await callApi<{ code: string }>(app, 'foods.get', { code: 'E012' }).catch(() => null);
      if (loaded?.code === 'E012') return;
      if (Date.now() > deadline) throw new Error('the shipped foods were not loaded within 120 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 130_000);

  // English at the desktop width; Spanish in a 600 px window, the narrowest the app is built for.
  for (const { locale, width } of [
    { locale: 'en-US', width: 1280 },
    { locale: 'es-ES', width: 600 },
  ] as { locale: Locale; width: number }[]) {
    const text = words[locale];
    const short = locale.slice(0, 2);
    it(`logs a breakfast of 2 eggs, 1 cup of milk and 1 banana in a profile of their own without typing a gram (${locale}, ${width} px)`, async () => {
      const { page, problems } = await openScreen(app, 'settings', { locale });
      await page.setViewportSize({ width, height: 900 });
      // Their own profile first (the demo one is chosen on a first start), then the diary opens on it.
      const profiles = page.getByRole('form', { name: text.profiles });
      await profiles.getByLabel(text.profileId).fill(text.person.id);
      await profiles.getByLabel(text.profileName).fill(text.person.name);
      await profiles.getByRole('button', { name: text.createProfile }).click();
      await profiles.getByRole('status').waitFor();
      await page.getByRole('navigation').getByRole('link', { name: text.diary, exact: true }).click();
      await expect.poll(async () => page.getByLabel(text.profile).inputValue()).toBe(text.person.id);
      const form = page.getByRole('form', { name: text.form });
      for (const [index, item] of breakfast.entries()) {
        await form.getByLabel(text.food, { exact: true }).fill(text.foods[index] as string);
        await form.getByRole('list', { name: text.choices }).getByRole('button', { name: item.food }).first().click();
        // The unit is already the food's household one: only a count is typed.
        const unit = form.getByLabel(text.unit, { exact: true });
        await expect.poll(async () => unit.locator('option:checked').textContent()).toBe(text.units[index]);
        await form.getByLabel(text.amount, { exact: true }).fill(item.quantity);
        expect(await visibleText(form.locator('.amount-preview'))).toContain(`= ${item.grams} g`);
        await form.getByLabel(text.meal).selectOption('breakfast');
        if (index === 0) await saveScreenshot(page, `first-breakfast-egg-${short}-${width}`);
        await form.getByRole('button', { name: text.add }).click();
        await page
          .getByRole('status')
          .filter({ hasText: new RegExp(`\\(${item.grams} g\\)`) })
          .waitFor();
      }

      const day = await callApi<DiaryDay>(app, 'diary.day', { profile: text.person.id, date: today() });
      const logged = day.meals.find((meal) => meal.meal === 'breakfast')?.entries ?? [];
      expect(logged.map((entry) => [entry.food.code, entry.grams, entry.portion?.quantity])).toEqual(breakfast.map((item) => [item.code, item.grams, Number(item.quantity)]));
      const table = page.locator('table[data-meal="breakfast"]');
      expect(await visibleText(table.getByRole('row', { name: /Egg, poultry, whole, raw/ }))).toContain(text.egg);
      expect(await visibleText(table.locator('tfoot tr'))).toContain(text.subtotal);
      // Nothing sticks out sideways, at 600 px too.
      expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
      await expectAccessible(page, `first breakfast (${locale}, ${width} px)`);
      await saveScreenshot(page, `first-breakfast-${short}-${width}`);
      expect(problems).toEqual([]);
      await page.close();
    }, 120_000);
  }
});
