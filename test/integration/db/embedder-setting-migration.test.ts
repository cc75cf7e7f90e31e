import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/connection.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

/** A database at 13 holding the given settings rows, migrated to 14; returns the rows after. */
function migrated(rows: Record<string, unknown>): Record<string, unknown> {
  const file = join(tempDir(), 'cita.sqlite');
  const before = openDatabase(file, { upTo: 13 });
  const insert = before.prepare('INSERT INTO settings (section, value) VALUES (?, ?)');
  for (const [section, value] of Object.entries(rows)) insert.run(section, JSON.stringify(value));
  before.close();
  const after = openDatabase(file, { upTo: 14 });
  const stored = Object.fromEntries((after.prepare('SELECT section, value FROM settings').all() as { section: string; value: string }[]).map((row) => [row.section, JSON.parse(row.value) as unknown]));
  after.close();
  return stored;
}

// Before 0014 every save wrote every section whole, so the old default "local" says nobody chose it.
const written = { dtype: 'fp32', threads: 2, cloud_batch_size: 20, cloud_pause_ms: 65_000, cloud_timeout_ms: 15_000 };

describe('migration 0014_embedder_automatic', () => {
  it('turns the old default "local" into "auto", keeping the rest of the section and the other sections', () => {
    const stored = migrated({ embedder: { provider: 'local', ...written }, ui: { language: 'es', theme: 'dark' } });
    expect(stored).toEqual({ embedder: { provider: 'auto', ...written }, ui: { language: 'es', theme: 'dark' } });
  });

  it('keeps the providers that were never the default: Voyage, Gemini, none', () => {
    for (const provider of ['voyage', 'gemini', 'none']) expect(migrated({ embedder: { provider, ...written } }).embedder, provider).toEqual({ provider, ...written });
  });

  it('writes nothing where nothing was saved', () => {
    expect(migrated({})).toEqual({});
  });
});
