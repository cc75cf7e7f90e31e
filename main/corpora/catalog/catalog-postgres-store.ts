import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import type { Embedder } from '../../embedding/embedder.js';
import type { EmbeddingService } from '../../embedding/embedding-service.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { pause, type ReembedOptions, type ReembedResult } from '../../retrieval/reembed-job.js';
import { semanticSearch } from '../../retrieval/semantic-path.js';
import type { VectorCounts } from '../../retrieval/vector-bookkeeping.js';
import type { VectorNeighbour } from '../../retrieval/vector-store.js';
import { chunks, importInto } from './catalog-postgres-import.js';
import { createPostgresKeyword } from './catalog-postgres-keyword.js';
import { catalogFormula, type CatalogFieldRow, type CatalogNoteRow, type CatalogSourceRow } from './catalog-repository.js';
import type { SelfEmbeddingCatalogStore } from './catalog-store.js';

/** Fields per embedder call and per vector write. */
const embedBatch = 32;
/** Fields needing a vector read per query (then embedded `embedBatch` at a time). */
const pendingPage = 512;
/** pgvector's HNSW returns at most ef_search rows; past this many neighbours the space is scanned exactly instead. */
const maximumEfSearch = 1000;

/** A field row as the catalog reads it, with its source's name (the SQLite repository's columns). */
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
  const keyword = createPostgresKeyword(database);

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

  /**
   * Embeds the fields of one space that have no current vector under `embedder`, batch by batch, each batch its own
   * commit: a stopped or killed run resumes where it stopped. Paced and cancelled like the SQLite re-embed
   * (reembed-job.ts): explicit options, else the embedder's pacing (a cloud quota), else 32 a batch without pauses.
   */
  async function embedSpace(kind: SpaceKind, embedder: Embedder, options: ReembedOptions = {}): Promise<ReembedResult> {
    const batchSize = options.batchSize ?? embedder.pacing?.batchSize ?? embedBatch;
    const pauseMs = options.pauseMs ?? embedder.pacing?.pauseMs ?? 0;
    const row = await space(embedder.id, kind.formula, embedder.dimensions);
    const table = vectorTable(row);
    // Walked in id order with one index probe of the vectors per field, so a page stops at its own rows: a join here
    // was planned as a hash of every vector, for every page (0.3 s a page at 100k fields).
    const pending = `FROM catalog_fields f WHERE (SELECT v.content_hash FROM ${table} v WHERE v.field_id = f.id) IS DISTINCT FROM f.embed_hash`;
    const [counted] = await database.query<{ n: number }>(`SELECT count(*) AS n ${pending}`);
    const total = counted?.n ?? 0;
    const pageSize = Math.max(pendingPage, batchSize);
    let done = 0;
    let afterId = 0;
    const stopped = (): ReembedResult => ({ corpus: 'catalog', embedded: done, total, cancelled: true });
    options.onProgress?.({ corpus: 'catalog', done, total });
    for (;;) {
      if (options.signal?.aborted) return stopped();
      const page = await database.query<{ id: number; text: string; embed_hash: string }>(`SELECT f.id, f.${kind.column} AS text, f.embed_hash ${pending} AND f.id > $1 ORDER BY f.id LIMIT $2`, [
        afterId,
        pageSize,
      ]);
      if (page.length === 0) break;
      const batches = chunks(page, batchSize);
      for (const [index, batch] of batches.entries()) {
        if (options.signal?.aborted) return stopped();
        let vectors: Float32Array[];
        try {
          vectors = await embedder.embedDocuments(
            batch.map((field) => field.text),
            options.signal,
          );
        } catch (error) {
          if (options.signal?.aborted) return stopped();
          throw error;
        }
        // A field changed or removed since it was read keeps no vector from its old text. Rows go in in id order: two
        // processes embedding the same new fields then lock them in the same order and one waits for the other, where
        // the join's own order let each hold a row the other needed (a deadlock, seen 2 runs in 15 with 3 writers).
        await database.query(
          `INSERT INTO ${table} (field_id, embedding, content_hash)
           SELECT v.id, v.embedding::vector, v.hash FROM unnest($1::bigint[], $2::text[], $3::text[]) AS v (id, embedding, hash)
           JOIN catalog_fields f ON f.id = v.id AND f.embed_hash = v.hash
           ORDER BY v.id
           ON CONFLICT (field_id) DO UPDATE SET embedding = excluded.embedding, content_hash = excluded.content_hash`,
          [batch.map((field) => field.id), vectors.map(vectorLiteral), batch.map((field) => field.embed_hash)],
        );
        done += batch.length;
        options.onProgress?.({ corpus: 'catalog', done: Math.min(done, total), total });
        // No pause after the last batch: a short page means nothing is left.
        const last = index === batches.length - 1 && page.length < pageSize;
        if (pauseMs > 0 && !last) await pause(pauseMs, options.signal);
      }
      afterId = (page[page.length - 1] as { id: number }).id;
    }
    return { corpus: 'catalog', embedded: done, total, cancelled: false };
  }

  /** The ingest's embedding: every space whose embedder is available, with "embedding catalog: N of M" lines. */
  async function embedAvailable(kind: SpaceKind, onProgress?: (message: string) => void): Promise<number> {
    const embedder = await kind.embedding.get();
    if (!embedder) return 0;
    const progress = ({ done, total }: { done: number; total: number }) => {
      if (done > 0) onProgress?.(`embedding ${kind.label}: ${done} of ${total}`);
    };
    return (await embedSpace(kind, embedder, { onProgress: progress })).embedded;
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
      const embedded = await embedAvailable(main, onProgress);
      // Counted apart on SQLite too (ingest's `embedded` is the main space's): the cross-language space is optional.
      if (crossKind) await embedAvailable(crossKind, onProgress);
      return embedded;
    },
    async embedSpace(crossLanguage, embedder, options) {
      const kind = crossLanguage ? crossKind : main;
      // Without a multilingual service the store has no cross-language space: nothing of it is pending.
      return kind ? embedSpace(kind, embedder, options) : { corpus: 'catalog', embedded: 0, total: 0, cancelled: false };
    },
    counts: (crossLanguage) => counts(crossLanguage ? crossKind : main),
  };
}
