import { describe, expect, it } from 'vitest';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the demo data of a first start, in Chromium', () => {
  // What `npm start` does on a new data directory: serve at once, load the shipped data and the demo after.
  const app = useServedApp({ seed: null, serveArgs: ['--seed'], serveEnv: { CITA_MODEL_DIR: '/nonexistent-model' } });

  async function demoLoaded(): Promise<void> {
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const profiles = await callApi<Array<{ id: string; demo: boolean }>>(app, 'profiles.list', {});
      const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
      const entries = await callApi<{ days: Array<{ entries: number }> }>(app, 'diary.series', { profile: 'demo', date_from: day(-100), date_to: day(1), nutrients: ['sodium'] }).catch(() => ({
        days: [],
      }));
      if (profiles.some((profile) => profile.id === 'demo' && profile.demo) && entries.days.some((day) => day.entries > 0)) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    throw new Error('the demo data was not loaded within 60 s');
  }

  it('is chosen and marked as demo data on the diary, foods and ask screens, in both languages', async () => {
    await demoLoaded();
    for (const [locale, badge, note] of [
      ['en-US', 'Demo data', 'This is demo data: a made-up 90-day diary'],
      ['es-ES', 'Datos de demostración', 'Estos son datos de demostración'],
    ] as const) {
      for (const screen of ['diary', 'foods', 'ask']) {
        const { page, problems } = await openScreen(app, screen, { locale });
        expect(await visibleText(page.locator('.profile-picker .badge'))).toBe(badge);
        expect(await visibleText(page.getByRole('note'))).toContain(note);
        if (screen === 'diary') await expectAccessible(page, `the diary with demo data (${locale})`);
        if (screen === 'diary' && locale === 'en-US') await saveScreenshot(page, 'demo-data-diary');
        expect(problems).toEqual([]);
        await page.close();
      }
    }
  });

  it('is removed for good from Settings, after a confirmation', async () => {
    await demoLoaded();
    const { page, problems } = await openScreen(app, 'diary');
    await page.getByRole('link', { name: 'Remove it in Settings' }).click();
    const section = page.getByRole('region', { name: 'Demo data' });
    await section.getByRole('button', { name: 'Remove demo data…' }).click();
    expect(await visibleText(section.getByRole('alert'))).toBe('Remove the demo profile and everything in it? This cannot be undone.');
    await expectAccessible(page, 'the demo data removal');
    await section.getByRole('button', { name: 'Yes, remove it' }).click();
    expect(await visibleText(section.getByRole('status'))).toMatch(/^Demo data removed \(\d+ diary entries, 7 foods\)\.$/);
    expect(await callApi(app, 'profiles.list', {})).toEqual([{ id: 'default', name: 'Default', demo: false }]);
    await page.evaluate(() => (location.hash = '#/diary'));
    await page.locator('main h1').first().waitFor();
    expect(await page.locator('.profile-picker .badge').count()).toBe(0);
    expect(await page.getByRole('note').count()).toBe(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});
