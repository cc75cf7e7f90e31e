import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';
import { repositoryRoot, runCita } from '../helpers/cli.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the Manuals screen in Chromium', () => {
  // No seed: the manuals corpus is loaded on its own, here from a small fixture manual.
  const app = useServedApp({ seed: null });
  beforeAll(() => {
    const ingested = runCita(['ingest', '--corpus', 'manuals', '--from', join(repositoryRoot, 'test', 'fixtures', 'manuals'), '--data-dir', app.dataDir]);
    expect(ingested.status, ingested.stderr).toBe(0);
  });

  it('shows a manual as its tree: chapters, nested sections, and each section summarised in its own sentences', async () => {
    const { page, problems } = await openScreen(app, 'manuals');
    await page.getByRole('heading', { level: 2, name: 'Garden guide' }).waitFor();
    expect(await page.getByRole('button', { name: 'Garden guide' }).getAttribute('aria-pressed')).toBe('true');
    const tree = page.getByRole('list', { name: 'Sections of Garden guide' });
    const roses = tree.locator('li[data-section="garden-guide#Pruning"] li[data-section="garden-guide#Roses"]');
    await roses.locator('summary').click();
    const summary = await visibleText(roses.locator('.manual-summary'));
    const source = 'Prune roses in late winter above an outward-facing bud. Remove dead canes at the base. Cut crossing canes that rub each other. Seal large cuts only on old wood.';
    const sentences = summary.split(/(?<=\.)\s+/);
    expect(sentences.length).toBeGreaterThan(0);
    for (const sentence of sentences) expect(source).toContain(sentence);
    const served = await callApi<{ tree: Array<{ key: string; summary: string }> }>(app, 'manuals.tree', { id: 'garden-guide' });
    expect(summary).toBe(served.tree.find((node) => node.key === 'garden-guide#Roses')?.summary);
    expect(await visibleText(tree.locator('li[data-section="garden-guide#Watering"] .manual-count'))).toBe('1 passage');
    expect(await page.locator('.reader-source a').getAttribute('href')).toBe('https://example.org/garden-guide');
    await expectAccessible(page, 'manuals tree (en-US)');
    await saveScreenshot(page, 'manuals-tree-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('speaks Spanish around the English manual, in the dark scheme', async () => {
    const { page, problems } = await openScreen(app, 'manuals', { locale: 'es-ES', colorScheme: 'dark' });
    await page.getByRole('heading', { level: 1, name: 'Manuales' }).waitFor();
    await page.getByRole('list', { name: 'Secciones de Garden guide' }).waitFor();
    expect(await page.locator('article.manual').getAttribute('lang')).toBe('en');
    await expectAccessible(page, 'manuals tree (es-ES, dark)');
    await saveScreenshot(page, 'manuals-tree-es-dark');
    expect(problems).toEqual([]);
    await page.close();
  });
});
