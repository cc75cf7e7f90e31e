import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { repositoryRoot } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';

/** Every process a test started, and the serve processes they started: a failed test must not leave any running. */
const started = new Set<number>();
afterEach(() => {
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  started.clear();
});
const tempDir = useTempDirs();
// Keyword-only keeps start-up and the background seeding short; signals do not depend on the embedder.
const env = { ...process.env, CITA_MODEL_DIR: '/nonexistent-model' };

/** The running marks in a data directory (running/<pid>.json). */
function marks(dataDir: string): string[] {
  const directory = join(dataDir, 'running');
  const names = existsSync(directory) ? readdirSync(directory).filter((name) => name.endsWith('.json')) : [];
  for (const name of names) started.add(Number(name.replace('.json', '')));
  return names;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(condition: () => boolean, what: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

function start(
  command: string,
  args: string[],
): { child: ChildProcess; exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>; output: () => string; firstJsonLine: Promise<string> } {
  const child = spawn(command, args, { cwd: repositoryRoot, env, stdio: ['ignore', 'pipe', 'pipe'] });
  if (child.pid !== undefined) started.add(child.pid);
  let output = '';
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const firstJsonLine = new Promise<string>((resolve, reject) => {
    lines.on('line', (line) => {
      output += `${line}\n`;
      if (line.startsWith('{')) resolve(line);
    });
    void exited.then(() => reject(new Error(`exited before printing its URL:\n${output}`)));
  });
  // Tests that stop it before it serves never wait for the line.
  firstJsonLine.catch(() => undefined);
  return { child, exited, output: () => output, firstJsonLine };
}

const cita = join(repositoryRoot, 'bin', 'cita.mjs');
const startScript = join(repositoryRoot, 'bin', 'start.mjs');

describe('stopping cita with a signal leaves no running mark', () => {
  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('cita serve stops cleanly on %s', async (signal) => {
    const dataDir = tempDir();
    const serve = start(process.execPath, [cita, 'serve', '--port', '0', '--json', '--data-dir', dataDir]);
    await serve.firstJsonLine;
    expect(marks(dataDir)).toEqual([`${serve.child.pid}.json`]);
    serve.child.kill(signal);
    expect(await serve.exited, serve.output()).toEqual({ code: 0, signal: null });
    expect(marks(dataDir)).toEqual([]);
  });

  it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)("npm start's script (bin/start.mjs) passes %s on and stops with the app", async (signal) => {
    const dataDir = tempDir();
    const app = start(process.execPath, [startScript, '--port', '0', '--json', '--data-dir', dataDir]);
    await app.firstJsonLine;
    const [mark] = marks(dataDir);
    const servePid = Number(mark?.replace('.json', ''));
    expect(servePid).not.toBe(app.child.pid);
    app.child.kill(signal);
    expect((await app.exited).code, app.output()).toBe(0);
    expect(marks(dataDir)).toEqual([]);
    expect(alive(servePid)).toBe(false);
  });

  it("SIGTERM to the npm process of `npm start` stops the app too (npm's shell does not pass it on)", async () => {
    const dataDir = tempDir();
    const npm = start('npm', ['start', '--silent', '--', '--port', '0', '--json', '--data-dir', dataDir]);
    await npm.firstJsonLine;
    const servePid = Number(marks(dataDir)[0]?.replace('.json', ''));
    expect(alive(servePid)).toBe(true);
    npm.child.kill('SIGTERM');
    await npm.exited;
    await until(() => marks(dataDir).length === 0 && !alive(servePid), 'the app to stop after npm did');
  });

  it('cita serve stopped while it is still starting exits without serving', async () => {
    const dataDir = tempDir();
    const serve = start(process.execPath, [cita, 'serve', '--port', '0', '--json', '--data-dir', dataDir]);
    await until(() => marks(dataDir).length > 0, 'the running mark');
    serve.child.kill('SIGTERM');
    expect((await serve.exited).code).toBe(0);
    expect(marks(dataDir)).toEqual([]);
  });

  it('a one-shot command ended by SIGTERM exits with 143 and removes its mark', async () => {
    const dataDir = tempDir();
    const seed = start(process.execPath, [cita, 'seed', '--data-dir', dataDir]);
    await until(() => marks(dataDir).length > 0, 'the running mark');
    seed.child.kill('SIGTERM');
    const exit = await seed.exited;
    // The seed may just have finished on its own; either way nothing is left behind.
    expect([143, 0]).toContain(exit.code);
    expect(marks(dataDir)).toEqual([]);
  });
});
