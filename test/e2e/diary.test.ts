import { describe, expect, it } from 'vitest';
import type { DiaryDay, DiarySeries } from '../../shared/contract.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

function today(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
}

describe.runIf(enabled)('the Diary screen in Chromium', () => {
  const app = useServedApp();

  it('opens on the demo profile\'s today; an entry added by searching a food shows under its meal and in the totals, and can be removed; a target can be set', async () => {
    const { page, problems } = await openScreen(app, 'diary');
    expect(await page.getByLabel('Profile').inputValue()).toBe('demo');
    const before = await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() });

    const form = page.getByRole('form', { name: 'Add an entry' });
    await form.getByLabel('Food').fill('ragi');
    await form.getByRole('list', { name: 'Matching foods' }).getByRole('button', { name: /^Ragi/ }).first().click();
    await form.getByLabel('Grams').fill('0');
    await form.getByLabel('Meal').selectOption('snack');
    await form.getByRole('button', { name: 'Add to diary' }).click();
    expect(await visibleText(form.getByText('Enter the grams as a number greater than 0'))).toBeTruthy();
    await form.getByLabel('Grams').fill('45');
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

    await snack.getByRole('button', { name: 'Remove Ragi' }).last().click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'The entry was removed.' }))).toBeTruthy();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).totals.entries).toBe(before.totals.entries);

    await page.getByText('Set a daily target').click();
    const target = page.getByRole('form', { name: 'Set a daily target' });
    await target.getByLabel('Nutrient').selectOption('sodium');
    await target.getByLabel('Amount per day').fill('1500');
    await target.getByRole('button', { name: 'Set target' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Sodium target set to 1500 mg a day' }))).toContain(today());
    await page.locator('.totals tr[data-nutrient="sodium"]', { hasText: '1,500 mg' }).waitFor();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: today() })).targets.sodium).toBe(1500);
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

    await page.getByLabel('CSV file').setInputFiles({ name: 'week.csv', mimeType: 'text/csv', buffer: Buffer.from('date,meal,food_code,grams\n2024-01-05,lunch,A011,80\n2024-01-05,dinner,A012,30\n') });
    expect(await page.getByLabel('Contents of week.csv (you can edit them)').inputValue()).toContain('A012');
    await page.getByRole('button', { name: 'Check' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'All 2 lines are valid' }))).toBeTruthy();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2024-01-05' })).totals.entries).toBe(0);
    await page.getByRole('button', { name: 'Import 2 entries' }).click();
    expect(await visibleText(page.getByRole('status').filter({ hasText: 'Imported 2 entries' }))).toBeTruthy();
    expect((await callApi<DiaryDay>(app, 'diary.day', { profile: 'demo', date: '2024-01-05' })).totals.entries).toBe(2);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('every view works in Spanish too and has no serious or critical accessibility violations (screenshots in both languages)', async () => {
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
});

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}
