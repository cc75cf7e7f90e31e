import { closeSync, constants, createReadStream, existsSync, fsyncSync, linkSync, lstatSync, mkdirSync, openSync, realpathSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parse } from 'csv-parse';
import { AppError } from '../core/errors.js';

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or CR) as a formula; such text cells get a
 * leading apostrophe in the export (OWASP's advice) and lose it again on import.
 */
export function neutraliseFormula(text: string): string {
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** The text of a cell `neutraliseFormula` wrote. */
export function restoreFormula(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** One RFC 4180 cell. */
export function csvCell(value: string | number | null): string {
  if (value === null) return '';
  const text = String(value);
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole CSV file: the header, then one line per row. */
export function csvText(header: readonly string[], rows: ReadonlyArray<ReadonlyArray<string | number | null>>): string {
  return [header.join(','), ...rows.map((row) => row.map(csvCell).join(','))].join('\n') + '\n';
}

/**
 * The directory an export is written into, created (0700) when missing, as its real path. It must be a directory
 * of this user's that others cannot write into: there, nobody else can plant a file or a link where cita writes.
 */
export function exportDirectory(directory: string): string {
  if (!existsSync(directory)) mkdirSync(directory, { recursive: true, mode: 0o700 });
  const real = realpathSync(directory);
  const stat = statSync(real);
  if (!stat.isDirectory()) throw new AppError('invalid_input', `${directory} is not a directory; nothing was exported.`);
  if (process.platform !== 'win32') {
    if (typeof process.getuid === 'function' && stat.uid !== process.getuid()) {
      throw new AppError('forbidden', `${directory} belongs to another user; export into a directory of your own (nothing was exported).`);
    }
    if ((stat.mode & 0o002) !== 0) {
      throw new AppError('forbidden', `Anyone may write into ${directory}; export into a directory only you can write (nothing was exported).`);
    }
  }
  return real;
}

/** O_NOFOLLOW where the platform has it: opening a planted symbolic link fails instead of writing through it. */
const noFollow = constants.O_NOFOLLOW ?? 0;

/**
 * Writes `text` as `directory/name`, readable by its owner only, under its final name only once it is complete:
 * first into `name.partial`, created exclusively without following links (a file or link already there is refused,
 * never written through), then linked to the final name, which must not exist either.
 */
export function writeExclusive(directory: string, name: string, text: string): void {
  const file = join(directory, name);
  const partial = `${file}.partial`;
  let descriptor: number;
  try {
    descriptor = openSync(partial, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST' || (error as NodeJS.ErrnoException).code === 'ELOOP') {
      throw new AppError('conflict', `${partial} is already there (an interrupted export, or a file someone put there); remove it and export again. Nothing was overwritten.`);
    }
    throw error;
  }
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let written = 0; written < bytes.length;) written += writeSync(descriptor, bytes, written);
    fsyncSync(descriptor);
  } catch (error) {
    closeSync(descriptor);
    unlinkSync(partial);
    throw error;
  }
  closeSync(descriptor);
  try {
    // A hard link fails when the final name exists, where a rename would replace it.
    linkSync(partial, file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      unlinkSync(partial);
      throw new AppError('conflict', `${file} appeared while exporting; nothing was overwritten.`);
    }
    // File systems without hard links (FAT, exFAT): a rename, once the final name is known to be free.
    if (pathTaken(file)) {
      unlinkSync(partial);
      throw new AppError('conflict', `${file} appeared while exporting; nothing was overwritten.`);
    }
    renameSync(partial, file);
    return;
  }
  unlinkSync(partial);
}

/** Whether anything is at `file`: a file, a directory, or a symbolic link (even one pointing nowhere). */
export function pathTaken(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** One CSV record with its 1-based line in the file and its cells by (lower-cased) header name. */
export interface CsvRow {
  line: number;
  cells: Record<string, string>;
}

/**
 * Reads a CSV file record by record (never whole), checking its header first: `required` columns present, none
 * outside `allowed`, none twice. Returns false when the file does not exist.
 */
export async function forEachCsvRow(file: string, columns: { required: readonly string[]; allowed: readonly string[] }, visit: (row: CsvRow) => void | Promise<void>): Promise<boolean> {
  if (!existsSync(file)) return false;
  const parser = createReadStream(file).pipe(parse({ bom: true, info: true, skip_empty_lines: true, relax_column_count: false }));
  let header: string[] | null = null;
  let visitError: unknown;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (header === null) {
        header = record.map((cell) => cell.trim().toLowerCase());
        checkHeader(file, header, columns);
        continue;
      }
      const names = header;
      try {
        await visit({ line: info.lines, cells: Object.fromEntries(names.map((column, index) => [column, record[index] ?? ''])) });
      } catch (error) {
        visitError = error;
        throw error;
      }
    }
  } catch (error) {
    parser.destroy();
    // The visitor's own failure (a lost database connection writing a row) is its own to tell, not the file's.
    if (error instanceof AppError || (visitError !== undefined && error === visitError)) throw error;
    throw new AppError('invalid_input', `${file} is not valid CSV: ${(error as Error).message.split('\n')[0]}. Nothing was imported.`);
  }
  if (header === null) checkHeader(file, [], columns);
  return true;
}

function checkHeader(file: string, header: readonly string[], columns: { required: readonly string[]; allowed: readonly string[] }): void {
  const missing = columns.required.filter((column) => !header.includes(column));
  const unknown = header.filter((column) => !columns.allowed.includes(column));
  if (missing.length > 0 || unknown.length > 0 || new Set(header).size !== header.length) {
    const optional = columns.allowed.filter((column) => !columns.required.includes(column));
    throw new AppError(
      'invalid_input',
      `${file}: the header must name ${columns.required.join(', ')}${optional.length > 0 ? ` (and may name ${optional.join(', ')})` : ''}` +
        `${missing.length ? `; missing ${missing.join(', ')}` : ''}${unknown.length ? `; unknown ${unknown.map((column) => column.slice(0, 40)).join(', ')}` : ''}. Nothing was imported.`,
    );
  }
}

/** Reads a text file line by line (\n, \r\n or \r), never whole; `visit` gets each line with its 1-based number. */
export async function forEachLine(file: string, visit: (line: string, number: number) => void | Promise<void>): Promise<void> {
  const input = createReadStream(file, { encoding: 'utf8' });
  const lines = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  let number = 0;
  try {
    for await (const line of lines) {
      number += 1;
      await visit(line, number);
    }
  } finally {
    lines.close();
    input.destroy();
  }
}
