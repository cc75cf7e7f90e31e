/**
 * Loading the demo again (`cita seed --demo`) never deletes rows it did not write: the entries and targets a user
 * added to the demo profile stay. Rows from before cita marked demo data cannot be told apart, so the database is
 * backed up before they are replaced.
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { listBackups } from '../../main/app/backup.js';
import { createServices, databaseFileOf, type Services } from '../../main/app/bootstrap.js';
import { seedShippedData } from '../../main/app/seed.js';
import { demoProfile } from '../../main/corpora/diary/diary-demo.js';
import { openDatabase } from '../../main/db/connection.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();
const today = '2026-07-02';
const editor = { transport: 'cli', role: 'editor' } as const;

/** What `cita seed --demo` runs (keyword-only here: nothing to embed). */
async function seedDemo(services: Services): Promise<void> {
  await seedShippedData(services, { demo: true, today });
}

const count = (services: Services, sql: string) => (services.db.prepare(sql).get(demoProfile) as { n: number }).n;

describe('cita seed --demo on a demo profile the user wrote into', () => {
  it('keeps the diary entries and targets the user added, and replaces only its own', async () => {
    const services = await createServices({ dataDir: tempDir(), embedder: null });
    try {
      await seedDemo(services);
      const demoEntries = count(services, 'SELECT count(*) AS n FROM diary_entries WHERE profile = ?');
      const csv = ['date,meal,food_code,grams', ...Array.from({ length: 500 }, (_, index) => `2024-0${1 + (index % 9)}-1${index % 10},snack,A015,${index + 1}`)].join('\n');
      const imported = await services.dispatcher.call('diary.import', { profile: demoProfile, csv }, editor);
      expect(imported.ok, JSON.stringify(imported)).toBe(true);
      // The user's own sodium target on the demo's first day.
      const first = services.db.prepare<[string], { day: string }>("SELECT min(effective_from) AS day FROM diary_targets WHERE profile = ? AND nutrient = 'sodium'").get(demoProfile)?.day;
      await services.dispatcher.call('diary.targets.set', { profile: demoProfile, nutrient: 'sodium', amount: 1500, effective_from: first }, editor);

      await seedDemo(services);

      expect(count(services, "SELECT count(*) AS n FROM diary_entries WHERE profile = ? AND meal = 'snack' AND date < '2025-01-01'")).toBe(500);
      expect(count(services, 'SELECT count(*) AS n FROM diary_entries WHERE profile = ?')).toBe(demoEntries + 500);
      expect(services.db.prepare("SELECT amount FROM diary_targets WHERE profile = ? AND nutrient = 'sodium' AND effective_from = ?").get(demoProfile, first)).toEqual({ amount: 1500 });
    } finally {
      await services.close();
    }
  });

  it('backs the database up first when the profile holds rows from before demo data was marked', async () => {
    const dataDir = tempDir();
    const old = openDatabase(databaseFileOf(dataDir), { upTo: 9 });
    old.prepare("INSERT INTO profiles (id, name, demo) VALUES ('demo', 'Demo', 1)").run();
    old.prepare("INSERT INTO foods (code, name, source, embed_text, embed_hash) VALUES ('A015', 'Rice', 'ifct', 'x', 'h')").run();
    old.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('demo', '2024-03-03', 'snack', 1, 42)").run();
    old.close();
    const services = await createServices({ dataDir, embedder: null });
    try {
      await seedDemo(services);
    } finally {
      await services.close();
    }
    const copies = listBackups(dataDir).filter((backup) => backup.file.includes('before-demo'));
    expect(copies).toHaveLength(1);
    const saved = new BetterSqlite3((copies[0] as { file: string }).file, { readonly: true });
    expect(saved.prepare("SELECT grams FROM diary_entries WHERE profile = 'demo' AND date = '2024-03-03'").all()).toEqual([{ grams: 42 }]);
    saved.close();
  });
});
