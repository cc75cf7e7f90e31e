import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/connection.js';
import { nutrientKeys } from '../../../shared/nutrients.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

function columnsOf(db: ReturnType<typeof openDatabase>, view: string): string[] {
  return (db.prepare(`SELECT name FROM pragma_table_info('${view}')`).all() as { name: string }[]).map((row) => row.name);
}

function freshDatabase() {
  const db = openDatabase(join(tempDir(), 'cita.sqlite'));
  db.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana'), ('ben', 'Ben')").run();
  const insertFood = db.prepare(
    `INSERT INTO foods (code, owner, name, source, energy_kcal, sodium, ${nutrientKeys.filter((key) => !['energy_kcal', 'sodium'].includes(key)).join(', ')}, embed_text, embed_hash)
     VALUES (?, ?, ?, 'test', ?, ?, ${nutrientKeys
       .slice(2)
       .map(() => '1')
       .join(', ')}, '', '')`,
  );
  const shared = Number(insertFood.run('S1', null, 'Bread', 250, 450).lastInsertRowid);
  const bens = Number(insertFood.run('U9', 'ben', "Ben's cheese", 300, 620).lastInsertRowid);
  return { db, shared, bens };
}

describe('0006_diary schema', () => {
  it('has a column for every registry nutrient in the per-entry and daily views', () => {
    const { db } = freshDatabase();
    const entryColumns = columnsOf(db, 'diary_entry_nutrients');
    const totalColumns = columnsOf(db, 'diary_daily_totals');
    for (const key of nutrientKeys) {
      expect(entryColumns).toContain(key);
      expect(totalColumns).toContain(key);
      expect(totalColumns).toContain(`${key}_unmeasured`);
    }
    const nutrientLike = entryColumns.filter((name) => !['entry_id', 'profile', 'date', 'meal', 'food_id', 'food_code', 'food_name', 'food_brand', 'food_owner', 'grams'].includes(name));
    expect(nutrientLike.sort()).toEqual([...nutrientKeys].sort());
    db.close();
  });

  it('accepts a target for every registry nutrient and nothing else', () => {
    const { db } = freshDatabase();
    const insert = db.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('ana', ?, 10, '2026-07-01')");
    for (const key of nutrientKeys) expect(() => insert.run(key)).not.toThrow();
    expect(() => insert.run('vitamin_z')).toThrow(/CHECK/);
    db.close();
  });

  it('computes per-entry nutrients as grams / 100 × the value per 100 g, and daily totals as their sums', () => {
    const { db, shared } = freshDatabase();
    const insert = db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ana', '2026-07-02', ?, ?, ?)");
    insert.run('breakfast', shared, 91);
    insert.run('dinner', shared, 50);
    expect(db.prepare("SELECT sodium, energy_kcal FROM diary_entry_nutrients WHERE meal = 'breakfast'").get()).toEqual({ sodium: 409.5, energy_kcal: 227.5 });
    expect(db.prepare("SELECT entries, grams, sodium FROM diary_daily_totals WHERE profile = 'ana'").get()).toEqual({ entries: 2, grams: 141, sodium: 634.5 });
    db.close();
  });

  it('resolves the target in force each day: the latest effective on or before it', () => {
    const { db, shared } = freshDatabase();
    const target = db.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('ana', 'sodium', ?, ?)");
    target.run(2300, '2026-06-01');
    target.run(2000, '2026-07-01');
    const entry = db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ana', ?, 'lunch', ?, 100)");
    for (const date of ['2026-05-31', '2026-06-30', '2026-07-01', '2026-07-15']) entry.run(date, shared);
    const rows = db.prepare("SELECT date, target FROM diary_daily_nutrients WHERE profile = 'ana' AND nutrient = 'sodium' ORDER BY date").all();
    expect(rows).toEqual([
      { date: '2026-05-31', target: null },
      { date: '2026-06-30', target: 2300 },
      { date: '2026-07-01', target: 2000 },
      { date: '2026-07-15', target: 2000 },
    ]);
    db.close();
  });

  it('refuses an entry whose food belongs to another profile, on insert and on update', () => {
    const { db, shared, bens } = freshDatabase();
    expect(() => db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ana', '2026-07-02', 'lunch', ?, 40)").run(bens)).toThrow(/not visible/);
    db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ben', '2026-07-02', 'lunch', ?, 40)").run(bens);
    const id = Number(db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ana', '2026-07-02', 'lunch', ?, 40)").run(shared).lastInsertRowid);
    expect(() => db.prepare('UPDATE diary_entries SET food_id = ? WHERE id = ?').run(bens, id)).toThrow(/not visible/);
    expect(db.prepare("SELECT COUNT(*) AS count FROM diary_entry_nutrients WHERE profile = 'ana'").get()).toEqual({ count: 1 });
    db.close();
  });

  it('refuses impossible dates, unknown meals and grams out of range', () => {
    const { db, shared } = freshDatabase();
    const insert = db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ana', ?, ?, ?, ?)");
    for (const [date, meal, grams] of [
      ['2026-02-30', 'lunch', 10],
      ['1999-12-31', 'lunch', 10],
      ['2026-7-2', 'lunch', 10],
      ['2026-07-02', 'brunch', 10],
      ['2026-07-02', 'lunch', 0],
      ['2026-07-02', 'lunch', 5001],
    ] as const) {
      expect(() => insert.run(date, meal, shared, grams), `${date} ${meal} ${grams}`).toThrow(/CHECK/);
    }
    db.close();
  });
});
