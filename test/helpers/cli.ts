import { spawnSync } from 'node:child_process';
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
