import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { editDistance } from '../../core/edit-distance.js';
import { defaultBm25, keywordMatchOf, looseMatching, type KeywordHit } from '../../retrieval/keyword-index.js';
import { queryWords, stemText, textLanguage, type QueryWord } from '../../retrieval/stemming.js';
import { kbKeywordDocument } from './kb-search.js';

/** MiniSearch's BM25 parameters (k, b, d), which the SQLite store ranks with: the same formula here. */
const bm25 = defaultBm25;

/**
 * How the keyword columns below are derived; stored with each chunk (`keyword_format`), so rows an older cita derived
 * are derived again when the store opens (kb-postgres-write.ts `upgradeKbKeywordColumns`). 1: folded words that
 * PostgreSQL stemmed (migrations/postgres/0002_kb.sql); 2: cita's own stems as words for the `simple` parser, an empty
 * field one term long (0005); 3: the same stems as a `tsvector` literal with positions, none split or left out (0006).
 * A new format needs a migration whose `search_vector` reads it: the generated column decides by this number, and a
 * cita refuses rows of a format above its own.
 */
export const kbKeywordFormat = 3;

/**
 * PostgreSQL refuses a lexeme of 2,047 bytes or more in a `tsvector` or `tsquery` literal. No word of a card comes
 * near it; one that did is left out of the searched words (still counted in the length) instead of failing the write.
 */
const maximumLexemeBytes = 2046;
const storable = (term: string) => term.length > 0 && Buffer.byteLength(term, 'utf8') <= maximumLexemeBytes;

/**
 * A term as a quoted lexeme of a `tsvector` or `tsquery` literal: taken as it is, never parsed into words, so a stem
 * PostgreSQL's parser would split ("m²", a non-ASCII digit) is one lexeme as in MiniSearch. Inside the quotes a quote
 * is doubled and a backslash escaped; nothing else in the term has a meaning there.
 */
export function tsLexeme(term: string): string {
  return `'${term.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/** Terms as a `tsvector` literal, each occurrence at its position (1, 2, …): a term's positions are its frequency. */
export function tsvectorLiteral(terms: readonly string[]): string {
  const positions = new Map<string, number[]>();
  terms.forEach((term, index) => {
    if (storable(term)) positions.set(term, [...(positions.get(term) ?? []), index + 1]);
  });
  return [...positions].map(([term, at]) => `${tsLexeme(term)}:${at.join(',')}`).join(' ');
}

/** A `tsquery` literal matching any of the terms (null when none can be searched). */
export function tsqueryAny(terms: readonly string[]): string | null {
  const searched = [...new Set(terms)].filter(storable);
  return searched.length === 0 ? null : searched.map(tsLexeme).join(' | ');
}

/**
 * The keyword columns of a chunk (migrations/postgres/0002_kb.sql, 0005_kb_keyword_stems.sql, 0006): the terms of
 * each field exactly as the SQLite store's MiniSearch index holds them (stemming.ts: folded, cita's stop words
 * dropped, stemmed in the language of the whole chunk), as a `tsvector` literal the database takes as it is; and each
 * field's number of distinct terms, BM25's field length, counted as MiniSearch counts it.
 */
export function kbKeywordColumns(embedText: string) {
  const { title = '', section = '', passage = '' } = kbKeywordDocument({ id: 0, embed_text: embedText }).fields;
  const language = textLanguage([title, section, passage].join('\n'));
  const stems = (text: string) => stemText(text, language);
  // MiniSearch counts the distinct tokens of the field's text before dropping empty ones: a field with no term (an
  // empty section heading) is one empty token long, not zero.
  const length = (text: string) => Math.max(1, new Set(stems(text)).size);
  const words = (text: string) => tsvectorLiteral(stems(text));
  return {
    title_words: words(title),
    section_words: words(section),
    passage_words: words(passage),
    title_length: length(title),
    section_length: length(section),
    passage_length: length(passage),
    keyword_format: kbKeywordFormat,
  };
}

/** MiniSearch's loose matching on SQLite (keyword-index.ts), for a query word the stemmer left as typed. */
const loose = looseMatching;

/**
 * BM25 over the chunks' three fields, as MiniSearch computes it on SQLite: per field and lexeme, the IDF over the
 * chunks holding it in that field and the term frequency read from the tsvector (each field has its own weight
 * label); each (query term, lexeme) pair adds weight × BM25, and the sum is multiplied by the number of query terms
 * matched (MiniSearch's coordination). The GIN index finds the chunks holding any lexeme; every such chunk is
 * scored, so the IDF counts are exact.
 */
const keywordSql = `
  WITH q AS (SELECT * FROM unnest($1::text[], $2::text[], $3::float8[]) AS q (source, lexeme, weight)),
  lexemes AS (SELECT DISTINCT lexeme FROM q),
  total AS (
    SELECT count(*)::float8 AS n, avg(title_length)::float8 AS title, avg(section_length)::float8 AS section, avg(passage_length)::float8 AS passage
    FROM kb_chunks
  ),
  matched AS (
    SELECT c.id, c.title_length, c.section_length, c.passage_length, c.search_vector FROM kb_chunks c
    WHERE c.search_vector @@ $5::tsquery
  ),
  frequencies AS (
    SELECT m.id, v.lexeme, f.field, count(*)::float8 AS tf
    FROM matched m CROSS JOIN LATERAL unnest(m.search_vector) AS v (lexeme, positions, weights)
    JOIN lexemes l ON l.lexeme = v.lexeme
    CROSS JOIN LATERAL unnest(v.weights) AS f (field)
    GROUP BY m.id, v.lexeme, f.field
  ),
  documents AS (SELECT lexeme, field, count(*)::float8 AS n FROM frequencies GROUP BY lexeme, field),
  scored AS (
    SELECT f.id,
           sum(q.weight * ln(1 + (t.n - d.n + 0.5) / (d.n + 0.5)) * (${bm25.d} + f.tf * (${bm25.k} + 1) / (f.tf + ${bm25.k} * (1 - ${bm25.b} + ${bm25.b} *
             CASE f.field WHEN 'A' THEN m.title_length / t.title WHEN 'B' THEN m.section_length / t.section ELSE m.passage_length / t.passage END))))
             * count(DISTINCT q.source) AS score,
           array_agg(DISTINCT q.source) AS sources,
           array_agg(DISTINCT f.lexeme) AS lexemes
    FROM frequencies f JOIN documents d USING (lexeme, field) JOIN q ON q.lexeme = f.lexeme JOIN matched m ON m.id = f.id CROSS JOIN total t
    GROUP BY f.id
  )
  SELECT id, score, sources, lexemes FROM scored ORDER BY score DESC, id LIMIT $4`;

/** One query term and a lexeme of the chunks it matches, with the match's weight. */
interface TermForm {
  source: string;
  lexeme: string;
  weight: number;
}

/** Each query term with itself and, for a word left as typed, the vocabulary's words it starts or is a typo of. */
async function formsOf(database: PostgresDatabase, words: readonly QueryWord[]): Promise<TermForm[]> {
  const exact = words.flatMap((word) => [word.primary, ...(word.secondary === null ? [] : [word.secondary])].map((term) => ({ source: term, lexeme: term, weight: 1 })));
  const typed = words.filter((word) => word.asTyped && word.primary.length >= loose.prefixFrom).map((word) => word.primary);
  if (typed.length === 0) return exact;
  const found = await database.transaction(async (client) => {
    // Trigram similarity only narrows the candidates: the edit distance below decides, so the bar is set low.
    await client.query('SET LOCAL pg_trgm.similarity_threshold = 0.1');
    return (
      await client.query<{ w: string; word: string }>(
        `SELECT q.w, k.word FROM unnest($1::text[]) AS q (w)
         JOIN kb_words k ON k.word <> q.w AND (k.word LIKE q.w || '%' OR (length(q.w) >= $2 AND k.word % q.w))`,
        [typed, loose.fuzzyFrom],
      )
    ).rows;
 }, { readOnly: true });
  const derived = found.flatMap(({ w, word }): TermForm[] => {
    if (word.startsWith(w)) return [{ source: w, lexeme: word, weight: (loose.prefixWeight * word.length) / (word.length + 0.3 * (word.length - w.length)) }];
    const limit = Math.min(loose.maximumEdits, Math.round(w.length * loose.fuzzy));
    const distance = editDistance(w, word, limit);
    return distance <= limit ? [{ source: w, lexeme: word, weight: (loose.fuzzyWeight * word.length) / (word.length + distance) }] : [];
  });
  return [...exact, ...derived];
}

/**
 * The KB's keyword path on PostgreSQL. The question's words are read by the same code as on SQLite (stop words
 * dropped, each word's English stem and, for a cognate, its Spanish stem: stemming.ts), so coverage, an
 * answerability signal, counts the same words; the chunks' terms are cita's stems too (`kbKeywordColumns`), so a
 * question meets the same terms in the same chunks on both stores.
 */
export function createKbPostgresKeyword(database: PostgresDatabase): (text: string, limit: number) => Promise<KeywordHit[]> {
  return async (text, limit) => {
    const words = queryWords(text);
    if (words.length === 0) return [];
    const forms = await formsOf(database, words);
    const query = tsqueryAny(forms.map((form) => form.lexeme));
    if (query === null) return [];
    const rows = await database.query<{ id: number; score: number; sources: string[]; lexemes: string[] }>(keywordSql, [
      forms.map((form) => form.source),
      forms.map((form) => form.lexeme),
      forms.map((form) => form.weight),
      limit,
      query,
    ]);
    const best = rows[0]?.score || 1;
    return rows.map((row, index) => {
      const matched = new Set(row.sources);
      return {
        id: row.id,
        score: row.score,
        normalized: row.score / best,
        rank: index + 1,
        terms: row.lexemes,
        match: keywordMatchOf(row.sources, row.lexemes),
        coverage: words.filter((word) => matched.has(word.primary) || (word.secondary !== null && matched.has(word.secondary))).length / words.length,
      };
    });
  };
}
