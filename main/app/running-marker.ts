import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Each process using a data directory leaves `running/<pid>.json` there while it has it open, so an operation that
 * must not run under a live app (restoring a backup replaces the database under its in-memory indexes) can say who
 * is using it. A marker whose process is gone (a crash, kill -9) is ignored and cleared.
 */
export interface RunningProcess {
  pid: number;
  /** What it is, e.g. "cita serve". */
  command: string;
  since: string;
}

function directoryOf(dataDir: string): string {
  return join(dataDir, 'running');
}

/** Marks this process as using `dataDir`; the returned function removes the mark (also done at exit). */
export function markRunning(dataDir: string): () => void {
  const directory = directoryOf(dataDir);
  const file = join(directory, `${process.pid}.json`);
  const entry: RunningProcess = { pid: process.pid, command: describeCommand(), since: new Date().toISOString() };
  try {
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(entry), { mode: 0o600 });
  } catch {
    // A read-only data directory can still be searched; it cannot be restored into either.
    return () => undefined;
  }
  const remove = () => rmSync(file, { force: true });
  process.once('exit', remove);
  return () => {
    process.off('exit', remove);
    remove();
  };
}

/** Other live processes using `dataDir` (this one excluded). */
export function otherRunningProcesses(dataDir: string): RunningProcess[] {
  let names: string[];
  try {
    names = readdirSync(directoryOf(dataDir)).filter((name) => /^\d+\.json$/.test(name));
  } catch {
    return [];
  }
  const running: RunningProcess[] = [];
  for (const name of names) {
    const pid = Number(name.slice(0, -'.json'.length));
    if (pid === process.pid) continue;
    if (!isProcessAlive(pid)) {
      rmSync(join(directoryOf(dataDir), name), { force: true });
      continue;
    }
    try {
      running.push(JSON.parse(readFileSync(join(directoryOf(dataDir), name), 'utf8')) as RunningProcess);
    } catch {
      running.push({ pid, command: 'cita', since: '' });
    }
  }
  return running;
}

/** Whether a process with this id exists (possibly another user's). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function describeCommand(): string {
  const words = process.argv.slice(2).filter((word) => !word.startsWith('-'));
  return words.length > 0 ? `cita ${words[0]}` : 'cita';
}
