import { editDistance } from '../../core/edit-distance.js';
import { stopWords, tokenize } from '../../core/text-folding.js';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import type { KeywordHit, KeywordMatch } from '../../retrieval/keyword-index.js';
import { businessTermForm, liftBusinessTerms, minimumBusinessTermLength } from './catalog-keyword.js';

/** ts_rank's weights {D, C, B, A}: the business name (A) weighs three times the definition and physical name (C), as MiniSearch's boost 3. */
const rankWeights = '{0.1, 0.3333, 0.4, 1.0}';

/**
 * MiniSearch's loose matching on SQLite (keyword-index.ts), reproduced: a query word of 3+ letters also matches the
 * words it starts, one of 5+ letters the words within round(0.2 × length) edits; such matches weigh 0.6 and 0.3 of
 * an exact one. At most `maximumForms` forms of each kind per word, so a short prefix cannot widen a query without end.
 */
const looseMatching = { prefixFrom: 3, fuzzyFrom: 5, fuzzy: 0.2, prefixWeight: 0.6, fuzzyWeight: 0.3, maximumForms: 50 };

interface QueryWordSpec {
  w: string;
  prefix: string[];
  fuzzy: string[];
}

/**
 * Rows scored word by word, at least: the best this many by one ts_rank of the whole query (and every business-term
 * match). A catalog of this size or less is scored whole, exactly as specified; a larger one keeps the scoring cheap.
 */
const minimumScoredCandidates = 1000;

/** A word or its loose forms as one tsquery: Spanish and English stems, OR-ed. */
const stems = (text: string) => `to_tsquery('spanish', quote_literal(${text})) || to_tsquery('english', quote_literal(${text}))`;
const formsOf = (key: string) => `(SELECT coalesce(cita_tsquery_or(${stems('x')}), ''::tsquery) FROM jsonb_array_elements_text(s->'${key}') AS x)`;

/**
 * Phase 1 on PostgreSQL, one statement. Per query word: an exact, a prefix and a fuzzy tsquery, and its BM25 IDF over
 * the fields it matches. A field scores the sum over its matched words of IDF × ts_rank (× the loose weight when the
 * word met it only loosely), times the number of words it matched (MiniSearch's coordination). The rows whose folded
 * business name contains the folded query (ILIKE, trigram index) come back too, flagged, whatever their rank.
 *
 * N is kept by triggers (migrations/postgres/0003_catalog_field_total.sql) instead of counted; the rows matching the
 * query carry their id and rank only (with their search vectors they were 10 MB at 100k fields, spilled to disk), and
 * each candidate is scored in its own row. Each word's fields are still counted in a pass of their own: per-lexeme
 * counts cannot give that count (a word matches through several lexemes), and counting in the pass over the matching
 * rows was exact but no faster overall (README, "PostgreSQL (teams)"). Every row is read from catalog_field_search
 * (migrations/postgres/0009_catalog_field_search.sql): id, business term and search vector, not the whole field.
 */
const keywordSql = `
  WITH spec AS (
    SELECT t.ord, s->>'w' AS w, ${stems("s->>'w'")} AS exact, ${formsOf('prefix')} AS prefix, ${formsOf('fuzzy')} AS fuzzy
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t (s, ord)
  ),
  whole AS (SELECT coalesce(cita_tsquery_or(exact || prefix || fuzzy), ''::tsquery) AS q FROM spec),
  -- The whole query as one InitPlan value, so the GIN and trigram indexes find the rows (a bitmap OR of the two). Ids
  -- and ranks only: the search vectors of the few candidates are read again below, so this set (every matching row)
  -- stays small enough to keep in memory.
  matched AS (
    SELECT f.id, coalesce(f.business_term ILIKE $2, false) AS lifted,
           ts_rank('${rankWeights}', f.search_vector, (SELECT q FROM whole)) AS first_rank
    FROM catalog_field_search f
    WHERE (f.search_vector @@ (SELECT q FROM whole) OR f.business_term ILIKE $2) AND ($3::bigint[] IS NULL OR f.id = ANY ($3::bigint[]))
  ),
  total AS (SELECT fields::float8 AS n FROM catalog_field_total),
  -- Materialized: computed once, not again for each candidate that reads it below.
  weighted AS MATERIALIZED (
    SELECT spec.*, ln(1 + (total.n - m.n + 0.5) / (m.n + 0.5)) AS idf
    FROM spec CROSS JOIN total CROSS JOIN LATERAL (SELECT count(*)::float8 AS n FROM catalog_field_search f WHERE f.search_vector @@ (spec.exact || spec.prefix || spec.fuzzy)) AS m
  ),
  -- Every lifted row, and the $5 best by one ts_rank of the whole query: the rows scored word by word below.
  candidates AS (
    SELECT id, lifted FROM matched WHERE lifted
    UNION ALL
    (SELECT id, lifted FROM matched WHERE NOT lifted ORDER BY first_rank DESC, id LIMIT $5)
  ),
  -- Each candidate scored over the words in their order, within its own row (no grouping of candidates × words).
  scored AS (
    SELECT c.id, c.lifted, s.rank, s.terms, s.hows, s.textual
    FROM candidates c JOIN catalog_field_search f ON f.id = c.id CROSS JOIN LATERAL (
      SELECT coalesce(sum(CASE how
               WHEN 'exact' THEN idf * ts_rank('${rankWeights}', f.search_vector, exact)
               WHEN 'prefix' THEN ${looseMatching.prefixWeight} * idf * ts_rank('${rankWeights}', f.search_vector, prefix)
               WHEN 'fuzzy' THEN ${looseMatching.fuzzyWeight} * idf * ts_rank('${rankWeights}', f.search_vector, fuzzy)
             END ORDER BY ord), 0) * count(how) AS rank,
             array_agg(w ORDER BY ord) FILTER (WHERE how IS NOT NULL) AS terms,
             array_agg(how ORDER BY ord) FILTER (WHERE how IS NOT NULL) AS hows,
             count(how) > 0 AS textual
      FROM (
        SELECT w.ord, w.w, w.idf, w.exact, w.prefix, w.fuzzy,
               CASE WHEN f.search_vector @@ w.exact THEN 'exact' WHEN f.search_vector @@ w.prefix THEN 'prefix' WHEN f.search_vector @@ w.fuzzy THEN 'fuzzy' END AS how
        FROM weighted w
      ) AS per_word
    ) AS s
  ),
  ranked AS (SELECT *, row_number() OVER (ORDER BY textual DESC, rank DESC, id) AS position FROM scored)
  SELECT id, rank, textual, lifted, terms, hows FROM ranked WHERE lifted OR position <= $4 ORDER BY textual DESC, rank DESC, id`;

/** The query's words as the database matches them: folded, stop words dropped, each once. */
export function postgresQueryWords(query: string): string[] {
  return [...new Set(tokenize(query).filter((word) => !stopWords.has(word)))];
}

/**
 * Phase 1 of the catalog on PostgreSQL: the query's words and their loose forms, ranked by one statement, then the
 * business-term lift both stores share (`liftBusinessTerms`).
 */
export function createPostgresKeyword(database: PostgresDatabase): (query: string, limit: number, within?: ReadonlySet<number>) => Promise<KeywordHit[]> {
  /** Each query word with the catalog's words it also matches loosely: longer words it starts, words one typo away. */
  async function looseForms(words: readonly string[]): Promise<QueryWordSpec[]> {
    const found =
      words.length === 0
        ? []
        : await database.query<{ w: string; word: string }>(
            `SELECT q.w, c.word FROM unnest($1::text[]) AS q (w)
       JOIN catalog_words c ON c.word <> q.w AND ((length(q.w) >= $2 AND c.word LIKE q.w || '%') OR (length(q.w) >= $3 AND c.word % q.w))`,
            [words, looseMatching.prefixFrom, looseMatching.fuzzyFrom],
          );
    return words.map((w) => {
      const candidates = found.filter((row) => row.w === w).map((row) => row.word);
      const prefix = candidates
        .filter((word) => w.length >= looseMatching.prefixFrom && word.startsWith(w))
        .sort()
        .slice(0, looseMatching.maximumForms);
      const distance = Math.min(6, Math.round(w.length * looseMatching.fuzzy));
      const fuzzy = candidates
        .filter((word) => !word.startsWith(w) && w.length >= looseMatching.fuzzyFrom && editDistance(w, word, distance) <= distance)
        .sort()
        .slice(0, looseMatching.maximumForms);
      return { w, prefix, fuzzy };
    });
  }

  async function keyword(query: string, limit: number, within?: ReadonlySet<number>): Promise<KeywordHit[]> {
    const words = postgresQueryWords(query);
    const term = businessTermForm(query);
    const pattern = term.length >= minimumBusinessTermLength ? `%${term.replace(/[\\%_]/g, '\\$&')}%` : null;
    if (words.length === 0 && pattern === null) return [];
    const spec = await looseForms(words);
    const rows = await database.query<{ id: number; rank: number; textual: boolean; lifted: boolean; terms: string[] | null; hows: KeywordMatch[] | null }>(keywordSql, [
      JSON.stringify(spec),
      pattern,
      within ? [...within] : null,
      limit,
      Math.max(minimumScoredCandidates, 10 * limit),
    ]);
    const textual = rows.filter((row) => row.textual);
    const best = textual[0]?.rank || 1;
    const textHits: KeywordHit[] = textual.map((row, index) => ({
      id: row.id,
      score: row.rank,
      normalized: row.rank / best,
      rank: index + 1,
      terms: row.terms ?? [],
      // The loosest way any matched word met the field, as MiniSearch reports it.
      match: row.hows?.includes('fuzzy') ? 'fuzzy' : row.hows?.includes('prefix') ? 'prefix' : 'exact',
      coverage: words.length === 0 ? 0 : (row.terms?.length ?? 0) / words.length,
    }));
    return liftBusinessTerms(textHits, new Set(rows.filter((row) => row.lifted).map((row) => row.id)), limit, within !== undefined);
  }

  return keyword;
}
