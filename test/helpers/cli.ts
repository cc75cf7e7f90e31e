import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  status: number | null;
  stdout: string;
  stderr: string;
  json(): unknown;
}

/** Runs the built `cita` (bin/cita.mjs → dist/) as a user would. */
export function runCita(args: string[], options: { env?: Record<string, string>; input?: string } = {}): CliRun {
  const result = spawnSync(process.execPath, [`${repositoryRoot}/bin/cita.mjs`, ...args], {
    cwd: repositoryRoot,
    encoding: 'utf8',
    env: { ...process.env, ...options.env },
    input: options.input,
    timeout: 300_000,
  });
  return {
    status: result.status,
    stdout: result.stdout,
    stderr: result.stderr,
    json: () => JSON.parse(result.stdout),
  };
}

/** `runCita` without blocking the test: for a run the test acts on while it is under way. */
export function runCitaAsync(args: string[], options: { env?: Record<string, string>; timeoutMs?: number } = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`${repositoryRoot}/bin/cita.mjs`, ...args], { cwd: repositoryRoot, env: { ...process.env, ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 300_000);
    child.once('error', reject);
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr, json: () => JSON.parse(stdout) });
    });
  });
}
