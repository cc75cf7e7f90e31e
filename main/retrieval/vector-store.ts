import type { Database } from 'better-sqlite3';

/** Where one corpus's vectors for one embedder and text formula live. */
export interface VectorSpace {
  id: number;
  corpus: string;
  embedderId: string;
  formula: string;
  dimensions: number;
  table: string;
}

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

/** sqlite-vec `vec0` tables with cosine distance, partitioned by owner. */
export function createVectorStore(db: Database): VectorStore {
  const selectSpace = db.prepare<[string, string, string], SpaceRow>(
    'SELECT * FROM vector_spaces WHERE corpus = ? AND embedder_id = ? AND formula = ?',
  );
  const selectSpaces = db.prepare<[string], SpaceRow>('SELECT * FROM vector_spaces WHERE corpus = ? ORDER BY id');
  const insertSpace = db.prepare<[string, string, string, number, string]>(
    'INSERT INTO vector_spaces (corpus, embedder_id, formula, dimensions, table_name) VALUES (?, ?, ?, ?, ?)',
  );
  const nextId = db.prepare<[], { next: number }>('SELECT coalesce(max(id), 0) + 1 AS next FROM vector_spaces');
  const statements = new Map<string, ReturnType<typeof prepareSpace>>();

  function prepareSpace(space: VectorSpace) {
    const table = space.table;
    return {
      remove: db.prepare<[bigint]>(`DELETE FROM ${table} WHERE item_id = ?`),
      insert: db.prepare<[bigint, string, Float32Array, string]>(
        `INSERT INTO ${table} (item_id, owner, embedding, content_hash) VALUES (?, ?, ?, ?)`,
      ),
      nearestAll: db.prepare<[Float32Array, number], { item_id: number; distance: number }>(
        `SELECT item_id, distance FROM ${table} WHERE embedding MATCH ? AND k = ? ORDER BY distance`,
      ),
      nearestOwner: db.prepare<[Float32Array, number, string], { item_id: number; distance: number }>(
        `SELECT item_id, distance FROM ${table} WHERE embedding MATCH ? AND k = ? AND owner = ? ORDER BY distance`,
      ),
      count: db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${table}`),
    };
  }

  function statementsOf(space: VectorSpace) {
    let prepared = statements.get(space.table);
    if (!prepared) {
      prepared = prepareSpace(space);
      statements.set(space.table, prepared);
    }
    return prepared;
  }

  const createSpace = db.transaction((corpus: string, embedderId: string, formula: string, dimensions: number): VectorSpace => {
    const table = `vec_${corpus.replace(/[^a-z0-9]/g, '_')}_${nextId.get()?.next ?? 1}`;
    db.exec(
      `CREATE VIRTUAL TABLE ${table} USING vec0(item_id INTEGER PRIMARY KEY, owner TEXT PARTITION KEY, ` +
        `embedding FLOAT[${dimensions}] distance_metric=cosine, +content_hash TEXT)`,
    );
    insertSpace.run(corpus, embedderId, formula, dimensions, table);
    return toSpace(selectSpace.get(corpus, embedderId, formula) as SpaceRow);
  });

  const putAll = db.transaction((space: VectorSpace, records: readonly VectorRecord[]) => {
    const prepared = statementsOf(space);
    for (const record of records) {
      if (record.vector.length !== space.dimensions) {
        throw new Error(`vector of ${record.vector.length} dimensions for a ${space.dimensions}-dimension space`);
      }
      prepared.remove.run(BigInt(record.itemId));
      prepared.insert.run(BigInt(record.itemId), record.owner ?? sharedOwner, record.vector, record.contentHash);
    }
  });

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
      putAll(space, records);
    },
    remove(space, itemId) {
      statementsOf(space).remove.run(BigInt(itemId));
    },
    nearest(space, query, k, owners) {
      const prepared = statementsOf(space);
      const rows = owners === undefined
        ? prepared.nearestAll.all(query, k)
        : [sharedOwner, ...owners].flatMap((owner) => prepared.nearestOwner.all(query, k, owner));
      return rows
        .sort((a, b) => a.distance - b.distance || a.item_id - b.item_id)
        .slice(0, k)
        .map((row) => ({ itemId: row.item_id, distance: row.distance }));
    },
    count(space) {
      return statementsOf(space).count.get()?.n ?? 0;
    },
    spacesOf(corpus) {
      return selectSpaces.all(corpus).map(toSpace);
    },
  };
}
