import { describe, expect, it } from 'vitest';
import type { Settings } from '../../shared/settings.js';
import { browserAvailable, callApi, expectAccessible, openScreen, saveScreenshot, useServedApp, visibleText } from '../helpers/browser.js';

const enabled = browserAvailable();

describe.runIf(enabled)('the Settings screen in Chromium', () => {
  const app = useServedApp({ seed: [] });

  it('switches the language at once, everywhere, and keeps it after a reload', async () => {
    try {
      const { page, problems } = await openScreen(app, 'settings');
      const language = page.getByLabel('Language', { exact: true });
      await language.focus();
      await language.selectOption('es');
      await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor();
      expect(await visibleText(page.getByRole('navigation', { name: 'Secciones' }).getByRole('link', { name: 'Alimentos' }))).toBe('Alimentos');
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
      // The focus stays on the control the user is using.
      expect(await page.getByLabel('Idioma', { exact: true }).evaluate((element) => element === document.activeElement)).toBe(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'Ajustes' }).waitFor();
      await page.getByLabel('Idioma', { exact: true }).selectOption('system');
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      expect(problems).toEqual([]);
      await page.close();
    } finally {
      await callApi(app, 'settings.update', { ui: { language: 'system' } });
    }
  });

  it('keeps retrieval tuning behind Advanced, saves it with the one Save, and explains a value that is not a number or out of range without saving it', async () => {
    const { page, problems } = await openScreen(app, 'settings');
    const form = page.getByRole('form', { name: 'Search model' });
    const field = form.getByLabel('Foods: largest semantic distance');
    // Developer settings are not on the page until asked for.
    expect(await field.isVisible()).toBe(false);
    await form.getByText(/^Advanced/).click();
    const section = form.getByRole('group', { name: 'Retrieval' });
    expect(await section.getByLabel('Foods: largest semantic distance').isVisible()).toBe(true);
    await field.fill('abc');
    await form.getByRole('button', { name: 'Save' }).click();
    // Each check waits for the message of the submit it follows: the previous alert may still be on screen.
    expect(await visibleText(form.getByRole('alert').filter({ hasText: 'not a number' }))).toContain('Foods: largest semantic distance');
    await field.fill('5');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(form.getByRole('alert').filter({ hasText: /max_dist|between|2/ }))).not.toContain('not a number');
    expect((await callApi<Settings>(app, 'settings.get', {})).foods.max_dist).toBeNull();
    await field.fill('0,5');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(form.getByRole('status'))).toBe('Saved.');
    expect((await callApi<Settings>(app, 'settings.get', {})).foods.max_dist).toBe(0.5);
    await page.reload();
    await page
      .getByRole('form', { name: 'Search model' })
      .getByText(/^Advanced/)
      .click();
    expect(await page.getByLabel('Foods: largest semantic distance').inputValue()).toBe('0.5');
    // Emptied, the field goes back to the value calibrated for the embedder.
    await page.getByLabel('Foods: largest semantic distance').fill('');
    await page.getByRole('form', { name: 'Search model' }).getByRole('button', { name: 'Save' }).click();
    await page.getByRole('form', { name: 'Search model' }).getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await callApi<Settings>(app, 'settings.get', {})).foods.max_dist).toBeNull();
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the KB answerability and reranking settings, saves them, and refuses a threshold that is not a number', async () => {
    const { page, problems } = await openScreen(app, 'settings');
    const form = page.getByRole('form', { name: 'Search model' });
    await form.getByText(/^Advanced/).click();
    const section = form.getByRole('group', { name: 'Data catalog and clinical KB' });
    const refuse = section.getByLabel('Refuse when no card is relevant enough (answerability)');
    expect(await refuse.isChecked()).toBe(true);
    expect(await section.getByLabel('Rerank the best cards with the local cross-encoder').isChecked()).toBe(true);
    await section.getByLabel('Minimum answerability').fill('high');
    await form.getByRole('button', { name: 'Save' }).click();
    expect(await visibleText(form.getByRole('alert').filter({ hasText: 'not a number' }))).toContain('use digits');
    await section.getByLabel('Minimum answerability').fill('0.6');
    await section.getByLabel('Cards the cross-encoder reads').fill('6');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await callApi<Settings>(app, 'settings.get', {})).kb).toMatchObject({ answerability: true, min_answerability: 0.6, rerank: true, rerank_candidates: 6 });
    await section.getByLabel('Minimum answerability').fill('');
    await section.getByLabel('Cards the cross-encoder reads').fill('5');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    expect((await callApi<Settings>(app, 'settings.get', {})).kb.min_answerability).toBeNull();
    await saveScreenshot(page, 'settings-advanced-en');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows the model in use as Index status does, and after a switch of model offers to re-embed, with progress and time left', async () => {
    const { page, problems } = await openScreen(app, 'settings');
    const form = page.getByRole('form', { name: 'Search model' });
    const status = await callApi<{ embedder: { id: string } }>(app, 'status', {});
    expect(status.embedder.id).toMatch(/^local:bge-small-en-v1\.5:384:q8:/);
    expect(await form.locator('.in-use').getAttribute('data-embedder')).toBe(status.embedder.id);
    expect(await visibleText(form.locator('.in-use-line'))).toBe('In use now: local model bge-small-en-v1.5 (q8), on this computer');
    // Nothing to re-embed while every text has a vector from the model in use.
    expect(await page.getByRole('region', { name: 'Vectors for the search model' }).count()).toBe(0);
    try {
      await form.getByLabel('Model precision').selectOption('fp32');
      await form.getByRole('button', { name: 'Save' }).click();
      await form.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
      await expect.poll(async () => form.locator('.in-use').getAttribute('data-embedder')).toMatch(/^local:bge-small-en-v1\.5:384:fp32:/);
      expect((await callApi<{ embedder: { id: string } }>(app, 'status', {})).embedder.id).toBe(await form.locator('.in-use').getAttribute('data-embedder'));
      const offer = page.getByRole('region', { name: 'Vectors for the search model' });
      expect(await visibleText(offer)).toMatch(/The search model changed: \d+ texts need a vector from the new model/);
      await offer.getByRole('button', { name: 'Re-embed now' }).click();
      const bar = offer.getByRole('progressbar', { name: 'Re-embed progress' });
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 90_000 }).toBeGreaterThan(0);
      await expect.poll(async () => offer.locator('.progress-text').textContent(), { timeout: 60_000 }).toMatch(/left\)$/);
      await saveScreenshot(page, 'settings-reembed-en');
      await offer.getByRole('button', { name: 'Cancel re-embed' }).click();
      await offer.getByText(/^Cancelled; the vectors computed so far are kept/).waitFor({ timeout: 60_000 });
      expect(problems).toEqual([]);
    } finally {
      await callApi(app, 'settings.update', { embedder: { dtype: 'q8' } });
      await page.close();
    }
  }, 180_000);

  it('in Spanish, names the model in use in the same words in Settings and Index status, and an open Index status follows a switch of model and its re-embed live (screenshots)', async () => {
    const status = await openScreen(app, 'status', { locale: 'es-ES' });
    const settings = await openScreen(app, 'settings', { locale: 'es-ES' });
    const statusInUse = status.page.locator('.in-use');
    const form = settings.page.getByRole('form', { name: 'Modelo de búsqueda' });
    try {
      const id = (await callApi<{ embedder: { id: string } }>(app, 'status', {})).embedder.id;
      const words = 'modelo local bge-small-en-v1.5 (q8), en este equipo';
      expect(await visibleText(statusInUse.locator('.in-use-line'))).toBe(words);
      expect(await visibleText(form.locator('.in-use-line'))).toBe(`En uso ahora: ${words}`);
      expect(await statusInUse.getAttribute('data-embedder')).toBe(id);
      expect(await form.locator('.in-use').getAttribute('data-embedder')).toBe(id);

      await form.getByLabel('Precisión del modelo').selectOption('fp32');
      await form.getByRole('button', { name: 'Guardar' }).click();
      await form.getByRole('status').filter({ hasText: 'Guardado.' }).waitFor();
      await expect.poll(async () => form.locator('.in-use').getAttribute('data-embedder')).toMatch(/^local:bge-small-en-v1\.5:384:fp32:/);
      const offer = settings.page.getByRole('region', { name: 'Vectores del modelo de búsqueda' });
      expect(await visibleText(offer)).toMatch(/El modelo de búsqueda cambió: \d+ textos necesitan un vector del nuevo modelo/);
      await offer.getByRole('button', { name: 'Recalcular ahora' }).click();
      const bar = offer.getByRole('progressbar', { name: 'Progreso del recálculo' });
      await expect.poll(async () => Number(await bar.getAttribute('value')), { timeout: 90_000 }).toBeGreaterThan(0);
      await expect.poll(async () => offer.locator('.progress-text').textContent(), { timeout: 60_000 }).toMatch(/\((faltan unos \d+ (segundos|minutos)|falta 1 (segundo|minuto) aprox\.)\)$/);
      await expectAccessible(settings.page, 're-embed offer (es-ES)');
      await saveScreenshot(settings.page, 'settings-reembed-es');

      // Index status, open all along and never reloaded, names the new model and shows the same job's progress.
      await expect.poll(async () => statusInUse.getAttribute('data-embedder'), { timeout: 30_000 }).toMatch(/^local:bge-small-en-v1\.5:384:fp32:/);
      expect(await visibleText(statusInUse.locator('.in-use-line'))).toBe('modelo local bge-small-en-v1.5 (fp32), en este equipo');
      const statusBar = status.page.getByRole('progressbar', { name: 'Progreso del recálculo' });
      await expect.poll(async () => Number(await statusBar.getAttribute('value')), { timeout: 30_000 }).toBeGreaterThan(0);
      await saveScreenshot(status.page, 'status-reembed-live-es');

      await offer.getByRole('button', { name: 'Cancelar el recálculo' }).click();
      await offer.getByText(/^Cancelado; los vectores calculados hasta ahora se conservan/).waitFor({ timeout: 60_000 });
      expect(settings.problems).toEqual([]);
      expect(status.problems).toEqual([]);
    } finally {
      await callApi(app, 'settings.update', { embedder: { dtype: 'q8' } });
      await settings.page.close();
      await status.page.close();
    }
  }, 180_000);

  it('switches to the dark theme, which keeps every contrast accessible', async () => {
    const { page, problems } = await openScreen(app, 'settings');
    await page.getByLabel('Theme', { exact: true }).selectOption('dark');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'dark');
    expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(23, 24, 26)');
    await expectAccessible(page, 'settings (dark)');
    await saveScreenshot(page, 'settings-dark-en');
    await page.getByLabel('Theme', { exact: true }).selectOption('system');
    await page.waitForFunction(() => document.documentElement.dataset.theme === 'system');
    expect(problems).toEqual([]);
    await page.close();
  });

  it('shows every setting in both languages with no accessibility violations (screenshots in both languages)', async () => {
    for (const locale of ['en-US', 'es-ES'] as const) {
      const { page, problems } = await openScreen(app, 'settings', { locale });
      await page.getByRole('heading', { level: 2 }).first().waitFor();
      for (const label of locale === 'es-ES' ? ['Idioma', 'Tema', 'Modelo', 'Similitud mínima', 'URL del servicio'] : ['Language', 'Theme', 'Embedding model', 'Minimum similarity', 'Endpoint URL']) {
        expect(await page.getByLabel(label, { exact: true }).count(), label).toBe(1);
      }
      // Where the keys are kept is said in the screen's language, not in the CLI's English.
      const where = await visibleText(page.locator('.keys-where'));
      if (locale === 'es-ES') {
        expect(where).toMatch(/^Las claves se guardan en .*secrets\.json \(solo su usuario puede leerlo\)/);
        expect(where).not.toMatch(/environment|then/);
      } else {
        expect(where).toMatch(/^Keys are kept in .*secrets\.json/);
      }
      await expectAccessible(page, `settings (${locale})`);
      await saveScreenshot(page, `settings-${locale.slice(0, 2)}`);
      await page.getByText(locale === 'es-ES' ? /^Avanzado/ : /^Advanced/).click();
      await expectAccessible(page, `settings, advanced (${locale})`);
      await saveScreenshot(page, `settings-advanced-open-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('puts the plain choices first and the tuning behind a closed Advanced, with one Save for the whole search form (en and es, screenshots)', async () => {
    const words = {
      'en-US': { form: 'Search model', keys: 'API keys', save: 'Save', plain: ['Language', 'Theme', 'Embedding model'], tuning: ['Minimum similarity', 'Endpoint URL'] },
      'es-ES': { form: 'Modelo de búsqueda', keys: 'Claves de API', save: 'Guardar', plain: ['Idioma', 'Tema', 'Modelo'], tuning: ['Similitud mínima', 'URL del servicio'] },
    } as const;
    for (const locale of ['en-US', 'es-ES'] as const) {
      const { page, problems } = await openScreen(app, 'settings', { locale });
      const form = page.getByRole('form', { name: words[locale].form });
      await form.waitFor();
      expect(await form.locator('details.advanced').evaluate((details) => (details as HTMLDetailsElement).open)).toBe(false);
      // The controls fill in as the settings and status load: wait for each (a waitFor that times out fails the test).
      for (const label of words[locale].plain) await page.getByLabel(label, { exact: true }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.getByRole('region', { name: words[locale].keys }).waitFor({ state: 'visible', timeout: 15_000 });
      // On the page (counted by the all-settings test) but not shown until Advanced is opened.
      for (const label of words[locale].tuning) {
        await page.getByLabel(label, { exact: true }).waitFor({ state: 'attached', timeout: 15_000 });
        expect(await page.getByLabel(label, { exact: true }).count(), `${label} (${locale})`).toBe(1);
        expect(await page.getByLabel(label, { exact: true }).isVisible(), `${label} (${locale})`).toBe(false);
      }
      // One Save writes the whole form, Advanced included: no other submit button, shown or folded away.
      expect(await form.getByRole('button', { includeHidden: true }).filter({ hasText: words[locale].save }).count()).toBe(1);
      expect(await form.locator('button[type="submit"], input[type="submit"]').count()).toBe(1);
      expect(await form.getByRole('button', { name: words[locale].save, exact: true }).isVisible()).toBe(true);
      await saveScreenshot(page, `settings-plain-first-${locale.slice(0, 2)}`);
      expect(problems).toEqual([]);
      await page.close();
    }
  });

  it('stores an API key without ever showing it back, and forgets it', async () => {
    const { page, problems } = await openScreen(app, 'settings');
    const section = page.getByRole('region', { name: 'API keys' });
    const key = 'AIzaSyE2E-TEST-KEY-0001';
    await section.getByLabel('Gemini API key').fill(key);
    await section.getByRole('button', { name: 'Store key' }).first().click();
    expect(await visibleText(section.getByRole('status').first())).toBe('Key stored.');
    expect(await visibleText(section.getByText('A key is stored.'))).toBe('A key is stored.');
    expect(await section.getByLabel('Gemini API key').inputValue()).toBe('');
    expect(await page.content()).not.toContain(key);
    expect(await callApi(app, 'secrets.status', {})).toMatchObject({ gemini_api_key: true, voyage_api_key: false });
    await section.getByRole('button', { name: 'Forget key' }).click();
    expect(await visibleText(section.getByText('Key forgotten.'))).toBe('Key forgotten.');
    expect(await callApi(app, 'secrets.status', {})).toMatchObject({ gemini_api_key: false });
    expect(problems).toEqual([]);
    await page.close();
  });

  it('creates a profile, which becomes the chosen one', async () => {
    const { page, problems } = await openScreen(app, 'settings');
    const section = page.getByRole('form', { name: 'Profiles' });
    await section.getByLabel('New profile id (letters, digits, _ . -)').fill('carla');
    await section.getByLabel('Display name').fill('Carla');
    await section.getByRole('button', { name: 'Create profile' }).click();
    expect(await visibleText(section.getByRole('status'))).toBe('Profile Carla created and selected.');
    expect(await visibleText(section.getByText('(carla)'))).toBe('(carla)');
    await section.getByLabel('New profile id (letters, digits, _ . -)').fill('carla');
    await section.getByRole('button', { name: 'Create profile' }).click();
    expect(await visibleText(section.getByRole('alert').filter({ hasText: 'already exists' }))).toContain('"carla"');
    expect(problems.filter((problem) => !problem.includes('409'))).toEqual([]);
    await page.close();
  });
});
