import type { Database } from 'better-sqlite3';
import type { VectorSpace } from './vector-space.js';

/**
 * Tables that hold embeddable rows follow one convention: `id INTEGER PRIMARY KEY`, `owner` (NULL = shared),
 * `embed_text`, `embed_hash`. That lets re-embedding and status work the same for every corpus.
 */
export interface EmbeddableRow {
  id: number;
  owner: string | null;
  embed_text: string;
  embed_hash: string;
}

export interface VectorCounts {
  rows: number;
  vectors: number;
  stale: number;
  missing: number;
}

/**
 * Rows, vectors, stale vectors (text changed since embedding) and rows without a vector; with `visibleTo`, only the
 * rows that profile can see (shared ones and its own), so one profile's status says nothing of another's.
 */
export function vectorCounts(db: Database, table: string, space: VectorSpace | undefined, visibleTo?: string): VectorCounts {
  const visible = visibleTo === undefined ? '' : ' WHERE t.owner IS NULL OR t.owner = @profile';
  const parameters = visibleTo === undefined ? [] : [{ profile: visibleTo }];
  const rows = (db.prepare(`SELECT count(*) AS n FROM ${table} t${visible}`).get(...parameters) as { n: number }).n;
  if (!space) return { rows, vectors: 0, stale: 0, missing: rows };
  const counts = db
    .prepare(
      `SELECT count(v.item_id) AS vectors,
              sum(CASE WHEN v.item_id IS NOT NULL AND v.content_hash != t.embed_hash THEN 1 ELSE 0 END) AS stale,
              sum(CASE WHEN v.item_id IS NULL THEN 1 ELSE 0 END) AS missing
       FROM ${table} t LEFT JOIN ${space.table} v ON v.item_id = t.id${visible}`,
    )
    .get(...parameters) as { vectors: number; stale: number | null; missing: number | null };
  return { rows, vectors: counts.vectors, stale: counts.stale ?? 0, missing: counts.missing ?? 0 };
}

/** The next rows needing a vector (missing or stale), in id order, after `afterId`. */
export function pendingRows(db: Database, table: string, space: VectorSpace, limit: number, afterId = 0): EmbeddableRow[] {
  return db
    .prepare(
      `SELECT t.id, t.owner, t.embed_text, t.embed_hash FROM ${table} t LEFT JOIN ${space.table} v ON v.item_id = t.id
       WHERE t.id > ? AND (v.item_id IS NULL OR v.content_hash != t.embed_hash) ORDER BY t.id LIMIT ?`,
    )
    .all(afterId, limit) as EmbeddableRow[];
}

/** Removes vectors whose row no longer exists (rows deleted while a space was not current). */
export function pruneOrphanVectors(db: Database, table: string, space: VectorSpace): number {
  return db.prepare(`DELETE FROM ${space.table} WHERE item_id NOT IN (SELECT id FROM ${table})`).run().changes;
}
