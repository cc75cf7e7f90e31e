import type { Database } from 'better-sqlite3';
import type { Embedder } from '../embedding/embedder.js';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import type { KeywordIndex } from './keyword-index.js';
import { vectorCounts, type EmbeddableRow, type VectorCounts } from './vector-bookkeeping.js';
import { semanticSearch, type SemanticResult } from './semantic-path.js';
import type { VectorSpace } from './vector-space.js';
import type { VectorNeighbour, VectorStore } from './vector-store.js';

export type { SemanticResult };

/**
 * A corpus's profile-owned rows kept in another store (a profile's own foods on PostgreSQL): their vectors are there,
 * searched beside the local space, whose own rows are then not searched. Ids are the corpus's (foods-store.ts).
 */
export interface RowsElsewhere {
  /** Whether this row is one of the other store's. */
  holds(row: EmbeddableRow): boolean;
  hasVectors(embedderId: string): Promise<boolean>;
  /** The k nearest of these owners' rows there, nearest first. */
  nearest(embedderId: string, vector: Float32Array, k: number, owners: readonly string[]): Promise<VectorNeighbour[]>;
  /** Embeds these rows there under `embedder` (the rest wait for `cita seed` or `cita reembed`). */
  embed(embedder: Embedder, rows: readonly EmbeddableRow[]): Promise<void>;
}

export interface RetrieverOptions {
  corpus: string;
  /** The table of embeddable rows (id, owner, embed_text, embed_hash). */
  table: string;
  /** The embedded-text formula version; part of the vector space's identity. */
  formula: string;
  keyword: KeywordIndex;
  elsewhere?: RowsElsewhere;
}

/** Keyword and vector paths of one corpus, with the embedder pinned per vector space. */
export interface Retriever {
  readonly corpus: string;
  readonly table: string;
  readonly formula: string;
  readonly keyword: KeywordIndex;
  /** The k nearest visible rows to the query, or why the semantic path is unavailable (never a throw). */
  semantic(query: string, options: { k: number; owners?: readonly string[]; signal?: AbortSignal }): Promise<SemanticResult>;
  /** The space of the current embedder (created when `create`), or undefined in keyword-only mode. */
  currentSpace(create: boolean): Promise<VectorSpace | undefined>;
  /** Embeds rows now if an embedder is available (best effort; the re-embed job catches up otherwise). */
  embedRows(rows: readonly EmbeddableRow[]): Promise<boolean>;
  /** Rows and vectors of the corpus; with `visibleTo`, of the rows that profile can see. */
  counts(visibleTo?: string): VectorCounts;
  /** The current embedder's id (known without loading it), null in keyword-only mode. */
  embedderId(): string | null;
  /** The dimensions of the current embedder's space, null when it has none yet (known without loading the model). */
  dimensions(): number | null;
}

/**
 * Another process (the CLI while `cita serve` or the app runs) may write a corpus's rows; this process's in-memory
 * keyword index would not know. The returned check costs one `PRAGMA data_version` (which changes only when another
 * connection commits) and, only then, one aggregate over `table`; when that changed, `reload` rebuilds the index
 * from the rows. Call it before searching. (In-memory vectors follow data_version on their own: vector-store.ts.)
 */
export function watchExternalWrites(db: Database, table: string, reload: () => void): () => void {
  const version = () => db.pragma('data_version', { simple: true }) as number;
  const signatureQuery = db.prepare(`SELECT count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(max(updated_at), '') AS signature FROM ${table}`);
  const signature = () => (signatureQuery.get() as { signature: string }).signature;
  let seenVersion = version();
  let seenSignature = signature();
  return () => {
    const currentVersion = version();
    if (currentVersion === seenVersion) return;
    seenVersion = currentVersion;
    const current = signature();
    if (current === seenSignature) return;
    seenSignature = current;
    reload();
  };
}

/** Builds the retriever of one corpus. */
export function createRetriever(deps: { db: Database; vectors: VectorStore; embedding: EmbeddingService }, options: RetrieverOptions): Retriever {
  const emptyQuery = deps.db.prepare(`SELECT NOT EXISTS (SELECT 1 FROM ${options.table}) AS empty`);
  async function currentSpace(create: boolean): Promise<VectorSpace | undefined> {
    const embedder = await deps.embedding.get();
    if (!embedder) return undefined;
    return create ? deps.vectors.space(options.corpus, embedder.id, options.formula, embedder.dimensions) : deps.vectors.findSpace(options.corpus, embedder.id, options.formula);
  }

  /** The current embedder's space, found by the id its description gives (no model is loaded). */
  function describedSpace(): VectorSpace | undefined {
    const description = deps.embedding.describe();
    return description.id ? deps.vectors.findSpace(options.corpus, description.id, options.formula) : undefined;
  }

  return {
    corpus: options.corpus,
    table: options.table,
    formula: options.formula,
    keyword: options.keyword,
    currentSpace,
    semantic(query, { k, owners, signal }) {
      const { elsewhere } = options;
      const hereHasVectors = (embedderId: string) => {
        const space = deps.vectors.findSpace(options.corpus, embedderId, options.formula);
        return space !== undefined && deps.vectors.count(space) > 0;
      };
      const nearestHere = (embedderId: string, vector: Float32Array, count: number, visible: readonly string[] | undefined) => {
        const space = deps.vectors.findSpace(options.corpus, embedderId, options.formula);
        return space ? deps.vectors.nearest(space, vector, count, visible) : [];
      };
      const source = elsewhere
        ? {
            // No owners, none of their rows: the other store is not asked (it may not be answering).
            hasVectors: async (embedderId: string) => hereHasVectors(embedderId) || ((owners?.length ?? 0) > 0 && (await elsewhere.hasVectors(embedderId))),
            // The shared rows here, the owners' there: one list by distance (both cosine), ties by id.
            nearest: async (embedderId: string, vector: Float32Array, count: number) =>
              [...nearestHere(embedderId, vector, count, []), ...(await elsewhere.nearest(embedderId, vector, count, owners ?? []))]
                .sort((a, b) => a.distance - b.distance || a.itemId - b.itemId)
                .slice(0, count),
          }
        : {
            hasVectors: hereHasVectors,
            nearest: (embedderId: string, vector: Float32Array, count: number) => nearestHere(embedderId, vector, count, owners),
            isEmpty: () => (emptyQuery.get() as { empty: number }).empty === 1,
          };
      return semanticSearch(deps.embedding, options.corpus, source, query, { k, ...(signal ? { signal } : {}) });
    },
    async embedRows(rows) {
      try {
        const embedder = await deps.embedding.get();
        if (!embedder || rows.length === 0) return false;
        const { elsewhere } = options;
        const there = elsewhere ? rows.filter((row) => elsewhere.holds(row)) : [];
        if (elsewhere && there.length > 0) await elsewhere.embed(embedder, there);
        rows = rows.filter((row) => !elsewhere?.holds(row));
        if (rows.length === 0) return true;
        const space = deps.vectors.space(options.corpus, embedder.id, options.formula, embedder.dimensions);
        const vectors = await embedder.embedDocuments(rows.map((row) => row.embed_text));
        deps.vectors.put(
          space,
          rows.map((row, index) => ({ itemId: row.id, owner: row.owner, vector: vectors[index] as Float32Array, contentHash: row.embed_hash })),
        );
        return true;
      } catch {
        return false;
      }
    },
    embedderId: () => deps.embedding.describe().id,
    counts(visibleTo) {
      return vectorCounts(deps.db, options.table, describedSpace(), visibleTo);
    },
    dimensions: () => describedSpace()?.dimensions ?? null,
  };
}
