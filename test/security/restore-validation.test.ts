/**
 * `cita restore` takes a file only when it is what cita itself would have written: exactly the schema its
 * migrations produce at the file's version (no trigger, view, index, column or table of anyone else's), every
 * reference resolving, and a copy that migrates. A foreign or hostile file is refused with one line and the data
 * directory is left as it was (same rows, no backup taken, no staging file).
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { backupDatabase, backupsDirOf } from '../../main/app/backup.js';
import { createServices, databaseFileOf } from '../../main/app/bootstrap.js';
import { openDatabase } from '../../main/db/connection.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { fingerprintFile } from './support/fingerprint.js';

const tempDir = useTempDirs();

/** A data directory with a profile, a food and a diary entry, and a backup of it outside the directory. */
async function dataDirAndBackup(): Promise<{ dataDir: string; backup: string }> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: null });
  services.profiles.ensure('ana', 'Ana');
  const editor = { transport: 'cli', role: 'editor' } as const;
  const food = await services.dispatcher.call('foods.add', { profile: 'ana', name: 'Gazpacho', per100g: { energy_kcal: 40 } }, editor);
  if (!food.ok) throw new Error(food.error.message);
  await services.dispatcher.call('diary.add', { profile: 'ana', date: '2025-06-01', meal: 'lunch', food: (food.value as { code: string }).code, grams: 250 }, editor);
  await services.close();
  const db = openDatabase(databaseFileOf(dataDir));
  const { backup } = await backupDatabase(db, dataDir);
  db.close();
  const outside = join(tempDir(), 'offered.sqlite');
  const copy = new BetterSqlite3(backup.file, { readonly: true });
  await copy.backup(outside);
  copy.close();
  return { dataDir, backup: outside };
}

/** Restores `file` from the command line and checks it was refused with one line, changing nothing. */
function expectRefused(dataDir: string, file: string): void {
  const before = fingerprintFile(databaseFileOf(dataDir));
  const backupsBefore = readdirSync(backupsDirOf(dataDir));
  const run = runCita(['restore', file, '--data-dir', dataDir]);
  expect(run.status, run.stderr).toBe(1);
  expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
  expect(run.stderr).toMatch(/not restored/);
  expect(fingerprintFile(databaseFileOf(dataDir))).toEqual(before);
  expect(readdirSync(backupsDirOf(dataDir))).toEqual(backupsBefore);
  expect(readdirSync(dataDir).filter((name) => name.includes('.partial'))).toEqual([]);
}

/** Changes a copy of the backup with SQL, as someone preparing a hostile file would. */
function edited(file: string, sql: string): string {
  const db = new BetterSqlite3(file);
  db.exec(sql);
  db.close();
  return file;
}

describe('cita restore refuses, changing nothing,', () => {
  it('an SQLite file that only looks like cita’s (profiles and settings at schema version 1)', async () => {
    const { dataDir } = await dataDirAndBackup();
    const file = join(tempDir(), 'lookalike.sqlite');
    const db = new BetterSqlite3(file);
    db.exec('CREATE TABLE profiles (id TEXT); CREATE TABLE settings (section TEXT, value TEXT)');
    db.pragma('user_version = 1');
    db.close();
    expectRefused(dataDir, file);
  });

  it.each([
    ['a trigger that renames every profile', "CREATE TRIGGER rename_all AFTER INSERT ON diary_entries BEGIN UPDATE profiles SET name = 'pwned'; END"],
    ['a view', 'CREATE VIEW everything AS SELECT * FROM diary_entries'],
    ['an index of its own', 'CREATE INDEX extra_index ON foods (brand)'],
    ['a missing index', 'DROP INDEX diary_entries_by_food'],
    ['an extra column', 'ALTER TABLE profiles ADD COLUMN note TEXT'],
    ['an extra table', 'CREATE TABLE notes (text TEXT)'],
    ['a missing trigger (a profile could then log another profile’s food)', 'DROP TRIGGER diary_entries_food_visible_insert'],
  ])('a cita backup with %s', async (_label, sql) => {
    const { dataDir, backup } = await dataDirAndBackup();
    expectRefused(dataDir, edited(backup, sql));
  });

  it('a cita backup whose rows point at a profile that is not there', async () => {
    const { dataDir, backup } = await dataDirAndBackup();
    expectRefused(dataDir, edited(backup, "PRAGMA foreign_keys = OFF; DELETE FROM profiles WHERE id = 'ana'"));
  });

  it('a cita backup that declares a vector space with a table name cita never writes', async () => {
    const { dataDir, backup } = await dataDirAndBackup();
    expectRefused(dataDir, edited(backup, "INSERT INTO vector_spaces (corpus, embedder_id, formula, dimensions, table_name) VALUES ('foods', 'x', 'f', 4, 'profiles; DROP TABLE foods')"));
  });
});

describe('cita restore of a hostile file', () => {
  it('never runs the file’s trigger', async () => {
    const { dataDir, backup } = await dataDirAndBackup();
    runCita(['restore', edited(backup, "CREATE TRIGGER rename_all AFTER INSERT ON diary_entries BEGIN UPDATE profiles SET name = 'pwned'; END"), '--data-dir', dataDir]);
    const add = runCita(['diary', 'add', '--profile', 'ana', '--date', '2025-06-02', '--meal', 'lunch', '--food', 'U1', '--grams', '10', '--data-dir', dataDir]);
    expect(add.status, add.stderr).toBe(0);
    const db = new BetterSqlite3(databaseFileOf(dataDir), { readonly: true });
    const names = db
      .prepare<[], { name: string }>('SELECT name FROM profiles')
      .all()
      .map((row) => row.name);
    db.close();
    expect(names).not.toContain('pwned');
    expect(existsSync(databaseFileOf(dataDir))).toBe(true);
  });
});
