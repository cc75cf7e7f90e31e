import { createKeywordIndex, type KeywordDocument, type KeywordHit, type KeywordIndex, type KeywordMatch } from '../../retrieval/keyword-index.js';
import { tokenize } from '../../core/text-folding.js';
import type { CatalogFieldRow } from './catalog-repository.js';

/** How much an exact business term adds to a hit's normalised BM25 score (which is at most 1). */
export const businessTermLift = 1;
/** A folded query shorter than this never counts as a business term ("de" is inside half the names). */
export const minimumBusinessTermLength = 3;

/**
 * BM25 sees the business name (boosted), the definition and the physical name (split at "_"). The catalog is
 * written in Spanish, so query words are stemmed in Spanish first (and exactly in English).
 */
export function createCatalogKeywordIndex(): KeywordIndex {
  return createKeywordIndex({ fields: ['business_name', 'definition', 'physical_name'], boost: { business_name: 3 }, combineWith: 'OR', language: 'es' });
}

/** What the keyword phase reads of a row: a field, or a node that stands for a source (catalog-tree.ts). */
export type CatalogKeywordRow = Pick<CatalogFieldRow, 'id' | 'business_name' | 'definition' | 'physical_name'>;

/** What the keyword index stores of a field. */
export function catalogKeywordDocument(row: CatalogKeywordRow): KeywordDocument {
  return { id: row.id, owner: null, fields: { business_name: row.business_name, definition: row.definition, physical_name: row.physical_name } };
}

/** Folded words joined by single spaces: the form in which the query is matched inside a business name. */
export function businessTermForm(text: string): string {
  return tokenize(text).join(' ');
}

/** Phase 1 of the catalog: BM25 plus the seed's ILIKE, kept in step with the catalog table. */
export interface CatalogKeywordSearch {
  upsert(row: CatalogKeywordRow): void;
  /** Every field at once, e.g. after another process rewrote the catalog. */
  replaceAll(rows: readonly CatalogKeywordRow[]): void;
  remove(id: number): void;
  /**
   * Hits ranked by normalised BM25 plus the business-term lift, renormalised so the best is 1. With `within`, only
   * those rows compete (the tree's branches): the best of them scores 1, as if they were the whole catalog.
   */
  search(query: string, limit: number, within?: ReadonlySet<number>): KeywordHit[];
}

/**
 * The seed's phase 1 (`ts_rank(...) OR business_name ILIKE '%q%'`), on MiniSearch: an OR-combined BM25 over
 * business_name, definition and physical_name, and a substring match of the folded query in the folded business
 * name. A substring match adds `businessTermLift`, so a field whose name contains the analyst's exact term
 * outranks fields that only share words with it.
 */
export function createCatalogKeywordSearch(index: KeywordIndex = createCatalogKeywordIndex()): CatalogKeywordSearch {
  const businessNames = new Map<number, string>();

  return {
    upsert(row) {
      index.upsert(catalogKeywordDocument(row));
      businessNames.set(row.id, businessTermForm(row.business_name));
    },
    replaceAll(rows) {
      index.replaceAll(rows.map(catalogKeywordDocument));
      businessNames.clear();
      for (const row of rows) businessNames.set(row.id, businessTermForm(row.business_name));
    },
    remove(id) {
      index.remove(id);
      businessNames.delete(id);
    },
    search(query, limit, within) {
      const all = index.search(query, { limit: Number.MAX_SAFE_INTEGER });
      const bm25 = within ? all.filter((hit) => within.has(hit.id)) : all;
      const term = businessTermForm(query);
      const lifted = new Set<number>();
      if (term.length >= minimumBusinessTermLength) {
        for (const [id, name] of businessNames) if (name.includes(term) && (!within || within.has(id))) lifted.add(id);
      }
      return liftBusinessTerms(bm25, lifted, limit, within !== undefined);
    },
  };
}

/**
 * The phase-1 ranking both stores share: each text hit's score normalised by the best one (`normalized`, or, with
 * `renormalise`, score / best score among these hits), plus `businessTermLift` for the rows whose folded business
 * name contains the folded query; sorted (ties by id), cut at `limit`, and renormalised so the best scores 1.
 */
export function liftBusinessTerms(textHits: readonly KeywordHit[], lifted: ReadonlySet<number>, limit: number, renormalise: boolean): KeywordHit[] {
  type Scored = { id: number; raw: number; combined: number; terms: string[]; match: KeywordMatch; coverage: number };
  const scored = new Map<number, Scored>();
  // Within branches, BM25 is normalised by their own best hit, so the lift weighs what it weighs in the whole catalog.
  const bestRaw = textHits[0]?.score || 1;
  for (const hit of textHits) {
    scored.set(hit.id, { id: hit.id, raw: hit.score, combined: renormalise ? hit.score / bestRaw : hit.normalized, terms: hit.terms, match: hit.match, coverage: hit.coverage });
  }
  for (const id of lifted) {
    // The whole query is inside the business name: an exact match of every term, whatever BM25 saw.
    const entry = scored.get(id) ?? { id, raw: 0, combined: 0, terms: [], match: 'exact', coverage: 1 };
    entry.combined += businessTermLift;
    entry.match = 'exact';
    entry.coverage = 1;
    scored.set(id, entry);
  }
  const ranked = [...scored.values()].sort((a, b) => b.combined - a.combined || a.id - b.id).slice(0, limit);
  const best = ranked[0]?.combined || 1;
  return ranked.map((entry, index) => ({
    id: entry.id,
    score: entry.raw,
    normalized: entry.combined / best,
    rank: index + 1,
    terms: entry.terms,
    match: entry.match,
    coverage: entry.coverage,
  }));
}
