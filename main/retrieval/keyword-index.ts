import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { queryWords, stemText, textLanguage, type QueryWord, type StemCache, type StemLanguage } from './stemming.js';
import { foldText, stopWords } from '../core/text-folding.js';

/** A document as the keyword index sees it: an id, text fields and an owner for visibility. */
export interface KeywordDocument {
  id: number;
  /** null = shared with every profile. */
  owner: string | null;
  fields: Record<string, string>;
}

export interface KeywordIndexOptions {
  fields: string[];
  /** Field weights, e.g. { name: 3 }. */
  boost?: Record<string, number>;
  /** AND: every query term must match (the seed's substring spirit); OR: BM25 ranks partial matches. */
  combineWith: 'AND' | 'OR';
  /**
   * Whether a query word also matches longer words that start with it and words one typo away (the default).
   * Off for long prose (the KB), where stemming already joins a word's forms and the loose matches only add noise.
   */
  loose?: boolean;
  /** BM25 term saturation (k), length normalisation (b) and BM25+ floor (d); MiniSearch's defaults otherwise. */
  bm25?: { k: number; b: number; d: number };
  /**
   * The language most documents are in (default English, as every shipped corpus): query words are stemmed in it
   * first, and exactly in the other language as well.
   */
  language?: StemLanguage;
  /** false: plain BM25 sums; true (MiniSearch's default): the sum times the number of query words matched. */
  coordination?: boolean;
}

/** How a hit's words met the query's: as typed, as the start of a longer word, or only within one typo. */
export type KeywordMatch = 'exact' | 'prefix' | 'fuzzy';

export interface KeywordHit {
  id: number;
  /** Raw BM25 score; `normalized` is score / best score of this query (1 for the top hit). */
  score: number;
  normalized: number;
  rank: number;
  terms: string[];
  /** The loosest way any matched query term met the document (a near-miss is `fuzzy`, never `exact`). */
  match: KeywordMatch;
  /** Share of the query's terms (after stop words) that the document matched, 0..1. */
  coverage: number;
}

/** Everything a keyword search needs to know besides the query. */
export interface KeywordQueryOptions {
  limit: number;
  /** Profiles whose documents may be returned besides shared ones; undefined = all. */
  visibleOwners?: readonly string[];
  /**
   * The query's language when the caller knows it, e.g. the English of a glossary translation. In the index's own
   * language the query is then looked up in that language only, never through the other language's stemmer.
   */
  language?: StemLanguage;
}

export interface KeywordIndex {
  add(document: KeywordDocument): void;
  /** Adds or replaces a document (kept in step with every write). */
  upsert(document: KeywordDocument): void;
  remove(id: number): void;
  /** Replaces every document at once (a fresh index, no dirt): after another process rewrote the rows. */
  replaceAll(documents: Iterable<KeywordDocument>): void;
  search(query: string, options: KeywordQueryOptions): KeywordHit[];
  size(): number;
  /** Replaced or removed documents whose terms are still in the index (skipped by searches, cleared by compaction). */
  dirt(): number;
  /** A snapshot that `loadKeywordIndex` restores without re-tokenising. */
  toJSON(): unknown;
}

/**
 * Folds case and accents, drops stop words, and folds a plural "s" ("eggs" = "egg", "huevos" = "huevo"): how the
 * Spanish glossaries key their words. The index itself stems (see stemming.ts).
 */
export function processTerm(term: string): string | null {
  const folded = foldText(term);
  if (folded.length === 0 || stopWords.has(folded)) return null;
  return folded.length > 3 && folded.endsWith('s') && !folded.endsWith('ss') ? folded.slice(0, -1) : folded;
}

const tokenizeForIndex = (text: string) => text.split(/[^\p{L}\p{N}]+/u);

/** MiniSearch's BM25 parameters (its defaults): term saturation k, length normalisation b and the BM25+ floor d. */
export const defaultBm25 = { k: 1.2, b: 0.7, d: 0.5 } as const;

/**
 * How a query word left as typed also matches other terms of the index: from `prefixFrom` letters the longer terms it
 * starts, from `fuzzyFrom` letters the terms within round(`fuzzy` × length) edits (at most `maximumEdits`). MiniSearch
 * weighs such a match `prefixWeight` × len / (len + 0.3 × extra letters) and `fuzzyWeight` × len / (len + edits) of
 * an exact one (len: the matched term's length). The PostgreSQL stores reproduce it (kb- and catalog-postgres-keyword.ts).
 */
export const looseMatching = { prefixFrom: 3, fuzzyFrom: 5, fuzzy: 0.2, maximumEdits: 6, prefixWeight: 0.6, fuzzyWeight: 0.3 } as const;

/** The distinct terms of a query as the index looks them up (stems in the query's language, stop words dropped). */
export function queryTerms(query: string, language?: StemLanguage): string[] {
  return queryWords(query, language).map((word) => word.primary);
}

/**
 * The query as a MiniSearch expression: one sub-query per word, which matches the word's stem in the query's
 * language or, exactly, its stem in the other language (a Spanish document found by an English-looking word).
 */
function queryExpression(words: readonly QueryWord[], combineWith: 'AND' | 'OR'): Query {
  return {
    combineWith,
    queries: words.map((word): Query => {
      // A word the stemmer shortened is a whole word: its other forms are already its stem, so loose matching adds
      // only noise ("runs" → run, never run* or a typo of it).
      const primary: Query = word.asTyped ? word.primary : { queries: [word.primary], prefix: false, fuzzy: false };
      return word.secondary === null ? primary : { combineWith: 'OR', queries: [primary, { queries: [word.secondary], prefix: false, fuzzy: false }] };
    }),
  };
}

/**
 * Exact when every matched query term is one of the document's terms; prefix when some was only the start of one;
 * fuzzy when some matched only within the typo allowance ("mutton" → "button").
 */
export function keywordMatchOf(matchedQueryTerms: readonly string[], documentTerms: readonly string[]): KeywordMatch {
  let match: KeywordMatch = 'exact';
  for (const term of matchedQueryTerms) {
    if (documentTerms.includes(term)) continue;
    if (documentTerms.some((documentTerm) => documentTerm.startsWith(term))) match = 'prefix';
    else return 'fuzzy';
  }
  return match;
}

function miniSearchOptions(options: KeywordIndexOptions) {
  return {
    fields: options.fields,
    // MiniSearch 7.2's vacuum deletes terms from its radix tree while iterating it and can throw ("reading 'keys'")
    // after a batch of replaced documents, e.g. a re-seed that adds a field. So it never runs here: replaced
    // documents leave dirt that searches skip, and the wrapper compacts by rebuilding (see `compactWhenDirty`).
    autoVacuum: false,
    storeFields: ['owner'],
    // Records hold stemmed terms already (see toRecord) and queries arrive as stems (see queryExpression).
    tokenize: tokenizeForIndex,
    processTerm: (term: string) => (term.length > 0 ? term : null),
    searchOptions: {
      boost: options.boost ?? {},
      combineWith: options.combineWith,
      // Prefix matching from 3 letters ("naran" → naranja); one typo allowed from 5 letters.
      prefix: options.loose === false ? false : (term: string) => term.length >= looseMatching.prefixFrom,
      fuzzy: options.loose === false ? false : (term: string) => (term.length >= looseMatching.fuzzyFrom ? looseMatching.fuzzy : false),
      maxFuzzy: looseMatching.maximumEdits,
      weights: { fuzzy: looseMatching.fuzzyWeight, prefix: looseMatching.prefixWeight },
      bm25: options.bm25 ?? defaultBm25,
    },
  };
}

/** Creates an empty in-memory keyword index (MiniSearch) for one corpus. */
export function createKeywordIndex(options: KeywordIndexOptions): KeywordIndex {
  return wrap(options, new MiniSearch<Record<string, unknown>>(miniSearchOptions(options)), new Map());
}

/**
 * Restores an index from `toJSON()` output. The snapshot does not carry the documents' text, so compaction reads
 * them again from `documents` (the rows the index stands for) the first time it is needed.
 */
export function loadKeywordIndex(snapshot: string, options: KeywordIndexOptions, documents?: () => Iterable<KeywordDocument>): KeywordIndex {
  return wrap(options, MiniSearch.loadJSON<Record<string, unknown>>(snapshot, miniSearchOptions(options)), documents ?? null);
}

/** Compact once replaced or removed documents outnumber this share of the live ones (and at least `minimumDirt`). */
const dirtShare = 0.5;
const minimumDirt = 1000;

/** A document's fields as stemmed terms, every field in the language of the whole document. */
function toRecord(document: KeywordDocument, stems?: StemCache): Record<string, unknown> {
  const language = textLanguage(Object.values(document.fields).join('\n'));
  const fields = Object.fromEntries(Object.entries(document.fields).map(([name, text]) => [name, stemText(text, language, stems).join(' ')]));
  return { id: document.id, owner: document.owner, ...fields };
}

/** One field of a document as the index holds it: its terms in order, and its BM25 length. */
export interface IndexedField {
  terms: string[];
  /** Distinct tokens, as MiniSearch counts them: a field without a term is one empty token long. */
  length: number;
}

/**
 * A document's fields exactly as the index takes them (the terms its BM25 counts and each field's length), for a
 * store that ranks the same documents with the same formula elsewhere (catalog-postgres-terms.ts).
 */
export function indexedFields(document: KeywordDocument, stems?: StemCache): Record<string, IndexedField> {
  const record = toRecord(document, stems);
  return Object.fromEntries(
    Object.keys(document.fields).map((name) => {
      const tokens = tokenizeForIndex(record[name] as string);
      return [name, { terms: tokens.filter((token) => token.length > 0), length: new Set(tokens).size }];
    }),
  );
}

function recordsOf(list: Iterable<KeywordDocument>): Map<number, Record<string, unknown>> {
  return new Map([...list].map((document) => [document.id, toRecord(document)]));
}

/**
 * `documents` mirrors what the index holds, so compaction can rebuild a clean index instead of vacuuming (a
 * rebuild leaves no dirt behind). A restored snapshot starts without it and reads it from `reread` when needed.
 */
function wrap(options: KeywordIndexOptions, initial: MiniSearch<Record<string, unknown>>, source: Map<number, Record<string, unknown>> | (() => Iterable<KeywordDocument>) | null): KeywordIndex {
  let mini = initial;
  let documents = source instanceof Map ? source : null;
  const reread = typeof source === 'function' ? source : null;

  /** Swaps in a fresh index of exactly these records (no dirt) and keeps them as the mirror. */
  function rebuild(records: Map<number, Record<string, unknown>>): void {
    const fresh = new MiniSearch<Record<string, unknown>>(miniSearchOptions(options));
    fresh.addAll([...records.values()]);
    mini = fresh;
    documents = records;
  }

  function compactWhenDirty(): void {
    if (mini.dirtCount < Math.max(minimumDirt, dirtShare * mini.documentCount)) return;
    if (documents !== null) rebuild(documents);
    else if (reread !== null) rebuild(recordsOf(reread()));
  }

  return {
    add(document) {
      const record = toRecord(document);
      mini.add(record);
      documents?.set(document.id, record);
    },
    upsert(document) {
      const record = toRecord(document);
      if (mini.has(document.id)) mini.replace(record);
      else mini.add(record);
      documents?.set(document.id, record);
      compactWhenDirty();
    },
    replaceAll(list) {
      rebuild(recordsOf(list));
    },
    remove(id) {
      if (!mini.has(id)) return;
      mini.discard(id);
      documents?.delete(id);
      compactWhenDirty();
    },
    search(query, queryOptions) {
      const visible = queryOptions.visibleOwners ? new Set(queryOptions.visibleOwners) : null;
      // Visibility is a filter inside the search, before ranking is cut, so the k best visible hits survive.
      const words = queryWords(query, options.language, queryOptions.language);
      if (words.length === 0) return [];
      const results: SearchResult[] = mini.search(queryExpression(words, options.combineWith), {
        filter: (result) => visible === null || result.owner === null || visible.has(result.owner as string),
      });
      if (options.coordination === false) {
        // MiniSearch multiplies a document's BM25 sum by how many query terms it matched; plain BM25 does not.
        for (const result of results) result.score /= Math.max(1, result.queryTerms.length);
        results.sort((a, b) => b.score - a.score);
      }
      const best = results[0]?.score ?? 1;
      return results.slice(0, queryOptions.limit).map((result, index) => {
        const matched = new Set(result.queryTerms);
        return {
          id: result.id as number,
          score: result.score,
          normalized: result.score / best,
          rank: index + 1,
          terms: result.terms,
          match: keywordMatchOf(result.queryTerms, result.terms),
          coverage: words.filter((word) => matched.has(word.primary) || (word.secondary !== null && matched.has(word.secondary))).length / words.length,
        };
      });
    },
    size: () => mini.documentCount,
    dirt: () => mini.dirtCount,
    toJSON: () => mini.toJSON(),
  };
}
