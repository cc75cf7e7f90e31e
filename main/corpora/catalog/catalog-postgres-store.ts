import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import type { Embedder } from '../../embedding/embedder.js';
import type { EmbeddingService } from '../../embedding/embedding-service.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { createPostgresVectorSpaces } from '../../retrieval/postgres-vector-spaces.js';
import type { ReembedOptions, ReembedResult } from '../../retrieval/reembed-job.js';
import { semanticSearch } from '../../retrieval/semantic-path.js';
import { importInto } from './catalog-postgres-import.js';
import { createPostgresKeyword } from './catalog-postgres-keyword.js';
import { upgradeCatalogKeywordColumns } from './catalog-postgres-terms.js';
import { catalogFormula, type CatalogFieldRow, type CatalogNoteRow, type CatalogSourceRow } from './catalog-repository.js';
import type { SelfEmbeddingCatalogStore } from './catalog-store.js';

/** A field row as the catalog reads it, with its source's name (the SQLite repository's columns). */
const fieldColumns = `f.id, NULL AS owner, f.source, f.physical_name, f.business_name, f.definition, f.data_type, f.embed_text, f.embed_hash, s.name AS source_name`;

/** One of the catalog's two vector spaces: its embedder and what of a field it embeds. */
interface SpaceKind {
  embedding: EmbeddingService;
  formula: string;
  /** The column embedded: the seed's text, or the business name alone (the cross-language path, catalog-module.ts). */
  column: 'embed_text' | 'business_name';
  label: string;
}

/**
 * The catalog on PostgreSQL (migrations/postgres/0001_catalog.sql, 0010_catalog_keyword_terms.sql). Phase 1 ranks,
 * in the database, the terms SQLite's MiniSearch index holds by the same BM25, plus the seed's business-name substring
 * match on a trigram index (catalog-postgres-keyword.ts); vectors live in pgvector tables with an HNSW cosine index. The process holds no index of its own, so any number of cita processes can share the
 * database. Imports are serialised by an advisory lock and run in one transaction.
 */
export async function createCatalogPostgresStore(deps: {
  database: PostgresDatabase;
  embedding: EmbeddingService;
  multilingual?: EmbeddingService;
  /** Where the one-time work of opening a database an older cita wrote says how far it is (a line each time). */
  onProgress?: (message: string) => void;
}): Promise<SelfEmbeddingCatalogStore> {
  const { database } = deps;
  // Fields an older cita wrote are searched as this one's from the first search on.
  await upgradeCatalogKeywordColumns(database, deps.onProgress);
  const main: SpaceKind = { embedding: deps.embedding, formula: catalogFormula, column: 'embed_text', label: 'catalog' };
  const crossKind: SpaceKind | undefined = deps.multilingual && {
    embedding: deps.multilingual,
    formula: `${catalogFormula}:business-name`,
    column: 'business_name',
    label: 'catalog (cross-language)',
  };
  // Vector spaces as the KB's (retrieval/postgres-vector-spaces.ts), in the tables of migrations/postgres/0001_catalog.sql.
  const spaces = createPostgresVectorSpaces(database, { rows: 'catalog_fields', spaces: 'catalog_vector_spaces', prefix: 'catalog_vectors', key: 'field_id', corpus: 'catalog' });
  const keyword = createPostgresKeyword(database);

  function semanticOf(kind: SpaceKind, query: string, k: number, within?: ReadonlySet<number>) {
    return semanticSearch(
      kind.embedding,
      'catalog',
      { hasVectors: (embedderId) => spaces.hasVectors(embedderId, kind.formula), nearest: (embedderId, vector, count) => spaces.nearest(embedderId, kind.formula, vector, count, within) },
      query,
      { k },
    );
  }

  /**
   * Embeds the fields of one space that have no current vector under `embedder` (the embedded column is the
   * kind's), resumable, paced and cancelled like the SQLite re-embed.
   */
  function embedSpace(kind: SpaceKind, embedder: Embedder, options: ReembedOptions = {}): Promise<ReembedResult> {
    return spaces.embedPending(embedder, kind.formula, kind.column, options);
  }

  /** The ingest's embedding: every space whose embedder is available, with "embedding catalog: N of M" lines. */
  async function embedAvailable(kind: SpaceKind, onProgress?: (message: string) => void): Promise<number> {
    const embedder = await kind.embedding.get();
    if (!embedder) return 0;
    const progress = ({ done, total, note }: { done: number; total: number; note?: string }) => {
      if (done > 0) onProgress?.(`embedding ${kind.label}: ${done} of ${total}${note ? ` (${note})` : ''}`);
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
    counts(crossLanguage) {
      const kind = crossLanguage ? crossKind : main;
      // No multilingual service: no cross-language space, every field missing from it.
      return kind ? spaces.counts(kind.embedding.describe().id, kind.formula) : spaces.counts(null, main.formula);
    },
  };
}
