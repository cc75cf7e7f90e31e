import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { packageRoot } from '../paths.js';
import { round } from './stats.js';

export interface ColdStartResult {
  /** From spawning `cita serve` to its JSON line (listening). */
  listeningMs: number;
  /** From spawning to the answer of the first `POST /api/status`. */
  firstStatusMs: number;
  /** From spawning to the answer of the first hybrid food search (loads the model). */
  firstSearchMs: number;
  /** The server process's peak resident memory after that search (Linux only). */
  peakRssMb: number | null;
}

/** A running `cita serve` child: its URL, a POST helper with its token, and a way to stop it. */
export interface ServedCita {
  url: string;
  pid: number | undefined;
  /** POSTs to `/api/<operation>`; rejects on a non-2xx answer. */
  post(operation: string, body: unknown): Promise<unknown>;
  /** SIGTERM, then resolves with the exit code once it exited (null when a signal ended it). */
  stop(): Promise<number | null>;
}

export interface ServeOptions {
  /** The server's whole life (default 2 minutes), start-up included: then it is killed, so a hung run leaves no server. */
  timeoutMs?: number;
  /** `--database`: the catalog in this PostgreSQL (several servers may share it). */
  databaseUrl?: string;
  /** Environment variables of the server on top of this process's (e.g. CITA_MULTILINGUAL_DIR). */
  env?: Record<string, string>;
  /** `hashing`: the bench's hashing embedder instead of the configured one, to search a synthetic catalog's vectors. */
  embedder?: 'configured' | 'hashing';
}

/** Starts the built `cita serve` on a data directory and resolves once it printed its URL and token. */
export async function startServedCita(dataDir: string, options: ServeOptions = {}): Promise<ServedCita> {
  const timeoutMs = options.timeoutMs ?? 120_000;
  const database = options.databaseUrl ? ['--database', options.databaseUrl] : [];
  const entry = options.embedder === 'hashing' ? join(packageRoot(), 'dist', 'main', 'cli', 'bench-serve-run.js') : join(packageRoot(), 'bin', 'cita.mjs');
  const child = spawn(process.execPath, [entry, 'serve', '--port', '0', '--json', '--data-dir', dataDir, ...database], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...options.env },
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const stop = async (): Promise<number | null> => {
    clearTimeout(timer);
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    return child.exitCode;
  };
  try {
    const { url, token } = JSON.parse(await firstLine(child)) as { url: string; token: string };
    const post = async (operation: string, body: unknown) => {
      const response = await fetch(new URL(`/api/${operation}`, url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) {
        const said = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        throw new Error(`POST /api/${operation} answered HTTP ${response.status}${said?.error?.message ? `: ${said.error.message}` : ''}`);
      }
      return response.json();
    };
    return { url, pid: child.pid, post, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Starts the built `cita serve` on a seeded data directory and times it to its first answers. */
export async function benchColdStart(options: { dataDir: string; query: string; timeoutMs?: number }): Promise<ColdStartResult> {
  const started = performance.now();
  const served = await startServedCita(options.dataDir, options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {});
  try {
    const listeningMs = performance.now() - started;
    await served.post('status', {});
    const firstStatusMs = performance.now() - started;
    await served.post('search', { corpus: 'foods', query: options.query, strategy: 'hybrid' });
    const firstSearchMs = performance.now() - started;
    return { listeningMs: round(listeningMs, 0), firstStatusMs: round(firstStatusMs, 0), firstSearchMs: round(firstSearchMs, 0), peakRssMb: peakRss(served.pid) };
  } finally {
    await served.stop();
  }
}

function firstLine(child: ReturnType<typeof spawn>): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = '';
    let errors = '';
    child.stderr?.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString('utf8')).slice(-2000)));
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString('utf8');
      const end = buffered.indexOf('\n');
      if (end >= 0) resolve(buffered.slice(0, end));
    });
    child.once('close', (code) => reject(new Error(`cita serve exited (${code}) before listening: ${errors.trim()}`)));
  });
}

/** VmHWM from /proc: the peak resident set of a running process, in MB. */
function peakRss(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? round(Number(match[1]) / 1024, 0) : null;
  } catch {
    return null;
  }
}
