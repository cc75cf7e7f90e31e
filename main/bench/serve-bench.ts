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

/** Starts the built `cita serve` on a seeded data directory and times it to its first answers. */
export async function benchColdStart(options: { dataDir: string; query: string; timeoutMs?: number }): Promise<ColdStartResult> {
  const started = performance.now();
  const child = spawn(process.execPath, [join(packageRoot(), 'bin', 'cita.mjs'), 'serve', '--port', '0', '--json', '--data-dir', options.dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 120_000);
  try {
    const line = await firstLine(child);
    const listeningMs = performance.now() - started;
    const { url, token } = JSON.parse(line) as { url: string; token: string };
    const post = async (operation: string, body: unknown) => {
      const response = await fetch(new URL(`/api/${operation}`, url), {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST /api/${operation} answered HTTP ${response.status}`);
      return response.json();
    };
    await post('status', {});
    const firstStatusMs = performance.now() - started;
    await post('search', { corpus: 'foods', query: options.query, strategy: 'hybrid' });
    const firstSearchMs = performance.now() - started;
    return { listeningMs: round(listeningMs, 0), firstStatusMs: round(firstStatusMs, 0), firstSearchMs: round(firstSearchMs, 0), peakRssMb: peakRss(child.pid) };
  } finally {
    clearTimeout(timer);
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('close', resolve));
      child.kill('SIGTERM');
      await exited;
    }
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
