import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadModelManifest } from '../../main/embedding/model-manifest.js';
import { checkRowwiseGraph } from '../../main/embedding/rowwise-graph.js';
import { browserAvailable, expectAccessible, modelAvailable, modelDir, openScreen, saveScreenshot, startServe, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable() && modelAvailable();

describe.runIf(enabled)('the Index status screen in Chromium', () => {
  // Loaded while the model was missing (keyword-only), served with the model installed: every row lacks a vector.
  const app = useServedApp({ seedEnv: (dataDir) => ({ CITA_MODEL_DIR: join(dataDir, 'no-model-here') }) });

  it('shows the embedder and per-corpus rows, vectors and missing vectors, in both languages, accessibly', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const { page, problems } = await openScreen(app, 'status', { locale });
      const spanish = locale === 'es-ES';
      expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe(spanish ? 'Estado del índice' : 'Index status');
      expect(await visibleText(page.getByText(spanish ? 'Modelo local (sin conexión)' : 'Local model (offline)'))).toBeTruthy();
      // How several texts are embedded: in equal-length batches with the derived graph (always so in CI), else one at a time.
      const batching = page.locator('.embedder-batching');
      if (checkRowwiseGraph(modelDir, loadModelManifest()).ok) {
        expect(await visibleText(batching)).toBe(
          spanish
            ? 'los textos con el mismo número de tokens comparten una inferencia (mismos vectores que de uno en uno)'
            : 'texts of one token length share an inference (same vectors as one at a time)',
        );
      } else {
        expect(await visibleText(batching)).toMatch(spanish ? /^un texto cada vez \(.*--only batching/ : /^one text at a time \(.*--only batching/);
      }
      const foods = page.getByRole('row', { name: new RegExp(spanish ? 'Catálogo de alimentos' : 'Foods catalog') });
      await foods.waitFor();
      const [rows, vectors, , missing] = (await foods.locator('td').allTextContents()).map((text) => Number(text.replace(/\D/g, '')));
      expect(rows).toBeGreaterThan(500);
      expect(vectors).toBe(0);
      expect(missing).toBe(rows);
      await expectAccessible(page, `status (${locale})`);
      await saveScreenshot(page, `status-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('re-embed shows its progress bar, can be cancelled keeping its work, and then finishes', async () => {
    const { page, problems } = await openScreen(app, 'status');
    const pending = page.getByText(/rows need a vector for the current embedder/);
    const before = Number((await visibleText(pending)).replace(/\D/g, ''));
    expect(before).toBeGreaterThan(900);

    await page.getByRole('button', { name: 'Re-embed now' }).click();
    const bar = page.getByRole('progressbar', { name: 'Re-embed progress' });
    await page.waitForFunction(() => Number(document.querySelector('progress')?.getAttribute('value') ?? 0) > 0, undefined, { timeout: 60_000 });
    expect(Number(await bar.getAttribute('value'))).toBeGreaterThan(0);
    expect(Number(await bar.getAttribute('max'))).toBe(before);
    // The time left at the pace so far, and the table's counts follow the job while it runs.
    await expect.poll(async () => page.locator('.progress-text').textContent(), { timeout: 60_000 }).toMatch(/left\)$/);
    await expect
      .poll(
        async () =>
          Number(
            (
              await page
                .getByRole('row', { name: /Foods catalog/ })
                .locator('td')
                .nth(1)
                .textContent()
            )?.replace(/\D/g, ''),
          ),
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
    await saveScreenshot(page, 'status-reembed-running-en');
    await page.getByRole('button', { name: 'Cancel re-embed' }).click();
    expect(await visibleText(page.getByText(/^Cancelled; the vectors computed so far are kept/), 60_000)).toBeTruthy();
    const afterCancel = Number((await visibleText(pending)).replace(/\D/g, ''));
    expect(afterCancel).toBeLessThan(before);
    expect(afterCancel).toBeGreaterThan(0);

    await page.getByRole('button', { name: 'Re-embed now' }).click();
    expect(await visibleText(page.getByText(/^Finished:/), 120_000)).toMatch(/embedded/);
    expect(await visibleText(page.getByText('Every row has a vector for the current embedder.'))).toBeTruthy();
    await saveScreenshot(page, 'status-reembed-done-en');
    expect(problems).toEqual([]);
    await page.close();
  }, 180_000);

  it('re-ingests a corpus from the table and reports its counts', async () => {
    const { page, problems } = await openScreen(app, 'status');
    await page.getByRole('button', { name: 'Re-ingest Clinical KB' }).click();
    const report = await visibleText(page.getByRole('status').filter({ hasText: /^Clinical KB:/ }), 60_000);
    expect(report).toMatch(/^Clinical KB: 0 inserted, 0 updated, \d+ unchanged, 0 removed, 0 embedded\.$/);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('without the model it says keyword-only mode everywhere and offers no re-embed', async () => {
    const degraded = await startServe(app.dataDir, { CITA_MODEL_DIR: join(app.dataDir, 'no-model-here') });
    try {
      const { page, problems } = await openScreen({ ...app, serve: degraded }, 'status');
      expect(await visibleText(page.getByRole('status').filter({ hasText: 'Keyword-only mode' }))).toContain('semantic search is off');
      expect(await page.getByRole('button', { name: 'Re-embed now' }).isDisabled()).toBe(true);
      await saveScreenshot(page, 'status-keyword-only-en');
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await degraded.stop();
    }
  });
});
