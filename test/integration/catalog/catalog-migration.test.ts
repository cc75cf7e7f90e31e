import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/connection.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

function catalogDatabase() {
  const db = openDatabase(join(tempDir(), 'cita.sqlite'), { upTo: 4 });
  db.prepare("INSERT INTO catalog_sources (id, name) VALUES ('creditos', 'Cartera de créditos')").run();
  return db;
}

const insertField = `INSERT INTO catalog_fields (source, physical_name, business_name, definition, data_type, embed_text, embed_hash, owner)
  VALUES (?, ?, 'Días de atraso', 'Días impagos.', 'INTEGER', 'Días de atraso. Días impagos.', 'h', ?)`;

describe('migration 0004_catalog', () => {
  it('creates sources, fields and notes', () => {
    const db = catalogDatabase();
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'catalog_%' ORDER BY name").all() as { name: string }[]).map((row) => row.name);
    expect(tables).toEqual(['catalog_fields', 'catalog_notes', 'catalog_sources']);
    db.close();
  });

  it('keeps (source, physical_name) unique and the catalog shared (owner NULL)', () => {
    const db = catalogDatabase();
    db.prepare(insertField).run('creditos', 'CRT_DIAS_MORA', null);
    expect(() => db.prepare(insertField).run('creditos', 'CRT_DIAS_MORA', null)).toThrow(/UNIQUE/);
    expect(() => db.prepare(insertField).run('creditos', 'CRT_OTRO', 'default')).toThrow(/CHECK/);
    expect(() => db.prepare(insertField).run('desconocida', 'CRT_OTRO', null)).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it('refuses a source id outside lower-case letters and "_"', () => {
    const db = catalogDatabase();
    expect(() => db.prepare("INSERT INTO catalog_sources (id, name) VALUES ('Riesgo-Mercado', 'x')").run()).toThrow(/CHECK/);
    db.close();
  });

  it("stores a condition only as a JSON object and drops a field's notes with it", () => {
    const db = catalogDatabase();
    const fieldId = Number(db.prepare(insertField).run('creditos', 'CRT_DIAS_MORA', null).lastInsertRowid);
    const insertNote = db.prepare('INSERT INTO catalog_notes (field_id, position, note, condition_json) VALUES (?, ?, ?, ?)');
    insertNote.run(fieldId, 0, 'Nota', '{"always": true}');
    expect(() => insertNote.run(fieldId, 1, 'Nota', '{always: true}')).toThrow(/CHECK/);
    expect(() => insertNote.run(fieldId, 1, 'Nota', '["always"]')).toThrow(/CHECK/);
    db.prepare('DELETE FROM catalog_fields WHERE id = ?').run(fieldId);
    expect(db.prepare('SELECT count(*) AS n FROM catalog_notes').get()).toEqual({ n: 0 });
    db.close();
  });

  it('never reuses the id of a removed field, so a vector left behind cannot pass for another field', () => {
    const db = catalogDatabase();
    const first = Number(db.prepare(insertField).run('creditos', 'A', null).lastInsertRowid);
    db.prepare('DELETE FROM catalog_fields WHERE id = ?').run(first);
    const second = Number(db.prepare(insertField).run('creditos', 'B', null).lastInsertRowid);
    expect(second).toBeGreaterThan(first);
    db.close();
  });
});
