import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../main/db/connection.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('migration 0005_kb', () => {
  function database() {
    const db = openDatabase(join(tempDir(), 'cita.sqlite'), { upTo: 5 });
    db.prepare(
      `INSERT INTO kb_cards (id, title, category, source_name, source_url, last_reviewed, body, content_hash)
       VALUES ('mi-oars', 'OARS', 'motivational-interviewing', 'SAMHSA', 'https://store.samhsa.gov/x', '2026-11-29', '## A\n\nText.', 'h')`,
    ).run();
    return db;
  }
  const insertChunk = (db: ReturnType<typeof database>, values: Partial<Record<string, unknown>> = {}) =>
    db
      .prepare(
        `INSERT INTO kb_chunks (owner, card_id, chunk_index, section, passage, content_hash, embed_text, embed_hash)
         VALUES (@owner, @card_id, @chunk_index, @section, @passage, 'c', 'OARS\nA\nText.', 'e')`,
      )
      .run({ owner: null, card_id: 'mi-oars', chunk_index: 0, section: 'A', passage: 'Text.', ...values });

  it('creates the cards and chunks tables at schema version 5', () => {
    const db = database();
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    insertChunk(db);
    expect(db.prepare('SELECT card_id, chunk_index, owner FROM kb_chunks').all()).toEqual([{ card_id: 'mi-oars', chunk_index: 0, owner: null }]);
    db.close();
  });

  it('refuses a source URL that is not https', () => {
    const db = database();
    expect(() => db.prepare("UPDATE kb_cards SET source_url = 'http://example.org' WHERE id = 'mi-oars'").run()).toThrow(/CHECK/);
    db.close();
  });

  it('keeps one chunk per card and position, shared (no owner), and never empty', () => {
    const db = database();
    insertChunk(db);
    expect(() => insertChunk(db)).toThrow(/UNIQUE/);
    expect(() => insertChunk(db, { chunk_index: 1, owner: 'default' })).toThrow(/CHECK/);
    expect(() => insertChunk(db, { chunk_index: 2, passage: '  ' })).toThrow(/CHECK/);
    expect(() => insertChunk(db, { chunk_index: 3, card_id: 'no-such-card' })).toThrow(/FOREIGN KEY/);
    db.close();
  });

  it("deletes a card's chunks with the card", () => {
    const db = database();
    insertChunk(db);
    db.prepare("DELETE FROM kb_cards WHERE id = 'mi-oars'").run();
    expect(db.prepare('SELECT count(*) AS n FROM kb_chunks').get()).toEqual({ n: 0 });
    db.close();
  });
});

describe('migration 0017_kb_origin', () => {
  it("marks the cards and manuals this version ships as shipped, and every other stored one as the user's", () => {
    const file = join(tempDir(), 'cita.sqlite');
    const before = openDatabase(file, { upTo: 16 });
    const card = before.prepare(
      `INSERT INTO kb_cards (id, title, category, source_name, source_url, last_reviewed, body, content_hash)
       VALUES (?, 'T', 'escalation', 'S', '', '2026-11-29', '## A\n\nText.', 'h')`,
    );
    card.run('esc-hyperkalemia');
    card.run('sala-azul');
    const manual = before.prepare("INSERT INTO manuals (id, title, source_name, source_url, content_hash) VALUES (?, 'T', 'S', '', 'h')");
    manual.run('sqlite-transactions');
    manual.run('clinic-handbook');
    before.close();
    const after = openDatabase(file);
    expect(after.prepare('SELECT id, origin FROM kb_cards ORDER BY id').all()).toEqual([
      { id: 'esc-hyperkalemia', origin: 'shipped' },
      { id: 'sala-azul', origin: 'user' },
    ]);
    expect(after.prepare('SELECT id, origin FROM manuals ORDER BY id').all()).toEqual([
      { id: 'clinic-handbook', origin: 'user' },
      { id: 'sqlite-transactions', origin: 'shipped' },
    ]);
    after.close();
  });
});
