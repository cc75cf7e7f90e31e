import { parse } from 'csv-parse/sync';
import type { RawField, RawNote, RawSource } from './catalog-document.js';

/** The README's CSV files and their required columns. */
export const catalogCsvColumns = {
  'fields.csv': ['source', 'physical_name', 'business_name', 'definition', 'data_type'],
  'notes.csv': ['source', 'physical_name', 'note', 'condition_json'],
  'sources.csv': ['id', 'name', 'system', 'owner', 'description'],
} as const;

export type CatalogCsvFile = keyof typeof catalogCsvColumns;

/** One data row of a CSV file: its values by header name and the line it starts on. */
export interface CsvRow {
  line: number;
  values: Record<string, string>;
}

/**
 * RFC 4180 rows by header name (UTF-8, BOM dropped, comma-separated, extra columns ignored). Missing columns or a
 * parse error are reported as `file line N: …` and give no rows, so one mistake does not flood the report.
 */
export function readCsvRows(file: CatalogCsvFile, content: string, errors: string[]): CsvRow[] {
  // CRLF → LF first: csv-parse miscounts lines after a CRLF inside a quoted value.
  const text = content.replace(/^\uFEFF/, '').replace(/\r\n/g, '\n');
  let records: { record: string[]; raw: string; info: { lines: number } }[];
  try {
    // With info and raw, csv-parse returns {record, raw, info} objects; its typings only describe plain records.
    records = parse(text, { info: true, raw: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    const lines = (error as { lines?: number }).lines;
    errors.push(`${file}${lines ? ` line ${lines}` : ''}: not valid CSV (${(error as Error).message})`);
    return [];
  }
  const [header, ...rows] = records;
  if (!header) {
    errors.push(`${file} line 1: the file is empty; the first row must be the header ${catalogCsvColumns[file].join(',')}`);
    return [];
  }
  const names = header.record.map((name) => name.trim());
  const missing = catalogCsvColumns[file].filter((column) => !names.includes(column));
  if (missing.length > 0) {
    errors.push(`${file} line 1: missing column${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (the header is: ${names.join(',')})`);
    return [];
  }
  return rows.map(({ record, raw, info }) => {
    // csv-parse reports the line a record ends on; a quoted value may span lines, and skipped blank lines lead `raw`.
    const body = raw.replace(/^\n+/, '').replace(/\n$/, '');
    const line = info.lines - (body.match(/\n/g)?.length ?? 0);
    const values: Record<string, string> = {};
    names.forEach((name, index) => {
      if (!(name in values) && record[index] !== undefined) values[name] = record[index];
    });
    return { line, values };
  });
}

/** Where a CSV value is: `fields.csv line 7` or `fields.csv line 7, column business_name`. */
function locator(file: CatalogCsvFile, line: number) {
  return (key?: string) => (key ? `${file} line ${line}, column ${key}` : `${file} line ${line}`);
}

/**
 * The README's CSV alternative as raw records: fields.csv, notes.csv (a note row must name a row of fields.csv)
 * and an optional sources.csv (without it each distinct source id becomes a source named by its id).
 */
export function readCatalogCsv(files: { fields: string; notes: string; sources?: string }, errors: string[]): { sources: RawSource[]; fields: RawField[] } {
  const fieldRows = readCsvRows('fields.csv', files.fields, errors);
  const noteRows = readCsvRows('notes.csv', files.notes, errors);

  const fields: RawField[] = [];
  const byKey = new Map<string, RawField>();
  for (const row of fieldRows) {
    const field: RawField = { at: locator('fields.csv', row.line), values: row.values, notes: [] };
    fields.push(field);
    const key = `${(row.values.source ?? '').trim()}\u0000${(row.values.physical_name ?? '').trim()}`;
    if (!byKey.has(key)) byKey.set(key, field);
  }

  for (const row of noteRows) {
    const at = locator('notes.csv', row.line);
    const source = (row.values.source ?? '').trim();
    const physicalName = (row.values.physical_name ?? '').trim();
    const field = byKey.get(`${source}\u0000${physicalName}`);
    if (!field) {
      errors.push(`${at()}: no row of fields.csv has source "${source}" and physical_name "${physicalName}" (a note must belong to a field)`);
      continue;
    }
    let condition: RawNote['condition'] = null;
    const json = row.values.condition_json ?? '';
    if (json.trim().length === 0) {
      errors.push(`${at('condition_json')}: must not be empty (write {"always": true} for a note that always applies)`);
    } else {
      try {
        condition = { value: JSON.parse(json) as unknown };
      } catch (error) {
        errors.push(`${at('condition_json')}: not valid JSON (${(error as Error).message})`);
      }
    }
    field.notes.push({ at, note: row.values.note, condition, conditionPath: at('condition_json') });
  }

  let sources: RawSource[];
  if (files.sources !== undefined) {
    sources = readCsvRows('sources.csv', files.sources, errors).map((row) => ({ at: locator('sources.csv', row.line), values: row.values }));
  } else {
    const ids = [...new Set(fieldRows.map((row) => (row.values.source ?? '').trim()).filter((id) => id.length > 0))];
    sources = ids.map((id) => ({
      at: (key?: string) => `fields.csv, source "${id}"${key ? ` (${key})` : ''}`,
      values: { id, name: id, system: '', owner: '', description: '' },
    }));
  }
  return { sources, fields };
}
