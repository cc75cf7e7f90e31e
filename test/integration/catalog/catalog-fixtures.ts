import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { tokenize } from '../../../main/core/text-folding.js';
import type { CatalogDocument } from '../../../main/corpora/catalog/catalog-document.js';
import { readCatalog, shippedCatalogPath } from '../../../main/corpora/catalog/catalog-files.js';
import { businessTermForm } from '../../../main/corpora/catalog/catalog-keyword.js';
import { importInto } from '../../../main/corpora/catalog/catalog-postgres-import.js';
import { catalogFieldRow } from '../../../main/corpora/catalog/catalog-repository.js';
import { openPostgres } from '../../../main/db/postgres/postgres-database.js';
import { queryRows } from '../../helpers/postgres.js';

/** The shipped seed as plain JSON, to copy and change in a test. */
export interface SeedJson {
  version: number;
  sources: Array<{ id: string; name: string; system: string; owner: string; description: string }>;
  fields: Array<{
    source: string;
    physical_name: string;
    business_name: string;
    definition: string;
    data_type: string;
    tribal_notes?: Array<{ note: string; condition: unknown }>;
  }>;
}

export function shippedSeed(): SeedJson {
  return JSON.parse(readFileSync(shippedCatalogPath(), 'utf8')) as SeedJson;
}

/** Writes a catalog JSON into `directory` and returns its path. */
export function writeCatalogJson(directory: string, document: unknown, name = 'catalog.json'): string {
  const path = join(directory, name);
  writeFileSync(path, typeof document === 'string' ? document : JSON.stringify(document, null, 1));
  return path;
}

function csvValue(value: string): string {
  return /[",\n\r]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function csv(header: string[], rows: string[][]): string {
  return [header, ...rows].map((row) => row.map(csvValue).join(',')).join('\r\n') + '\r\n';
}

/** The same catalog in the README's CSV format (fields.csv, notes.csv and, unless told otherwise, sources.csv). */
export function writeCatalogCsv(directory: string, document: SeedJson, options: { sources?: boolean } = {}): string {
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    join(directory, 'fields.csv'),
    csv(
      ['source', 'physical_name', 'business_name', 'definition', 'data_type'],
      document.fields.map((field) => [field.source, field.physical_name, field.business_name, field.definition, field.data_type]),
    ),
  );
  writeFileSync(
    join(directory, 'notes.csv'),
    csv(
      ['source', 'physical_name', 'note', 'condition_json'],
      document.fields.flatMap((field) => (field.tribal_notes ?? []).map((note) => [field.source, field.physical_name, note.note, JSON.stringify(note.condition)])),
    ),
  );
  if (options.sources !== false) {
    writeFileSync(
      join(directory, 'sources.csv'),
      csv(
        ['id', 'name', 'system', 'owner', 'description'],
        document.sources.map((source) => [source.id, source.name, source.system, source.owner, source.description]),
      ),
    );
  }
  return directory;
}

/** Every row of the three catalog tables, without timestamps: what "nothing was written" is checked against. */
export function catalogSnapshot(services: Services): unknown {
  return {
    sources: services.db.prepare('SELECT id, name, system, data_owner, description FROM catalog_sources ORDER BY id').all(),
    fields: services.db.prepare('SELECT id, source, physical_name, business_name, definition, data_type, embed_hash FROM catalog_fields ORDER BY id').all(),
    notes: services.db.prepare('SELECT field_id, position, note, condition_json FROM catalog_notes ORDER BY field_id, position').all(),
  };
}

export function tableCount(services: Services, table: 'catalog_sources' | 'catalog_fields' | 'catalog_notes'): number {
  return (services.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

/** Calls `search` through the dispatcher, as IPC, HTTP and the CLI do. */
export async function searchCatalog(services: Services, input: { query: string; strategy?: string; k?: number }): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'catalog', ...input }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as SearchOutput;
}

/** The n-th word of lower-case letters (a, b, …, z, aa, ab, …): source ids and names are letters and "_" only. */
export function letters(n: number): string {
  let text = '';
  for (let rest = n; ; rest = Math.floor(rest / 26) - 1) {
    text = String.fromCharCode(97 + (rest % 26)) + text;
    if (rest < 26) break;
  }
  return text;
}

/** The field count PostgreSQL keeps for the keyword IDF (migrations/postgres/0003_catalog_field_total.sql) beside count(*). */
export async function fieldTotal(url: string): Promise<{ kept: number; counted: number }> {
  const [row] = await queryRows<{ kept: string; counted: string }>(url, 'SELECT (SELECT fields FROM catalog_field_total) AS kept, (SELECT count(*) FROM catalog_fields) AS counted');
  return { kept: Number(row?.kept), counted: Number(row?.counted) };
}

/**
 * The three BM25 length sums PostgreSQL keeps beside the field total (migrations/postgres/0010), and the same sums
 * counted from the search table.
 */
export async function lengthTotals(url: string): Promise<{ kept: number[]; counted: number[] }> {
  const [row] = await queryRows<{ kept: string[]; counted: string[] }>(
    url,
    `SELECT (SELECT ARRAY[business_length, definition_length, physical_length] FROM catalog_field_total) AS kept,
            (SELECT ARRAY[coalesce(sum(business_length), 0), coalesce(sum(definition_length), 0), coalesce(sum(physical_length), 0)] FROM catalog_field_search) AS counted`,
  );
  return { kept: (row?.kept ?? []).map(Number), counted: (row?.counted ?? []).map(Number) };
}

/**
 * The vocabulary's document frequencies (catalog_terms) against the same counted from every field's term counts: the
 * terms whose kept counts differ (a term no field holds must be kept at zero or not at all).
 */
export async function termCountsDiffering(url: string): Promise<string[]> {
  const rows = await queryRows<{ term: string }>(
    url,
    `WITH counted AS (
       SELECT c.key AS term, count(*) FILTER (WHERE c.value::bigint % 1000 > 0) AS business, count(*) FILTER (WHERE c.value::bigint / 1000 % 1000 > 0) AS definition,
              count(*) FILTER (WHERE c.value::bigint / 1000000 > 0) AS physical
       FROM catalog_field_search s CROSS JOIN LATERAL jsonb_each_text(s.term_counts) AS c GROUP BY c.key
     )
     SELECT coalesce(k.term, c.term) AS term FROM catalog_terms k FULL JOIN counted c ON c.term = k.term
     WHERE (coalesce(k.business_fields, 0), coalesce(k.definition_fields, 0), coalesce(k.physical_fields, 0))
           IS DISTINCT FROM (coalesce(c.business, 0), coalesce(c.definition, 0), coalesce(c.physical, 0))
     ORDER BY 1`,
  );
  return rows.map((row) => row.term);
}

/**
 * Writes `document` into the database at `url` migrated only up to schema `version` (at most 9), as the cita of that
 * schema wrote a new catalog: sources, fields with their folded business name and words (the columns PostgreSQL
 * stemmed itself until migrations/postgres/0010), and notes. The database of an older cita, for the tests that open it.
 */
export async function importAsOlderCita(url: string, version: number, document: CatalogDocument = readCatalog(undefined)): Promise<void> {
  const database = await openPostgres(url, { upTo: version });
  try {
    await database.transaction(async (client) => {
      for (const source of document.sources) {
        await client.query('INSERT INTO catalog_sources (id, name, system, data_owner, description) VALUES ($1, $2, $3, $4, $5)', [
          source.id,
          source.name,
          source.system,
          source.dataOwner,
          source.description,
        ]);
      }
      for (const field of document.fields) {
        const row = catalogFieldRow(field);
        const [inserted] = (
          await client.query<{ id: number }>(
            `INSERT INTO catalog_fields (source, physical_name, business_name, definition, data_type, embed_text, embed_hash, business_term, definition_words, physical_words)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
            [
              row.source,
              row.physical_name,
              row.business_name,
              row.definition,
              row.data_type,
              row.embed_text,
              row.embed_hash,
              businessTermForm(field.businessName),
              tokenize(field.definition).join(' '),
              tokenize(field.physicalName).join(' '),
            ],
          )
        ).rows;
        for (const [position, note] of field.notes.entries()) {
          await client.query('INSERT INTO catalog_notes (field_id, position, note, condition_json, condition_text) VALUES ($1, $2, $3, $4::jsonb, $4)', [
            inserted?.id,
            position,
            note.note,
            note.conditionJson,
          ]);
        }
      }
    });
  } finally {
    await database.close();
  }
}

/** A source of `fields` generated fields, each named by its own letters ("Importe ab"). */
export function generatedSource(source: string, fields: number): SeedJson {
  return {
    version: 1,
    sources: [{ id: source, name: `Fuente ${source}`, system: 'prueba', owner: 'Equipo de datos', description: '' }],
    fields: Array.from({ length: fields }, (_, index) => ({
      source,
      physical_name: `F_${index}`,
      business_name: `Importe ${letters(index)}`,
      definition: `Monto ${letters(index)} de la fuente ${source}.`,
      data_type: 'DECIMAL(18,2)',
    })),
  };
}

/**
 * Imports the shipped catalog into the database at `url`, then a generated source (`fields` fields) in a transaction
 * that throws before its commit; rejects with that error, once the database is closed, so a test can check what the
 * failed import left.
 */
export async function importShippedThenFailOne(url: string, directory: string, fields = 40): Promise<void> {
  const database = await openPostgres(url);
  try {
    await database.transaction((client) => importInto(client, readCatalog(undefined)));
    await database.transaction(async (client) => {
      await importInto(client, readCatalog(writeCatalogJson(directory, generatedSource('tesoreria_prueba', fields))));
      throw new Error('the import stops before its commit');
    });
  } finally {
    await database.close();
  }
}
