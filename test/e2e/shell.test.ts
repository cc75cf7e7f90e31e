import { describe, expect, it } from 'vitest';
import { browserAvailable, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();
const screens = ['foods', 'diary', 'ask', 'catalog', 'kb', 'settings', 'status'] as const;

describe.runIf(enabled)('the app shell in Chromium', () => {
  const app = useServedApp();

  it('renders the navigation and the status screen from the served app', async () => {
    const { page, problems } = await openScreen(app, 'foods');
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const label of ['Foods', 'Diary', 'Ask your log', 'Data catalog', 'Clinical KB', 'Settings', 'Index status']) {
      expect(await visibleText(nav.getByRole('link', { name: label, exact: true }))).toBe(label);
    }
    await nav.getByRole('link', { name: 'Index status' }).click();
    expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe('Index status');
    expect(page.url()).not.toContain('token=');
    expect(await page.title()).toBe('Index status · cita');
    expect(problems).toEqual([]);
    await page.close();
  });

  it("without the token, a styled page says in both languages how to open the app, the reader's language first", async () => {
    for (const [locale, first, second] of [
      ['en-US', 'Open cita with its access link', 'Abra cita con su enlace de acceso'],
      ['es-ES', 'Abra cita con su enlace de acceso', 'Open cita with its access link'],
    ] as const) {
      const page = await app.browser.newPage({ locale });
      await page.goto(app.serve.url);
      expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe(first);
      expect(await visibleText(page.getByRole('heading', { level: 2 }))).toBe(second);
      const english = page.locator('section[lang="en"]');
      expect(await english.textContent()).toContain('In the terminal where you ran npm start (or cita serve), find the line "open in a browser:"');
      expect(await english.textContent()).toContain(`run npx cita token --role editor and open ${app.serve.url.replace(/\/$/, '')}/#token=`);
      expect(await page.locator('section[lang="es"]').textContent()).toContain('En la terminal donde ejecutó npm start');
      // Styled like the app (a panel), not a bare line of text.
      expect(await english.evaluate((element) => getComputedStyle(element).borderTopLeftRadius)).toBe('8px');
      await expectAccessible(page, `the access page (${locale})`);
      if (locale === 'en-US') await saveScreenshot(page, 'access-page');
      await page.close();
    }
  });

  it('"/" and Ctrl+K focus the search of the screen, but a "/" typed into a field stays in the field', async () => {
    const { page } = await openScreen(app, 'catalog');
    const search = page.getByLabel('Search business terms and fields');
    await page.locator('body').press('/');
    expect(await search.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.type('a/b');
    expect(await search.inputValue()).toBe('a/b');
    await page.getByRole('navigation').getByRole('link', { name: 'Clinical KB' }).click();
    await page.keyboard.press('Control+k');
    expect(await page.getByLabel('Your question').evaluate((element) => element === document.activeElement)).toBe(true);
    await page.close();
  });

  it('the skip link moves focus to the content without changing the screen', async () => {
    const { page } = await openScreen(app, 'catalog');
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: 'Skip to content' });
    expect(await skip.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('main');
    expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe('Data catalog');
    await page.close();
  });

  it('every screen in the dark theme has no accessibility violations', async () => {
    for (const screen of screens) {
      const { page, problems } = await openScreen(app, screen, { colorScheme: 'dark' });
      await page.waitForFunction(() => document.querySelector('.state-loading') === null, undefined, { timeout: 15_000 });
      await expectAccessible(page, `${screen} (dark)`);
      await saveScreenshot(page, `${screen}-dark-en`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });
});
