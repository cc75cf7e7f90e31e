import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from 'better-sqlite3';
import { AppError } from '../core/errors.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

const migrationFile = /^(\d{4})_([a-z0-9_]+)\.sql$/;

/** Reads `NNNN_name.sql` files; versions must run 1, 2, 3… without gaps. */
export function loadMigrations(directory: string): Migration[] {
  const migrations = readdirSync(directory)
    .map((file) => ({ file, match: migrationFile.exec(file) }))
    .filter((entry): entry is { file: string; match: RegExpExecArray } => entry.match !== null)
    .map(({ file, match }) => ({
      version: Number(match[1]),
      name: match[2] as string,
      sql: readFileSync(join(directory, file), 'utf8'),
    }))
    .sort((a, b) => a.version - b.version);
  migrations.forEach((migration, index) => {
    if (migration.version !== index + 1) {
      throw new Error(`migrations: expected version ${index + 1} but found ${migration.version} (${migration.name})`);
    }
  });
  return migrations;
}

/** The schema version recorded in the file. */
export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

/** Refuses a database written by a newer cita before anything is changed in it. */
export function assertNotNewer(db: Database, migrations: readonly Migration[], file: string): void {
  const current = schemaVersion(db);
  const latest = migrations.length;
  if (current > latest) {
    throw new AppError(
      'database_too_new',
      `The database ${file} has schema version ${current}, but this cita knows versions up to ${latest}. ` +
        'It was written by a newer cita; update cita, or point --data-dir elsewhere. Nothing was changed.',
    );
  }
}

/** Applies pending migrations, each in its own transaction together with its `user_version` bump. */
export function migrate(db: Database, migrations: readonly Migration[], upTo = migrations.length): number[] {
  const applied: number[] = [];
  for (const migration of migrations) {
    if (migration.version > upTo || migration.version <= schemaVersion(db)) continue;
    db.transaction(() => {
      db.exec(migration.sql);
      db.pragma(`user_version = ${migration.version}`);
    })();
    applied.push(migration.version);
  }
  return applied;
}
