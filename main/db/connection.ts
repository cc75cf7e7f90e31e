import { accessSync, chmodSync, constants, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { AppError } from '../core/errors.js';
import { packageRoot } from '../paths.js';
import { assertNotNewer, loadMigrations, migrate, type Migration } from './migrator.js';

export type { Database } from 'better-sqlite3';

export interface OpenOptions {
  migrations?: readonly Migration[];
  /** Stop at this schema version (migration tests). */
  upTo?: number;
}

/** The shipped migrations. */
export function shippedMigrations(): Migration[] {
  return loadMigrations(join(packageRoot(), 'migrations'));
}

/** Creates the data directory or explains why it cannot be used. */
export function ensureWritableDirectory(directory: string): void {
  try {
    makeDirectories(directory);
    accessSync(directory, constants.W_OK);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new AppError('unavailable', `Cannot use the data directory ${directory}: it is not writable (${reason}).`);
  }
}

/** mkdir -p, one level at a time: Node 20's recursive mkdir spins forever on some paths (e.g. under /proc). */
function makeDirectories(directory: string): void {
  const missing: string[] = [];
  for (let current = directory; !existsSync(current); current = dirname(current)) {
    if (dirname(current) === current) break;
    missing.unshift(current);
  }
  // Only the user may read a data directory cita creates: it holds diaries and an API secret.
  for (const path of missing) mkdirSync(path, { mode: 0o700 });
}

/**
 * Opens (creating if needed) a cita database: sqlite-vec loaded, WAL, foreign keys, a quick integrity check,
 * then migrations. A newer schema or a damaged file is refused before anything is written.
 */
export function openDatabase(file: string, options: OpenOptions = {}): Database {
  ensureWritableDirectory(dirname(file));
  const migrations = options.migrations ?? shippedMigrations();
  let db: Database;
  const created = !existsSync(file);
  try {
    db = new BetterSqlite3(file);
    if (created) chmodSync(file, 0o600);
  } catch (error) {
    throw new AppError('unavailable', `Cannot open the database ${file}: ${(error as Error).message}`);
  }
  try {
    sqliteVec.load(db);
    db.pragma('busy_timeout = 5000');
    checkIntegrity(db, file);
    assertNotNewer(db, migrations, file);
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.pragma('foreign_keys = ON');
    migrate(db, migrations, options.upTo);
    return db;
  } catch (error) {
    db.close();
    throw error;
  }
}

function checkIntegrity(db: Database, file: string): void {
  let verdict: unknown;
  try {
    verdict = db.pragma('quick_check', { simple: true });
  } catch (error) {
    throw new AppError('database_corrupt', `The database ${file} cannot be read (${(error as Error).message}). Restore a backup with "cita restore".`);
  }
  if (verdict !== 'ok') {
    throw new AppError('database_corrupt', `The database ${file} failed its integrity check (${String(verdict)}). Restore a backup with "cita restore".`);
  }
}
