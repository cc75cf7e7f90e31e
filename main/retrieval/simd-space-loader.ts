import type { Database } from 'better-sqlite3';
import type { ScanPool } from './scan-pool.js';
import { createExactSimdIndex, type ExactSimdIndex, type ExactSimdIndexOptions } from './simd-exact-index.js';
import type { VectorSpace } from './vector-space.js';

/**
 * Fills an exact in-memory index from a space's vec0 table.
 *
 * Reading vectors through vec0 itself (`SELECT item_id, owner, embedding`) costs ~15-20 µs a row (about 2 s at 100k
 * rows on the 2-core machine), because each row's vector is fetched from its chunk blob on its own. vec0 keeps its
 * rows in chunks of 1024 (`<table>_chunks`: partition value, validity bitmap, rowids; `<table>_vector_chunks00`: the
 * float32 vectors side by side), and reading those whole is ~15x faster (~130 ms at 100k). That layout is sqlite-vec's
 * own (v0.1.9), not an API, so a load from it is checked against vec0's public interface — the row count and a sample
 * of rows compared byte for byte — and any difference (another sqlite-vec version, another layout) falls back to the
 * slow public scan, which is always right.
 */

export type SpaceLoadSource = 'vec0-chunks' | 'vec0-scan';

export interface SpaceLoad {
  index: ExactSimdIndex;
  source: SpaceLoadSource;
  milliseconds: number;
}

interface ChunkRow {
  size: number;
  owner: string;
  validity: Buffer;
  rowids: Buffer;
  vectors: Buffer;
}

/** Rows of a space compared with vec0's public interface after a load from its chunks. */
const sampledRows = 8;

/** Statements for one space, prepared once; `rows()` is cheap enough to call before every search. */
export interface SpaceLoader {
  /** The number of rows in the space (vec0's rowid table, ~0.2 ms at 100k; vec0's own count(*) is ~50 ms). */
  rows(): number;
  load(): SpaceLoad;
}

/** A loader for one space; the indexes it reads split their scans with `pool` when given, and take `indexOptions`. */
export function createSpaceLoader(db: Database, space: VectorSpace, pool?: ScanPool, indexOptions: ExactSimdIndexOptions = {}): SpaceLoader {
  const table = space.table;
  const dimensions = space.dimensions;
  const publicCount = db.prepare<[], number>(`SELECT count(*) FROM ${table}`).pluck();
  const publicRow = db.prepare<[bigint], { owner: string; embedding: Buffer }>(`SELECT owner, embedding FROM ${table} WHERE item_id = ?`);
  const publicScan = db.prepare<[], { item_id: number; owner: string; embedding: Buffer }>(`SELECT item_id, owner, embedding FROM ${table}`);
  const optional = <T>(prepare: () => T): T | undefined => {
    try {
      return prepare();
    } catch {
      return undefined;
    }
  };
  const rowidCount = optional(() => db.prepare<[], number>(`SELECT count(*) FROM ${table}_rowids`).pluck());
  const chunks = optional(() =>
    db.prepare<[], ChunkRow>(
      `SELECT c.size AS size, c.partition00 AS owner, c.validity AS validity, c.rowids AS rowids, v.vectors AS vectors
       FROM ${table}_chunks c JOIN ${table}_vector_chunks00 v ON v.rowid = c.chunk_id`,
    ),
  );

  const asVector = (bytes: Buffer, offset: number): Float32Array =>
    (bytes.byteOffset + offset) % 4 === 0
      ? new Float32Array(bytes.buffer, bytes.byteOffset + offset, dimensions)
      : new Float32Array(Uint8Array.from(bytes.subarray(offset, offset + dimensions * 4)).buffer);

  /** The index read from vec0's chunks, or undefined when the layout is not the one expected. */
  function fromChunks(expectedRows: number): ExactSimdIndex | undefined {
    if (!chunks) return undefined;
    const index = createExactSimdIndex(dimensions, expectedRows, pool, indexOptions);
    const rowBytes = dimensions * 4;
    for (const chunk of chunks.iterate()) {
      const size = chunk.size;
      if (typeof chunk.owner !== 'string' || chunk.validity.length * 8 < size || chunk.rowids.length !== size * 8 || chunk.vectors.length !== size * rowBytes) {
        return undefined;
      }
      const ids = new DataView(chunk.rowids.buffer, chunk.rowids.byteOffset, chunk.rowids.length);
      for (let slot = 0; slot < size; slot++) {
        if ((((chunk.validity[slot >> 3] as number) >> (slot & 7)) & 1) === 0) continue;
        const high = ids.getInt32(slot * 8 + 4, true);
        if (high < 0 || high >= 2 ** 21) return undefined; // not a safe integer id
        index.upsert({ itemId: high * 2 ** 32 + ids.getUint32(slot * 8, true), owner: chunk.owner, vector: asVector(chunk.vectors, slot * rowBytes) });
      }
    }
    return index.size() === expectedRows && matchesPublicRows(index) ? index : undefined;
  }

  /** A few evenly spread rows of the index, looked up through vec0 itself: same owner, same bytes. */
  function matchesPublicRows(index: ExactSimdIndex): boolean {
    const ids = index.itemIds();
    const step = Math.max(1, Math.floor(ids.length / sampledRows));
    for (let position = 0; position < ids.length; position += step) {
      const itemId = ids[position] as number;
      const stored = index.entry(itemId);
      const row = publicRow.get(BigInt(itemId));
      if (!stored || !row || row.owner !== stored.owner || row.embedding.length !== dimensions * 4) return false;
      const expected = asVector(row.embedding, 0);
      for (let dimension = 0; dimension < dimensions; dimension++) {
        if (!Object.is(expected[dimension], stored.vector[dimension])) return false;
      }
    }
    return true;
  }

  function fromScan(expectedRows: number): ExactSimdIndex {
    const index = createExactSimdIndex(dimensions, expectedRows, pool, indexOptions);
    for (const row of publicScan.iterate()) index.upsert({ itemId: row.item_id, owner: row.owner, vector: asVector(row.embedding, 0) });
    return index;
  }

  return {
    rows() {
      if (rowidCount) {
        try {
          return rowidCount.get() ?? 0;
        } catch {
          // The shadow table went away (another sqlite-vec layout): the public count is slower but right.
        }
      }
      return publicCount.get() ?? 0;
    },
    load() {
      const started = performance.now();
      const expectedRows = publicCount.get() ?? 0;
      let fast: ExactSimdIndex | undefined;
      try {
        fast = fromChunks(expectedRows);
      } catch {
        fast = undefined;
      }
      const index = fast ?? fromScan(expectedRows);
      return { index, source: fast ? 'vec0-chunks' : 'vec0-scan', milliseconds: performance.now() - started };
    },
  };
}
