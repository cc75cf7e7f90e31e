import type { CatalogNote } from '../../../shared/contract/search.js';
import { explainCondition, parseCondition, type QueryContext } from './condition.js';
import type { CatalogNoteRow } from './catalog-repository.js';

/**
 * The notes to show on a hit: those whose condition holds for the query, in their order. Conditions are read back
 * from SQLite and checked again; one that no longer parses is never shown (a malformed condition is never true).
 */
export function applicableNotes(notes: readonly CatalogNoteRow[], context: QueryContext): string[] {
  return explainedNotes(notes, context)
    .filter((note) => note.applies)
    .map((note) => note.note);
}

/**
 * Every note of a field with whether it applies to the query and why: the terms of the question that made it apply,
 * or those a question would mention. A condition that no longer parses is listed as never applying.
 */
export function explainedNotes(notes: readonly CatalogNoteRow[], context: QueryContext): CatalogNote[] {
  return notes.map((row) => {
    let value: unknown;
    try {
      value = JSON.parse(row.condition_json);
    } catch {
      value = undefined;
    }
    const parsed = parseCondition(value);
    if (!parsed.ok) return { note: row.note, applies: false, always: false, matched: [], terms: [], language: null };
    const why = explainCondition(parsed.condition, context);
    return { note: row.note, applies: why.holds, always: why.always, matched: why.matched, terms: why.terms, language: why.language };
  });
}
