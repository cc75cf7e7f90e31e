import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, shippedMigrations } from '../../../main/db/connection.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

/** Opens a fresh database migrated up to `version` (the migration under test included). */
function databaseAt(version: number) {
  return openDatabase(join(tempDir(), 'cita.sqlite'), { upTo: version });
}

function tables(db: ReturnType<typeof databaseAt>): string[] {
  return (db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') ORDER BY name").all() as { name: string }[]).map((row) => row.name);
}

describe('migrations', () => {
  it('are numbered 1..N without gaps', () => {
    const versions = shippedMigrations().map((migration) => migration.version);
    expect(versions).toEqual(versions.map((_, index) => index + 1));
  });

  it('0001_init: settings and profiles, with the default profile', () => {
    const db = databaseAt(1);
    expect(tables(db)).toEqual(expect.arrayContaining(['settings', 'profiles']));
    expect(db.prepare('SELECT id FROM profiles').all()).toEqual([{ id: 'default' }]);
    expect(() => db.prepare("INSERT INTO settings (section, value) VALUES ('ui', 'not json')").run()).toThrow();
    db.close();
  });
});
