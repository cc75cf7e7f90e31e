import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { chromium, type Browser } from 'playwright-core';
import { repositoryRoot } from './cli.js';

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const screenshotDir = join(repositoryRoot, 'test-output', 'screenshots');

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
export async function startServe(dataDir: string, env: Record<string, string> = {}): Promise<ServeProcess> {
  const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'cita.mjs'), 'serve', '--port', '0', '--json', '--data-dir', dataDir], {
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
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
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
export async function visibleText(locator: import('playwright-core').Locator, timeout = 10_000): Promise<string> {
  await locator.first().waitFor({ state: 'visible', timeout });
  return (await locator.first().textContent()) ?? '';
}
