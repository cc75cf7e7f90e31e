import type { Embedder } from '../embedding/embedder.js';
import { exactlyRescored, rescoreMargin, vectorFromPgBinary } from './exact-distance.js';
import { pause, type ReembedOptions, type ReembedResult } from './reembed-job.js';
import type { VectorCounts } from './vector-bookkeeping.js';
import type { VectorNeighbour } from './vector-store.js';
import type pg from 'pg';
import type { PostgresDatabase } from '../db/postgres/postgres-database.js';

/** Rows per embedder call and per vector write (each batch its own commit: a dropped connection keeps the batches before it). */
const embedBatch = 32;
/** Rows needing a vector read per query (then embedded `embedBatch` at a time). */
const pendingPage = 512;
/** pgvector's HNSW returns at most ef_search rows; past this many neighbours the space is scanned exactly instead. */
const maximumEfSearch = 1000;
/**
 * A space whose table takes at most this many bytes (about 2,500 vectors of 384 dimensions) is scanned exactly, as
 * SQLite scans every space: HNSW is approximate, and pgvector draws each node's level at random, so two builds over
 * the same vectors can answer a query differently. Scanning a table this small costs about what walking its graph
 * does. (The KB's differences between the stores that led here came from the planner walking the graph for the
 * exact statement: see `nearest`.)
 */
export const exactScanBytes = 4 * 1024 * 1024;
/**
 * A load of at least this many rows, into a space holding no more vectors than the load writes, goes in without the
 * HNSW index, which is built once at the end (README "Toward 1M fields"): one build over all the vectors, in parallel,
 * costs less than inserting them into the graph one at a time. Below it the index is kept and fed as usual.
 */
export const bulkLoadMinimum = 10_000;
/** The most memory an index build asks of the server for its session (maintenance_work_mem): the graph of 1M 384-d vectors fits. */
const maximumIndexBuildBytes = 4 * 1024 ** 3;
/** Parallel workers an index build asks for (the server caps them by max_parallel_workers and the table's size). */
const indexBuildWorkers = 4;

/** The tables of one corpus's vector spaces (every name is a constant of cita's, checked before use). */
export interface VectorSpaceTables {
  /** The embeddable rows: id, embed_hash and the columns embedded. */
  rows: string;
  /** (id, embedder_id, formula, dimensions, table_name), as migrations/postgres/0002_kb.sql. */
  spaces: string;
  /** The prefix of each space's table: `<prefix>_<space id>`. */
  prefix: string;
  /** The vector table's key column, referencing `rows`. */
  key: string;
  /** The corpus, as re-embed progress names it. */
  corpus: string;
}

/** One run of embedPending: what it writes, into which table, how fast. */
interface Load {
  embedder: Embedder;
  table: string;
  column: string;
  /** The FROM … WHERE of the rows without a current vector. */
  pending: string;
  total: number;
  batchSize: number;
  pauseMs: number;
  options: ReembedOptions;
}

interface SpaceRow {
  id: number;
  dimensions: number;
  table_name: string;
}

/** A neighbour as the database returns it: its id and its vector in pgvector's binary form. */
interface FoundRow {
  id: number;
  embedding: Buffer;
}

/** The vector spaces of one corpus on PostgreSQL: pgvector tables with an HNSW cosine index, one per (embedder, formula). */
export interface PostgresVectorSpaces {
  hasVectors(embedderId: string, formula: string): Promise<boolean>;
  /** The k nearest rows under this embedder and formula, nearest first, ties by id; among `within` only when given. */
  nearest(embedderId: string, formula: string, vector: Float32Array, k: number, within?: ReadonlySet<number>): Promise<VectorNeighbour[]>;
  /**
   * Embeds `column` of every row without a current vector under `embedder`, in id order, batch by batch, each batch its
   * own commit: a stopped or killed run resumes. Paced and cancelled like the SQLite re-embed (reembed-job.ts).
   */
  embedPending(embedder: Embedder, formula: string, column: string, options?: ReembedOptions): Promise<ReembedResult>;
  /** Embeds these rows only (rows just written), batch by batch, under `embedder`; one changed or removed since keeps no vector of this text. */
  embedRows(embedder: Embedder, formula: string, rows: ReadonlyArray<{ id: number; text: string; embed_hash: string }>): Promise<void>;
  counts(embedderId: string | null, formula: string): Promise<VectorCounts>;
  /** Whether the space's HNSW index is there (false while a bulk load runs, or after one was stopped): searches scan exactly meanwhile. */
  indexed(embedderId: string, formula: string): Promise<boolean>;
}

export interface PostgresVectorSpacesOptions {
  /** Rows a load must write at least to go in without the index (default bulkLoadMinimum; tests lower it). */
  bulkLoadMinimum?: number;
  /** Bytes of a space's table up to which it is scanned exactly (default exactScanBytes; tests of the graph set 0). */
  exactScanBytes?: number;
}

const identifier = /^[a-z_]+$/;

function checked(tables: VectorSpaceTables): VectorSpaceTables {
  for (const name of [tables.rows, tables.spaces, tables.prefix, tables.key]) if (!identifier.test(name)) throw new Error(`cita: unexpected table or column name "${name}"`);
  return tables;
}

function vectorLiteral(vector: Float32Array): string {
  return `[${Array.from(vector).join(',')}]`;
}

/** The vector spaces of `tables` in `database`. */
export function createPostgresVectorSpaces(database: PostgresDatabase, given: VectorSpaceTables, options: PostgresVectorSpacesOptions = {}): PostgresVectorSpaces {
  const tables = checked(given);
  const bulkMinimum = options.bulkLoadMinimum ?? bulkLoadMinimum;
  const exactBytes = options.exactScanBytes ?? exactScanBytes;
  const known = new Map<string, SpaceRow>();

  /** A space's vector table, checked before it is written into SQL. */
  function vectorTable(row: SpaceRow): string {
    if (!new RegExp(`^${tables.prefix}_\\d+$`).test(row.table_name)) throw new Error(`cita: unexpected vector table name "${row.table_name}"`);
    return row.table_name;
  }

  async function find(embedderId: string, formula: string): Promise<SpaceRow | undefined> {
    const key = `${embedderId}\u0000${formula}`;
    const cached = known.get(key);
    if (cached) return cached;
    const [row] = await database.query<SpaceRow>(`SELECT id, dimensions, table_name FROM ${tables.spaces} WHERE embedder_id = $1 AND formula = $2`, [embedderId, formula]);
    if (row) known.set(key, row);
    return row;
  }

  /** The space of this embedder and formula, created (table and HNSW index) by whichever process gets there first. */
  async function space(embedderId: string, formula: string, dimensions: number): Promise<SpaceRow> {
    const existing = await find(embedderId, formula);
    if (existing) return existing;
    await database.transaction(async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`cita_${tables.spaces}`]);
      const found = await client.query(`SELECT 1 FROM ${tables.spaces} WHERE embedder_id = $1 AND formula = $2`, [embedderId, formula]);
      if (found.rowCount) return;
      const inserted = await client.query<{ id: number }>(`INSERT INTO ${tables.spaces} (embedder_id, formula, dimensions, table_name) VALUES ($1, $2, $3, $4) RETURNING id`, [
        embedderId,
        formula,
        dimensions,
        `${tables.prefix}_new`,
      ]);
      const row = { id: inserted.rows[0]?.id as number, dimensions, table_name: `${tables.prefix}_${inserted.rows[0]?.id}` };
      const table = vectorTable(row);
      await client.query(`UPDATE ${tables.spaces} SET table_name = $1 WHERE id = $2`, [table, row.id]);
      await client.query(
        `CREATE TABLE ${table} (${tables.key} bigint PRIMARY KEY REFERENCES ${tables.rows} (id) ON DELETE CASCADE, embedding vector(${Number(dimensions)}) NOT NULL, content_hash text NOT NULL)`,
      );
      await client.query(`CREATE INDEX ${indexOf(table)} ON ${table} USING hnsw (embedding vector_cosine_ops)`);
    });
    return (await find(embedderId, formula)) as SpaceRow;
  }

  function indexOf(table: string): string {
    return `${table}_hnsw`;
  }

  async function hasIndex(client: Pick<pg.PoolClient, 'query'>, table: string): Promise<boolean> {
    return (await client.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [indexOf(table)])).rows[0]?.found != null;
  }

  /**
   * The lock that serialises dropping and building a space's index between processes: held for a session, so a bulk
   * load keeps it from its DROP INDEX to the end of its CREATE INDEX (a process that dies lets it go with its connection).
   */
  function lockKey(table: string): string {
    return `cita_vector_index:${table}`;
  }

  /**
   * Builds the space's HNSW index if it is missing, on `client`, which holds the index lock: with memory for the
   * whole graph (when the server allows it) and parallel workers, for this session only.
   */
  async function buildIndex(client: pg.PoolClient, table: string, dimensions: number, onNote?: (note: string) => void): Promise<void> {
    if (await hasIndex(client, table)) return;
    const [counted] = (await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`)).rows;
    const vectors = counted?.n ?? 0;
    // pgvector's graph: each vector and about 1 kB of neighbour lists; never less than the server's own setting.
    const wanted = Math.min(maximumIndexBuildBytes, vectors * (dimensions * 4 + 1024) + 64 * 1024 ** 2);
    const [current] = (await client.query<{ bytes: string }>("SELECT pg_size_bytes(current_setting('maintenance_work_mem')) AS bytes")).rows;
    if (wanted > Number(current?.bytes ?? 0)) await client.query(`SET maintenance_work_mem = '${Math.ceil(wanted / 1024 ** 2)}MB'`);
    await client.query(`SET max_parallel_maintenance_workers = ${indexBuildWorkers}`);
    await client.query('SET statement_timeout = 0');
    onNote?.(`building the vector index over ${vectors} vectors`);
    await client.query(`CREATE INDEX IF NOT EXISTS ${indexOf(table)} ON ${table} USING hnsw (embedding vector_cosine_ops)`);
  }

  /** Waits for the index lock (another process's bulk load ends with its build), then builds the index if it is missing. */
  async function ensureIndex(table: string, dimensions: number, onNote?: (note: string) => void): Promise<void> {
    await database.session(async (client) => {
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [lockKey(table)]);
      await buildIndex(client, table, dimensions, onNote);
    });
  }

  async function nearest(embedderId: string, formula: string, vector: Float32Array, k: number, within?: ReadonlySet<number>): Promise<VectorNeighbour[]> {
    const row = await find(embedderId, formula);
    if (!row) return [];
    const table = vectorTable(row);
    const literal = vectorLiteral(vector);
    // Each row comes with its vector, and its distance is computed again here as SQLite's is (exact-distance.ts):
    // pgvector's float32 sums differ from SQLite's in the last digits, enough to swap two near-equal rows.
    const columns = `${tables.key} AS id, vector_send(embedding) AS embedding`;
    // An exact scan orders by pgvector's function, never its operator: the planner may serve `ORDER BY embedding <=>
    // $1, id` from the HNSW index (an incremental sort over the graph's walk) once the table has statistics, and that
    // walk stops at hnsw.ef_search rows (40): autovacuum's ANALYZE then cut a 190-chunk KB's neighbours to 40 between
    // one search and the next, and PostgreSQL ranked otherwise than SQLite (CI, 2026-12-05).
    const exactOrder = `cosine_distance(embedding, $1::vector), ${tables.key}`;
    // A few more than k, cut to k once rescored (exact-distance.ts: rescoreMargin).
    const asked = k + rescoreMargin;
    const rows = await database.transaction(
      async (client) => {
        if (within) {
          // A branch of a tree (the catalog's sources): its rows only, compared exactly.
          return (await client.query<FoundRow>(`SELECT ${columns} FROM ${table} WHERE ${tables.key} = ANY($2::bigint[]) ORDER BY ${exactOrder} LIMIT $3`, [literal, [...within], asked])).rows;
        }
        const [size] = (await client.query<{ bytes: string }>('SELECT pg_relation_size($1::regclass) AS bytes', [table])).rows;
        if (asked > maximumEfSearch || Number(size?.bytes ?? Number.POSITIVE_INFINITY) <= exactBytes) {
          return (await client.query<FoundRow>(`SELECT ${columns} FROM ${table} ORDER BY ${exactOrder} LIMIT $2`, [literal, asked])).rows;
        }
        // HNSW returns at most ef_search rows: ask for at least as many as wanted.
        await client.query(`SET LOCAL hnsw.ef_search = ${Math.max(40, Math.ceil(asked))}`);
        return (await client.query<FoundRow>(`SELECT ${columns} FROM ${table} ORDER BY embedding <=> $1::vector LIMIT $2`, [literal, asked])).rows;
      },
      { readOnly: true },
    );
    const vectors = new Map(
      rows.map((row) => {
        const found = vectorFromPgBinary(row.embedding);
        if (!found || found.length !== vector.length) throw new Error(`cita: pgvector returned row ${row.id} of ${table} in an unexpected binary form`);
        return [Number(row.id), found] as const;
      }),
    );
    // A vector without a direction is near nothing (pgvector's distance to it is NaN): exactlyRescored leaves it out.
    return exactlyRescored(vector, [...vectors.keys()], (itemId) => vectors.get(itemId), k);
  }

  async function embedPending(embedder: Embedder, formula: string, column: string, options: ReembedOptions = {}): Promise<ReembedResult> {
    if (!identifier.test(column)) throw new Error(`cita: unexpected column name "${column}"`);
    // Explicit options, else the embedder's pacing (a cloud quota), else 32 a batch without pauses.
    const batchSize = options.batchSize ?? embedder.pacing?.batchSize ?? embedBatch;
    const pauseMs = options.pauseMs ?? embedder.pacing?.pauseMs ?? 0;
    const spaceRow = await space(embedder.id, formula, embedder.dimensions);
    const table = vectorTable(spaceRow);
    // Walked in id order with one index probe of the vectors per row, so a page stops at its own rows (a join was
    // planned as a hash of every vector, for every page).
    const pending = `FROM ${tables.rows} r WHERE (SELECT v.content_hash FROM ${table} v WHERE v.${tables.key} = r.id) IS DISTINCT FROM r.embed_hash`;
    const [counted] = await database.query<{ n: number }>(`SELECT count(*) AS n ${pending}`);
    const total = counted?.n ?? 0;
    const load: Load = { embedder, table, column, pending, total, batchSize, pauseMs, options };
    const waitForIndex = () => ensureIndex(table, spaceRow.dimensions, note(total, options));
    if (total < bulkMinimum) return write(load, waitForIndex);
    // The rule for a bulk load: at least bulkMinimum rows, and at least as many as the space holds already (a first
    // load, a re-embed under a new embedder, or one that doubles the space), so the one build covers at most twice
    // the vectors written.
    const [existing] = await database.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
    if ((existing?.n ?? 0) > total) return write(load, waitForIndex);
    // The index is dropped before the vectors are written and built once at the end, under the index lock held by
    // this session throughout. Another process's bulk load of the same space holds it already: this one then writes
    // as usual (into the table without its index, which that process builds) and waits for that build at its end.
    return database.session(async (client) => {
      const [taken] = (await client.query<{ taken: boolean }>('SELECT pg_try_advisory_lock(hashtext($1)) AS taken', [lockKey(table)])).rows;
      if (!taken?.taken) return write(load, waitForIndex);
      await client.query(`DROP INDEX IF EXISTS ${indexOf(table)}`);
      return write(load, () => buildIndex(client, table, spaceRow.dimensions, note(total, options)));
    });
  }

  /**
   * Writes the vectors of `rows`. A row changed or removed since it was read keeps no vector of its old text. Rows go
   * in in id order, so two processes embedding the same new rows lock them in the same order and one waits (no deadlock).
   */
  async function put(table: string, rows: ReadonlyArray<{ id: number; embed_hash: string }>, vectors: readonly Float32Array[]): Promise<void> {
    await database.query(
      `INSERT INTO ${table} (${tables.key}, embedding, content_hash)
       SELECT v.id, v.embedding::vector, v.hash FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v (id, embedding, hash)
       JOIN ${tables.rows} r ON r.id = v.id AND r.embed_hash = v.hash
       ORDER BY v.id
       ON CONFLICT (${tables.key}) DO UPDATE SET embedding = excluded.embedding, content_hash = excluded.content_hash`,
      [rows.map((row) => row.id), vectors.map(vectorLiteral), rows.map((row) => row.embed_hash)],
    );
  }

  async function embedRows(embedder: Embedder, formula: string, rows: ReadonlyArray<{ id: number; text: string; embed_hash: string }>): Promise<void> {
    if (rows.length === 0) return;
    const table = vectorTable(await space(embedder.id, formula, embedder.dimensions));
    const ordered = [...rows].sort((a, b) => a.id - b.id);
    const batchSize = embedder.pacing?.batchSize ?? embedBatch;
    for (let start = 0; start < ordered.length; start += batchSize) {
      const batch = ordered.slice(start, start + batchSize);
      await put(table, batch, await embedder.embedDocuments(batch.map((row) => row.text)));
    }
  }

  /** A progress line's note for the index build ("catalog: 100000 of 100000 (building the vector index …)"). */
  function note(total: number, options: ReembedOptions): (message: string) => void {
    return (message) => options.onProgress?.({ corpus: tables.corpus, done: total, total, note: message });
  }

  /**
   * Writes the vectors of the rows `pending` selects, in id order, batch by batch, each batch its own commit, then
   * `finish` (the index there) unless the load was stopped: a stopped or killed load leaves the index to the next run.
   */
  async function write({ embedder, table, column, pending, total, batchSize, pauseMs, options }: Load, finish: () => Promise<void>): Promise<ReembedResult> {
    const pageSize = Math.max(pendingPage, batchSize);
    const corpus = tables.corpus;
    let done = 0;
    let afterId = 0;
    const stopped = (): ReembedResult => ({ corpus, embedded: done, total, cancelled: true });
    options.onProgress?.({ corpus, done, total });
    for (;;) {
      if (options.signal?.aborted) return stopped();
      const page = await database.query<{ id: number; text: string; embed_hash: string }>(`SELECT r.id, r.${column} AS text, r.embed_hash ${pending} AND r.id > $1 ORDER BY r.id LIMIT $2`, [
        afterId,
        pageSize,
      ]);
      if (page.length === 0) break;
      for (let start = 0; start < page.length; start += batchSize) {
        if (options.signal?.aborted) return stopped();
        const batch = page.slice(start, start + batchSize);
        let vectors: Float32Array[];
        try {
          vectors = await embedder.embedDocuments(
            batch.map((row) => row.text),
            options.signal,
          );
        } catch (error) {
          if (options.signal?.aborted) return stopped();
          throw error;
        }
        await put(table, batch, vectors);
        done += batch.length;
        options.onProgress?.({ corpus, done: Math.min(done, total), total });
        // No pause after the last batch: a short page means nothing is left.
        const last = start + batchSize >= page.length && page.length < pageSize;
        if (pauseMs > 0 && !last) await pause(pauseMs, options.signal);
      }
      afterId = (page[page.length - 1] as { id: number }).id;
    }
    await finish();
    return { corpus, embedded: done, total, cancelled: false };
  }

  async function counts(embedderId: string | null, formula: string): Promise<VectorCounts> {
    const [total] = await database.query<{ n: number }>(`SELECT count(*) AS n FROM ${tables.rows}`);
    const rows = total?.n ?? 0;
    const row = embedderId ? await find(embedderId, formula) : undefined;
    if (!row) return { rows, vectors: 0, stale: 0, missing: rows };
    const [counted] = await database.query<{ vectors: number; stale: number; missing: number }>(
      `SELECT count(v.${tables.key}) AS vectors,
              count(*) FILTER (WHERE v.${tables.key} IS NOT NULL AND v.content_hash <> r.embed_hash) AS stale,
              count(*) FILTER (WHERE v.${tables.key} IS NULL) AS missing
       FROM ${tables.rows} r LEFT JOIN ${vectorTable(row)} v ON v.${tables.key} = r.id`,
    );
    return { rows, vectors: counted?.vectors ?? 0, stale: counted?.stale ?? 0, missing: counted?.missing ?? 0 };
  }

  return {
    async hasVectors(embedderId, formula) {
      const row = await find(embedderId, formula);
      return row !== undefined && (await database.query(`SELECT 1 FROM ${vectorTable(row)} LIMIT 1`)).length > 0;
    },
    nearest,
    embedPending,
    embedRows,
    counts,
    async indexed(embedderId, formula) {
      const row = await find(embedderId, formula);
      if (!row) return false;
      const [found] = await database.query<{ found: string | null }>('SELECT to_regclass($1)::text AS found', [indexOf(vectorTable(row))]);
      return found?.found != null;
    },
  };
}
