import type pg from 'pg';
import type { StemCache } from '../../retrieval/stemming.js';
import type { CatalogDocument, CatalogFieldRecord } from './catalog-document.js';
import { businessTermForm } from './catalog-keyword.js';
import { catalogKeywordColumnNames, catalogKeywordColumns, catalogKeywordColumnTypes, lockCatalogWrites } from './catalog-postgres-terms.js';
import { catalogFieldRow } from './catalog-repository.js';
import type { CatalogImportSummary } from './catalog-store.js';

/** Rows per bulk statement of an import (arrays sent as parameters: one round trip per chunk, not per row). */
const importChunk = 5000;

/** `items` in consecutive slices of at most `size`. */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/**
 * What a field's row holds, derived from its record: the common columns, the folded business name and the keyword
 * terms. Only for the fields an import writes: stemming every unchanged field of a large catalog again would be wasted.
 */
function fieldValues(field: CatalogFieldRecord, stems: StemCache) {
  return {
    ...catalogFieldRow(field),
    business_term: businessTermForm(field.businessName),
    ...catalogKeywordColumns({ business_name: field.businessName, definition: field.definition, physical_name: field.physicalName }, stems),
  };
}

/** The columns an import writes of a new field, with their SQL types. */
const insertedColumns = [
  ...(['source', 'physical_name', 'business_name', 'definition', 'data_type', 'embed_text', 'embed_hash', 'business_term'] as const).map((name) => ({ name, type: 'text' })),
  ...catalogKeywordColumnNames.map((name) => ({ name, type: catalogKeywordColumnTypes[name] })),
];
/** The columns an import rewrites of a changed field (its source and physical name are its key). */
const updatedColumns = insertedColumns.filter((column) => column.name !== 'source' && column.name !== 'physical_name');

type FieldValues = ReturnType<typeof fieldValues>;

/**
 * The import, inside the caller's transaction: the same rules as SQLite's (catalog-repository.ts), written in bulk.
 * The advisory lock serialises imports from every process, so two of them never race on the same (source, field).
 */
export async function importInto(client: pg.PoolClient, document: CatalogDocument): Promise<CatalogImportSummary> {
  await client.query(lockCatalogWrites);
  for (const source of document.sources) {
    await client.query(
      `INSERT INTO catalog_sources (id, name, system, data_owner, description) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, system = excluded.system, data_owner = excluded.data_owner, description = excluded.description, updated_at = now()
       WHERE (catalog_sources.name, catalog_sources.system, catalog_sources.data_owner, catalog_sources.description)
             IS DISTINCT FROM (excluded.name, excluded.system, excluded.data_owner, excluded.description)`,
      [source.id, source.name, source.system, source.dataOwner, source.description],
    );
  }
  const sourceIds = document.sources.map((source) => source.id);
  const existing = (
    await client.query<{ id: number; source: string; physical_name: string; business_name: string; definition: string; data_type: string; embed_hash: string }>(
      'SELECT id, source, physical_name, business_name, definition, data_type, embed_hash FROM catalog_fields WHERE source = ANY($1::text[])',
      [sourceIds],
    )
  ).rows;
  const existingNotes = new Map<number, Array<{ note: string; condition_text: string }>>();
  for (const row of (
    await client.query<{ field_id: number; note: string; condition_text: string }>(
      'SELECT n.field_id, n.note, n.condition_text FROM catalog_notes n JOIN catalog_fields f ON f.id = n.field_id WHERE f.source = ANY($1::text[]) ORDER BY n.field_id, n.position',
      [sourceIds],
    )
  ).rows) {
    const list = existingNotes.get(row.field_id) ?? [];
    list.push(row);
    existingNotes.set(row.field_id, list);
  }
  const byKey = new Map(existing.map((row) => [`${row.source}\u0000${row.physical_name}`, row]));
  const counts: CatalogImportSummary = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  const inserts: Array<{ values: FieldValues; field: CatalogFieldRecord }> = [];
  const updates: Array<{ id: number; values: FieldValues; field: CatalogFieldRecord }> = [];
  const listed = new Set<string>();
  const stems: StemCache = new Map();
  for (const field of document.fields) {
    const key = `${field.source}\u0000${field.physicalName}`;
    listed.add(key);
    const row = byKey.get(key);
    if (!row) {
      inserts.push({ values: fieldValues(field, stems), field });
      continue;
    }
    const notes = existingNotes.get(row.id) ?? [];
    const common = catalogFieldRow(field);
    const same =
      row.business_name === common.business_name &&
      row.definition === common.definition &&
      row.data_type === common.data_type &&
      row.embed_hash === common.embed_hash &&
      notes.length === field.notes.length &&
      notes.every((note, index) => note.note === field.notes[index]?.note && note.condition_text === field.notes[index]?.conditionJson);
    if (same) counts.unchanged += 1;
    else updates.push({ id: row.id, values: fieldValues(field, stems), field });
  }
  const noteRows: Array<{ fieldId: number; position: number; note: string; condition: string }> = [];
  const notesFor = (fieldId: number, field: CatalogFieldRecord) => field.notes.forEach((note, position) => noteRows.push({ fieldId, position, note: note.note, condition: note.conditionJson }));
  const valuesOf = <K extends keyof FieldValues>(rows: ReadonlyArray<{ values: FieldValues }>, key: K) => rows.map((row) => row.values[key]);

  for (const chunk of chunks(inserts, importChunk)) {
    // In the document's order, as SQLite assigns ids: equal scores then break the same way on both stores.
    const inserted = await client.query<{ id: number; source: string; physical_name: string }>(
      `INSERT INTO catalog_fields (${insertedColumns.map((column) => column.name).join(', ')})
       SELECT ${insertedColumns.map((column) => column.name).join(', ')}
       FROM unnest(${insertedColumns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ')}) WITH ORDINALITY AS v (${insertedColumns.map((column) => column.name).join(', ')}, ord)
       ORDER BY ord
       RETURNING id, source, physical_name`,
      insertedColumns.map((column) => valuesOf(chunk, column.name)),
    );
    const ids = new Map(inserted.rows.map((row) => [`${row.source}\u0000${row.physical_name}`, row.id]));
    for (const { field } of chunk) notesFor(ids.get(`${field.source}\u0000${field.physicalName}`) as number, field);
    counts.inserted += chunk.length;
  }
  for (const chunk of chunks(updates, importChunk)) {
    await client.query(
      `UPDATE catalog_fields f SET ${updatedColumns.map((column) => `${column.name} = v.${column.name}`).join(', ')}, updated_at = now()
       FROM unnest($1::bigint[], ${updatedColumns.map((column, index) => `$${index + 2}::${column.type}[]`).join(', ')}) AS v (id, ${updatedColumns.map((column) => column.name).join(', ')})
       WHERE f.id = v.id`,
      [chunk.map((update) => update.id), ...updatedColumns.map((column) => valuesOf(chunk, column.name))],
    );
    await client.query('DELETE FROM catalog_notes WHERE field_id = ANY($1::bigint[])', [chunk.map((update) => update.id)]);
    for (const { id, field } of chunk) notesFor(id, field);
    counts.updated += chunk.length;
  }
  for (const chunk of chunks(noteRows, importChunk)) {
    await client.query(
      `INSERT INTO catalog_notes (field_id, position, note, condition_json, condition_text)
       SELECT v.field_id, v.position, v.note, v.condition::jsonb, v.condition FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[]) AS v (field_id, position, note, condition)`,
      [chunk.map((row) => row.fieldId), chunk.map((row) => row.position), chunk.map((row) => row.note), chunk.map((row) => row.condition)],
    );
  }
  // An import is authoritative for the sources it lists: their fields it no longer lists go, with their notes and vectors.
  const removed = existing.filter((row) => !listed.has(`${row.source}\u0000${row.physical_name}`)).map((row) => row.id);
  for (const chunk of chunks(removed, importChunk)) await client.query('DELETE FROM catalog_fields WHERE id = ANY($1::bigint[])', [chunk]);
  counts.removed = removed.length;
  return counts;
}
