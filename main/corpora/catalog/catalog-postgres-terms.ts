import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { keywordRowsToDerive } from '../../db/postgres/keyword-format.js';
import { indexedFields, type IndexedField } from '../../retrieval/keyword-index.js';
import type { StemCache } from '../../retrieval/stemming.js';
import { catalogKeywordDocument, type CatalogKeywordRow } from './catalog-keyword.js';

/**
 * How a field's keyword columns are derived; stored with each field (`keyword_format`), so fields an older cita wrote
 * are derived again when the store opens (`upgradeCatalogKeywordColumns`). 1: none (before
 * migrations/postgres/0010_catalog_keyword_terms.sql, or a row written by hand); 2: the terms of SQLite's MiniSearch
 * index with their counts in each text, and each text's BM25 length. A cita refuses fields of a format above its own:
 * it would search terms it cannot read.
 */
export const catalogKeywordFormat = 2;

/** How many times a term may count in one text: the counts share one number (`termCountCode`). */
export const maximumTermCount = 999;

/**
 * A term's counts in a field's business name, definition and physical name as one number, business + 1,000 ×
 * definition + 1,000,000 × physical name, each at most `maximumTermCount` (the statement reads them back with % and /).
 */
export function termCountCode(business: number, definition: number, physical: number): number {
  const capped = (count: number) => Math.min(count, maximumTermCount);
  return capped(business) + 1000 * capped(definition) + 1_000_000 * capped(physical);
}

/** A field's keyword columns, as catalog_fields holds them (migrations/postgres/0010_catalog_keyword_terms.sql). */
export interface CatalogKeywordColumns {
  /** A JSON object: each term and its `termCountCode`. */
  term_counts: string;
  business_length: number;
  definition_length: number;
  physical_length: number;
  keyword_format: number;
}

/**
 * A field's terms exactly as the SQLite store's MiniSearch index holds them (keyword-index.ts `indexedFields`: folded,
 * cita's stop words dropped, stemmed in the language of the whole field, the physical name split at "_"), with how
 * often each occurs in each text (BM25's term frequencies), and each text's BM25 length. `stems` keeps the stems of a
 * run of many fields.
 */
export function catalogKeywordColumns(row: Omit<CatalogKeywordRow, 'id'>, stems?: StemCache): CatalogKeywordColumns {
  const fields = indexedFields(catalogKeywordDocument({ id: 0, ...row }), stems);
  const texts = ['business_name', 'definition', 'physical_name'].map((name) => fields[name] ?? { terms: [], length: 1 });
  const counts = new Map<string, [number, number, number]>();
  texts.forEach((text, index) => {
    for (const term of text.terms) {
      const entry = counts.get(term) ?? [0, 0, 0];
      entry[index] = (entry[index] ?? 0) + 1;
      counts.set(term, entry);
    }
  });
  const [business, definition, physical] = texts as [IndexedField, IndexedField, IndexedField];
  return {
    term_counts: JSON.stringify(Object.fromEntries([...counts].map(([term, [inBusiness, inDefinition, inPhysical]]) => [term, termCountCode(inBusiness, inDefinition, inPhysical)]))),
    business_length: business.length,
    definition_length: definition.length,
    physical_length: physical.length,
    keyword_format: catalogKeywordFormat,
  };
}

/** The keyword columns in the order the writes below and the import (catalog-postgres-import.ts) send them. */
export const catalogKeywordColumnNames = ['term_counts', 'business_length', 'definition_length', 'physical_length', 'keyword_format'] as const satisfies ReadonlyArray<keyof CatalogKeywordColumns>;

/** Each keyword column's SQL type, for the arrays of a bulk write. */
export const catalogKeywordColumnTypes: Record<keyof CatalogKeywordColumns, string> = {
  term_counts: 'jsonb',
  business_length: 'int',
  definition_length: 'int',
  physical_length: 'int',
  keyword_format: 'int',
};

/** Serialises the catalog's writes from every process (imports, the keyword upgrade), until the transaction ends. */
export const lockCatalogWrites = "SELECT pg_advisory_xact_lock(hashtext('cita_catalog_import'))";

/** Fields derived per transaction of the upgrade. */
const upgradeSlice = 5000;

/**
 * Derives the keyword columns of fields an older cita (or an administrator's own SQL) wrote, `keyword_format` below
 * `catalogKeywordFormat`, so they are searched as this cita's are: when the store opens, before any search. In slices
 * of `upgradeSlice` fields, each its own transaction under the catalog's import lock, so processes opening together
 * derive each field once and a run cut short resumes at the next open (`slice` is smaller in tests); the triggers of
 * migrations/postgres/0010_catalog_keyword_terms.sql count each slice's terms with its write. Fields of a format above
 * this cita's are refused (`database_too_new`). It is one-time work that takes minutes on a large catalog, so it says
 * how far it is through `onProgress` (`N of M fields`, M the fields left when it started). Returns the number of fields
 * this process derived.
 */
export async function upgradeCatalogKeywordColumns(database: PostgresDatabase, onProgress?: (message: string) => void, slice = upgradeSlice): Promise<number> {
  const total = await keywordRowsToDerive(database, { table: 'catalog_fields', format: catalogKeywordFormat, rows: 'catalog fields' });
  if (total === 0) return 0;
  const report = (done: number) => onProgress?.(`updating the data catalog's keyword terms on PostgreSQL (one time): ${done} of ${total} fields`);
  report(0);
  let upgraded = 0;
  const stems: StemCache = new Map();
  for (;;) {
    const done = await database.transaction(async (client) => {
      await client.query(lockCatalogWrites);
      const rows = (
        await client.query<{ id: number } & Omit<CatalogKeywordRow, 'id'>>('SELECT id, business_name, definition, physical_name FROM catalog_fields WHERE keyword_format < $1 ORDER BY id LIMIT $2', [
          catalogKeywordFormat,
          slice,
        ])
      ).rows;
      if (rows.length === 0) return { rows: 0, left: 0 };
      const values = rows.map((row) => catalogKeywordColumns(row, stems));
      await client.query(
        `UPDATE catalog_fields f SET ${catalogKeywordColumnNames.map((column) => `${column} = v.${column}`).join(', ')}
         FROM unnest($1::bigint[], ${catalogKeywordColumnNames.map((column, index) => `$${index + 2}::${catalogKeywordColumnTypes[column]}[]`).join(', ')})
           AS v (id, ${catalogKeywordColumnNames.join(', ')})
         WHERE f.id = v.id`,
        [rows.map((row) => row.id), ...catalogKeywordColumnNames.map((column) => values.map((value) => value[column]))],
      );
      const [left] = (await client.query<{ n: number }>('SELECT count(*)::int AS n FROM catalog_fields WHERE keyword_format < $1', [catalogKeywordFormat])).rows;
      return { rows: rows.length, left: left?.n ?? 0 };
    });
    if (done.rows === 0) break;
    upgraded += done.rows;
    // Another process opening at the same time derives slices too: the count is of the whole database's fields.
    report(Math.max(0, total - done.left));
  }
  return upgraded;
}
