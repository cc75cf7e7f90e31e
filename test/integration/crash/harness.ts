import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { repositoryRoot } from '../../helpers/cli.js';

export interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  /** Milliseconds from spawn to the first stderr line (progress), or null when there was none. */
  firstLineMs: number | null;
  /** Milliseconds from spawn to exit. */
  elapsedMs: number;
}

/** When to SIGKILL the child: a delay after spawn, or after its first stderr line (a progress line); `killWhen` decides on stderr instead. */
export interface KillPoint {
  label: string;
  from: 'spawn' | 'first-line';
  delayMs: number;
}

/**
 * Runs the built `cita` with `args` and, when `kill` is given, SIGKILLs it at that point (kill -9: no handler,
 * no cleanup, exactly like a power cut for the process). Progress goes to stderr (CITA_PROGRESS=1).
 */
export function runCitaChild(
  args: string[],
  options: {
    env?: Record<string, string>;
    kill?: KillPoint;
    /** Checked on every stderr chunk and every 10 ms: kill as soon as it holds. */
    killWhen?: (stderr: string) => boolean;
  } = {},
): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'cita.mjs'), ...args], {
      cwd: repositoryRoot,
      env: { ...process.env, CITA_PROGRESS: '1', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    let firstLineMs: number | null = null;
    const killLater = (delayMs: number) => setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGKILL'), delayMs);
    if (options.kill?.from === 'spawn') killLater(options.kill.delayMs);
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
      if (firstLineMs === null && stderr.includes('\n')) {
        firstLineMs = Date.now() - started;
        if (options.kill?.from === 'first-line' && !options.killWhen) killLater(options.kill.delayMs);
      }
      if (options.killWhen?.(stderr) && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    });
    const poll = options.killWhen
      ? setInterval(() => {
          if (options.killWhen?.(stderr) && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
        }, 10)
      : undefined;
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (poll) clearInterval(poll);
      resolve({ code, signal, stdout, stderr, firstLineMs, elapsedMs: Date.now() - started });
    });
  });
}

/**
 * Kill points spread over a run whose reference took `reference`: before the first progress line, right at it,
 * and at fractions of the stretch between it and the end (where the one write transaction runs).
 */
export function killPointsFor(reference: ChildRun, fractions: readonly number[] = [0.25, 0.5, 0.75, 0.9, 0.97]): KillPoint[] {
  const firstLine = reference.firstLineMs;
  if (firstLine === null) {
    return [0.3, 0.5, 0.7, 0.85, 0.92, 0.97, 0.99].map((fraction) => ({
      label: `${Math.round(fraction * 100)}% of the run`,
      from: 'spawn' as const,
      delayMs: Math.round(fraction * reference.elapsedMs),
    }));
  }
  const stretch = Math.max(1, reference.elapsedMs - firstLine);
  return [
    { label: 'before the first progress line', from: 'spawn' as const, delayMs: Math.round(firstLine * 0.6) },
    { label: 'at the first progress line', from: 'first-line' as const, delayMs: 0 },
    ...fractions.map((fraction) => ({ label: `${Math.round(fraction * 100)}% past the first progress line`, from: 'first-line' as const, delayMs: Math.round(fraction * stretch) })),
  ];
}

/** A copy of a prepared (closed) data directory, so every kill starts from the same state. */
export function copyDataDir(from: string, to: string): string {
  cpSync(from, to, { recursive: true });
  return to;
}

export interface TableContent {
  counts: Record<string, number>;
  hash: string;
}

/**
 * The content of some tables, without timestamps (`*_at`), which differ between two runs of the same import:
 * equal contents mean the same rows, no more (duplicates) and no fewer (a partial import).
 */
export function contentOf(databaseFile: string, tables: readonly string[]): TableContent {
  const db = new BetterSqlite3(databaseFile, { readonly: true, fileMustExist: true });
  try {
    sqliteVec.load(db);
    const counts: Record<string, number> = {};
    const hash = createHash('sha256');
    for (const table of tables) {
      const columns = db
        .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
        .all(table)
        .map((column) => column.name)
        .filter((name) => !name.endsWith('_at'));
      const list = columns.map((name) => `"${name}"`).join(', ');
      const rows = db.prepare(`SELECT ${list} FROM "${table}" ORDER BY ${list}`).raw().all() as unknown[][];
      counts[table] = rows.length;
      hash.update(`${table}\u0001`);
      for (const row of rows) hash.update(`${JSON.stringify(row)}\n`);
    }
    return { counts, hash: hash.digest('hex') };
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` after reopening (which also recovers the WAL, as the app's next start would). */
export function integrityAfterReopen(databaseFile: string): string[] {
  const db = new BetterSqlite3(databaseFile, { fileMustExist: true });
  try {
    sqliteVec.load(db);
    return (db.pragma('integrity_check') as Array<{ integrity_check: string }>).map((row) => row.integrity_check);
  } finally {
    db.close();
  }
}

/** What one kill left behind, for the report. */
export interface CrashOutcome {
  scenario: string;
  point: string;
  killed: boolean;
  state: 'before' | 'after' | 'partial';
}

/** Prints the crash points of a file at its end: how many kills landed, and what each left. */
export function reportOutcomes(outcomes: readonly CrashOutcome[]): void {
  const killed = outcomes.filter((outcome) => outcome.killed);
  const lines = outcomes.map((outcome) => `  ${outcome.scenario} — ${outcome.point}: ${outcome.killed ? `killed, left the ${outcome.state} state` : 'finished before the kill'}`);
  console.log(`crash points: ${killed.length} kills landed of ${outcomes.length} tried; partial states: ${outcomes.filter((o) => o.state === 'partial').length}\n${lines.join('\n')}`);
}

export interface ScenarioOptions {
  scenario: string;
  /** A prepared, closed data directory; each run gets a copy. */
  template: string;
  tempDir: () => string;
  args: (dataDir: string) => string[];
  /** The tables the command writes. */
  tables: readonly string[];
  env?: Record<string, string>;
  /** Whether running the command again after it completed is a no-op (ingest) or would add rows again (an import of entries). */
  idempotent: boolean;
}

/**
 * One command, killed at several points: after each kill the database is intact, holds either the state before
 * the command or the state after it (never a mix), and running the command again reaches exactly the state a
 * run without a kill reaches.
 */
export async function crashScenario(options: ScenarioOptions, check: (condition: boolean, message: string) => void): Promise<CrashOutcome[]> {
  const database = (dataDir: string) => join(dataDir, 'cita.sqlite');
  const before = contentOf(database(options.template), options.tables);
  const referenceDir = copyDataDir(options.template, options.tempDir());
  const reference = await runCitaChild(options.args(referenceDir), { env: options.env });
  check(reference.code === 0, `${options.scenario}: the reference run failed: ${reference.stderr}`);
  const after = contentOf(database(referenceDir), options.tables);
  check(after.hash !== before.hash, `${options.scenario}: the command changed nothing, so a kill would prove nothing`);

  const outcomes: CrashOutcome[] = [];
  for (const point of killPointsFor(reference)) {
    const dataDir = copyDataDir(options.template, options.tempDir());
    const run = await runCitaChild(options.args(dataDir), { env: options.env, kill: point });
    const killed = run.signal === 'SIGKILL';
    check(integrityAfterReopen(database(dataDir)).join() === 'ok', `${options.scenario} killed ${point.label}: integrity_check failed`);
    const content = contentOf(database(dataDir), options.tables);
    const state = content.hash === before.hash ? 'before' : content.hash === after.hash ? 'after' : 'partial';
    outcomes.push({ scenario: options.scenario, point: point.label, killed, state });
    check(state !== 'partial', `${options.scenario} killed ${point.label}: a partial import is visible (${JSON.stringify(content.counts)})`);
    if (state === 'before' || options.idempotent) {
      const rerun = await runCitaChild(options.args(dataDir), { env: options.env });
      check(rerun.code === 0, `${options.scenario} killed ${point.label}: the second run failed: ${rerun.stderr}`);
      const final = contentOf(database(dataDir), options.tables);
      check(final.hash === after.hash, `${options.scenario} killed ${point.label}: the second run ended with ${JSON.stringify(final.counts)} instead of ${JSON.stringify(after.counts)}`);
    }
  }
  return outcomes;
}
