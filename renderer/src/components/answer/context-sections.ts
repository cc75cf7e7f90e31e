export interface ContextRow {
  /** 1-based line of the context, as the grounding check and citations count them. */
  line: number;
  cells: string[];
}

export interface ContextSection {
  title: string;
  titleLine: number;
  header: string[];
  rows: ContextRow[];
}

/**
 * The diary's context is CSV in sections ("# daily_totals", a header line, rows). Read that way it is
 * shown as tables whose rows keep their line numbers; any other context (the KB's passages) gives null
 * and is shown line by line.
 */
export function parseContextSections(context: string): ContextSection[] | null {
  const lines = context.split('\n');
  if (!lines[0]?.startsWith('# ')) return null;
  const sections: ContextSection[] = [];
  let current: ContextSection | null = null;
  for (const [index, line] of lines.entries()) {
    const number = index + 1;
    if (line.startsWith('# ')) {
      current = { title: line.slice(2).trim(), titleLine: number, header: [], rows: [] };
      sections.push(current);
    } else if (!current || line.trim() === '') {
      if (line.trim() !== '') return null;
    } else if (current.header.length === 0) {
      current.header = splitCsvLine(line);
    } else {
      current.rows.push({ line: number, cells: splitCsvLine(line) });
    }
  }
  return sections;
}

/** One CSV line (RFC 4180 quoting: "a, b" and "" for a quote) into its fields. */
export function splitCsvLine(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < line.length; index++) {
    const character = line[index];
    if (quoted) {
      if (character === '"' && line[index + 1] === '"') {
        cell += '"';
        index++;
      } else if (character === '"') quoted = false;
      else cell += character;
    } else if (character === '"') quoted = true;
    else if (character === ',') {
      cells.push(cell);
      cell = '';
    } else cell += character;
  }
  cells.push(cell);
  return cells;
}
