import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, type Messages } from '../../renderer/src/i18n/en.js';
import { es } from '../../renderer/src/i18n/es.js';
import { axeViolations, browserAvailable, describeViolation, openScreen, saveScreenshot, useServedApp, type Locale } from '../helpers/browser.js';
import { repositoryRoot, runCita } from '../helpers/cli.js';

const enabled = browserAvailable();

/**
 * Each screen as someone would leave it after using it once (a search typed, a question answered), so the checks
 * below see results, answers and their notices, not only empty forms.
 */
const screens: Record<string, { use(page: Page, messages: Messages, spanish: boolean): Promise<void>; narrow?(page: Page): Promise<string[]> }> = {
  foods: {
    async use(page, messages, spanish) {
      await page.getByLabel(messages.foods.searchLabel).fill(spanish ? 'leche' : 'milk');
      await page.getByRole('list', { name: messages.foods.resultsLabel }).getByRole('button').first().click();
      await page.getByRole('region', { name: messages.foods.sidePanel }).getByRole('article').waitFor();
    },
  },
  diary: {
    async use(page) {
      await page.locator('.meal-table').first().waitFor();
      await page.locator('.totals tr[data-nutrient="sodium"]').waitFor();
    },
  },
  ask: {
    async use(page, messages) {
      await page.getByRole('button', { name: messages.ask.example.sodium }).click();
      await page.getByRole('article', { name: messages.answer.title }).waitFor({ timeout: 30_000 });
      // What was looked up gives its period as the reader writes dates ("19 Nov 2026"), not as ISO dates.
      const plan = (await page.getByRole('region', { name: messages.answer.plan }).textContent()) ?? '';
      expect(plan).toMatch(/\d{1,2} \p{L}{3,4}\.? \d{4}/u);
      expect(plan).not.toMatch(/\d{4}-\d\d-\d\d/);
      // Nor does the answer itself, whose days sit between its checked figures.
      const answer = (await page.getByRole('article', { name: messages.answer.title }).locator('.answer-text').textContent()) ?? '';
      expect(answer).toMatch(/\d{1,2} \p{L}{3,4}\.? \d{4}/u);
      expect(answer).not.toMatch(/\d{4}-\d\d-\d\d/);
    },
  },
  catalog: {
    async use(page, messages) {
      await page.getByLabel(messages.catalog.searchLabel).fill('saldo vencido hipotecario');
      await page.getByRole('list', { name: messages.catalog.resultsLabel }).getByRole('article', { name: 'Saldo vencido' }).getByRole('complementary').waitFor();
    },
  },
  kb: {
    async use(page, messages, spanish) {
      await page.getByLabel(messages.kb.askLabel).fill(spanish ? 'paciente con warfarina que toma ibuprofeno, ¿qué vigilar?' : 'patient on warfarin taking ibuprofen: what to watch for?');
      await page.getByRole('button', { name: messages.kb.askSubmit, exact: true }).last().click();
      await page.getByRole('region', { name: messages.kb.leadLabel }).waitFor({ timeout: 30_000 });
      await page.getByRole('article', { name: messages.answer.title }).waitFor();
    },
  },
  manuals: {
    async use(page) {
      // A folded section opened (chapters start open), so its summary is checked too.
      const key = await page.locator('.manual-tree li:has(> details:not([open]))').first().getAttribute('data-section');
      const section = page.locator(`.manual-tree li[data-section="${key}"]`);
      await section.locator(':scope > details > summary').click();
      await section.locator(':scope > details > .manual-summary').waitFor();
    },
  },
  settings: {
    async use(page) {
      // "Advanced" open, so its tuning controls are checked too. The summary moves down when the status arrives
      // (the embedder line above it), and under load a click can land where it was: click until it is open.
      const advanced = page.locator('details.advanced');
      const isOpen = () => advanced.evaluate((element) => (element as HTMLDetailsElement).open);
      await expect
        .poll(async () => {
          if (!(await isOpen())) await advanced.locator('summary').click();
          return isOpen();
        })
        .toBe(true);
      await page.locator('details.advanced[open] input').first().waitFor();
    },
  },
  status: {
    async use(page) {
      await page.locator('main table').first().waitFor();
    },
    // The per-corpus figures fit the window: no box of their own to scroll sideways either.
    async narrow(page) {
      const sizes = await page.locator('.status-table').evaluate((table) => {
        const box = table.parentElement as HTMLElement;
        return { scroll: box.scrollWidth, client: box.clientWidth };
      });
      return sizes.scroll > sizes.client + 1 ? [`the Index status table scrolls sideways (${sizes.scroll} > ${sizes.client} px)`] : [];
    },
  },
};

/**
 * What sticks out of the window on the right, other than inside a box that scrolls sideways on purpose (a wide table
 * in its own scroller): each as "tag.class" with how far it goes past the edge.
 */
async function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const scrolls = (element: Element | null): boolean => {
      for (let node = element; node && node !== document.body; node = node.parentElement) {
        if (/auto|scroll/.test(getComputedStyle(node).overflowX)) return true;
      }
      return false;
    };
    const found: string[] = [];
    if (document.documentElement.scrollWidth > width) found.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width} px)`);
    for (const element of Array.from(document.querySelectorAll('body *'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || box.right <= width + 1) continue;
      if (scrolls(element.parentElement)) continue;
      found.push(
        `${element.tagName.toLowerCase()}${element.className && typeof element.className === 'string' ? `.${element.className.trim().split(/\s+/).join('.')}` : ''} ends ${Math.round(box.right - width)} px past the edge`,
      );
    }
    return found.slice(0, 8);
  });
}

describe.runIf(enabled)('every screen in English and Spanish, light and dark, at 1280 and 600 px', () => {
  const app = useServedApp();
  // The demo seed does not load manuals (they load on demand): a small fixture manual, so that screen has a tree.
  beforeAll(() => {
    const ingested = runCita(['ingest', '--corpus', 'manuals', '--from', join(repositoryRoot, 'test', 'fixtures', 'manuals'), '--data-dir', app.dataDir]);
    expect(ingested.status, ingested.stderr).toBe(0);
  });

  for (const { locale, dark } of [
    { locale: 'en-US', dark: false },
    { locale: 'en-US', dark: true },
    { locale: 'es-ES', dark: false },
    { locale: 'es-ES', dark: true },
  ] as { locale: Locale; dark: boolean }[]) {
    const spanish = locale === 'es-ES';
    const messages: Messages = spanish ? es : en;
    const variant = `${locale.slice(0, 2)}-${dark ? 'dark' : 'light'}`;
    for (const [name, screen] of Object.entries(screens)) {
      it(`${name} (${variant}): axe finds no violation at either width, and nothing sticks out sideways at 600 px`, async () => {
        const { page, problems } = await openScreen(app, name, { locale, colorScheme: dark ? 'dark' : 'light' });
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(spanish ? 'es' : 'en');
        await screen.use(page, messages, spanish);
        const findings: string[] = [];
        for (const width of [1280, 600]) {
          await page.setViewportSize({ width, height: 900 });
          await page.waitForFunction((expected) => document.documentElement.clientWidth === expected, width);
          findings.push(...(await axeViolations(page)).map((violation) => `${width} px: ${describeViolation(violation)}`));
          if (width === 600) findings.push(...[...(await overflowing(page)), ...((await screen.narrow?.(page)) ?? [])].map((line) => `600 px: ${line}`));
          await saveScreenshot(page, `screen-${name}-${variant}-${width}`);
        }
        expect(findings).toEqual([]);
        expect(problems).toEqual([]);
        await page.close();
      });
    }
  }
});
