/** One cell of a CSV line with its offsets in the line (quotes included). */
export interface CsvCell {
  value: string;
  start: number;
  end: number;
}

/**
 * Splits one line of RFC 4180 CSV into cells (quoted cells may hold commas and doubled quotes).
 * Cells never span lines in cita's contexts: writers replace line breaks inside a value by spaces.
 */
export function splitCsvLine(line: string): CsvCell[] {
  const cells: CsvCell[] = [];
  let position = 0;
  for (;;) {
    const start = position;
    let value = '';
    if (line.charAt(position) === '"') {
      position += 1;
      for (;;) {
        const quote = line.indexOf('"', position);
        if (quote === -1) {
          value += line.slice(position);
          position = line.length;
          break;
        }
        value += line.slice(position, quote);
        if (line.charAt(quote + 1) === '"') {
          value += '"';
          position = quote + 2;
        } else {
          position = quote + 1;
          break;
        }
      }
      const comma = line.indexOf(',', position);
      position = comma === -1 ? line.length : comma;
    } else {
      const comma = line.indexOf(',', position);
      position = comma === -1 ? line.length : comma;
      value = line.slice(start, position);
    }
    cells.push({ value, start, end: position });
    if (position >= line.length) return cells;
    position += 1;
  }
}

/** A value written as one RFC 4180 cell: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  const flat = value.replace(/\r\n|\r|\n/g, ' ');
  return /[",]/.test(flat) || flat !== flat.trim() ? `"${flat.replace(/"/g, '""')}"` : flat;
}

/** One CSV line from cells. */
export function csvLine(values: readonly string[]): string {
  return values.map(csvCell).join(',');
}

/** One line of a text read as CSV blocks. */
export interface CsvBlockLine {
  /** 1-based line number. */
  line: number;
  text: string;
  cells: CsvCell[];
  /** The header of the block this line is a data row of (lowercased names), or null when it is not a data row. */
  header: string[] | null;
}

/**
 * A text (a context) line by line, as CSV blocks: a header is a line of at least two cells, none empty and none
 * with a digit; a data row has as many cells as the header above it; any other line ends the block. The grounding
 * check and the attribution check read contexts this one way.
 */
export function csvBlockLines(text: string): CsvBlockLine[] {
  let header: string[] | null = null;
  return text.split(/\r?\n/).map((line, index) => {
    const cells = line.includes(',') ? splitCsvLine(line) : [];
    if (cells.length >= 2 && cells.every((cell) => cell.value.trim() !== '' && !/\d/.test(cell.value))) {
      header = cells.map((cell) => cell.value.trim().toLowerCase());
      return { line: index + 1, text: line, cells, header: null };
    }
    if (header !== null && cells.length === header.length) return { line: index + 1, text: line, cells, header };
    header = null;
    return { line: index + 1, text: line, cells, header: null };
  });
}
