import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Services } from '../../../main/app/bootstrap.js';
import { createServices } from '../../../main/app/bootstrap.js';

/** The "today" of every diary test: the demo's 90 days end here. */
export const testToday = '2026-07-02';

/** Services on a fresh data directory, keyword-only, with the IFCT foods loaded (and the demo diary, ending `today`, when asked). */
export async function diaryServices(dataDir: string, options: { demo?: boolean; today?: string } = {}): Promise<Services> {
  const services = await createServices({ dataDir, embedder: null });
  await services.module('foods')?.ingest?.({});
  if (options.demo) await services.module('diary')?.seedDemo?.({ today: options.today ?? testToday });
  return services;
}

/** Calls an operation as the desktop window does (editor role); returns the Result. */
export function call(services: Services, name: string, input: unknown) {
  return services.dispatcher.call(name, input, { transport: 'ipc', role: 'editor' });
}

/** Calls an operation and returns its value, failing the test on an error. */
export async function value<T>(services: Services, name: string, input: unknown): Promise<T> {
  const result = await call(services, name, input);
  if (!result.ok) throw new Error(`${name} failed: ${result.error.code} ${result.error.message} ${JSON.stringify(result.error.details ?? [])}`);
  return result.value as T;
}

/** Entries of a profile in the database. */
export function entryCount(services: Services, profile?: string): number {
  const row = (
    profile === undefined ? services.db.prepare('SELECT COUNT(*) AS count FROM diary_entries').get() : services.db.prepare('SELECT COUNT(*) AS count FROM diary_entries WHERE profile = ?').get(profile)
  ) as { count: number };
  return row.count;
}

/** A profile's diary entries in a data directory's database, read from the file (for tests that run the built CLI). */
export function entryCountInFile(dataDir: string, profile: string): number {
  const db = new BetterSqlite3(join(dataDir, 'cita.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT COUNT(*) AS count FROM diary_entries WHERE profile = ?').get(profile) as { count: number }).count;
  } finally {
    db.close();
  }
}

/** Numbers to 10 significant digits: sums of the same doubles in another order (SQLite, PostgreSQL) may differ in the last bits. */
export function rounded(value: unknown): unknown {
  if (typeof value === 'number') return Number.isInteger(value) ? value : Number(value.toPrecision(10));
  if (Array.isArray(value)) return value.map(rounded);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, rounded(inner)]));
  return value;
}
