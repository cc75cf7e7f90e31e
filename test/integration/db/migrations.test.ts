import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, shippedMigrations } from '../../../main/db/connection.js';
import { readIfctFoods } from '../../../main/corpora/foods/ifct.js';
import { nutrientKeys } from '../../../shared/nutrients.js';
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

  it('0002_vector_spaces: one registry row per corpus, embedder and formula', () => {
    const db = databaseAt(2);
    const insert = db.prepare("INSERT INTO vector_spaces (corpus, embedder_id, formula, dimensions, table_name) VALUES ('foods', 'e', 'v1', 384, ?)");
    insert.run('vec_a');
    expect(() => insert.run('vec_b')).toThrow(/UNIQUE/);
    expect(() => db.prepare("INSERT INTO vector_spaces (corpus, embedder_id, formula, dimensions, table_name) VALUES ('kb', 'e', 'v1', 0, 'vec_c')").run()).toThrow(/CHECK/);
    db.close();
  });

  it('0003_foods: one nutrient column per registry key of the time, owned rows cascade with their profile', () => {
    const db = databaseAt(3);
    const columns = (db.prepare('PRAGMA table_info(foods)').all() as { name: string }[]).map((column) => column.name);
    // Keys added later come with their own migration (saturated_fat: 0013).
    for (const key of nutrientKeys.filter((key) => key !== 'saturated_fat')) expect(columns).toContain(key);
    expect(columns).not.toContain('saturated_fat');
    db.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana')").run();
    const insert = db.prepare("INSERT INTO foods (code, owner, name, source, sodium, embed_text, embed_hash) VALUES (?, ?, ?, 'user', ?, 'x', 'h')");
    insert.run('U1', 'ana', 'Pan', 450);
    expect(() => insert.run('U2', 'ana', '  ', 1)).toThrow(/CHECK/);
    expect(() => insert.run('U3', 'ana', 'Sal', -1)).toThrow(/CHECK/);
    db.prepare("DELETE FROM profiles WHERE id = 'ana'").run();
    expect(db.prepare('SELECT count(*) AS n FROM foods').get()).toEqual({ n: 0 });
    db.close();
  });

  it('0008_food_names: foods get a scientific name and local names, empty by default and bounded', () => {
    const db = databaseAt(8);
    const insert = db.prepare("INSERT INTO foods (code, name, source, embed_text, embed_hash, local_names) VALUES (?, 'Naranja', 'user', 'x', 'h', ?)");
    insert.run('U1', 'H. Santra');
    expect(db.prepare("SELECT scientific_name, local_names FROM foods WHERE code = 'U1'").get()).toEqual({ scientific_name: '', local_names: 'H. Santra' });
    expect(() => insert.run('U2', 'x'.repeat(2001))).toThrow(/CHECK/);
    db.close();
  });

  it('0007_diary_imports: the import ledger goes with its profile', () => {
    const db = databaseAt(7);
    db.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana')").run();
    db.prepare("INSERT INTO diary_imports (profile, sha256, rows) VALUES ('ana', 'abc', 2)").run();
    expect(() => db.prepare("INSERT INTO diary_imports (profile, sha256, rows) VALUES ('nobody', 'abc', 2)").run()).toThrow(/FOREIGN KEY/);
    db.prepare("DELETE FROM profiles WHERE id = 'ana'").run();
    expect(db.prepare('SELECT count(*) AS n FROM diary_imports').get()).toEqual({ n: 0 });
    db.close();
  });

  it("0009_demo_data: a new data directory is due the first-run demo; one holding the user's data is not", () => {
    const fresh = databaseAt(9);
    expect(fresh.prepare('SELECT key, value FROM app_state').all()).toEqual([{ key: 'first_run_demo', value: 'pending' }]);
    expect(fresh.prepare('SELECT id, demo FROM profiles').all()).toEqual([{ id: 'default', demo: 0 }]);
    expect(() => fresh.prepare("INSERT INTO profiles (id, name, demo) VALUES ('x', 'X', 2)").run()).toThrow(/CHECK/);
    fresh.close();

    const cases: Array<[string, (db: ReturnType<typeof databaseAt>) => void]> = [
      ['a profile of their own', (db) => db.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana')").run()],
      ['a food of their own', (db) => db.prepare("INSERT INTO foods (code, owner, name, source, embed_text, embed_hash) VALUES ('U1', 'default', 'Pan', 'user', 'x', 'h')").run()],
      [
        'a diary entry',
        (db) => {
          db.prepare("INSERT INTO foods (code, name, source, embed_text, embed_hash) VALUES ('A1', 'Rice', 'ifct', 'x', 'h')").run();
          db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('default', '2026-07-02', 'lunch', 1, 80)").run();
        },
      ],
    ];
    for (const [what, write] of cases) {
      const file = join(tempDir(), 'cita.sqlite');
      const before = openDatabase(file, { upTo: 8 });
      write(before);
      before.close();
      const after = openDatabase(file, { upTo: 9 });
      expect(after.prepare('SELECT count(*) AS n FROM app_state').get(), what).toEqual({ n: 0 });
      after.close();
    }
  });

  it('0009_demo_data: the demo profile of an earlier `cita seed --demo` is marked as demo data, a user\'s "demo" is not', () => {
    for (const [name, demo] of [
      ['Demo', 1],
      ['My demo', 0],
    ] as const) {
      const file = join(tempDir(), 'cita.sqlite');
      const before = openDatabase(file, { upTo: 8 });
      before.prepare("INSERT INTO profiles (id, name) VALUES ('demo', ?)").run(name);
      before.close();
      const after = openDatabase(file, { upTo: 9 });
      expect(after.prepare("SELECT demo FROM profiles WHERE id = 'demo'").get()).toEqual({ demo });
      after.close();
    }
  });

  it("0010_demo_rows: rows already in a demo profile are of unknown origin, every other profile's are the user's, new rows are the user's", () => {
    const file = join(tempDir(), 'cita.sqlite');
    const before = openDatabase(file, { upTo: 9 });
    before.prepare("INSERT INTO profiles (id, name, demo) VALUES ('demo', 'Demo', 1), ('ana', 'Ana', 0)").run();
    before.prepare("INSERT INTO foods (code, name, source, embed_text, embed_hash) VALUES ('A1', 'Rice', 'ifct', 'x', 'h')").run();
    const entry = before.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES (?, '2026-07-02', 'lunch', 1, 80)");
    entry.run('demo');
    entry.run('ana');
    before.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('demo', 'sodium', 2000, '2026-01-01')").run();
    before.close();
    const after = openDatabase(file, { upTo: 10 });
    expect(after.prepare('SELECT profile, demo FROM diary_entries ORDER BY profile').all()).toEqual([
      { profile: 'ana', demo: 0 },
      { profile: 'demo', demo: null },
    ]);
    expect(after.prepare('SELECT demo FROM diary_targets').all()).toEqual([{ demo: null }]);
    after.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('demo', '2026-07-03', 'lunch', 1, 80)").run();
    expect(after.prepare("SELECT demo FROM diary_entries WHERE date = '2026-07-03'").get()).toEqual({ demo: 0 });
    expect(() => after.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams, demo) VALUES ('ana', '2026-07-03', 'lunch', 1, 80, 2)").run()).toThrow(/CHECK/);
    after.close();
  });

  it('0011_food_portions: shipped units per IFCT code, own units go with their profile, an entry keeps its unit and loses it only with the unit', () => {
    const db = databaseAt(11);
    const shipped = db.prepare("SELECT name_en, grams FROM food_portions WHERE food_code = 'M001' AND owner IS NULL ORDER BY grams").all();
    expect(shipped).toEqual([
      { name_en: 'small egg', grams: 38 },
      { name_en: 'medium egg', grams: 44 },
      { name_en: 'large egg', grams: 50 },
    ]);
    expect((db.prepare("SELECT count(*) AS n FROM food_portions WHERE owner IS NULL AND source NOT LIKE 'USDA FoodData Central, SR Legacy %'").get() as { n: number }).n).toBe(0);
    db.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana')").run();
    const own = db.prepare("INSERT INTO food_portions (food_code, owner, name_en, name_es, grams) VALUES ('U1', 'ana', ?, ?, ?)");
    const id = Number(own.run('slice', 'slice', 30).lastInsertRowid);
    expect(() => own.run('slice', 'slice', 31)).toThrow(/UNIQUE/);
    expect(() => own.run('bowl', 'bowl', 0)).toThrow(/CHECK/);
    expect(() => own.run(' ', ' ', 10)).toThrow(/CHECK/);
    db.prepare("INSERT INTO foods (code, owner, name, source, embed_text, embed_hash) VALUES ('U1', 'ana', 'Bread', 'user', 'x', 'h')").run();
    const entry = db.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams, portion_id, portion_quantity) VALUES ('ana', '2026-07-02', 'lunch', 1, 60, ?, ?)");
    entry.run(id, 2);
    expect(() => entry.run(id, 0)).toThrow(/CHECK/);
    db.prepare('DELETE FROM food_portions WHERE id = ?').run(id);
    expect(db.prepare('SELECT grams, portion_id, portion_quantity FROM diary_entries').get()).toEqual({ grams: 60, portion_id: null, portion_quantity: 2 });
    db.prepare("DELETE FROM profiles WHERE id = 'ana'").run();
    expect(db.prepare('SELECT count(*) AS n FROM food_portions WHERE owner IS NOT NULL').get()).toEqual({ n: 0 });
    db.close();
  });

  it('0012_kb_documents: cards and chunks keep their ids and rows; a document may have no web address and an original id', () => {
    const file = join(tempDir(), 'cita.sqlite');
    const before = openDatabase(file, { upTo: 11 });
    before
      .prepare(
        `INSERT INTO kb_cards (id, title, category, source_name, source_url, last_reviewed, body, content_hash)
       VALUES ('mi-oars', 'OARS', 'motivational-interviewing', 'SAMHSA', 'https://store.samhsa.gov/x', '2026-11-29', '## A\n\nText.', 'h')`,
      )
      .run();
    before
      .prepare(
        "INSERT INTO kb_chunks (id, owner, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash) VALUES (42, NULL, 'mi-oars', 0, 'A', 'Text.', 'c', 'OARS\nA\nText.', 'e')",
      )
      .run();
    before.close();
    const after = openDatabase(file, { upTo: 12 });
    expect(after.prepare('SELECT id, source_url, original_id, content_hash FROM kb_cards').all()).toEqual([
      { id: 'mi-oars', source_url: 'https://store.samhsa.gov/x', original_id: null, content_hash: 'h' },
    ]);
    expect(after.prepare('SELECT id, card_id FROM kb_chunks').all()).toEqual([{ id: 42, card_id: 'mi-oars' }]);
    after
      .prepare(
        `INSERT INTO kb_cards (id, title, category, source_name, source_url, last_reviewed, body, original_id, content_hash)
       VALUES ('4983', 'A paper', 'reference', 'corpus.jsonl', '', '2026-12-01', 'Text.', 'PMC 4983', 'h2')`,
      )
      .run();
    expect(() => after.prepare("UPDATE kb_cards SET source_url = 'http://example.org' WHERE id = '4983'").run()).toThrow(/CHECK/);
    expect(() =>
      after.prepare("INSERT INTO kb_chunks (owner, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash) VALUES (NULL, 'nope', 0, '', 'x', 'c', 'x', 'e')").run(),
    ).toThrow(/FOREIGN KEY/);
    after.prepare("DELETE FROM kb_cards WHERE id = 'mi-oars'").run();
    expect(after.prepare('SELECT count(*) AS n FROM kb_chunks').get()).toEqual({ n: 0 });
    after.close();
  });

  it('0015_kb_severity: stored cards keep their rows with no severity; a severity is one of the five levels', () => {
    const file = join(tempDir(), 'cita.sqlite');
    const before = openDatabase(file, { upTo: 14 });
    before
      .prepare(
        `INSERT INTO kb_cards (id, title, category, source_name, source_url, last_reviewed, body, content_hash)
       VALUES ('ddi-warfarin-nsaids', 'Warfarin with NSAIDs', 'drug-interaction', 'MedlinePlus', 'https://medlineplus.gov/x', '2026-11-29', '## A\n\nText.', 'h')`,
      )
      .run();
    before.close();
    const after = openDatabase(file, { upTo: 15 });
    expect(after.prepare('SELECT id, severity, content_hash FROM kb_cards').all()).toEqual([{ id: 'ddi-warfarin-nsaids', severity: null, content_hash: 'h' }]);
    after.prepare("UPDATE kb_cards SET severity = 'avoid'").run();
    expect(() => after.prepare("UPDATE kb_cards SET severity = 'severe'").run()).toThrow(/CHECK/);
    after.close();
  });

  it('0013_saturated_fat: every registry key is a column of foods, and the latest migration adds none the registry lacks', () => {
    const db = databaseAt(shippedMigrations().length);
    const columns = db.prepare('PRAGMA table_info(foods)').all() as { name: string; type: string }[];
    for (const key of nutrientKeys) expect(columns.find((column) => column.name === key)?.type, key).toBe('REAL');
    expect(() => db.prepare("INSERT INTO foods (code, name, source, saturated_fat, embed_text, embed_hash) VALUES ('U1', 'Lard', 'user', -1, 'x', 'h')").run()).toThrow(/CHECK/);
    db.close();
  });

  it("0013_saturated_fat: a database at 12 with IFCT foods, own foods, entries and targets gets IFCT's saturated fat and keeps every row", () => {
    const ifct = readIfctFoods();
    const file = join(tempDir(), 'cita.sqlite');
    const before = openDatabase(file, { upTo: 12 });
    before.prepare("INSERT INTO profiles (id, name) VALUES ('ana', 'Ana')").run();
    // The shared base as `cita seed` wrote it before 0013: every IFCT food, without saturated fat.
    const shared = before.prepare("INSERT INTO foods (code, owner, name, source, fat, embed_text, embed_hash) VALUES (?, NULL, ?, 'IFCT 2017', ?, 'x', 'h')");
    before.transaction(() => {
      for (const food of ifct) shared.run(food.code, food.name, food.per100g.fat ?? null);
    })();
    before.prepare("INSERT INTO foods (code, owner, name, source, fat, embed_text, embed_hash) VALUES ('U1', 'ana', 'Pan', 'profile:ana', 3.4, 'x', 'h')").run();
    const ghee = (before.prepare("SELECT id FROM foods WHERE code = 'T013'").get() as { id: number }).id;
    const entry = before.prepare("INSERT INTO diary_entries (profile, date, meal, food_id, grams) VALUES ('ana', '2026-07-02', ?, ?, ?)");
    entry.run('lunch', ghee, 10);
    entry.run('dinner', (before.prepare("SELECT id FROM foods WHERE code = 'U1'").get() as { id: number }).id, 50);
    before.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from, demo) VALUES ('ana', 'sodium', 2000, '2026-01-01', NULL)").run();
    expect(() => before.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('ana', 'saturated_fat', 20, '2026-01-01')").run()).toThrow(/CHECK/);
    const targetsBefore = before.prepare('SELECT * FROM diary_targets ORDER BY id').all();
    before.close();

    const after = openDatabase(file, { upTo: 13 });
    const stored = new Map(
      (after.prepare('SELECT code, saturated_fat FROM foods WHERE owner IS NULL').all() as { code: string; saturated_fat: number | null }[]).map((row) => [row.code, row.saturated_fat]),
    );
    const published = ifct.filter((food) => food.per100g.saturated_fat !== undefined);
    expect(published.length).toBe(542);
    for (const food of published) expect(stored.get(food.code), food.code).toBe(food.per100g.saturated_fat);
    expect(stored.get('T013')).toBeCloseTo(71.02, 2); // ghee
    expect(stored.get('T001')).toBeCloseTo(90.86, 2); // coconut oil
    expect(after.prepare("SELECT saturated_fat FROM foods WHERE code = 'U1'").get()).toEqual({ saturated_fat: null });
    expect(after.prepare('SELECT * FROM diary_targets ORDER BY id').all()).toEqual(targetsBefore);
    expect(after.prepare('SELECT meal, saturated_fat FROM diary_entry_nutrients ORDER BY meal').all()).toEqual([
      { meal: 'dinner', saturated_fat: null },
      { meal: 'lunch', saturated_fat: expect.closeTo(7.102, 6) },
    ]);
    expect(after.prepare('SELECT saturated_fat, saturated_fat_unmeasured FROM diary_daily_totals').get()).toEqual({ saturated_fat: expect.closeTo(7.102, 6), saturated_fat_unmeasured: 1 });
    after.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('ana', 'saturated_fat', 20, '2026-07-01')").run();
    expect(after.prepare("SELECT amount, target FROM diary_daily_nutrients WHERE nutrient = 'saturated_fat'").get()).toEqual({ amount: expect.closeTo(7.102, 6), target: 20 });
    expect(after.prepare("SELECT target FROM diary_daily_nutrients WHERE nutrient = 'sodium'").get()).toEqual({ target: 2000 });
    expect(() => after.prepare("INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('ana', 'trans_fat', 1, '2026-07-01')").run()).toThrow(/CHECK/);
    after.prepare("DELETE FROM profiles WHERE id = 'ana'").run();
    expect(after.prepare('SELECT count(*) AS n FROM diary_targets').get()).toEqual({ n: 0 });
    after.close();
  });
  it('0016_manuals: a manual, its sections (each after its parent) and passages; removing the manual removes them', () => {
    const db = databaseAt(16);
    db.prepare("INSERT INTO manuals (id, title, source_name, source_url, content_hash) VALUES ('guide', 'Guide', 'Publisher', 'https://example.org', 'h')").run();
    const section = db.prepare(
      "INSERT INTO manual_sections (manual_id, section_index, parent_index, level, heading, item_key, summary, summary_by, embed_text, embed_hash) VALUES ('guide', ?, ?, 2, 'Heading', ?, '', 'lead', 'x', 'h')",
    );
    const chapter = Number(section.run(0, null, 'guide#Heading').lastInsertRowid);
    expect(() => section.run(1, 1, 'guide#Self')).toThrow(/CHECK/);
    expect(() => section.run(2, 0, 'guide#Heading')).toThrow(/UNIQUE/);
    db.prepare("INSERT INTO manual_passages (manual_id, section_id, chunk_index, passage, embed_text, embed_hash) VALUES ('guide', ?, 0, 'Text.', 'x', 'h')").run(chapter);
    expect(() => db.prepare("INSERT INTO manuals (id, title, source_name, source_url, content_hash) VALUES ('web', 'W', 'P', 'http://insecure', 'h')").run()).toThrow(/CHECK/);
    db.prepare("DELETE FROM manuals WHERE id = 'guide'").run();
    expect(db.prepare('SELECT (SELECT count(*) FROM manual_sections) + (SELECT count(*) FROM manual_passages) AS n').get()).toEqual({ n: 0 });
    db.close();
  });
});
