import { createServer, type Server } from 'node:net';
import { describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startServe } from '../../helpers/browser.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

/** `cita serve --json` with no --port, as `npm start` runs it. */
async function startServeWithoutPort(dataDir: string): Promise<{ url: string; stderr(): Promise<string>; stop(): Promise<void> }> {
  const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'cita.mjs'), 'serve', '--json', '--data-dir', dataDir], {
    cwd: repositoryRoot,
    env: { ...process.env, CITA_MODEL_DIR: '/nonexistent-model', CITA_PROGRESS: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout as NodeJS.ReadableStream }).once('line', resolve);
    void exited.then(() => reject(new Error(`cita serve exited: ${stderr}`)));
  });
  return {
    url: (JSON.parse(line) as { url: string }).url,
    // The notice goes out with the thinned progress lines: within a second.
    stderr: async () => {
      const deadline = Date.now() + 5000;
      while (!stderr.includes('in use') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return stderr;
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

describe('cita serve --seed (what npm start runs in browser mode)', () => {
  it('answers at once and loads the shipped data and the demo profile in the background', async () => {
    const serve = await startServe(tempDir(), { CITA_MODEL_DIR: '/nonexistent-model' }, ['--seed']);
    try {
      const status = async () => {
        const response = await fetch(`${serve.url}api/status`, {
          method: 'POST',
          headers: { Authorization: `Bearer ${serve.token}`, 'Content-Type': 'application/json' },
          body: '{}',
        });
        return ((await response.json()) as { value: { corpora: Array<{ corpus: string; rows: number }> } }).value;
      };
      expect((await status()).corpora.length).toBeGreaterThan(0);
      const deadline = Date.now() + 60_000;
      let rows: Record<string, number> = {};
      while (Date.now() < deadline) {
        rows = Object.fromEntries((await status()).corpora.map((corpus) => [corpus.corpus, corpus.rows]));
        if ((rows.foods ?? 0) >= 549 && (rows.catalog ?? 0) > 0 && (rows.kb ?? 0) > 0) break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      // The shipped foods (542 rows) and the demo profile's 7 packaged foods: a new data directory gets the demo.
      expect(rows).toMatchObject({ foods: 549, catalog: 216, kb: 190 });
    } finally {
      await serve.stop();
    }
  });
});

describe('cita serve without --port (what npm start runs)', () => {
  it('serves on a free port, and says so, when the default 4780 is taken', async () => {
    // Hold 4780 for the length of the test (if something else already holds it, the situation is the same).
    const blocker: Server | null = await new Promise((resolve) => {
      const server = createServer();
      server.once('error', () => resolve(null));
      server.listen(4780, '127.0.0.1', () => resolve(server));
    });
    try {
      const serve = await startServeWithoutPort(tempDir());
      try {
        expect(new URL(serve.url).port).not.toBe('4780');
        expect(await serve.stderr()).toContain('port 4780 is in use; serving on a free port instead');
      } finally {
        await serve.stop();
      }
    } finally {
      await new Promise<void>((resolve) => (blocker ? blocker.close(() => resolve()) : resolve()));
    }
  });
});
