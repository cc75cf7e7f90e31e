import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openDatabase, shippedMigrations } from '../../../main/db/connection.js';
import { schemaVersion } from '../../../main/db/migrator.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('opening a database', () => {
  it('creates the file in WAL mode with foreign keys, sqlite-vec and every migration applied', () => {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'));
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(schemaVersion(db)).toBe(shippedMigrations().length);
    expect((db.prepare('SELECT vec_version() AS v').get() as { v: string }).v).toMatch(/^v0\./);
    db.close();
  });

  it('is idempotent: reopening applies nothing twice', () => {
    const file = join(tempDir(), 'cita.sqlite');
    openDatabase(file).close();
    const db = openDatabase(file);
    expect(schemaVersion(db)).toBe(shippedMigrations().length);
    db.close();
  });

  it('refuses a database from a newer schema and leaves it untouched', () => {
    const file = join(tempDir(), 'cita.sqlite');
    const raw = new BetterSqlite3(file);
    raw.pragma(`user_version = ${shippedMigrations().length + 5}`);
    raw.close();
    const before = readFileSync(file);
    expect(() => openDatabase(file)).toThrow(/newer cita/);
    expect(readFileSync(file).equals(before)).toBe(true);
  });

  it('refuses a file that is not a database with a way out', () => {
    const file = join(tempDir(), 'cita.sqlite');
    writeFileSync(file, 'this is not sqlite, just text that happens to be long enough to have a header '.repeat(20));
    const size = statSync(file).size;
    expect(() => openDatabase(file)).toThrow(/cita restore/);
    expect(statSync(file).size).toBe(size);
  });
});

describe('file permissions', () => {
  it('creates the data directory and database readable by the user only', () => {
    const dataDir = join(tempDir(), 'private', 'data');
    openDatabase(join(dataDir, 'cita.sqlite')).close();
    expect(statSync(dataDir).mode & 0o777).toBe(0o700);
    expect(statSync(join(dataDir, 'cita.sqlite')).mode & 0o777).toBe(0o600);
  });
});
