import { parseCondition, type Condition } from './condition.js';

/**
 * A catalog as kb/catalog/README.md describes it, checked and ready to write. The JSON and the CSV readers both
 * produce raw records with their locations; `validateCatalog` applies every rule once for both.
 */
export interface CatalogSourceRecord {
  id: string;
  name: string;
  system: string;
  /** The data-owner unit (README "owner"); not the row-visibility owner of embeddable tables. */
  dataOwner: string;
  description: string;
}

export interface CatalogNoteRecord {
  note: string;
  condition: Condition;
  /** The condition as validated JSON text, stored beside the note. */
  conditionJson: string;
}

export interface CatalogFieldRecord {
  source: string;
  physicalName: string;
  businessName: string;
  definition: string;
  dataType: string;
  notes: CatalogNoteRecord[];
}

export interface CatalogDocument {
  sources: CatalogSourceRecord[];
  fields: CatalogFieldRecord[];
}

/** Where a value came from: `at()` is the record (`fields[12]`, `fields.csv line 14`), `at('key')` one of its values. */
export type Locator = (key?: string) => string;

export interface RawSource {
  at: Locator;
  values: Record<string, unknown>;
}

export interface RawNote {
  at: Locator;
  note: unknown;
  /** The decoded condition (`value` undefined when the key is missing), or null when decoding failed and was reported. */
  condition: { value: unknown } | null;
  conditionPath: string;
}

export interface RawField {
  at: Locator;
  values: Record<string, unknown>;
  notes: RawNote[];
}

export type Validated<T> = { ok: true; value: T } | { ok: false; errors: string[] };

/** README: "lower-case ASCII letters and `_`". */
const sourceIdPattern = /^[a-z_]+$/;
/** Physical names are identifiers: no blanks inside, at most 128 characters (the seed's are UPPER_SNAKE). */
const physicalNamePattern = /^\S{1,128}$/;
export const maximumTextLength = 20_000;

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'an object' : typeof value;
}

/** A required string (trimmed; non-blank unless `mayBeEmpty`), or an error at its location. */
function text(values: Record<string, unknown>, key: string, at: Locator, errors: string[], options: { mayBeEmpty?: boolean } = {}): string {
  const value = values[key];
  if (typeof value !== 'string') {
    errors.push(value === undefined ? `${at(key)}: missing (it is required)` : `${at(key)}: expected text, found ${describe(value)}`);
    return '';
  }
  const trimmed = value.trim();
  if (trimmed.length === 0 && !options.mayBeEmpty) errors.push(`${at(key)}: must not be empty`);
  if (trimmed.length > maximumTextLength) errors.push(`${at(key)}: longer than ${maximumTextLength} characters`);
  return trimmed;
}

/**
 * Applies every rule of the README to raw records: required values, id syntax, unique source ids, unique
 * (source, physical_name), known sources, well-formed conditions. Collects every problem with its location.
 */
export function validateCatalog(raw: { sources: RawSource[]; fields: RawField[] }, errors: string[] = []): Validated<CatalogDocument> {
  const sources: CatalogSourceRecord[] = [];
  const sourceAt = new Map<string, string>();
  // id and name identify a source; system, owner and description must be given but may be blank (CSV exports).
  const optional = { mayBeEmpty: true };
  for (const source of raw.sources) {
    const record: CatalogSourceRecord = {
      id: text(source.values, 'id', source.at, errors),
      name: text(source.values, 'name', source.at, errors),
      system: text(source.values, 'system', source.at, errors, optional),
      dataOwner: text(source.values, 'owner', source.at, errors, optional),
      description: text(source.values, 'description', source.at, errors, optional),
    };
    if (record.id && !sourceIdPattern.test(record.id)) errors.push(`${source.at('id')}: "${record.id}" is not a source id (lower-case letters a-z and "_" only)`);
    const previous = sourceAt.get(record.id);
    if (record.id && previous) errors.push(`${source.at('id')}: the source id "${record.id}" is already used by ${previous}`);
    else if (record.id) sourceAt.set(record.id, source.at());
    sources.push(record);
  }

  const fields: CatalogFieldRecord[] = [];
  const fieldAt = new Map<string, string>();
  for (const field of raw.fields) {
    const record: CatalogFieldRecord = {
      source: text(field.values, 'source', field.at, errors),
      physicalName: text(field.values, 'physical_name', field.at, errors),
      businessName: text(field.values, 'business_name', field.at, errors),
      definition: text(field.values, 'definition', field.at, errors),
      dataType: text(field.values, 'data_type', field.at, errors),
      notes: [],
    };
    if (record.source && !sourceAt.has(record.source)) {
      errors.push(`${field.at('source')}: unknown source "${record.source}" (known: ${[...sourceAt.keys()].join(', ') || 'none'})`);
    }
    if (record.physicalName && !physicalNamePattern.test(record.physicalName)) {
      errors.push(`${field.at('physical_name')}: "${record.physicalName}" is not a column name (no spaces, at most 128 characters)`);
    }
    if (record.source && record.physicalName) {
      const key = `${record.source}\u0000${record.physicalName}`;
      const previous = fieldAt.get(key);
      if (previous) errors.push(`${field.at()}: duplicate field (${record.source}, ${record.physicalName}), first defined at ${previous}`);
      else fieldAt.set(key, field.at());
    }
    for (const note of field.notes) {
      const noteText = text({ note: note.note }, 'note', note.at, errors);
      if (note.condition === null) continue;
      const parsed = parseCondition(note.condition.value, note.conditionPath);
      if (!parsed.ok) {
        errors.push(...parsed.errors);
        continue;
      }
      record.notes.push({ note: noteText, condition: parsed.condition, conditionJson: JSON.stringify(note.condition.value) });
    }
    fields.push(record);
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, value: { sources, fields } };
}
