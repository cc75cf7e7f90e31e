#!/usr/bin/env node
/**
 * The last step of `npm install` (package.json "postinstall"): Electron's binary and the local model, each tried
 * once, each reported in one line, neither ever failing the install. cita works without both: without Electron
 * `npm start` serves the same app to a browser, without the model search is keyword-only (and says so).
 *
 * Plain JavaScript with no dependencies, so it runs before the build and even where dev dependencies are absent.
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** Where the full output of each step goes; the terminal gets one line. */
export const logDir = join(root, 'node_modules', '.cache', 'cita');

/**
 * Runs a command with its output written to `logFile` (not the terminal); resolves with its exit code (null when
 * it could not start or ran past `timeoutMs`) and the tail of its output. Never rejects.
 */
export function runLogged(command, args, { cwd = root, env = process.env, logFile, timeoutMs, signal }) {
  mkdirSync(dirname(logFile), { recursive: true });
  const log = createWriteStream(logFile);
  return new Promise((resolvePromise) => {
    // The run is over once its log is written and closed (or could not be): a caller may read the log at once, or
    // remove its folder, and a log still opening then fails with ENOENT after the fact.
    let done = false;
    const resolve = (result) => {
      const settle = () => {
        if (!done) {
          done = true;
          resolvePromise(result);
        }
      };
      log.once('close', settle);
      log.once('error', settle);
      if (log.closed || log.destroyed) settle();
    };
    log.on('error', () => {});
    let tail = '';
    let timedOut = false;
    const keep = (chunk) => {
      log.write(chunk);
      tail = (tail + chunk.toString()).slice(-8000);
    };
    let child;
    try {
      // Its own process group (POSIX), so that giving up stops what it started too (npm → sh → tsx → mvn).
      child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: process.platform !== 'win32' });
    } catch (error) {
      log.end(String(error));
      resolve({ code: null, tail: String(error?.message ?? error), timedOut });
      return;
    }
    const stop = (signal) => {
      try {
        if (process.platform === 'win32') child.kill(signal);
        else process.kill(-child.pid, signal);
      } catch {
        // Already gone.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      stop('SIGTERM');
      setTimeout(() => stop('SIGKILL'), 5000).unref();
    }, timeoutMs);
    signal?.addEventListener('abort', () => stop('SIGTERM'), { once: true });
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => {
      clearTimeout(timer);
      log.end(`\n${error.message}\n`);
      resolve({ code: null, tail: error.message, timedOut });
    });
    child.once('close', (code) => {
      clearTimeout(timer);
      log.end();
      resolve({ code: timedOut ? null : code, tail, timedOut });
    });
  });
}

/** The line of a failed step's output that says why, e.g. "getaddrinfo ENOTFOUND github.com". */
export function reasonOf(output) {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const failed = lines.findLast((line) => /FAILED:/.test(line));
  if (failed) return failed.replace(/^.*FAILED:\s*/, '');
  const error = lines.find((line) => /^([A-Z]\w*Error|Error)\b/.test(line)) ?? lines.find((line) => /error/i.test(line));
  return (error ?? lines.at(-1) ?? 'no output').replace(/^([A-Z]\w*Error|Error):\s*/, '').slice(0, 200);
}

function duration(milliseconds) {
  return milliseconds >= 60_000 ? `${Math.round(milliseconds / 60_000)} min` : `${Math.round(milliseconds / 1000)} s`;
}

function shown(file) {
  return relative(process.cwd(), file) || file;
}

/**
 * Electron's binary, downloaded by Electron's own install script (which package.json's allowScripts keeps npm
 * from running, because its failure would fail the whole install). `electronDir` is node_modules/electron.
 */
export async function installElectron({ electronDir, env = process.env, timeoutMs = 10 * 60_000, logFile = join(logDir, 'electron-install.log'), signal }) {
  const script = join(electronDir, 'install.js');
  if (!existsSync(script)) return { ok: true, line: null };
  const version = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8')).version;
  if (env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
    return { ok: true, line: `cita: Electron ${version}: download skipped (ELECTRON_SKIP_BINARY_DOWNLOAD); npm start serves the app to your browser.` };
  }
  const run = await runLogged(process.execPath, [script], { cwd: electronDir, env, logFile, timeoutMs, signal });
  if (run.code === 0 && existsSync(join(electronDir, 'path.txt'))) {
    return { ok: true, line: `cita: Electron ${version} is installed; npm start opens the desktop app.` };
  }
  const reason = run.timedOut ? `no answer in ${duration(timeoutMs)}` : reasonOf(run.tail);
  return {
    ok: false,
    line: `cita: Electron's binary could not be downloaded (${reason}); npm start serves the app to your browser instead (log: ${shown(logFile)}).`,
  };
}

/** How to run `npm run model:fetch` from inside npm: the npm that runs this script, else the one on PATH. */
export function npmCommand(env = process.env) {
  const execPath = env.npm_execpath;
  if (execPath && /\.[cm]?js$/.test(execPath)) return { command: process.execPath, prefix: [execPath] };
  if (execPath) return { command: execPath, prefix: [] };
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefix: [] };
}

/**
 * The local model(s), through `npm run model:fetch` (the same path a user runs by hand): reused when already
 * verified, else fetched and verified by SHA-256. A failure leaves cita keyword-only, never the install failed.
 */
export async function fetchModels({ env = process.env, timeoutMs = 20 * 60_000, logFile = join(logDir, 'model-fetch.log'), npm = npmCommand(env), print = console.log, signal }) {
  if (env.CITA_SKIP_MODEL_FETCH === '1') {
    return { ok: true, line: 'cita: local models: fetch skipped (CITA_SKIP_MODEL_FETCH=1); run "npm run model:fetch" to add them.' };
  }
  print('cita: fetching the local models, embedder (with its batching graph), reranker and multilingual embedder (npm run model:fetch)…');
  const run = await runLogged(npm.command, [...npm.prefix, 'run', '--silent', 'model:fetch'], { env, logFile, timeoutMs, signal });
  if (run.code === 0) return { ok: true, line: 'cita: local models ready (checked by SHA-256).' };
  const reason = run.timedOut ? `no answer in ${duration(timeoutMs)}` : reasonOf(run.tail);
  return {
    ok: false,
    line: `cita: the local models could not all be fetched now (${reason}); "cita status" says which is missing (no embedder: keyword-only search; no reranker: first-stage ranking; no multilingual embedder: no cross-language search; no batching graph: short texts embedded one at a time) until "npm run model:fetch" succeeds (log: ${shown(logFile)}).`,
  };
}

async function main() {
  // Ctrl+C (or a kill) of the install stops the download or the model fetch too, not only this script.
  const interrupted = new AbortController();
  for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.once(name, () => {
      interrupted.abort();
      process.exit(1);
    });
  }
  const electron = await installElectron({ electronDir: join(root, 'node_modules', 'electron'), signal: interrupted.signal });
  if (electron.line) console.log(electron.line);
  const model = await fetchModels({ signal: interrupted.signal });
  console.log(model.line);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  // Whatever happens here, the install itself has succeeded.
  await main().catch((error) => console.log(`cita: the optional install steps stopped early (${error?.message ?? error}); npm start still works.`));
  process.exitCode = 0;
}
