import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { repositoryRoot, runCita } from './cli.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = join(repositoryRoot, 'test-output', 'screenshots');
export const modelDir = process.env.CITA_MODEL_DIR ?? join(repositoryRoot, 'models', 'bge-small-en-v1.5');

/**
 * Whether browser tests can run. Outside CI a missing Chromium skips them with a loud message;
 * in CI (CI=true) a missing Chromium is a failure, never a silent skip.
 */
export function browserAvailable(): boolean {
  if (existsSync(chromiumPath)) return true;
  if (process.env.CI === 'true') throw new Error(`Chromium is required in CI but ${chromiumPath} does not exist (apt-get install -y chromium).`);
  console.warn(`\n!!! SKIPPING BROWSER TESTS: ${chromiumPath} not found. Install Debian's chromium to run them. !!!\n`);
  return false;
}

/**
 * Whether the real local model is installed, for the browser tests that need real vectors (re-embed).
 * Outside CI its absence skips them loudly; in CI it is a failure.
 */
export function modelAvailable(): boolean {
  if (existsSync(modelDir)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but no model at ${modelDir}: run \`npm run model:fetch\` before the tests.`);
  console.warn(`\n!!! SKIPPING the browser tests that need the local model: no model at ${modelDir} (npm run model:fetch). !!!\n`);
  return false;
}

/** Debian's Chromium, headless, with the flags this offline machine needs. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic'],
  });
}

export interface ServeProcess {
  url: string;
  token: string;
  openUrl: string;
  process: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `cita serve --port 0 --json` as a user would and waits for its `{url, token}` line. */
export async function startServe(dataDir: string, env: Record<string, string> = {}, extraArgs: readonly string[] = []): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'cita.mjs'), 'serve', '--port', '0', '--json', '--data-dir', dataDir, ...extraArgs], {
    cwd: repositoryRoot,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    child.once('exit', (code) => reject(new Error(`cita serve exited with ${code}: ${stderr}`)));
  });
  const { url, token, open_url: openUrl } = JSON.parse(first) as { url: string; token: string; open_url: string };
  return {
    url,
    token,
    openUrl,
    process: child,
    // SIGTERM, then, if the server has not closed within a minute (a model session still loading on a loaded CI
    // machine), SIGKILL with a loud line: the teardown of a browser test must not hang the suite. Prompt shutdown
    // itself is tested by the signal tests.
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const late = setTimeout(() => {
          process.stderr.write(`\n!!! cita serve did not exit within 60 s of SIGTERM; killed. Its stderr:\n${stderr.slice(-2000)}\n`);
          child.kill('SIGKILL');
        }, 60_000);
        child.once('exit', () => {
          clearTimeout(late);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Where a named screenshot goes (not committed; CI keeps them as artefacts). */
export function screenshotPath(name: string): string {
  mkdirSync(screenshotDir, { recursive: true });
  return join(screenshotDir, `${name}.png`);
}

/** Waits until the locator is visible (fails the test after the timeout) and returns its text. */
export async function visibleText(locator: Locator, timeout = 10_000): Promise<string> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return (await locator.first().textContent()) ?? '';
}

export interface ServedApp {
  dataDir: string;
  serve: ServeProcess;
  browser: Browser;
}

/**
 * One seeded data directory, one `cita serve` and one Chromium for a whole test file (kept fast: seeding
 * and start-up happen once). `seed` are the arguments after `cita seed` (default: the demo data); `seedEnv` and
 * `serveEnv` set environment variables of those two commands (e.g. CITA_MODEL_DIR), `serveArgs` add to `cita serve`'s.
 */
export function useServedApp(
  options: { seed?: string[] | null; seedEnv?: (dataDir: string) => Record<string, string>; serveEnv?: Record<string, string>; serveArgs?: string[]; kbDocuments?: string } = {},
): ServedApp {
  const app = {} as ServedApp;
  beforeAll(async () => {
    app.dataDir = mkdtempSync(join(tmpdir(), 'cita-e2e-'));
    // seed: null skips `cita seed` (a new data directory, as `npm start` meets it with serveArgs ['--seed']).
    if (options.seed !== null) {
      const seeded = runCita(['seed', ...(options.seed ?? ['--demo']), '--data-dir', app.dataDir], { env: options.seedEnv?.(app.dataDir) ?? {} });
      expect(seeded.status, seeded.stderr).toBe(0);
    }
    // kbDocuments: a folder of the user's own documents, ingested into the clinical KB as `cita ingest --from` does.
    if (options.kbDocuments !== undefined) {
      const ingested = runCita(['ingest', '--corpus', 'kb', '--from', options.kbDocuments, '--data-dir', app.dataDir]);
      expect(ingested.status, ingested.stderr).toBe(0);
    }
    app.serve = await startServe(app.dataDir, options.serveEnv, options.serveArgs);
    app.browser = await launchChromium();
    // Seeding embeds the demo data with the real models: on 2 cores shared with other work it has taken over 120 s.
  }, 300_000);
  afterAll(async () => {
    await app.browser?.close();
    await app.serve?.stop();
    if (app.dataDir) rmSync(app.dataDir, { recursive: true, force: true });
  });
  return app;
}

export type Locale = 'en-US' | 'es-ES';

export interface OpenedPage {
  page: Page;
  /** Page errors, console errors and Content-Security-Policy violations seen so far. */
  problems: string[];
}

/**
 * Opens the app with the token link, in a fresh browser context (so the language follows `locale`, as a
 * new user's would), on `screen`, and records every page error, console error and CSP violation (4xx answers
 * to deliberately bad input excepted).
 */
export async function openScreen(app: ServedApp, screen: string, options: { locale?: Locale; colorScheme?: 'light' | 'dark'; beforeOpen?: (page: Page) => Promise<void> } = {}): Promise<OpenedPage> {
  const context = await app.browser.newContext({ locale: options.locale ?? 'en-US', colorScheme: options.colorScheme ?? 'light', viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  // Closing the page closes its context; the browser may already be going away at the end of a file.
  page.once('close', () => void context.close().catch(() => undefined));
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    const text = message.text();
    // A 4xx answer is cita refusing bad input on purpose (shown to the user); the browser logs it all the same.
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(text)) return;
    if (message.type() === 'error' || /Content Security Policy/i.test(text)) problems.push(`console: ${text}`);
  });
  await options.beforeOpen?.(page);
  await page.goto(`${app.serve.openUrl}`);
  await page.getByRole('navigation').waitFor();
  if (screen !== 'foods') await page.evaluate((id) => (location.hash = `#/${id}`), screen);
  await page.locator('main h1').first().waitFor();
  return { page, problems };
}

export interface AxeViolation {
  id: string;
  impact: 'minor' | 'moderate' | 'serious' | 'critical' | null;
  help: string;
  nodes: { target: string[]; failureSummary?: string }[];
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * Runs axe-core (WCAG 2.x A and AA rules plus best practices) on the page as it is now. The source is
 * evaluated through the DevTools protocol, so the page's strict CSP does not have to be relaxed for it.
 */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'] }, resultTypes: ['violations'] });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({ target: node.target, ...(node.failureSummary ? { failureSummary: node.failureSummary } : {}) })),
    }));
  });
}

/** One axe violation in a line: its impact, rule, help and the first few elements it found. */
export function describeViolation(violation: AxeViolation): string {
  return `${violation.impact} ${violation.id}: ${violation.help} — ${violation.nodes
    .slice(0, 3)
    .map((node) => node.target.join(' '))
    .join(' | ')}`;
}

/** Fails on any axe violation, whatever its impact: a moderate one (a missing landmark, a skipped heading) is still one. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  const violations = await axeViolations(page);
  expect(violations.map(describeViolation), `axe found violations on ${label}`).toEqual([]);
}

/** Saves a full-page screenshot of the current screen under test-output/screenshots/<name>.png. */
export async function saveScreenshot(page: Page, name: string): Promise<string> {
  const file = screenshotPath(name);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Calls an operation of the served app directly (to compare what the screen shows with what cita holds). */
export async function callApi<T = unknown>(app: ServedApp, operation: string, input: unknown): Promise<T> {
  const response = await fetch(new URL(`api/${operation}`, app.serve.url), {
    method: 'POST',
    headers: { Authorization: `Bearer ${app.serve.token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  const body = (await response.json()) as { ok: boolean; value?: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${operation}: ${body.error?.message}`);
  return body.value as T;
}
