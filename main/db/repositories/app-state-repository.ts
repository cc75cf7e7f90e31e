import type { Database } from 'better-sqlite3';

/** One-time facts about a data directory (e.g. `first_run_demo`: pending, seeded, removed). */
export interface AppStateRepository {
  get(key: string): string | undefined;
  set(key: string, value: string): void;
}

/** The app_state rows. */
export function createAppStateRepository(db: Database): AppStateRepository {
  const select = db.prepare<[string], { value: string }>('SELECT value FROM app_state WHERE key = ?');
  const upsert = db.prepare<[string, string]>('INSERT INTO app_state (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value');
  return {
    get: (key) => select.get(key)?.value,
    set: (key, value) => void upsert.run(key, value),
  };
}
