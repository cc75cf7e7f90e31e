/**
 * The "done when", as a new user meets it: `npm start` on a data directory that does not exist yet, with
 * the real model, prints the URL, and the demo data answers the sodium question within 60 s of the start.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from '../helpers/cli.js';
import { realModelTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const enabled = realModelTests('the first start of npm start');
const tempDir = useTempDirs();

async function post(url: string, token: string, operation: string, input: unknown): Promise<{ ok: boolean; value?: unknown }> {
  const response = await fetch(`${url}api/${operation}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(input),
  });
  return (await response.json()) as { ok: boolean; value?: unknown };
}

describe.runIf(enabled)('npm start on a new data directory', () => {
  it('prints the URL, and the demo data answers "which foods gave me the most sodium last week?" within 60 s', async () => {
    const dataDir = `${tempDir()}/data`;
    const started = Date.now();
    const npm = spawn('npm', ['start', '--silent', '--', '--port', '0', '--json', '--data-dir', dataDir], { cwd: repositoryRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    npm.stderr?.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise<void>((resolve) => npm.once('exit', () => resolve()));
    try {
      const line = await new Promise<string>((resolve, reject) => {
        createInterface({ input: npm.stdout as NodeJS.ReadableStream }).on('line', (text) => text.startsWith('{') && resolve(text));
        void exited.then(() => reject(new Error(`npm start exited: ${stderr}`)));
      });
      const { url, token } = JSON.parse(line) as { url: string; token: string };
      let answer: { answer: string; refused: boolean } | undefined;
      while (Date.now() - started < 60_000) {
        const profiles = await post(url, token, 'profiles.list', {});
        if ((profiles.value as Array<{ id: string; demo: boolean }>).some((profile) => profile.id === 'demo' && profile.demo)) {
          const asked = await post(url, token, 'ask', { corpus: 'diary', profile: 'demo', question: 'which foods gave me the most sodium last week?' });
          if (asked.ok) {
            answer = asked.value as { answer: string; refused: boolean };
            break;
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(answer, `no answer within 60 s; stderr:\n${stderr}`).toBeDefined();
      expect(Date.now() - started).toBeLessThan(60_000);
      expect(answer?.refused).toBe(false);
      expect(answer?.answer).toMatch(/^Sodium from .+\n• Largest single entries, one per food: .+ g with .+ mg on \d{4}-\d\d-\d\d/);
    } finally {
      npm.kill('SIGTERM');
      await exited;
    }
  }, 120_000);
});
