import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { browserAvailable, callApi, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';
import { startCloudStandIn } from '../integration/embedding/cloud-stand-in.js';

const enabled = browserAvailable();
const voyageKey = 'pa-E2E-voyage-by-key-0123456789';
// Voyage is a local stand-in: nothing leaves the machine.
const standIn = await startCloudStandIn({ voyage: voyageKey });
afterAll(() => standIn.close());

describe.runIf(enabled)('storing a Voyage key in Chromium (the KB decision record: Voyage when a key is stored)', () => {
  // Loaded by keyword only (no local model) so the seed is quick; served with Voyage pointed at the stand-in.
  const app = useServedApp({ seed: [], seedEnv: (dataDir) => ({ CITA_MODEL_DIR: join(dataDir, 'no-model-here') }), serveEnv: { CITA_VOYAGE_BASE_URL: standIn.url } });

  it('switches the model in use to Voyage, says why, offers the re-embed with its progress, and Index status says why too (en and es)', async () => {
    // Cloud re-embedding pauses 65 s between requests by default (a free tier's pace); the stand-in needs none.
    await callApi(app, 'settings.update', { embedder: { cloud_pause_ms: 0 } });
    const { page, problems } = await openScreen(app, 'settings');
    try {
      const form = page.getByRole('form', { name: 'Search model' });
      await form.locator('.in-use').waitFor();
      expect(await form.locator('.in-use').getAttribute('data-embedder')).not.toMatch(/^voyage:/);
      const keys = page.getByRole('region', { name: 'API keys' });
      await keys.getByLabel('Voyage API key').fill(voyageKey);
      await keys.getByRole('button', { name: 'Store key' }).nth(1).click();
      await keys.getByRole('status').filter({ hasText: 'Key stored.' }).waitFor();
      await expect.poll(async () => form.locator('.in-use').getAttribute('data-embedder')).toMatch(/^voyage:voyage-3\.5:1024:/);
      expect(await visibleText(form.locator('.in-use-reason'))).toBe('Voyage (a Voyage key is stored)');
      const offer = page.getByRole('region', { name: 'Vectors for the search model' });
      await offer.waitFor();
      expect(await visibleText(offer)).toMatch(/The search model changed: \d+ texts need a vector from the new model/);
      await offer.getByRole('button', { name: 'Re-embed now' }).click();
      const bar = offer.getByRole('progressbar', { name: 'Re-embed progress' });
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 60_000 }).toBeGreaterThan(0);
      await saveScreenshot(page, 'settings-voyage-key-en');
      await offer.getByText('Every row has a vector for the current embedder.').waitFor({ timeout: 120_000 });
      expect(standIn.embedded.length).toBeGreaterThan(0);
      expect(await page.content()).not.toContain(voyageKey);
      expect(problems).toEqual([]);
    } finally {
      await page.close();
    }

    for (const [locale, label, text] of [
      ['en-US', 'Why this model', 'Voyage (a Voyage key is stored)'],
      ['es-ES', 'Por qué este modelo', 'Voyage (hay una clave de Voyage guardada)'],
    ] as const) {
      const status = await openScreen(app, 'status', { locale });
      const reason = status.page.locator('.embedder-choice');
      await reason.waitFor();
      expect(await visibleText(reason)).toBe(text);
      expect(await visibleText(status.page.locator('dt', { hasText: label }))).toBe(label);
      await saveScreenshot(status.page, `status-voyage-key-${locale.slice(0, 2)}`);
      expect(status.problems).toEqual([]);
      await status.page.close();
    }

    // Forgotten, the key leaves the local model selected again, automatically.
    await callApi(app, 'secrets.set', { name: 'voyage_api_key', value: null });
    const after = await openScreen(app, 'status');
    await after.page.locator('.embedder-choice').waitFor();
    expect(await visibleText(after.page.locator('.embedder-choice'))).toBe('Local model (automatic: no Voyage key is stored)');
    await after.page.close();
  }, 240_000);
});
