import type pg from 'pg';
import { stopWords, tokenize } from '../../core/text-folding.js';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import type { EmbeddingService } from '../../embedding/embedding-service.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { embedHash } from '../../retrieval/embedding-text.js';
import type { KeywordHit, KeywordMatch } from '../../retrieval/keyword-index.js';
import { semanticSearch } from '../../retrieval/semantic-path.js';
import type { VectorCounts } from '../../retrieval/vector-bookkeeping.js';
import type { VectorNeighbour } from '../../retrieval/vector-store.js';
import type { CatalogDocument, CatalogFieldRecord } from './catalog-document.js';
import { businessTermForm, liftBusinessTerms, minimumBusinessTermLength } from './catalog-keyword.js';
import { catalogEmbedText, catalogFormula, type CatalogFieldRow, type CatalogNoteRow, type CatalogSourceRow } from './catalog-repository.js';
import type { CatalogImportSummary, SelfEmbeddingCatalogStore } from './catalog-store.js';

/** Rows per bulk statement of an import (arrays sent as parameters: one round trip per chunk, not per row). */
const importChunk = 5000;
/** Fields per embedder call and per vector write. */
const embedBatch = 32;
/** Fields needing a vector read per query (then embedded `embedBatch` at a time). */
const pendingPage = 512;
/** pgvector's HNSW returns at most ef_search rows; past this many neighbours the space is scanned exactly instead. */
const maximumEfSearch = 1000;
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

/** Levenshtein distance, stopping early once it exceeds `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const value = Math.min((previous[j] as number) + 1, (current[j - 1] as number) + 1, (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1));
      current.push(value);
      best = Math.min(best, value);
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] as number;
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
 */
const keywordSql = `
  WITH spec AS (
    SELECT t.ord, s->>'w' AS w, ${stems("s->>'w'")} AS exact, ${formsOf('prefix')} AS prefix, ${formsOf('fuzzy')} AS fuzzy
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS t (s, ord)
  ),
  whole AS (SELECT coalesce(cita_tsquery_or(exact || prefix || fuzzy), ''::tsquery) AS q FROM spec),
  total AS (SELECT count(*)::float8 AS n FROM catalog_fields),
  weighted AS (
    SELECT spec.*, ln(1 + (total.n - m.n + 0.5) / (m.n + 0.5)) AS idf
    FROM spec CROSS JOIN total CROSS JOIN LATERAL (SELECT count(*)::float8 AS n FROM catalog_fields f WHERE f.search_vector @@ (spec.exact || spec.prefix || spec.fuzzy)) AS m
  ),
  -- The whole query as one InitPlan value, so the GIN and trigram indexes find the rows (a bitmap OR of the two).
  matched AS (
    SELECT f.id, f.search_vector, coalesce(f.business_term ILIKE $2, false) AS lifted,
           ts_rank('${rankWeights}', f.search_vector, (SELECT q FROM whole)) AS first_rank
    FROM catalog_fields f
    WHERE (f.search_vector @@ (SELECT q FROM whole) OR f.business_term ILIKE $2) AND ($3::bigint[] IS NULL OR f.id = ANY ($3::bigint[]))
  ),
  -- Every lifted row, and the $5 best by one ts_rank of the whole query: the rows scored word by word below.
  candidates AS (
    SELECT id, search_vector, lifted FROM matched WHERE lifted
    UNION ALL
    (SELECT id, search_vector, lifted FROM matched WHERE NOT lifted ORDER BY first_rank DESC, id LIMIT $5)
  ),
  per_word AS (
    SELECT c.id, c.lifted, w.w, w.idf, w.exact, w.prefix, w.fuzzy, c.search_vector,
           CASE WHEN c.search_vector @@ w.exact THEN 'exact' WHEN c.search_vector @@ w.prefix THEN 'prefix' WHEN c.search_vector @@ w.fuzzy THEN 'fuzzy' END AS how
    FROM candidates c LEFT JOIN weighted w ON true
  ),
  scored AS (
    SELECT id, bool_or(lifted) AS lifted,
           coalesce(sum(CASE how
             WHEN 'exact' THEN idf * ts_rank('${rankWeights}', search_vector, exact)
             WHEN 'prefix' THEN ${looseMatching.prefixWeight} * idf * ts_rank('${rankWeights}', search_vector, prefix)
             WHEN 'fuzzy' THEN ${looseMatching.fuzzyWeight} * idf * ts_rank('${rankWeights}', search_vector, fuzzy)
           END), 0) * count(how) AS rank,
           array_agg(w) FILTER (WHERE how IS NOT NULL) AS terms,
           array_agg(how) FILTER (WHERE how IS NOT NULL) AS hows,
           count(how) > 0 AS textual
    FROM per_word GROUP BY id
  ),
  ranked AS (SELECT *, row_number() OVER (ORDER BY textual DESC, rank DESC, id) AS position FROM scored)
  SELECT id, rank, textual, lifted, terms, hows FROM ranked WHERE lifted OR position <= $4 ORDER BY textual DESC, rank DESC, id`;

const fieldColumns = `f.id, NULL AS owner, f.source, f.physical_name, f.business_name, f.definition, f.data_type, f.embed_text, f.embed_hash, s.name AS source_name`;

interface SpaceRow {
  id: number;
  dimensions: number;
  table_name: string;
}

/** One of the catalog's two vector spaces: its embedder and what of a field it embeds. */
interface SpaceKind {
  embedding: EmbeddingService;
  formula: string;
  /** The column embedded: the seed's text, or the business name alone (the cross-language path, catalog-module.ts). */
  column: 'embed_text' | 'business_name';
  label: string;
}

/** A vector table's name, checked before it is written into SQL. */
function vectorTable(row: SpaceRow): string {
  if (!/^catalog_vectors_\d+$/.test(row.table_name)) throw new Error(`cita: unexpected vector table name "${row.table_name}"`);
  return row.table_name;
}

function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(',')}]`;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The query's words as the database matches them: folded, stop words dropped, each once. */
export function postgresQueryWords(query: string): string[] {
  return [...new Set(tokenize(query).filter((word) => !stopWords.has(word)))];
}

/**
 * The catalog on PostgreSQL (migrations/postgres/0001_catalog.sql). Phase 1 is the database's own full-text search
 * (Spanish and English stems, `ts_rank`) plus the seed's `business_name ILIKE '%term%'` on a trigram index; vectors
 * live in pgvector tables with an HNSW cosine index. The process holds no index of its own, so any number of cita
 * processes can share the database. Imports are serialised by an advisory lock and run in one transaction.
 */
export async function createCatalogPostgresStore(deps: { database: PostgresDatabase; embedding: EmbeddingService; multilingual?: EmbeddingService }): Promise<SelfEmbeddingCatalogStore> {
  const { database } = deps;
  const main: SpaceKind = { embedding: deps.embedding, formula: catalogFormula, column: 'embed_text', label: 'catalog' };
  const crossKind: SpaceKind | undefined = deps.multilingual && {
    embedding: deps.multilingual,
    formula: `${catalogFormula}:business-name`,
    column: 'business_name',
    label: 'catalog (cross-language)',
  };
  const spaces = new Map<string, SpaceRow>();

  async function findSpace(embedderId: string, formula: string): Promise<SpaceRow | undefined> {
    const key = `${embedderId}\u0000${formula}`;
    const known = spaces.get(key);
    if (known) return known;
    const [row] = await database.query<SpaceRow>('SELECT id, dimensions, table_name FROM catalog_vector_spaces WHERE embedder_id = $1 AND formula = $2', [embedderId, formula]);
    if (row) spaces.set(key, row);
    return row;
  }

  /** The space of this embedder and formula, created (table and HNSW index) by whichever process gets there first. */
  async function space(embedderId: string, formula: string, dimensions: number): Promise<SpaceRow> {
    const existing = await findSpace(embedderId, formula);
    if (existing) return existing;
    await database.transaction(async (client) => {
      await client.query("SELECT pg_advisory_xact_lock(hashtext('cita_catalog_vector_spaces'))");
      const found = await client.query('SELECT 1 FROM catalog_vector_spaces WHERE embedder_id = $1 AND formula = $2', [embedderId, formula]);
      if (found.rowCount) return;
      const inserted = await client.query<{ id: number }>("INSERT INTO catalog_vector_spaces (embedder_id, formula, dimensions, table_name) VALUES ($1, $2, $3, 'catalog_vectors_new') RETURNING id", [
        embedderId,
        formula,
        dimensions,
      ]);
      const row = { id: inserted.rows[0]?.id as number, dimensions, table_name: `catalog_vectors_${inserted.rows[0]?.id}` };
      const table = vectorTable(row);
      await client.query(`UPDATE catalog_vector_spaces SET table_name = $1 WHERE id = $2`, [table, row.id]);
      await client.query(
        `CREATE TABLE ${table} (field_id bigint PRIMARY KEY REFERENCES catalog_fields (id) ON DELETE CASCADE, embedding vector(${Number(dimensions)}) NOT NULL, content_hash text NOT NULL)`,
      );
      await client.query(`CREATE INDEX ${table}_hnsw ON ${table} USING hnsw (embedding vector_cosine_ops)`);
    });
    return (await findSpace(embedderId, formula)) as SpaceRow;
  }

  async function nearest(row: SpaceRow, vector: Float32Array, k: number, within?: ReadonlySet<number>): Promise<VectorNeighbour[]> {
    const table = vectorTable(row);
    const literal = vectorLiteral(vector);
    const rows = await database.transaction(async (client) => {
      if (within) {
        // A branch of the tree: its fields only, compared exactly.
        return (
          await client.query<{ field_id: number; distance: number }>(
            `SELECT field_id, embedding <=> $1::vector AS distance FROM ${table} WHERE field_id = ANY($2::bigint[]) ORDER BY distance, field_id LIMIT $3`,
            [literal, [...within], k],
          )
        ).rows;
      }
      if (k > maximumEfSearch) {
        return (await client.query<{ field_id: number; distance: number }>(`SELECT field_id, embedding <=> $1::vector AS distance FROM ${table} ORDER BY distance, field_id LIMIT $2`, [literal, k]))
          .rows;
      }
      // HNSW returns at most ef_search rows: ask for at least k.
      await client.query(`SET LOCAL hnsw.ef_search = ${Math.max(40, Math.ceil(k))}`);
      return (
        await client.query<{ field_id: number; distance: number }>(`SELECT field_id, embedding <=> $1::vector AS distance FROM ${table} ORDER BY embedding <=> $1::vector LIMIT $2`, [literal, k])
      ).rows;
    });
    // pgvector's cosine distance to a zero vector is NaN: a vector without a direction is near nothing.
    return rows
      .filter((neighbour) => Number.isFinite(neighbour.distance))
      .sort((a, b) => a.distance - b.distance || a.field_id - b.field_id)
      .map((neighbour) => ({ itemId: neighbour.field_id, distance: neighbour.distance }));
  }

  function semanticOf(kind: SpaceKind, query: string, k: number, within?: ReadonlySet<number>) {
    return semanticSearch(
      kind.embedding,
      'catalog',
      {
        async hasVectors(embedderId) {
          const row = await findSpace(embedderId, kind.formula);
          if (!row) return false;
          return (await database.query(`SELECT 1 FROM ${vectorTable(row)} LIMIT 1`)).length > 0;
        },
        nearest: async (embedderId, vector, count) => nearest((await findSpace(embedderId, kind.formula)) as SpaceRow, vector, count, within),
      },
      query,
      { k },
    );
  }

  async function counts(kind: SpaceKind | undefined): Promise<VectorCounts> {
    const [total] = await database.query<{ n: number }>('SELECT count(*) AS n FROM catalog_fields');
    const rows = total?.n ?? 0;
    const embedderId = kind?.embedding.describe().id;
    const row = kind && embedderId ? await findSpace(embedderId, kind.formula) : undefined;
    if (!row) return { rows, vectors: 0, stale: 0, missing: rows };
    const [counted] = await database.query<{ vectors: number; stale: number; missing: number }>(
      `SELECT count(v.field_id) AS vectors,
              count(*) FILTER (WHERE v.field_id IS NOT NULL AND v.content_hash <> f.embed_hash) AS stale,
              count(*) FILTER (WHERE v.field_id IS NULL) AS missing
       FROM catalog_fields f LEFT JOIN ${vectorTable(row)} v ON v.field_id = f.id`,
    );
    return { rows, vectors: counted?.vectors ?? 0, stale: counted?.stale ?? 0, missing: counted?.missing ?? 0 };
  }

  /** Embeds the fields of one space that have no current vector, batch by batch; a killed run resumes where it stopped. */
  async function embedSpace(kind: SpaceKind, onProgress?: (message: string) => void): Promise<number> {
    const embedder = await kind.embedding.get();
    if (!embedder) return 0;
    const row = await space(embedder.id, kind.formula, embedder.dimensions);
    const table = vectorTable(row);
    // Walked in id order with one index probe of the vectors per field, so a page stops at its own rows: a join here
    // was planned as a hash of every vector, for every page (0.3 s a page at 100k fields).
    const pending = `FROM catalog_fields f WHERE (SELECT v.content_hash FROM ${table} v WHERE v.field_id = f.id) IS DISTINCT FROM f.embed_hash`;
    const [total] = await database.query<{ n: number }>(`SELECT count(*) AS n ${pending}`);
    let done = 0;
    let afterId = 0;
    for (;;) {
      const page = await database.query<{ id: number; text: string; embed_hash: string }>(`SELECT f.id, f.${kind.column} AS text, f.embed_hash ${pending} AND f.id > $1 ORDER BY f.id LIMIT $2`, [
        afterId,
        pendingPage,
      ]);
      if (page.length === 0) break;
      for (const batch of chunks(page, embedBatch)) {
        const vectors = await embedder.embedDocuments(batch.map((field) => field.text));
        // A field changed or removed since it was read keeps no vector from its old text.
        await database.query(
          `INSERT INTO ${table} (field_id, embedding, content_hash)
           SELECT v.id, v.embedding::vector, v.hash FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v (id, embedding, hash)
           JOIN catalog_fields f ON f.id = v.id AND f.embed_hash = v.hash
           ON CONFLICT (field_id) DO UPDATE SET embedding = excluded.embedding, content_hash = excluded.content_hash`,
          [batch.map((field) => field.id), vectors.map(vectorLiteral), batch.map((field) => field.embed_hash)],
        );
        done += batch.length;
        onProgress?.(`embedding ${kind.label}: ${done} of ${total?.n ?? done}`);
      }
      afterId = (page[page.length - 1] as { id: number }).id;
    }
    return done;
  }

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

  return {
    kind: 'postgres',
    label: `PostgreSQL ${database.label}`,
    importCatalog: (document) => database.transaction((client) => importInto(client, document)),
    async byIds(ids) {
      const rows = await database.query<CatalogFieldRow>(`SELECT ${fieldColumns} FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source WHERE f.id = ANY($1::bigint[])`, [ids]);
      const byId = new Map(rows.map((row) => [row.id, row]));
      return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id) as CatalogFieldRow] as const] : [])));
    },
    async notesOf(ids) {
      const rows = await database.query<CatalogNoteRow>(
        'SELECT field_id, position, note, condition_text AS condition_json FROM catalog_notes WHERE field_id = ANY($1::bigint[]) ORDER BY field_id, position',
        [ids],
      );
      return new Map(ids.map((id) => [id, rows.filter((row) => row.field_id === id)]));
    },
    all: () => database.query<CatalogFieldRow>(`SELECT ${fieldColumns} FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source ORDER BY f.id`),
    async count() {
      const [row] = await database.query<{ n: number }>('SELECT count(*) AS n FROM catalog_fields');
      return row?.n ?? 0;
    },
    sources: () =>
      database.query<CatalogSourceRow>(
        `SELECT s.id, s.name, s.system, s.data_owner, s.description, count(f.id)::int AS fields
         FROM catalog_sources s LEFT JOIN catalog_fields f ON f.source = s.id GROUP BY s.id ORDER BY s.id`,
      ),
    async field(source, physicalName) {
      const [row] = await database.query<CatalogFieldRow>(`SELECT ${fieldColumns} FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source WHERE f.source = $1 AND f.physical_name = $2`, [
        source,
        physicalName,
      ]);
      return row;
    },
    async source(id) {
      const [row] = await database.query<CatalogSourceRow>(
        `SELECT s.id, s.name, s.system, s.data_owner, s.description, count(f.id)::int AS fields
         FROM catalog_sources s LEFT JOIN catalog_fields f ON f.source = s.id WHERE s.id = $1 GROUP BY s.id`,
        [id],
      );
      return row;
    },
    fieldsOf: (source) =>
      database.query<CatalogFieldRow & { notes: number }>(
        `SELECT ${fieldColumns}, (SELECT count(*)::int FROM catalog_notes n WHERE n.field_id = f.id) AS notes
         FROM catalog_fields f JOIN catalog_sources s ON s.id = f.source WHERE f.source = $1 ORDER BY f.id`,
        [source],
      ),
    keyword,
    semantic: (query, k, within) => semanticOf(main, query, k, within),
    crossLanguage: (query, k, keywordHits, within) =>
      crossLanguageNeighbours(crossKind && { semantic: (text, options) => semanticOf(crossKind, text, options.k, within) }, query, { corpusLanguage: 'es', k, keywordHits }),
    sync: () => undefined,
    async embedPending(onProgress) {
      const embedded = await embedSpace(main, onProgress);
      // Counted apart on SQLite too (ingest's `embedded` is the main space's): the cross-language space is optional.
      if (crossKind) await embedSpace(crossKind, onProgress);
      return embedded;
    },
    counts: (crossLanguage) => counts(crossLanguage ? crossKind : main),
  };
}

/** What a field's row holds, derived from its record (the folded search columns included). */
function fieldValues(field: CatalogFieldRecord) {
  const embedText = catalogEmbedText(field);
  return {
    source: field.source,
    physical_name: field.physicalName,
    business_name: field.businessName,
    definition: field.definition,
    data_type: field.dataType,
    embed_text: embedText,
    embed_hash: embedHash(catalogFormula, embedText),
    business_term: businessTermForm(field.businessName),
    definition_words: tokenize(field.definition).join(' '),
    physical_words: tokenize(field.physicalName).join(' '),
  };
}

type FieldValues = ReturnType<typeof fieldValues>;

/**
 * The import, inside the caller's transaction: the same rules as SQLite's (catalog-repository.ts), written in bulk.
 * The advisory lock serialises imports from every process, so two of them never race on the same (source, field).
 */
async function importInto(client: pg.PoolClient, document: CatalogDocument): Promise<CatalogImportSummary> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('cita_catalog_import'))");
  for (const source of document.sources) {
    await client.query(
      `INSERT INTO catalog_sources (id, name, system, data_owner, description) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (id) DO UPDATE SET name = excluded.name, system = excluded.system, data_owner = excluded.data_owner, description = excluded.description, updated_at = now()
       WHERE (catalog_sources.name, catalog_sources.system, catalog_sources.data_owner, catalog_sources.description)
             IS DISTINCT FROM (excluded.name, excluded.system, excluded.data_owner, excluded.description)`,
      [source.id, source.name, source.system, source.dataOwner, source.description],
    );
  }
  const sourceIds = document.sources.map((source) => source.id);
  const existing = (
    await client.query<{ id: number; source: string; physical_name: string; business_name: string; definition: string; data_type: string; embed_hash: string }>(
      'SELECT id, source, physical_name, business_name, definition, data_type, embed_hash FROM catalog_fields WHERE source = ANY($1::text[])',
      [sourceIds],
    )
  ).rows;
  const existingNotes = new Map<number, Array<{ note: string; condition_text: string }>>();
  for (const row of (
    await client.query<{ field_id: number; note: string; condition_text: string }>(
      'SELECT n.field_id, n.note, n.condition_text FROM catalog_notes n JOIN catalog_fields f ON f.id = n.field_id WHERE f.source = ANY($1::text[]) ORDER BY n.field_id, n.position',
      [sourceIds],
    )
  ).rows) {
    const list = existingNotes.get(row.field_id) ?? [];
    list.push(row);
    existingNotes.set(row.field_id, list);
  }
  const byKey = new Map(existing.map((row) => [`${row.source}\u0000${row.physical_name}`, row]));
  const counts: CatalogImportSummary = { inserted: 0, updated: 0, unchanged: 0, removed: 0 };
  const inserts: Array<{ values: FieldValues; field: CatalogFieldRecord }> = [];
  const updates: Array<{ id: number; values: FieldValues; field: CatalogFieldRecord }> = [];
  const listed = new Set<string>();
  for (const field of document.fields) {
    const key = `${field.source}\u0000${field.physicalName}`;
    listed.add(key);
    const values = fieldValues(field);
    const row = byKey.get(key);
    if (!row) {
      inserts.push({ values, field });
      continue;
    }
    const notes = existingNotes.get(row.id) ?? [];
    const same =
      row.business_name === values.business_name &&
      row.definition === values.definition &&
      row.data_type === values.data_type &&
      row.embed_hash === values.embed_hash &&
      notes.length === field.notes.length &&
      notes.every((note, index) => note.note === field.notes[index]?.note && note.condition_text === field.notes[index]?.conditionJson);
    if (same) counts.unchanged += 1;
    else updates.push({ id: row.id, values, field });
  }
  const noteRows: Array<{ fieldId: number; position: number; note: string; condition: string }> = [];
  const notesFor = (fieldId: number, field: CatalogFieldRecord) => field.notes.forEach((note, position) => noteRows.push({ fieldId, position, note: note.note, condition: note.conditionJson }));
  const column = <K extends keyof FieldValues>(rows: ReadonlyArray<{ values: FieldValues }>, key: K) => rows.map((row) => row.values[key]);

  for (const chunk of chunks(inserts, importChunk)) {
    const inserted = await client.query<{ id: number; source: string; physical_name: string }>(
      `INSERT INTO catalog_fields (source, physical_name, business_name, definition, data_type, embed_text, embed_hash, business_term, definition_words, physical_words)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[])
       RETURNING id, source, physical_name`,
      (['source', 'physical_name', 'business_name', 'definition', 'data_type', 'embed_text', 'embed_hash', 'business_term', 'definition_words', 'physical_words'] as const).map((key) =>
        column(chunk, key),
      ),
    );
    const ids = new Map(inserted.rows.map((row) => [`${row.source}\u0000${row.physical_name}`, row.id]));
    for (const { field } of chunk) notesFor(ids.get(`${field.source}\u0000${field.physicalName}`) as number, field);
    counts.inserted += chunk.length;
  }
  for (const chunk of chunks(updates, importChunk)) {
    await client.query(
      `UPDATE catalog_fields f SET business_name = v.business_name, definition = v.definition, data_type = v.data_type, embed_text = v.embed_text,
         embed_hash = v.embed_hash, business_term = v.business_term, definition_words = v.definition_words, updated_at = now()
       FROM unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         AS v (id, business_name, definition, data_type, embed_text, embed_hash, business_term, definition_words)
       WHERE f.id = v.id`,
      [chunk.map((update) => update.id), ...(['business_name', 'definition', 'data_type', 'embed_text', 'embed_hash', 'business_term', 'definition_words'] as const).map((key) => column(chunk, key))],
    );
    await client.query('DELETE FROM catalog_notes WHERE field_id = ANY($1::bigint[])', [chunk.map((update) => update.id)]);
    for (const { id, field } of chunk) notesFor(id, field);
    counts.updated += chunk.length;
  }
  for (const chunk of chunks(noteRows, importChunk)) {
    await client.query(
      `INSERT INTO catalog_notes (field_id, position, note, condition_json, condition_text)
       SELECT v.field_id, v.position, v.note, v.condition::jsonb, v.condition FROM unnest($1::bigint[], $2::int[], $3::text[], $4::text[]) AS v (field_id, position, note, condition)`,
      [chunk.map((row) => row.fieldId), chunk.map((row) => row.position), chunk.map((row) => row.note), chunk.map((row) => row.condition)],
    );
  }
  const changedIds = (
    await client.query<{ id: number }>('SELECT id FROM catalog_fields WHERE source = ANY($1::text[]) AND id <> ALL($2::bigint[])', [sourceIds, existing.map((row) => row.id)])
  ).rows.map((row) => row.id);
  for (const chunk of chunks([...changedIds, ...updates.map((update) => update.id)], importChunk)) {
    await client.query(
      `INSERT INTO catalog_words (word)
       SELECT DISTINCT w FROM catalog_fields f, regexp_split_to_table(f.business_term || ' ' || f.definition_words || ' ' || f.physical_words, ' ') AS w
       WHERE f.id = ANY($1::bigint[]) AND length(w) >= 2
       ON CONFLICT (word) DO NOTHING`,
      [chunk],
    );
  }
  // An import is authoritative for the sources it lists: their fields it no longer lists go, with their notes and vectors.
  const removed = existing.filter((row) => !listed.has(`${row.source}\u0000${row.physical_name}`)).map((row) => row.id);
  for (const chunk of chunks(removed, importChunk)) await client.query('DELETE FROM catalog_fields WHERE id = ANY($1::bigint[])', [chunk]);
  counts.removed = removed.length;
  return counts;
}
