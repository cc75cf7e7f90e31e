import type pg from 'pg';
import { editDistance } from '../../core/edit-distance.js';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { defaultBm25, keywordMatchOf, looseMatching, type KeywordHit } from '../../retrieval/keyword-index.js';
import { queryWords, type QueryWord } from '../../retrieval/stemming.js';
import { businessTermForm, liftBusinessTerms, minimumBusinessTermLength } from './catalog-keyword.js';

/** The business name weighs three times the definition and the physical name, as the SQLite index's boost (catalog-keyword.ts). */
const fieldBoosts = { business: 3, definition: 1, physical: 1 } as const;
type TextName = keyof typeof fieldBoosts;
const textNames = Object.keys(fieldBoosts) as TextName[];

/** A term of the catalog's vocabulary and the number of fields holding it in each text (migrations/postgres/0010). */
interface TermRow {
  term: string;
  business_fields: number;
  definition_fields: number;
  physical_fields: number;
}

/** What BM25 needs of the whole catalog: the number of fields and the sums of each text's lengths. */
interface TotalRow {
  fields: number;
  business_length: number;
  definition_length: number;
  physical_length: number;
}

/**
 * One term a query looks up, as MiniSearch looks it up on SQLite: for the query's `word`, in its primary spelling
 * (`sub` 0: the word's stem, and the terms it starts or is a typo of) or its secondary one (`sub` 1: the stem in the
 * other language), `form` its place among that spelling's terms (the exact term first, then the prefix terms, then
 * the typo terms), `source` the query term it counts for, and per text the weight and IDF of a field holding it there.
 */
export interface QueryForm {
  word: number;
  sub: 0 | 1;
  form: number;
  source: string;
  lexeme: string;
  weight: Record<TextName, number>;
  idf: Record<TextName, number>;
}

/** MiniSearch's IDF: `matching` of `total` fields hold the term in that text. */
function inverseDocumentFrequency(total: number, matching: number): number {
  return Math.log(1 + (total - matching + 0.5) / (matching + 0.5));
}

/**
 * The query terms MiniSearch would score, with what it would weigh them by (keyword-index.ts: `queryExpression` and
 * MiniSearch's `executeQuerySpec`). A word left as typed also meets the vocabulary's terms it starts (from 3 letters,
 * weight 0.6 × len / (len + 0.3 × extra letters)) and, from 5 letters, those within round(0.2 × length) edits that
 * it does not start (0.3 × len / (len + edits)); a word's spelling in the other language meets its exact term only.
 * Terms no field holds are left out: MiniSearch finds nothing under them either. The weights are computed here, in the
 * same operations as MiniSearch's, so the database multiplies the same numbers.
 */
export function queryForms(words: readonly QueryWord[], vocabulary: readonly TermRow[], total: TotalRow): QueryForm[] {
  const counts = new Map(vocabulary.map((row) => [row.term, row]));
  const forms: QueryForm[] = [];
  const add = (word: number, sub: 0 | 1, form: number, source: string, lexeme: string, termWeight: number) => {
    const row = counts.get(lexeme);
    if (!row) return;
    const matching: Record<TextName, number> = { business: row.business_fields, definition: row.definition_fields, physical: row.physical_fields };
    if (textNames.every((name) => matching[name] <= 0)) return;
    const weight = {} as Record<TextName, number>;
    const idf = {} as Record<TextName, number>;
    for (const name of textNames) {
      // MiniSearch: termWeight × termBoost (1) × fieldBoost × documentBoost (1) × BM25, left to right.
      weight[name] = termWeight * fieldBoosts[name];
      idf[name] = matching[name] > 0 ? inverseDocumentFrequency(total.fields, matching[name]) : 0;
    }
    forms.push({ word, sub, form, source, lexeme, weight, idf });
  };
  words.forEach((word, index) => {
    const primary = word.primary;
    add(index, 0, 0, primary, primary, 1);
    if (word.asTyped && primary.length >= looseMatching.prefixFrom) {
      const prefixed = vocabulary.filter((row) => row.term !== primary && row.term.startsWith(primary)).map((row) => row.term);
      const edits = primary.length >= looseMatching.fuzzyFrom ? Math.min(looseMatching.maximumEdits, Math.round(primary.length * looseMatching.fuzzy)) : 0;
      const typos =
        edits === 0
          ? []
          : vocabulary
              .filter((row) => !row.term.startsWith(primary))
              .map((row) => ({ term: row.term, distance: editDistance(primary, row.term, edits) }))
              .filter((row) => row.distance > 0 && row.distance <= edits);
      let form = 1;
      for (const term of prefixed.sort()) {
        const distance = term.length - primary.length;
        add(index, 0, form++, primary, term, (looseMatching.prefixWeight * term.length) / (term.length + 0.3 * distance));
      }
      for (const { term, distance } of typos.sort((a, b) => (a.term < b.term ? -1 : a.term > b.term ? 1 : 0))) {
        add(index, 0, form++, primary, term, (looseMatching.fuzzyWeight * term.length) / (term.length + distance));
      }
    }
    if (word.secondary !== null) add(index, 1, 0, word.secondary, word.secondary, 1);
  });
  return forms;
}

/**
 * MiniSearch's BM25 of one term in one text, in its operations and order (its `calcBM25Score` after the IDF):
 * d + tf × (k + 1) / (tf + k × (1 − b + b × length / average)), with d, k + 1, k, 1 − b and b as $16 to $20.
 */
function bm25Of(frequency: string, length: string, average: string): string {
  return `($16::float8 + (${frequency} * $17::float8) / (${frequency} + $18::float8 * ($19::float8 + ($20::float8 * ${length}::float8) / ${average}::float8)))`;
}

/**
 * BM25 over each field's three texts as MiniSearch computes it on SQLite (its default k, b and d; the catalog index's
 * boosts; each text's own length against the catalog's average): each (query form, text) pair a field holds adds
 * weight × IDF × BM25, the sums follow MiniSearch's nesting (a spelling's forms in turn, a word's two spellings, the
 * words in the query's order), and the total is multiplied by the number of query terms matched (MiniSearch's
 * coordination). The fields holding any form are found term by term through the GIN index on their term counts, and
 * every one is scored: the best `limit` come back in the order SQLite ranks them (score over the best score, then
 * id), with every field whose folded business name contains the folded query (the seed's substring match, on the
 * trigram index).
 */
const keywordSql = `
  WITH q AS (
    SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::varbit[], $6::float8[], $7::float8[], $8::float8[], $9::float8[], $10::float8[], $11::float8[])
      AS q (word, sub, form, lexeme, source, business_weight, business_idf, definition_weight, definition_idf, physical_weight, physical_idf)
  ),
  -- Each field holding a query term, found term by term through the GIN index, with the term's counts there.
  found AS (
    SELECT s.id, t.lexeme, (s.term_counts ->> t.lexeme)::bigint AS code, s.business_length, s.definition_length, s.physical_length
    FROM unnest($12::text[]) AS t (lexeme)
    JOIN catalog_field_search s ON s.term_counts ? t.lexeme
    WHERE $13::bigint[] IS NULL OR s.id = ANY ($13::bigint[])
  ),
  -- Each (field, form): the form's BM25 in the business name, the definition and the physical name, added in that order
  -- (a text without the term adds nothing: x + 0 is x). MiniSearch keeps one running sum across a spelling's forms and
  -- texts; adding per form first is one row per form instead of one per text (about a third of the statement's time
  -- at 20k fields) and differs only in the last bits, only when a field meets a word through two terms, where the
  -- forms' order (MiniSearch's tree order) can differ anyway. Materialized: the sort below then carries these few
  -- columns, not the fields' term counts (which spilled it to disk).
  per_form AS MATERIALIZED (
    SELECT f.id, q.word, q.sub, q.form, q.source,
           coalesce(CASE WHEN f.code % 1000 > 0 THEN q.business_weight * (q.business_idf * ${bm25Of('(f.code % 1000)::float8', 'f.business_length', '$21')}) END, 0)
           + coalesce(CASE WHEN f.code / 1000 % 1000 > 0 THEN q.definition_weight * (q.definition_idf * ${bm25Of('(f.code / 1000 % 1000)::float8', 'f.definition_length', '$22')}) END, 0)
           + coalesce(CASE WHEN f.code / 1000000 > 0 THEN q.physical_weight * (q.physical_idf * ${bm25Of('(f.code / 1000000)::float8', 'f.physical_length', '$23')}) END, 0) AS score
    FROM found f JOIN q ON q.lexeme = f.lexeme
  ),
  -- A word: its first spelling's forms in order, then its other spelling's one form. Then the words in order, times
  -- the number of query terms matched.
  per_word AS (
    SELECT id, word, sum(score ORDER BY sub, form) AS score, bit_or(source) AS sources FROM per_form GROUP BY id, word
  ),
  scored AS (
    SELECT id, sum(score ORDER BY word) * bit_count(bit_or(sources)) AS score, bit_or(sources) AS sources FROM per_word GROUP BY id
  ),
  best AS (SELECT max(score) AS score FROM scored),
  top AS (SELECT s.id FROM scored s CROSS JOIN best b ORDER BY s.score / b.score DESC, s.id LIMIT $15),
  lifted AS (
    SELECT id FROM catalog_field_search WHERE $14::text IS NOT NULL AND business_term LIKE $14 AND ($13::bigint[] IS NULL OR id = ANY ($13::bigint[]))
  ),
  chosen AS (SELECT id FROM top UNION SELECT id FROM lifted)
  SELECT c.id, s.score, s.sources::text AS sources, c.id IN (SELECT id FROM lifted) AS lifted,
         (SELECT array_agg(t.lexeme ORDER BY t.lexeme) FROM catalog_field_search f CROSS JOIN LATERAL unnest($12::text[]) AS t (lexeme)
          WHERE s.id IS NOT NULL AND f.id = c.id AND f.term_counts ? t.lexeme) AS lexemes
  FROM chosen c LEFT JOIN scored s ON s.id = c.id
  ORDER BY s.score / (SELECT score FROM best) DESC NULLS LAST, c.id`;

/** The fields whose folded business name contains the folded query, when no query term is in the vocabulary. */
const liftedSql = `SELECT id FROM catalog_field_search WHERE business_term LIKE $1 AND ($2::bigint[] IS NULL OR id = ANY ($2::bigint[])) ORDER BY id`;

/** `text` inside a LIKE pattern, matched as it is. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/** The query terms each form counts for, as bit strings (one bit per distinct term, in order of first appearance). */
function sourceBits(forms: readonly QueryForm[]): { sources: string[]; bits: string[] } {
  const sources = [...new Set(forms.map((form) => form.source))];
  const bits = forms.map((form) => sources.map((source) => (source === form.source ? '1' : '0')).join(''));
  return { sources, bits };
}

/** The vocabulary a query's words meet: each word's exact terms, and the terms a typed word starts or is a typo of. */
async function vocabularyOf(client: pg.PoolClient, words: readonly QueryWord[]): Promise<TermRow[]> {
  const exact = [...new Set(words.flatMap((word) => (word.secondary === null ? [word.primary] : [word.primary, word.secondary])))];
  const typed = words.filter((word) => word.asTyped && word.primary.length >= looseMatching.prefixFrom);
  return (
    await client.query<TermRow>(
      `SELECT term, business_fields, definition_fields, physical_fields FROM catalog_terms WHERE term = ANY ($1::text[])
       UNION
       SELECT t.term, t.business_fields, t.definition_fields, t.physical_fields
       FROM unnest($2::text[], $3::text[], $4::boolean[]) AS q (word, prefix, fuzzy)
       JOIN catalog_terms t ON t.term LIKE q.prefix OR (q.fuzzy AND t.term % q.word)`,
      [exact, typed.map((word) => word.primary), typed.map((word) => `${likeLiteral(word.primary)}%`), typed.map((word) => word.primary.length >= looseMatching.fuzzyFrom)],
    )
  ).rows;
}

/**
 * Phase 1 of the catalog on PostgreSQL, ranked as SQLite ranks it: the query read by the same code (stemming.ts, the
 * catalog index's Spanish first), the same terms in the fields (catalog-postgres-terms.ts), MiniSearch's BM25 with its
 * loose matches in one statement, then the business-term lift both stores share (`liftBusinessTerms`). The document
 * frequencies, field count and length sums come from tables the writes keep (migrations/postgres/0010), read in the
 * same snapshot as the fields. What can still differ is the last bits of a score: MiniSearch keeps each text's
 * average length as a running mean (its value depends on the order the index was built in) and meets a word's prefix
 * and typo terms in its tree's order; here the average is the exact mean and the terms come in alphabetical order. On
 * the shipped catalog the 190 evaluation queries rank the same 100 fields in the same order with the same match kind
 * and coverage on both stores; given MiniSearch the exact averages, 188 of them score every field to the last bit.
 */
export function createPostgresKeyword(database: PostgresDatabase): (query: string, limit: number, within?: ReadonlySet<number>) => Promise<KeywordHit[]> {
  return async (query, limit, within) => {
    const words = queryWords(query, 'es');
    const term = businessTermForm(query);
    const pattern = term.length >= minimumBusinessTermLength ? `%${likeLiteral(term)}%` : null;
    if (words.length === 0 && pattern === null) return [];
    const only = within ? [...within] : null;
    const { rows, forms } = await database.transaction(
      async (client) => {
        // One snapshot: the counts and totals read first belong to the fields scored after.
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        // Trigram similarity only narrows the typo candidates: the edit distance in queryForms decides, so the bar is low.
        await client.query('SET LOCAL pg_trgm.similarity_threshold = 0.1');
        const [total] = (await client.query<TotalRow>('SELECT fields, business_length, definition_length, physical_length FROM catalog_field_total')).rows;
        const vocabulary = words.length === 0 || !total ? [] : await vocabularyOf(client, words);
        const found = total ? queryForms(words, vocabulary, total) : [];
        const lexemes = [...new Set(found.map((form) => form.lexeme))];
        if (!total || lexemes.length === 0) {
          const lifted = pattern === null ? [] : (await client.query<{ id: number }>(liftedSql, [pattern, only])).rows;
          return { rows: lifted.map((row) => ({ id: row.id, score: null, sources: null, lifted: true, lexemes: null })), forms: found };
        }
        const { bits } = sourceBits(found);
        const average = (sum: number) => sum / total.fields;
        const result = await client.query<{ id: number; score: number | null; sources: string | null; lifted: boolean; lexemes: string[] | null }>(keywordSql, [
          found.map((form) => form.word),
          found.map((form) => form.sub),
          found.map((form) => form.form),
          found.map((form) => form.lexeme),
          bits,
          ...textNames.flatMap((name) => [found.map((form) => form.weight[name]), found.map((form) => form.idf[name])]),
          lexemes,
          only,
          pattern,
          limit,
          defaultBm25.d,
          defaultBm25.k + 1,
          defaultBm25.k,
          1 - defaultBm25.b,
          defaultBm25.b,
          average(total.business_length),
          average(total.definition_length),
          average(total.physical_length),
        ]);
        return { rows: result.rows, forms: found };
      },
      { readOnly: true },
    );
    const { sources } = sourceBits(forms);
    const textual = rows.filter((row) => row.score !== null);
    const best = textual[0]?.score || 1;
    const textHits: KeywordHit[] = textual.map((row, index) => {
      const score = row.score as number;
      const matched = [...(row.sources ?? '')].flatMap((bit, position) => (bit === '1' ? [sources[position] as string] : []));
      const lexemes = row.lexemes ?? [];
      return {
        id: row.id,
        score,
        normalized: score / best,
        rank: index + 1,
        terms: lexemes,
        match: keywordMatchOf(matched, lexemes),
        coverage: words.filter((word) => matched.includes(word.primary) || (word.secondary !== null && matched.includes(word.secondary))).length / words.length,
      };
    });
    return liftBusinessTerms(textHits, new Set(rows.filter((row) => row.lifted).map((row) => row.id)), limit, within !== undefined);
  };
}
