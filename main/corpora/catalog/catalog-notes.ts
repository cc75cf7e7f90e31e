import { evaluateCondition, parseCondition, type QueryContext } from './condition.js';
import type { CatalogNoteRow } from './catalog-repository.js';

/**
 * The notes to show on a hit: those whose condition holds for the query, in their order. Conditions are read back
 * from SQLite and checked again; one that no longer parses is never shown (a malformed condition is never true).
 */
export function applicableNotes(notes: readonly CatalogNoteRow[], context: QueryContext): string[] {
  return notes.flatMap((row) => {
    let value: unknown;
    try {
      value = JSON.parse(row.condition_json);
    } catch {
      return [];
    }
    const parsed = parseCondition(value);
    return parsed.ok && evaluateCondition(parsed.condition, context) ? [row.note] : [];
  });
}
