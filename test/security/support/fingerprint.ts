import { createHash } from 'node:crypto';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';

export interface Fingerprint {
  /** Row count per table (virtual tables excluded: their shadow tables hold the data). */
  counts: Record<string, number>;
  /** SHA-256 over every row of every table, in a stable order. */
  hash: string;
}

/** Counts and a hash of every stored row: two equal fingerprints mean nothing was written in between. */
export function fingerprint(db: Database): Fingerprint {
  const tables = db
    .prepare<[], { name: string; sql: string | null }>("SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
    .all()
    .filter((table) => !/^\s*CREATE\s+VIRTUAL\s+TABLE/i.test(table.sql ?? ''));
  const hash = createHash('sha256');
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const quoted = `"${name.replace(/"/g, '""')}"`;
    const columns = db
      .prepare<[string], { name: string }>('SELECT name FROM pragma_table_info(?)')
      .all(name)
      .map((column) => `quote("${column.name.replace(/"/g, '""')}")`);
    // SQLite renders every value (quote() writes blobs as hex) so the hash sees exact contents, at C speed.
    const rowText = columns.join(` || char(31) || `);
    const order = hasRowid(db, quoted) ? 'ORDER BY rowid' : `ORDER BY ${columns.map((_, index) => index + 1).join(', ')}`;
    const row = db.prepare(`SELECT count(*) AS n, group_concat(line, char(30)) AS text FROM (SELECT ${rowText} AS line FROM ${quoted} ${order})`).get() as { n: number; text: string | null };
    counts[name] = row.n;
    hash.update(`\u0001${name}\u0001${row.text ?? ''}`);
  }
  return { counts, hash: hash.digest('hex') };
}

function hasRowid(db: Database, quotedTable: string): boolean {
  try {
    db.prepare(`SELECT rowid FROM ${quotedTable} LIMIT 0`);
    return true;
  } catch {
    return false;
  }
}

/** The fingerprint of a database file, opened read-only (sqlite-vec loaded). */
export function fingerprintFile(file: string): Fingerprint {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    sqliteVec.load(db);
    return fingerprint(db);
  } finally {
    db.close();
  }
}

/** `PRAGMA integrity_check` of a database file: 'ok' when intact. */
export function integrityOf(file: string): string {
  const db = new BetterSqlite3(file, { fileMustExist: true });
  try {
    sqliteVec.load(db);
    return String(db.pragma('integrity_check', { simple: true }));
  } finally {
    db.close();
  }
}
