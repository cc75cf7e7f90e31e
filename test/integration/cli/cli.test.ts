import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { embedderThreads } from '../../../main/embedding/embedder-threads.js';
import { runCita } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('cita command line', () => {
  it('prints help listing its commands', () => {
    const run = runCita(['--help']);
    expect(run.status).toBe(0);
    for (const command of ['seed', 'status', 'serve']) expect(run.stdout).toContain(command);
  });

  it('creates a data directory on seed and reports status as one JSON document', () => {
    const dataDir = join(tempDir(), 'fresh');
    expect(runCita(['seed', '--data-dir', dataDir]).status).toBe(0);
    const status = runCita(['status', '--data-dir', dataDir, '--json']);
    expect(status.status).toBe(0);
    const document = status.json() as { app: { data_dir: string; schema_version: number }; embedder: { mode: string; threads: number | null } };
    expect(document.app.data_dir).toBe(dataDir);
    expect(document.app.schema_version).toBeGreaterThan(0);
    expect(document.embedder.threads).toBe(document.embedder.mode === 'local' ? embedderThreads('auto') : null);
  });

  it('exits 2 with one line for an unknown command', () => {
    const run = runCita(['frobnicate', '--data-dir', tempDir()]);
    expect(run.status).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('unknown command "frobnicate"');
  });

  it('exits 2 for an unknown flag and for a bad flag value', () => {
    expect(runCita(['status', '--colour']).status).toBe(2);
    const bad = runCita(['serve', '--port', 'eighty']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--port must be an integer');
  });

  it("exits 2 for a value the operation's schema refuses, naming the allowed values, before opening any data", () => {
    const dataDir = join(tempDir(), 'untouched');
    const meal = runCita(['diary', 'add', '--date', '2026-12-01', '--meal', 'brunch', '--food', 'A015', '--grams', '80', '--data-dir', dataDir]);
    expect(meal.status).toBe(2);
    expect(meal.stderr).toContain('meal must be one of breakfast, lunch, dinner, snack');
    const strategy = runCita(['search', '--corpus', 'foods', '--query', 'egg', '--strategy', 'bogus', '--data-dir', dataDir, '--json']);
    expect(strategy.status).toBe(2);
    expect((strategy.json() as { ok: boolean; error: { code: string; details: string[] } }).error).toMatchObject({ code: 'invalid_input', details: [expect.stringContaining('strategy')] });
    // Refused before any database was opened: no SQLite file in the data directory (it may not exist at all).
    expect(existsSync(dataDir) ? readdirSync(dataDir).filter((name) => /\.(db|sqlite)/.test(name)) : []).toEqual([]);
  });

  it('reads a negative number after an option as its value and says what is wrong with it, not "ambiguous"', () => {
    const port = runCita(['serve', '--port', '-80', '--data-dir', tempDir()]);
    expect(port.status).toBe(2);
    expect(port.stderr).toContain('--port must be an integer');
    expect(port.stderr).not.toContain('ambiguous');
    const k = runCita(['search', '--corpus', 'foods', '--query', 'egg', '--k', '-3', '--data-dir', tempDir()]);
    expect(k.stderr).not.toContain('ambiguous');
    expect(k.stderr).toContain('--k');
  });

  it('explains an unwritable data directory and writes nothing', () => {
    const file = join(tempDir(), 'a-file');
    writeFileSync(file, '');
    const run = runCita(['seed', '--data-dir', join(file, 'data')]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Cannot use the data directory .* not writable/);
  });

  it('refuses a database from a newer cita, in JSON too, changing nothing', () => {
    const dataDir = tempDir();
    const raw = new BetterSqlite3(join(dataDir, 'cita.sqlite'));
    raw.pragma('user_version = 999');
    raw.close();
    const before = readdirSync(dataDir).sort();
    const run = runCita(['status', '--data-dir', dataDir, '--json']);
    expect(run.status).toBe(1);
    expect(run.json()).toMatchObject({ ok: false, error: { code: 'database_too_new' } });
    expect(readdirSync(dataDir).sort()).toEqual(before);
  });
});
