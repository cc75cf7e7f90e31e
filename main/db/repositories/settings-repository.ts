import type { Database } from 'better-sqlite3';

/** Raw settings sections as stored; validation happens in the settings service. */
export interface SettingsRepository {
  readAll(): Record<string, unknown>;
  writeSections(sections: Record<string, unknown>): void;
}

/** Settings rows: one JSON document per section. */
export function createSettingsRepository(db: Database): SettingsRepository {
  const selectAll = db.prepare<[], { section: string; value: string }>('SELECT section, value FROM settings');
  const upsert = db.prepare<[string, string]>('INSERT INTO settings (section, value) VALUES (?, ?) ON CONFLICT (section) DO UPDATE SET value = excluded.value');
  const writeAll = db.transaction((sections: Record<string, unknown>) => {
    for (const [section, value] of Object.entries(sections)) upsert.run(section, JSON.stringify(value));
  });
  return {
    readAll() {
      const sections: Record<string, unknown> = {};
      for (const row of selectAll.all()) sections[row.section] = JSON.parse(row.value);
      return sections;
    },
    writeSections(sections) {
      writeAll(sections);
    },
  };
}
