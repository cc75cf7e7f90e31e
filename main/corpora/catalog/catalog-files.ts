import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { AppError } from '../../core/errors.js';
import { packageRoot } from '../../paths.js';
import { readCatalogCsv } from './catalog-csv.js';
import { validateCatalog, type CatalogDocument } from './catalog-document.js';
import { readCatalogJson } from './catalog-json.js';

/** The shipped seed: the fictional Banco Andino's dictionary. */
export function shippedCatalogPath(): string {
  return join(packageRoot(), 'kb', 'catalog', 'banking.json');
}

/** A catalog file larger than this is refused before it is read (the seed is ~100 kB). */
export const maximumCatalogBytes = 50 * 1024 * 1024;
/** At most this many problems are listed; the message says how many there were. */
export const maximumReportedProblems = 50;

function readText(path: string): string {
  const size = statSync(path).size;
  if (size > maximumCatalogBytes) throw new AppError('payload_too_large', `${path} is ${size} bytes; a catalog file may have at most ${maximumCatalogBytes}.`);
  return readFileSync(path, 'utf8');
}

/**
 * Reads and checks a whole catalog before anything is written: a JSON file, or a directory with fields.csv,
 * notes.csv and an optional sources.csv. Every problem is an `invalid_input` AppError detail with its location.
 */
export function readCatalog(path: string = shippedCatalogPath()): CatalogDocument {
  if (!existsSync(path)) throw new AppError('invalid_input', `There is no catalog file or directory at ${path}.`);
  const errors: string[] = [];
  let raw;
  let name: string;
  if (statSync(path).isDirectory()) {
    name = `the CSV catalog in ${path}`;
    const file = (file: string) => join(path, file);
    for (const required of ['fields.csv', 'notes.csv']) {
      if (!existsSync(file(required))) {
        throw new AppError('invalid_input', `${path} has no ${required}; a CSV catalog needs fields.csv and notes.csv (a header-only notes.csv means no notes) and may add sources.csv.`);
      }
    }
    raw = readCatalogCsv(
      {
        fields: readText(file('fields.csv')),
        notes: readText(file('notes.csv')),
        ...(existsSync(file('sources.csv')) ? { sources: readText(file('sources.csv')) } : {}),
      },
      errors,
    );
  } else {
    name = basename(path);
    if (name.toLowerCase().endsWith('.csv')) {
      throw new AppError('invalid_input', `${path} is a single CSV file; point --from at the directory that holds fields.csv and notes.csv.`);
    }
    raw = readCatalogJson(readText(path), errors);
  }
  const validated = validateCatalog(raw, errors);
  if (!validated.ok) {
    const count = validated.errors.length;
    throw new AppError(
      'invalid_input',
      `${name} has ${count} problem${count === 1 ? '' : 's'}; nothing was written.${count > maximumReportedProblems ? ` The first ${maximumReportedProblems} are listed.` : ''}`,
      validated.errors.slice(0, maximumReportedProblems),
    );
  }
  return validated.value;
}
