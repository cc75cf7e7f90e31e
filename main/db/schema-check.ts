import BetterSqlite3, { type Database } from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { migrate, type Migration } from './migrator.js';

/** One object of a database's schema, as sqlite_master lists it. */
export interface SchemaEntry {
  type: string;
  name: string;
  tbl_name: string;
  sql: string | null;
}

/** A vector space a database declares: its vec0 table and dimensions. */
export interface DeclaredSpace {
  table: string;
  dimensions: number;
}

/** SQLite's own bookkeeping tables: created by SQLite (AUTOINCREMENT, ANALYZE), holding no code. */
const sqliteBookkeeping = new Set(['sqlite_sequence', 'sqlite_stat1', 'sqlite_stat4']);

/** The vec0 table names cita creates (vector-store.ts): checked before a name from a file is used in SQL. */
const spaceTableName = /^vec_[a-z0-9_]{1,60}_\d{1,9}$/;

/** Every schema object of a database (tables, indexes, triggers, views), SQLite's bookkeeping tables excepted. */
export function schemaEntries(db: Database): SchemaEntry[] {
  return db
    .prepare<[], SchemaEntry>('SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name')
    .all()
    .filter((entry) => !(entry.type === 'table' && sqliteBookkeeping.has(entry.name)));
}

/** The vector spaces a database declares (none before the migration that adds them); throws on a row cita never writes. */
export function declaredSpaces(db: Database): DeclaredSpace[] {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'vector_spaces'").get() !== undefined;
  if (!hasTable) return [];
  const rows = db.prepare<[], { table_name: unknown; dimensions: unknown }>('SELECT table_name, dimensions FROM vector_spaces ORDER BY id').all();
  return rows.map((row) => {
    if (typeof row.table_name !== 'string' || !spaceTableName.test(row.table_name)) throw new Error(`a vector space names the table ${JSON.stringify(row.table_name).slice(0, 80)}`);
    if (!Number.isInteger(row.dimensions) || (row.dimensions as number) < 1 || (row.dimensions as number) > 8192)
      throw new Error(`the vector space ${row.table_name} has ${String(row.dimensions)} dimensions`);
    return { table: row.table_name, dimensions: row.dimensions as number };
  });
}

/**
 * The schema cita itself produces at `version`: the migrations up to it, run on an empty in-memory database, then
 * `statements` (the tables created at run time, e.g. each vector space's vec0 table, whose shadow tables sqlite-vec
 * adds itself).
 */
export function referenceSchema(migrations: readonly Migration[], version: number, statements: readonly string[]): SchemaEntry[] {
  const db = new BetterSqlite3(':memory:');
  try {
    sqliteVec.load(db);
    migrate(db, migrations, version);
    for (const statement of statements) db.exec(statement);
    return schemaEntries(db);
  } finally {
    db.close();
  }
}

/** What differs between the expected schema and a database's, one short phrase per object ("unexpected trigger t"). */
export function schemaDifferences(expected: readonly SchemaEntry[], actual: readonly SchemaEntry[]): string[] {
  const key = (entry: SchemaEntry) => `${entry.type} ${entry.name}`;
  const shown = (entry: SchemaEntry) => `${entry.type} ${entry.name.slice(0, 80)}`;
  const wanted = new Map(expected.map((entry) => [key(entry), entry]));
  const found = new Map(actual.map((entry) => [key(entry), entry]));
  const differences: string[] = [];
  for (const [name, entry] of found) {
    const reference = wanted.get(name);
    if (!reference) differences.push(`unexpected ${shown(entry)}`);
    else if (reference.sql !== entry.sql || reference.tbl_name !== entry.tbl_name) differences.push(`${shown(entry)} differs from cita's`);
  }
  for (const [name, entry] of wanted) if (!found.has(name)) differences.push(`missing ${shown(entry)}`);
  return differences;
}
