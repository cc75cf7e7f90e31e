import type { Database } from 'better-sqlite3';
import { exactlyRescored, rescoreMargin } from './exact-distance.js';
import { createBinaryQuantizedIndex, meanVector, type BinaryQuantizedIndex } from './binary-quantized-index.js';
import type { ScanPool } from './scan-pool.js';
import type { ExactSimdIndex } from './simd-exact-index.js';
import { createSpaceLoader, type SpaceLoader } from './simd-space-loader.js';
import type { VectorSpace } from './vector-space.js';

/** The partition of rows shared with every profile (vec0 partition keys cannot be NULL). */
export const sharedOwner = '*';

export interface VectorRecord {
  itemId: number;
  /** null = shared. */
  owner: string | null;
  vector: Float32Array;
  /** The hash of the text the vector was computed from; a row whose text changed is stale. */
  contentHash: string;
}

export interface VectorNeighbour {
  itemId: number;
  /** Cosine distance (0 = same direction, 2 = opposite). */
  distance: number;
}

export interface VectorStore {
  /** The space for this corpus, embedder and formula, created on first use. */
  space(corpus: string, embedderId: string, formula: string, dimensions: number): VectorSpace;
  findSpace(corpus: string, embedderId: string, formula: string): VectorSpace | undefined;
  /** Writes vectors (replacing an item's previous one) in one transaction. */
  put(space: VectorSpace, records: readonly VectorRecord[]): void;
  remove(space: VectorSpace, itemId: number): void;
  /**
   * The k nearest items among shared rows and the given owners' rows. Each partition is searched for its own
   * k best and the lists are merged, so visibility never costs one of the k best.
   */
  nearest(space: VectorSpace, query: Float32Array, k: number, owners?: readonly string[]): VectorNeighbour[];
  count(space: VectorSpace): number;
  spacesOf(corpus: string): VectorSpace[];
}

/**
 * Options of the store. The default is exact KNN on the float32 vec0 table (cosine), which is what every caller gets
 * unless it asks for more.
 */
export interface VectorStoreOptions {
  /**
   * `binary`: a faster approximate `nearest` for large spaces. Each space also keeps its vectors in a plain
   * `<table>_floats` table (about 1.5 kB more per 384-d row) and 1-bit codes in memory (48 bytes per row); a query
   * takes the `candidates` rows nearest by Hamming distance of the codes, then rescores them with exact cosine from
   * the float copy, so distances are exact and only recall is approximate (see `cita bench` for recall@10). (They
   * are sqlite-vec's float32 sums, not exact-distance.ts's: this option has no PostgreSQL counterpart to agree with.)
   * Once a space has the float copy, every store keeps it in step, with or without this option; the codes are
   * rebuilt when another connection has written (SQLite's data_version).
   */
  quantized?: { kind: 'binary'; candidates?: number };
  /**
   * How an exact `nearest` runs (ignored when `quantized` is set):
   * - `vec0` (the default): sqlite-vec's brute-force KNN on the vec0 table, one query per visible partition.
   * - `memory-simd`: the space's vectors are also held in memory as a float32 matrix with int8 codes beside it (~2 kB
   *   per 384-d row, 201 MB at 100k rows) and scanned in WebAssembly SIMD (the bounded scan from 4,096 rows:
   *   simd-exact-index.ts), keeping the k best visible rows in a heap: the same top k as `vec0` and (both computed
   *   again in float64: exact-distance.ts) the same distances, 5-9x faster (see `cita bench`). The matrix is read
   *   from the vec0 table on the space's first search (~70 ms at 10k rows, ~0.9 s at 100k), follows this store's own writes in place, and is read again after another connection has written
   *   (SQLite's data_version) or after a write made inside a caller's transaction (which might still roll back).
   *   Writes to the space through another store on the same connection are not seen: build one store per
   *   connection, as bootstrap does.
   * - `auto`: `memory-simd` for spaces of at least `memorySimdMinimumRows` rows, `vec0` below.
   */
  exact?: 'vec0' | 'memory-simd' | 'auto';
  /** The space size from which `exact: 'auto'` holds a space in memory (default `defaultMemorySimdMinimumRows`). */
  memorySimdMinimumRows?: number;
  /**
   * Worker threads that split the in-memory scan of large spaces with the calling thread (scan-pool.ts); without
   * it every scan runs on the calling thread. The pool belongs to whoever made it, who closes it.
   */
  scanPool?: ScanPool;
  /**
   * Rows from which an in-memory search runs the bounded scan (simd-exact-index.ts: int8 codes bound every row, and
   * the rows that could be in the top k are scored in float32; the same answer as scanning every row in float32).
   * Default `defaultBoundedMinimumRows`; Infinity scans every row in float32 (the bench's comparison).
   */
  boundedScanMinimumRows?: number;
}

/** Candidates rescored per query by the binary option unless told otherwise (recall@10 ≥ 0.95 in `cita bench`). */
export const defaultBinaryCandidates = 800;

/**
 * Rows from which `exact: 'auto'` searches a space in memory: any space with a row. Measured on the 2-core machine
 * (384-d, CPU per query, vec0 → memory-simd): 100 rows 0.5–0.7 → 0.02–0.09 ms, 542 (the foods) 0.6–1.0 → 0.09–0.26 ms,
 * 5k 8.5 → 0.6 ms, 100k 119 → 22 ms. vec0 has a fixed cost of ~0.5 ms a query, and a hybrid food search makes four
 * (two spaces, shared and own rows): in a burst of 200 concurrent searches that was a third of the main thread's time
 * (issue #15's profile). The matrix costs ~2 KB a row and a load of a few ms at these sizes.
 */
export const defaultMemorySimdMinimumRows = 1;

/** sqlite-vec's vec0 answers a KNN query for at most 4,096 neighbours ("k value in knn query too large"). */
export const vec0MaximumK = 4096;

interface SpaceRow {
  id: number;
  corpus: string;
  embedder_id: string;
  formula: string;
  dimensions: number;
  table_name: string;
}

function toSpace(row: SpaceRow): VectorSpace {
  return { id: row.id, corpus: row.corpus, embedderId: row.embedder_id, formula: row.formula, dimensions: row.dimensions, table: row.table_name };
}

/** The statement that creates a space's vec0 table (restore compares a backup's schema with it). */
export function vectorTableSql(table: string, dimensions: number): string {
  return `CREATE VIRTUAL TABLE ${table} USING vec0(item_id INTEGER PRIMARY KEY, owner TEXT PARTITION KEY, ` + `embedding FLOAT[${dimensions}] distance_metric=cosine, +content_hash TEXT)`;
}

/** The statement that creates a space's plain float copy (the binary-quantised option's). */
export function companionTableSql(companion: string): string {
  return `CREATE TABLE ${companion} (item_id INTEGER PRIMARY KEY, owner TEXT NOT NULL, embedding BLOB NOT NULL) STRICT`;
}

/** sqlite-vec `vec0` tables with cosine distance, partitioned by owner; optionally a binary-quantised fast path. */
export function createVectorStore(db: Database, options: VectorStoreOptions = {}): VectorStore {
  const selectSpace = db.prepare<[string, string, string], SpaceRow>('SELECT * FROM vector_spaces WHERE corpus = ? AND embedder_id = ? AND formula = ?');
  const selectSpaces = db.prepare<[string], SpaceRow>('SELECT * FROM vector_spaces WHERE corpus = ? ORDER BY id');
  const insertSpace = db.prepare<[string, string, string, number, string]>('INSERT INTO vector_spaces (corpus, embedder_id, formula, dimensions, table_name) VALUES (?, ?, ?, ?, ?)');
  const nextId = db.prepare<[], { next: number }>('SELECT coalesce(max(id), 0) + 1 AS next FROM vector_spaces');
  const statements = new Map<string, ReturnType<typeof prepareSpace>>();

  const tableExists = db.prepare<[string], { found: number }>("SELECT 1 AS found FROM sqlite_master WHERE type = 'table' AND name = ?");
  const quantized = options.quantized;
  const indexes = new Map<string, { index: BinaryQuantizedIndex; dataVersion: number }>();
  const exact = quantized ? 'vec0' : (options.exact ?? 'vec0');
  const memorySimdMinimumRows = options.memorySimdMinimumRows ?? defaultMemorySimdMinimumRows;
  const dataVersion = db.prepare<[], number>('PRAGMA data_version').pluck();
  /** Per space: the in-memory matrix (when held), the data_version it was read at, the row count `auto` last saw. */
  const memory = new Map<string, { loader: SpaceLoader; index?: ExactSimdIndex; dataVersion: number; rows?: number; failed?: boolean }>();

  /** The plain float copy of a space, created (and filled from vec0) when the binary option wants it. */
  function prepareCompanion(space: VectorSpace) {
    const companion = `${space.table}_floats`;
    if (!tableExists.get(companion)) {
      if (!quantized) return undefined;
      db.transaction(() => {
        db.exec(companionTableSql(companion));
        db.exec(`INSERT INTO ${companion} (item_id, owner, embedding) SELECT item_id, owner, embedding FROM ${space.table}`);
      })();
    }
    return {
      upsert: db.prepare<[bigint, string, Float32Array]>(`INSERT OR REPLACE INTO ${companion} (item_id, owner, embedding) VALUES (?, ?, ?)`),
      remove: db.prepare<[bigint]>(`DELETE FROM ${companion} WHERE item_id = ?`),
      scan: db.prepare<[], { item_id: number; owner: string; embedding: Buffer }>(`SELECT item_id, owner, embedding FROM ${companion}`),
      vectors: db.prepare<[], { embedding: Buffer }>(`SELECT embedding FROM ${companion}`),
      rescore: db.prepare<[Float32Array, string], { item_id: number; distance: number }>(
        `SELECT item_id, vec_distance_cosine(embedding, ?) AS distance FROM ${companion} WHERE item_id IN (SELECT value FROM json_each(?))`,
      ),
    };
  }

  function prepareSpace(space: VectorSpace) {
    const table = space.table;
    return {
      companion: prepareCompanion(space),
      remove: db.prepare<[bigint]>(`DELETE FROM ${table} WHERE item_id = ?`),
      insert: db.prepare<[bigint, string, Float32Array, string]>(`INSERT INTO ${table} (item_id, owner, embedding, content_hash) VALUES (?, ?, ?, ?)`),
      // Each neighbour with its vector, which its distance is computed again from (exact-distance.ts).
      nearestAll: db.prepare<[Float32Array, number], { item_id: number; distance: number; embedding: Buffer }>(
        `SELECT item_id, distance, embedding FROM ${table} WHERE embedding MATCH ? AND k = ? ORDER BY distance`,
      ),
      nearestOwner: db.prepare<[Float32Array, number, string], { item_id: number; distance: number; embedding: Buffer }>(
        `SELECT item_id, distance, embedding FROM ${table} WHERE embedding MATCH ? AND k = ? AND owner = ? ORDER BY distance`,
      ),
      count: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`),
    };
  }

  /** Writes (and the binary option) look for a float copy made since by another store; plain reads need not. */
  function statementsOf(space: VectorSpace, forWrite = false) {
    let prepared = statements.get(space.table);
    if (!prepared) {
      prepared = prepareSpace(space);
      statements.set(space.table, prepared);
    } else if (!prepared.companion && (forWrite || quantized)) {
      prepared.companion = prepareCompanion(space);
    }
    return prepared;
  }

  const createSpace = db.transaction((corpus: string, embedderId: string, formula: string, dimensions: number): VectorSpace => {
    const table = `vec_${corpus.replace(/[^a-z0-9]/g, '_')}_${nextId.get()?.next ?? 1}`;
    db.exec(vectorTableSql(table, dimensions));
    insertSpace.run(corpus, embedderId, formula, dimensions, table);
    return toSpace(selectSpace.get(corpus, embedderId, formula) as SpaceRow);
  });

  const putAll = db.transaction((space: VectorSpace, records: readonly VectorRecord[]) => {
    const prepared = statementsOf(space, true);
    for (const record of records) {
      if (record.vector.length !== space.dimensions) {
        throw new Error(`vector of ${record.vector.length} dimensions for a ${space.dimensions}-dimension space`);
      }
      prepared.remove.run(BigInt(record.itemId));
      prepared.insert.run(BigInt(record.itemId), record.owner ?? sharedOwner, record.vector, record.contentHash);
      prepared.companion?.upsert.run(BigInt(record.itemId), record.owner ?? sharedOwner, record.vector);
    }
  });

  const bytesAsVector = (bytes: Buffer, dimensions: number) => new Float32Array(bytes.buffer, bytes.byteOffset, dimensions);

  /** The space's in-memory codes, rebuilt when another connection has written since they were built. */
  function binaryIndexOf(space: VectorSpace, companion: NonNullable<ReturnType<typeof prepareCompanion>>): BinaryQuantizedIndex {
    const dataVersion = db.pragma('data_version', { simple: true }) as number;
    const cached = indexes.get(space.table);
    if (cached && cached.dataVersion === dataVersion) return cached.index;
    // Two streaming passes (mean, then codes), so the float vectors never all sit in memory at once.
    const centre = meanVector(
      space.dimensions,
      (function* () {
        for (const row of companion.vectors.iterate()) yield bytesAsVector(row.embedding, space.dimensions);
      })(),
    );
    const index = createBinaryQuantizedIndex(space.dimensions, centre);
    for (const row of companion.scan.iterate()) index.upsert({ itemId: row.item_id, owner: row.owner, vector: bytesAsVector(row.embedding, space.dimensions) });
    indexes.set(space.table, { index, dataVersion });
    return index;
  }

  /** The space's in-memory matrix when this store searches it in memory, read (again) when it is out of date. */
  function memoryIndexOf(space: VectorSpace): ExactSimdIndex | undefined {
    let state = memory.get(space.table);
    if (!state) {
      state = { loader: createSpaceLoader(db, space, options.scanPool, { boundedMinimumRows: options.boundedScanMinimumRows }), dataVersion: -1 };
      memory.set(space.table, state);
    }
    const version = dataVersion.get() ?? 0;
    if (state.dataVersion !== version) {
      state.index = undefined;
      state.rows = undefined;
      state.failed = false;
      state.dataVersion = version;
    }
    if (state.index) {
      if (exact !== 'auto' || state.index.size() >= memorySimdMinimumRows) return state.index;
      state.rows = state.index.size();
      state.index = undefined;
    }
    // Inside a caller's transaction the rows may still roll back: search vec0 rather than hold them.
    if (db.inTransaction || state.failed) return undefined;
    if (exact === 'auto') {
      state.rows ??= state.loader.rows();
      if (state.rows < memorySimdMinimumRows) return undefined;
    }
    try {
      state.index = state.loader.load().index;
    } catch {
      // No room for the matrix (WebAssembly memory is capped at 4 GB): vec0 answers the same, only slower.
      state.failed = true;
    }
    return state.index;
  }

  /** Applies this store's committed writes to a held matrix; a write that might still roll back drops it instead. */
  function afterWrite(space: VectorSpace, nested: boolean, apply: (index: ExactSimdIndex) => void): void {
    const state = memory.get(space.table);
    if (!state) return;
    state.rows = undefined;
    if (nested) state.index = undefined;
    else if (state.index) apply(state.index);
  }

  return {
    space(corpus, embedderId, formula, dimensions) {
      const existing = selectSpace.get(corpus, embedderId, formula);
      if (existing) return toSpace(existing);
      return createSpace(corpus, embedderId, formula, dimensions);
    },
    findSpace(corpus, embedderId, formula) {
      const existing = selectSpace.get(corpus, embedderId, formula);
      return existing ? toSpace(existing) : undefined;
    },
    put(space, records) {
      const nested = db.inTransaction;
      putAll(space, records);
      const index = indexes.get(space.table)?.index;
      for (const record of index ? records : []) index?.upsert({ itemId: record.itemId, owner: record.owner ?? sharedOwner, vector: record.vector });
      afterWrite(space, nested, (held) => {
        for (const record of records) held.upsert({ itemId: record.itemId, owner: record.owner ?? sharedOwner, vector: record.vector });
      });
    },
    remove(space, itemId) {
      const nested = db.inTransaction;
      const prepared = statementsOf(space, true);
      prepared.remove.run(BigInt(itemId));
      prepared.companion?.remove.run(BigInt(itemId));
      indexes.get(space.table)?.index.remove(itemId);
      afterWrite(space, nested, (held) => held.remove(itemId));
    },
    nearest(space, query, k, owners) {
      const prepared = statementsOf(space);
      if (quantized && prepared.companion) {
        const index = binaryIndexOf(space, prepared.companion);
        const visible = owners === undefined ? undefined : new Set([sharedOwner, ...owners]);
        const candidates = index.candidates(query, Math.max(quantized.candidates ?? defaultBinaryCandidates, k), visible);
        return prepared.companion.rescore
          .all(query, JSON.stringify(candidates))
          .sort((a, b) => a.distance - b.distance || a.item_id - b.item_id)
          .slice(0, k)
          .map((row) => ({ itemId: row.item_id, distance: row.distance }));
      }
      // The engine finds the nearest (a few more than k); their distances are then computed again in float64
      // (exact-distance.ts), as PostgreSQL's store computes them, so the same vectors rank the same on both.
      const asked = k + rescoreMargin;
      const held = exact === 'vec0' ? undefined : memoryIndexOf(space);
      if (held) {
        const found = held.nearest(query, asked, owners === undefined ? undefined : new Set([sharedOwner, ...owners]));
        return exactlyRescored(
          query,
          found.map((hit) => hit.itemId),
          (itemId) => held.vectorView(itemId),
          k,
        );
      }
      // Past vec0's limit the nearest 4,096 are returned rather than an error: the KB asks for every chunk, and the
      // 4,096 closest chunks hold far more than the 1,000 documents an evaluation ranks (SciFact: 1.3 chunks each).
      const vecK = Math.min(asked, vec0MaximumK);
      const rows = owners === undefined ? prepared.nearestAll.all(query, vecK) : [sharedOwner, ...owners].flatMap((owner) => prepared.nearestOwner.all(query, vecK, owner));
      const found = new Map(
        rows
          .sort((a, b) => a.distance - b.distance || a.item_id - b.item_id)
          .slice(0, asked)
          .map((row) => [row.item_id, bytesAsVector(row.embedding, space.dimensions)] as const),
      );
      return exactlyRescored(query, [...found.keys()], (itemId) => found.get(itemId), k);
    },
    count(space) {
      // Every semantic search asks first whether the space has vectors; a held matrix that is still current knows.
      const state = memory.get(space.table);
      if (state?.index && state.dataVersion === (dataVersion.get() ?? 0)) return state.index.size();
      return statementsOf(space).count.get()?.n ?? 0;
    },
    spacesOf(corpus) {
      return selectSpaces.all(corpus).map(toSpace);
    },
  };
}
