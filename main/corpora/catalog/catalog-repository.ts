import type { Database } from 'better-sqlite3';
import { embedHash } from '../../retrieval/embedding-text.js';
import type { CatalogDocument, CatalogFieldRecord } from './catalog-document.js';

/** Version of the embedded-text formula; changing the formula must change this (and so every vector's hash). */
export const catalogFormula = 'catalog:business_name+definition+notes:v1';

/** The seed's text: `business_name + ". " + definition + ". " + the notes' text` (every note, whatever its condition). */
export function catalogEmbedText(field: { businessName: string; definition: string; notes: readonly { note: string }[] }): string {
  return `${field.businessName}. ${field.definition}. ${field.notes.map((note) => note.note).join(' ')}`.trimEnd();
}

/** A field's stored columns, derived from its record: the same on every store (PostgreSQL adds its search columns). */
export function catalogFieldRow(field: CatalogFieldRecord) {
  const embedText = catalogEmbedText(field);
  return {
    source: field.source,
    physical_name: field.physicalName,
    business_name: field.businessName,
    definition: field.definition,
    data_type: field.dataType,
    embed_text: embedText,
    embed_hash: embedHash(catalogFormula, embedText),
  };
}

export interface CatalogFieldRow {
  id: number;
  owner: null;
  source: string;
  physical_name: string;
  business_name: string;
  definition: string;
  data_type: string;
  embed_text: string;
  embed_hash: string;
  /** The source's display name (joined). */
  source_name: string;
}

export interface CatalogNoteRow {
  field_id: number;
  position: number;
  note: string;
  condition_json: string;
}

export interface CatalogSourceRow {
  id: string;
  name: string;
  system: string;
  data_owner: string;
  description: string;
  fields: number;
}

export interface CatalogImportCounts {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
  /** Fields inserted or updated (for the keyword index). */
  changed: CatalogFieldRow[];
  removedIds: number[];
}

export interface CatalogRepository {
  /**
   * Writes a validated catalog in one transaction: sources upserted by id, fields upserted by (source,
   * physical_name), and the fields of the imported sources that the document no longer lists removed.
   * `onRemove` runs inside the transaction for each removed field (its vectors go with it).
   */
  importCatalog(document: CatalogDocument, onRemove: (fieldId: number) => void): CatalogImportCounts;
  byIds(ids: readonly number[]): Map<number, CatalogFieldRow>;
  /** Notes of the given fields, in their order. */
  notesOf(fieldIds: readonly number[]): Map<number, CatalogNoteRow[]>;
  all(): CatalogFieldRow[];
  /** How many fields the catalog holds. */
  count(): number;
  sources(): CatalogSourceRow[];
  /** A field by its identity, (source, physical_name). */
  field(source: string, physicalName: string): CatalogFieldRow | undefined;
  /** One source with its field count. */
  source(id: string): CatalogSourceRow | undefined;
  /** A source's fields in the order the catalog lists them, each with its number of notes. */
  fieldsOf(source: string): Array<CatalogFieldRow & { notes: number }>;
}

const fieldColumns = `f.id, f.owner, f.source, f.physical_name, f.business_name, f.definition, f.data_type, f.embed_text, f.embed_hash,
  s.name AS source_name`;

/** All SQL about the data catalog. */
export function createCatalogRepository(db: Database): CatalogRepository {
  const selectSource = db.prepare<[string], { name: string; system: string; data_owner: string; description: string }>(
    'SELECT name, system, data_owner, description FROM catalog_sources WHERE id = ?',
  );
  const insertSource = db.prepare('INSERT INTO catalog_sources (id, name, system, data_owner, description) VALUES (@id, @name, @system, @dataOwner, @description)');
  const updateSource = db.prepare(
    `UPDATE catalog_sources SET name = @name, system = @system, data_owner = @dataOwner, description = @description,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = @id`,
  );
  const selectField = db.prepare<[string, string], CatalogFieldRow>(
    `SELECT ${fieldColumns} FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source WHERE f.source = ? AND f.physical_name = ?`,
  );
  const selectFieldById = db.prepare<[number], CatalogFieldRow>(`SELECT ${fieldColumns} FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source WHERE f.id = ?`);
  const selectAll = db.prepare<[], CatalogFieldRow>(`SELECT ${fieldColumns} FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source ORDER BY f.id`);
  const countFields = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM catalog_fields');
  const selectFieldsOfSource = db.prepare<[string], { id: number; physical_name: string }>('SELECT id, physical_name FROM catalog_fields WHERE source = ?');
  const insertField = db.prepare(
    `INSERT INTO catalog_fields (source, physical_name, business_name, definition, data_type, embed_text, embed_hash)
     VALUES (@source, @physical_name, @business_name, @definition, @data_type, @embed_text, @embed_hash)`,
  );
  const updateField = db.prepare(
    `UPDATE catalog_fields SET business_name = @business_name, definition = @definition, data_type = @data_type,
       embed_text = @embed_text, embed_hash = @embed_hash, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  );
  const deleteField = db.prepare<[number]>('DELETE FROM catalog_fields WHERE id = ?');
  const selectNotes = db.prepare<[number], CatalogNoteRow>('SELECT field_id, position, note, condition_json FROM catalog_notes WHERE field_id = ? ORDER BY position');
  const deleteNotes = db.prepare<[number]>('DELETE FROM catalog_notes WHERE field_id = ?');
  const insertNote = db.prepare<[number, number, string, string]>('INSERT INTO catalog_notes (field_id, position, note, condition_json) VALUES (?, ?, ?, ?)');
  const selectSources = db.prepare<[], CatalogSourceRow>(
    `SELECT s.id, s.name, s.system, s.data_owner, s.description, count(f.id) AS fields
     FROM catalog_sources s LEFT JOIN catalog_fields f ON f.source = s.id GROUP BY s.id ORDER BY s.id`,
  );

  const selectOneSource = db.prepare<[string], CatalogSourceRow>(
    `SELECT s.id, s.name, s.system, s.data_owner, s.description, count(f.id) AS fields
     FROM catalog_sources s LEFT JOIN catalog_fields f ON f.source = s.id WHERE s.id = ? GROUP BY s.id`,
  );
  const selectFieldsWithNotes = db.prepare<[string], CatalogFieldRow & { notes: number }>(
    `SELECT ${fieldColumns}, (SELECT count(*) FROM catalog_notes n WHERE n.field_id = f.id) AS notes
     FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source WHERE f.source = ? ORDER BY f.id`,
  );

  function sameNotes(fieldId: number, field: CatalogFieldRecord): boolean {
    const stored = selectNotes.all(fieldId);
    return stored.length === field.notes.length && stored.every((row, index) => row.note === field.notes[index]?.note && row.condition_json === field.notes[index]?.conditionJson);
  }

  function writeNotes(fieldId: number, field: CatalogFieldRecord): void {
    deleteNotes.run(fieldId);
    field.notes.forEach((note, position) => insertNote.run(fieldId, position, note.note, note.conditionJson));
  }

  const importCatalog = db.transaction((document: CatalogDocument, onRemove: (fieldId: number) => void): CatalogImportCounts => {
    const counts: CatalogImportCounts = { inserted: 0, updated: 0, unchanged: 0, removed: 0, changed: [], removedIds: [] };
    for (const source of document.sources) {
      const existing = selectSource.get(source.id);
      if (!existing) insertSource.run(source);
      else if (existing.name !== source.name || existing.system !== source.system || existing.data_owner !== source.dataOwner || existing.description !== source.description) {
        updateSource.run(source);
      }
    }
    const listed = new Set<string>();
    for (const field of document.fields) {
      listed.add(`${field.source}\u0000${field.physicalName}`);
      const next = catalogFieldRow(field);
      const existing = selectField.get(field.source, field.physicalName);
      let id: number;
      if (!existing) {
        id = Number(insertField.run(next).lastInsertRowid);
        writeNotes(id, field);
        counts.inserted += 1;
      } else {
        id = existing.id;
        const same =
          existing.business_name === next.business_name &&
          existing.definition === next.definition &&
          existing.data_type === next.data_type &&
          existing.embed_hash === next.embed_hash &&
          sameNotes(id, field);
        if (same) {
          counts.unchanged += 1;
          continue;
        }
        updateField.run({ ...next, id });
        writeNotes(id, field);
        counts.updated += 1;
      }
      counts.changed.push(selectFieldById.get(id) as CatalogFieldRow);
    }
    // An import is authoritative for the sources it lists: their fields it no longer lists are removed.
    for (const source of document.sources) {
      for (const row of selectFieldsOfSource.all(source.id)) {
        if (listed.has(`${source.id}\u0000${row.physical_name}`)) continue;
        onRemove(row.id);
        deleteField.run(row.id);
        counts.removed += 1;
        counts.removedIds.push(row.id);
      }
    }
    return counts;
  });

  return {
    importCatalog: (document, onRemove) => importCatalog(document, onRemove),
    byIds(ids) {
      const found = new Map<number, CatalogFieldRow>();
      for (const id of ids) {
        const row = selectFieldById.get(id);
        if (row) found.set(id, row);
      }
      return found;
    },
    notesOf(fieldIds) {
      return new Map(fieldIds.map((id) => [id, selectNotes.all(id)]));
    },
    all: () => selectAll.all(),
    count: () => (countFields.get() as { n: number }).n,
    sources: () => selectSources.all(),
    field: (source, physicalName) => selectField.get(source, physicalName),
    source: (id) => selectOneSource.get(id),
    fieldsOf: (source) => selectFieldsWithNotes.all(source),
  };
}
