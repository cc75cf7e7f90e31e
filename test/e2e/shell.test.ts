import { existsSync, statSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { browserAvailable, launchChromium, screenshotPath, startServe, visibleText, type ServeProcess } from '../helpers/browser.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();
const enabled = browserAvailable();

describe.runIf(enabled)('the app shell in Chromium', () => {
  let browser: Browser;
  let serve: ServeProcess;

  beforeAll(async () => {
    const dataDir = tempDir();
    expect(runCita(['seed', '--data-dir', dataDir]).status).toBe(0);
    serve = await startServe(dataDir);
    browser = await launchChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
  });

  it('renders the navigation and the status screen from the served app', async () => {
    const page = await browser.newPage({ locale: 'en-US' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    await page.goto(serve.openUrl);
    const nav = page.getByRole('navigation', { name: 'Sections' });
    for (const label of ['Foods', 'Diary', 'Ask your log', 'Data catalog', 'Clinical KB', 'Settings', 'Index status']) {
      expect(await visibleText(nav.getByRole('link', { name: label, exact: true }))).toBe(label);
    }
    await nav.getByRole('link', { name: 'Index status' }).click();
    expect(await visibleText(page.getByRole('heading', { level: 1 }))).toBe('Index status');
    expect(page.url()).not.toContain('token=');
    const file = screenshotPath('shell-en');
    await page.screenshot({ path: file, fullPage: true });
    expect(existsSync(file) && statSync(file).size > 1000).toBe(true);
    expect(errors).toEqual([]);
  });

  it('without the token the page says how to get in', async () => {
    const page = await browser.newPage();
    await page.goto(serve.url);
    expect(await visibleText(page.getByRole('alert'))).toContain('cita serve');
  });
});
