import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, realpathSync, renameSync, rmSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { openDatabase, shippedMigrations } from '../db/connection.js';
import type { Migration } from '../db/migrator.js';
import { declaredSpaces, referenceSchema, schemaDifferences, schemaEntries } from '../db/schema-check.js';
import { companionTableSql, vectorTableSql } from '../retrieval/vector-store.js';
import { AppError } from '../core/errors.js';
import { isProcessAlive, otherRunningProcesses } from './running-marker.js';

/** Backups kept by default: older ones are removed after each new backup. */
export const defaultBackupsKept = 10;

/** A backup file's name: `cita-<UTC timestamp>[-<label>].sqlite`, so names sort in time order. */
const backupName = /^cita-(\d{8}T\d{9}Z)(?:-([a-z0-9-]+))?\.sqlite$/;

export interface BackupFile {
  file: string;
  bytes: number;
  /** The UTC time in the name, ISO 8601. */
  taken_at: string;
}

export interface BackupResult {
  backup: BackupFile;
  schema_version: number;
  /** Older backups removed by the rotation. */
  removed: string[];
  kept: number;
}

export interface RestoreResult {
  restored_from: string;
  /** The database that was replaced, saved first (null when the data directory had none). */
  saved: BackupFile | null;
  /** Schema version of the restored file, and after migrating it to this cita. */
  schema_version_before: number;
  schema_version: number;
}

/** Where backups of a data directory live. */
export function backupsDirOf(dataDir: string): string {
  return join(dataDir, 'backups');
}

/** The backups of a data directory, oldest first. */
export function listBackups(dataDir: string): BackupFile[] {
  const directory = backupsDirOf(dataDir);
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => backupName.test(name))
    .sort()
    .map((name) => describeBackup(join(directory, name)));
}

function describeBackup(file: string): BackupFile {
  const stamp = backupName.exec(basename(file))?.[1] ?? '';
  const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(9, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13, 15)}.${stamp.slice(15, 18)}Z`;
  return { file, bytes: statSync(file).size, taken_at: iso };
}

/** A free file name for a backup taken at `now`. */
function newBackupPath(dataDir: string, now: Date, label?: string): string {
  const stamp = now.toISOString().replace(/[-:]/g, '').replace('.', '');
  const directory = backupsDirOf(dataDir);
  for (let attempt = 0; ; attempt += 1) {
    const suffix = [label, attempt > 0 ? String(attempt) : undefined].filter(Boolean).join('-');
    const file = join(directory, `cita-${stamp}${suffix ? `-${suffix}` : ''}.sqlite`);
    if (!existsSync(file) && !existsSync(`${file}.partial`)) return file;
  }
}

/**
 * Copies the open database with SQLite's online backup API (consistent even while it is being written), as a
 * single self-contained file (rollback journal, no -wal), checks the copy's integrity, and only then gives it
 * its final name; a crash midway leaves a `.partial` file that the next backup removes. Then keeps the newest
 * `keep` backups.
 */
export async function backupDatabase(db: Database, dataDir: string, options: { keep?: number; now?: Date; label?: string } = {}): Promise<BackupResult> {
  const keep = options.keep ?? defaultBackupsKept;
  if (!Number.isInteger(keep) || keep < 1) throw new AppError('invalid_input', 'At least one backup must be kept.');
  const directory = backupsDirOf(dataDir);
  mkdirSync(directory, { recursive: true, mode: 0o700 });
  for (const name of readdirSync(directory)) if (name.endsWith('.sqlite.partial')) rmSync(join(directory, name), { force: true });

  const file = newBackupPath(dataDir, options.now ?? new Date(), options.label);
  const partial = `${file}.partial`;
  try {
    await db.backup(partial);
    const copy = openPlain(partial, false);
    try {
      copy.pragma('journal_mode = DELETE');
      assertIntact(copy, partial);
    } finally {
      copy.close();
    }
    // A backup holds the diary: readable by its owner only, like the data directory's secret.
    chmodSync(partial, 0o600);
    renameSync(partial, file);
  } catch (error) {
    rmSync(partial, { force: true });
    if (error instanceof AppError) throw error;
    throw new AppError('unavailable', `The backup could not be written to ${directory}: ${(error as Error).message}`);
  }
  const removed = rotate(dataDir, keep);
  return { backup: describeBackup(file), schema_version: db.pragma('user_version', { simple: true }) as number, removed, kept: listBackups(dataDir).length };
}

function rotate(dataDir: string, keep: number): string[] {
  const backups = listBackups(dataDir);
  const surplus = backups.slice(0, Math.max(0, backups.length - keep));
  for (const backup of surplus) rmSync(backup.file, { force: true });
  return surplus.map((backup) => backup.file);
}

function openPlain(file: string, readonly: boolean): Database {
  const db = new BetterSqlite3(file, { readonly, fileMustExist: true });
  try {
    sqliteVec.load(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

function assertIntact(db: Database, file: string): void {
  const verdict = db.pragma('integrity_check', { simple: true });
  if (verdict !== 'ok') throw new AppError('database_corrupt', `${file} failed its integrity check (${String(verdict)}).`);
}

/**
 * What a file offered for restore is: an intact SQLite database whose schema is exactly the one this cita's
 * migrations produce at its version (tables, columns, indexes; no trigger or view of anyone else's), whose
 * references all resolve, at a version this cita knows. Anything else is refused before the current database
 * is touched, with one line saying why.
 */
export function inspectBackupFile(file: string, migrations: readonly Migration[] = shippedMigrations()): { schema_version: number } {
  if (!existsSync(file) || !statSync(file).isFile()) throw new AppError('not_found', `There is no file ${file}.`);
  let db: Database;
  try {
    db = openPlain(file, true);
  } catch (error) {
    throw new AppError('invalid_input', `${file} is not a cita database (${(error as Error).message}).`);
  }
  try {
    let verdict: unknown;
    let version: number;
    try {
      verdict = db.pragma('integrity_check', { simple: true });
      version = db.pragma('user_version', { simple: true }) as number;
    } catch (error) {
      throw new AppError('invalid_input', `${file} is not a cita database (${(error as Error).message}).`);
    }
    if (verdict !== 'ok') throw new AppError('database_corrupt', `${file} failed its integrity check (${String(verdict).split('\n')[0]}); it was not restored.`);
    if (version < 1) throw new AppError('invalid_input', `${file} is an SQLite database but not a cita database; it was not restored.`);
    if (version > migrations.length) {
      throw new AppError('database_too_new', `${file} has schema version ${version}, but this cita knows versions up to ${migrations.length}; update cita to restore it.`);
    }
    const differences = schemaDifferencesOf(db, migrations, version);
    if (differences.length > 0) {
      const more = differences.length > 3 ? ` and ${differences.length - 3} more` : '';
      throw new AppError('invalid_input', `${file} is not a database cita made (schema version ${version}: ${differences.slice(0, 3).join('; ')}${more}); it was not restored.`);
    }
    const dangling = db.prepare<[], { table: string }>('PRAGMA foreign_key_check').all();
    if (dangling.length > 0) {
      throw new AppError(
        'invalid_input',
        `${file} has ${dangling.length} rows whose references point nowhere (in ${[...new Set(dangling.map((row) => row.table))].slice(0, 3).join(', ')}); it was not restored.`,
      );
    }
    return { schema_version: version };
  } finally {
    db.close();
  }
}

/** How a database's schema differs from the one cita produces at `version`, given the vector spaces it declares. */
function schemaDifferencesOf(db: Database, migrations: readonly Migration[], version: number): string[] {
  let statements: string[];
  try {
    const tables = new Set(schemaEntries(db).map((entry) => entry.name));
    statements = declaredSpaces(db).flatMap((space) => [vectorTableSql(space.table, space.dimensions), ...(tables.has(`${space.table}_floats`) ? [companionTableSql(`${space.table}_floats`)] : [])]);
  } catch (error) {
    return [(error as Error).message];
  }
  return schemaDifferences(referenceSchema(migrations, version, statements), schemaEntries(db));
}

/**
 * Saves the current database before it is replaced: by the backup API, or byte for byte (with its WAL) when
 * SQLite cannot read it — a damaged database is often the reason for restoring, and is kept as it was.
 */
async function saveCurrent(databaseFile: string, dataDir: string, now: Date): Promise<{ saved: BackupFile; damaged: boolean }> {
  mkdirSync(backupsDirOf(dataDir), { recursive: true, mode: 0o700 });
  let current: Database | undefined;
  try {
    current = openPlain(databaseFile, false);
    current.pragma('busy_timeout = 5000');
    if (current.pragma('quick_check', { simple: true }) !== 'ok') throw new Error('damaged');
    const result = await backupDatabase(current, dataDir, { now, label: 'before-restore', keep: Number.MAX_SAFE_INTEGER });
    return { saved: result.backup, damaged: false };
  } catch (error) {
    if (error instanceof AppError && error.code === 'unavailable') throw error;
    current?.close();
    current = undefined;
    const file = newBackupPath(dataDir, now, 'before-restore');
    copyFileSync(databaseFile, file);
    chmodSync(file, 0o600);
    if (existsSync(`${databaseFile}-wal`)) copyFileSync(`${databaseFile}-wal`, `${file}-wal`);
    return { saved: describeBackup(file), damaged: true };
  } finally {
    current?.close();
  }
}

/**
 * Replaces a data directory's database with a backup: the file is checked first (intact, exactly cita's schema,
 * not newer), then copied and migrated to this cita's schema as a staging file next to the database; only when
 * that worked is the current database saved as a backup and the staged copy written into place by the backup API
 * (SQLite journals that write, so a crash midway leaves the old database). A file that fails any step changes
 * nothing. The app should be closed: a running instance would keep its in-memory indexes of the old data.
 */
export async function restoreDatabase(options: { dataDir: string; databaseFile: string; file: string; migrations?: readonly Migration[]; now?: Date }): Promise<RestoreResult> {
  const migrations = options.migrations ?? shippedMigrations();
  // The database would change under a running app's in-memory indexes and caches: it has to be closed first.
  const running = otherRunningProcesses(options.dataDir);
  if (running.length > 0) {
    const who = running.map((entry) => `${entry.command} (pid ${entry.pid}${entry.since ? `, since ${entry.since}` : ''})`).join(', ');
    throw new AppError('unavailable', `cita is using this data directory: ${who}. Close it, then restore; nothing was changed.`);
  }
  const source = resolve(options.file);
  const { schema_version: versionBefore } = inspectBackupFile(source, migrations);
  const now = options.now ?? new Date();
  const exists = existsSync(options.databaseFile);
  if (exists && realpathSync(source) === realpathSync(options.databaseFile)) {
    throw new AppError('invalid_input', `${source} is the database in use; choose a backup file.`);
  }
  const staging = `${options.databaseFile}.restore-${process.pid}.partial`;
  try {
    await stageMigratedCopy(source, staging, migrations);
    const current = exists ? await saveCurrent(options.databaseFile, options.dataDir, now) : null;
    if (current?.damaged) {
      // SQLite cannot write into a file it cannot read; the damaged one is saved, so it makes way.
      for (const suffix of ['', '-wal', '-shm']) rmSync(`${options.databaseFile}${suffix}`, { force: true });
    }
    const input = openPlain(staging, true);
    try {
      await input.backup(options.databaseFile);
    } catch (error) {
      throw new AppError('unavailable', `The backup could not be written over ${options.databaseFile} (is cita running?): ${(error as Error).message}`);
    } finally {
      input.close();
    }
    const restored = openDatabase(options.databaseFile, { migrations });
    try {
      return {
        restored_from: source,
        saved: current?.saved ?? null,
        schema_version_before: versionBefore,
        schema_version: restored.pragma('user_version', { simple: true }) as number,
      };
    } finally {
      restored.close();
    }
  } finally {
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${staging}${suffix}`, { force: true });
  }
}

/**
 * Copies a checked backup to `staging` and migrates the copy to this cita's schema, then checks the result again:
 * a migration that fails on the candidate's rows refuses the restore before the current database is touched.
 */
async function stageMigratedCopy(source: string, staging: string, migrations: readonly Migration[]): Promise<void> {
  removeStaleStaging(dirname(staging));
  const input = openPlain(source, true);
  try {
    await input.backup(staging);
  } catch (error) {
    throw new AppError('unavailable', `The backup could not be copied next to the database: ${(error as Error).message}`);
  } finally {
    input.close();
  }
  chmodSync(staging, 0o600);
  let migrated: Database;
  try {
    migrated = openDatabase(staging, { migrations });
  } catch (error) {
    if (error instanceof AppError && error.code !== 'internal') throw new AppError(error.code, `${source} could not be brought to this cita's schema (${error.message}); it was not restored.`);
    throw new AppError('invalid_input', `${source} could not be brought to this cita's schema (${(error as Error).message}); it was not restored.`);
  }
  try {
    const differences = schemaDifferencesOf(migrated, migrations, migrations.length);
    if (differences.length > 0) throw new AppError('invalid_input', `${source} does not migrate to cita's schema (${differences.slice(0, 3).join('; ')}); it was not restored.`);
    // One self-contained file: the copy into place then reads no -wal beside it.
    migrated.pragma('journal_mode = DELETE');
  } finally {
    migrated.close();
  }
}

/** Staging files of restores that were killed (kill -9, power cut): their process is gone, so nobody needs them. */
function removeStaleStaging(directory: string): void {
  for (const name of readdirSync(directory)) {
    const pid = /\.restore-(\d+)\.partial(?:-wal|-shm)?$/.exec(name)?.[1];
    if (pid !== undefined && (Number(pid) === process.pid || !isProcessAlive(Number(pid)))) rmSync(join(directory, name), { force: true });
  }
}
