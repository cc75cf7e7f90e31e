import type { RawField, RawNote, RawSource } from './catalog-document.js';

/** The format versions this loader knows (README: "A loader rejects any version it does not know"). */
export const knownCatalogVersions: readonly number[] = [1];

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Where JSON.parse stopped, as an offset. Node 20 states "at position N" for most errors; for an unexpected token
 * it quotes the source instead, ten characters either side of the offending one ('..."' marks a cut).
 */
export function jsonErrorOffset(message: string, content: string): number | undefined {
  const position = /at position (\d+)/.exec(message);
  if (position) return Number(position[1]);
  if (/Unexpected end of JSON input/.test(message)) return content.length;
  const quoted = /^Unexpected token '([\s\S])', (\.\.\.)?"([\s\S]*?)"(\.\.\.)? is not valid JSON$/.exec(message);
  if (!quoted) return undefined;
  const [, token, cut, snippet] = quoted as unknown as [string, string, string | undefined, string];
  if (!cut) return snippet.indexOf(token);
  const start = content.indexOf(snippet);
  return start < 0 ? undefined : start + 10;
}

/** "line 7, column 3: Unexpected token …" when the offset is known. */
function jsonErrorLocation(message: string, content: string): string {
  const offset = jsonErrorOffset(message, content);
  const reason = message.replace(/ in JSON at position \d+.*$/, '').replace(/, (\.\.\.)?"[\s\S]*$/, '');
  if (offset === undefined) return reason;
  const before = content.slice(0, offset);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return `line ${line}, column ${column}: ${reason}`;
}

/** Decodes the README's JSON format into raw records located by JSON path (`fields[12].tribal_notes[0].condition`). */
export function readCatalogJson(content: string, errors: string[]): { sources: RawSource[]; fields: RawField[] } {
  const empty = { sources: [], fields: [] };
  const text = content.replace(/^\uFEFF/, '');
  let document: unknown;
  try {
    document = JSON.parse(text);
  } catch (error) {
    errors.push(`not valid JSON (${jsonErrorLocation((error as Error).message, text)})`);
    return empty;
  }
  if (!isObject(document)) {
    errors.push('the top level must be an object with "version", "sources" and "fields"');
    return empty;
  }
  if (!knownCatalogVersions.includes(document.version as number)) {
    errors.push(`version: this loader knows version ${knownCatalogVersions.join(', ')}, not ${JSON.stringify(document.version) ?? 'a missing one'}`);
    return empty;
  }
  for (const key of ['sources', 'fields']) {
    if (!Array.isArray(document[key])) errors.push(`${key}: expected a list`);
  }
  if (errors.length > 0) return empty;

  const sources = (document.sources as unknown[]).flatMap((value, index): RawSource[] => {
    const path = `sources[${index}]`;
    if (!isObject(value)) {
      errors.push(`${path}: expected an object`);
      return [];
    }
    return [{ at: (key) => (key ? `${path}.${key}` : path), values: value }];
  });

  const fields = (document.fields as unknown[]).flatMap((value, index): RawField[] => {
    const path = `fields[${index}]`;
    if (!isObject(value)) {
      errors.push(`${path}: expected an object`);
      return [];
    }
    const rawNotes = value.tribal_notes ?? [];
    if (!Array.isArray(rawNotes)) {
      errors.push(`${path}.tribal_notes: expected a list`);
      return [];
    }
    const notes = rawNotes.flatMap((note, noteIndex): RawNote[] => {
      const notePath = `${path}.tribal_notes[${noteIndex}]`;
      if (!isObject(note)) {
        errors.push(`${notePath}: expected an object with "note" and "condition"`);
        return [];
      }
      return [{ at: (key) => (key ? `${notePath}.${key}` : notePath), note: note.note, condition: { value: note.condition }, conditionPath: `${notePath}.condition` }];
    });
    return [{ at: (key) => (key ? `${path}.${key}` : path), values: value, notes }];
  });
  return { sources, fields };
}
