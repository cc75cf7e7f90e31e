import type { Database } from 'better-sqlite3';

export interface Profile {
  id: string;
  name: string;
}

export interface ProfilesRepository {
  exists(id: string): boolean;
  list(): Profile[];
  /** Creates the profile if it does not exist; returns whether it was created. */
  ensure(id: string, name: string): boolean;
}

/** Profiles: the unit of isolation for foods and diary. */
export function createProfilesRepository(db: Database): ProfilesRepository {
  const selectOne = db.prepare<[string], { id: string }>('SELECT id FROM profiles WHERE id = ?');
  const selectAll = db.prepare<[], Profile>('SELECT id, name FROM profiles ORDER BY id');
  const insert = db.prepare<[string, string]>('INSERT OR IGNORE INTO profiles (id, name) VALUES (?, ?)');
  return {
    exists: (id) => selectOne.get(id) !== undefined,
    list: () => selectAll.all(),
    ensure: (id, name) => insert.run(id, name).changes > 0,
  };
}
