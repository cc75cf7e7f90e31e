import type { Database } from 'better-sqlite3';

export interface Profile {
  id: string;
  name: string;
  /** Demo data, loaded by cita (first start or `cita seed --demo`), not entered by the user. */
  demo: boolean;
}

export interface ProfilesRepository {
  exists(id: string): boolean;
  list(): Profile[];
  /** Creates the profile if it does not exist; returns whether it was created. */
  ensure(id: string, name: string): boolean;
  /** Creates the profile as demo data unless it exists; false when it exists and is not demo data (a user's). */
  ensureDemo(id: string, name: string): boolean;
  /** The ids of the profiles that are demo data. */
  demoIds(): string[];
}

/** Profiles: the unit of isolation for foods and diary. */
export function createProfilesRepository(db: Database): ProfilesRepository {
  const selectOne = db.prepare<[string], { id: string }>('SELECT id FROM profiles WHERE id = ?');
  const selectAll = db.prepare<[], { id: string; name: string; demo: number }>('SELECT id, name, demo FROM profiles ORDER BY id');
  const insert = db.prepare<[string, string]>('INSERT OR IGNORE INTO profiles (id, name) VALUES (?, ?)');
  const insertDemo = db.prepare<[string, string]>('INSERT OR IGNORE INTO profiles (id, name, demo) VALUES (?, ?, 1)');
  const selectDemo = db.prepare<[string], { demo: number }>('SELECT demo FROM profiles WHERE id = ?');
  const selectDemoIds = db.prepare<[], { id: string }>('SELECT id FROM profiles WHERE demo = 1 ORDER BY id');
  return {
    exists: (id) => selectOne.get(id) !== undefined,
    list: () => selectAll.all().map((row) => ({ id: row.id, name: row.name, demo: row.demo === 1 })),
    ensure: (id, name) => insert.run(id, name).changes > 0,
    ensureDemo(id, name) {
      insertDemo.run(id, name);
      return selectDemo.get(id)?.demo === 1;
    },
    demoIds: () => selectDemoIds.all().map((row) => row.id),
  };
}
