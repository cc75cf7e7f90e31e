import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { createPostgresVectorSpaces } from '../../retrieval/postgres-vector-spaces.js';
import type { EmbeddingService } from '../../embedding/embedding-service.js';
import { semanticSearch } from '../../retrieval/semantic-path.js';
import { kbFormula } from './chunking.js';
import { kbCorpus } from './kb-ingest.js';
import { createKbPostgresKeyword } from './kb-postgres-keyword.js';
import { upgradeKbKeywordColumns, writeKb } from './kb-postgres-write.js';
import { summaryOf, type KbCardRow, type KbChunkRow, type KbPassageRow, type SummaryRow } from './kb-repository.js';
import type { KbStore } from './kb-store.js';
import type { SelfEmbeddingStore } from '../corpus-module.js';

/** The KB on PostgreSQL: it embeds its own rows. */
export type SelfEmbeddingKbStore = KbStore & SelfEmbeddingStore;

/** A chunk row as the SQLite repository reads it (the KB is shared: no owner). */
const chunkColumns = 'k.id, NULL AS owner, k.card_id, k.chunk_index, k.section, k.passage, k.content_hash, k.embed_text, k.embed_hash';
const cardColumns = 'c.id, c.title, c.category, c.source_name, c.source_url, c.last_reviewed, c.body, c.original_id, c.severity, c.content_hash';

/**
 * The clinical KB on PostgreSQL (migrations/postgres/0002_kb.sql, 0005, 0006): keyword candidates from the database's full-text
 * search (kb-postgres-keyword.ts), vectors in pgvector tables with an HNSW cosine index, one per embedder space. The
 * process holds no index of its own, so several cita processes can share the database. Writes run in one
 * transaction under an advisory lock; vectors are written in id order, batch by batch, resuming where they stopped.
 */
export async function createKbPostgresStore(deps: {
  database: PostgresDatabase;
  embedding: EmbeddingService;
  multilingual?: EmbeddingService;
  /** Where the one-time work of opening a database an older cita wrote says how far it is (a line each time). */
  onProgress?: (message: string) => void;
}): Promise<SelfEmbeddingKbStore> {
  const { database } = deps;
  // Chunks an older cita wrote are searched as this one's from the first search on.
  await upgradeKbKeywordColumns(database, deps.onProgress);
  const spaces = createPostgresVectorSpaces(database, { rows: 'kb_chunks', spaces: 'kb_vector_spaces', prefix: 'kb_vectors', key: 'chunk_id', corpus: kbCorpus });
  const keyword = createKbPostgresKeyword(database);

  /** The semantic path under one embedder (the main one, or the multilingual one for the cross-language path). */
  const semanticOf = (embedding: EmbeddingService, query: string, k: number) =>
    semanticSearch(embedding, kbCorpus, { hasVectors: (embedderId) => spaces.hasVectors(embedderId, kbFormula), nearest: (embedderId, vector, count) => spaces.nearest(embedderId, kbFormula, vector, count) }, query, {
      k,
    });

  /** The ingest's embedding under one embedder service, when it is available, with "embedding kb: N of M" lines. */
  async function embedWith(embedding: EmbeddingService | undefined, label: string, onProgress?: (message: string) => void): Promise<number> {
    const embedder = await embedding?.get();
    if (!embedder) return 0;
    const progress = ({ done, total, note }: { done: number; total: number; note?: string }) => {
      if (done > 0) onProgress?.(`embedding ${label}: ${done} of ${total}${note ? ` (${note})` : ''}`);
    };
    return (await spaces.embedPending(embedder, kbFormula, 'embed_text', { onProgress: progress })).embedded;
  }

  return {
    kind: 'postgres',
    label: `PostgreSQL ${database.label}`,
    write: (input) => database.transaction((client) => writeKb(client, input)),
    async chunkCount() {
      const [row] = await database.query<{ n: number }>('SELECT count(*) AS n FROM kb_chunks');
      return row?.n ?? 0;
    },
    keyword,
    semantic: (query, k) => semanticOf(deps.embedding, query, k),
    crossLanguage: deps.multilingual && { semantic: (query, options) => semanticOf(deps.multilingual as EmbeddingService, query, options.k) },
    async passagesByIds(ids) {
      const rows = await database.query<KbPassageRow>(
        `SELECT ${chunkColumns}, c.title, c.category, c.source_name, c.source_url, c.original_id, c.severity, c.origin FROM kb_chunks k JOIN kb_cards c ON c.id = k.card_id WHERE k.id = ANY($1::bigint[])`,
        [ids],
      );
      const byId = new Map(rows.map((row) => [row.id, row]));
      return new Map(ids.flatMap((id) => (byId.has(id) ? [[id, byId.get(id) as KbPassageRow] as const] : [])));
    },
    allChunks: () => database.query<KbChunkRow>(`SELECT ${chunkColumns} FROM kb_chunks k ORDER BY k.card_id, k.chunk_index`),
    async cardSummaries(category) {
      const rows = await database.query<SummaryRow>(
        `SELECT c.id, c.title, c.category, c.source_name, c.source_url, c.last_reviewed, c.original_id, c.severity,
           (SELECT count(*)::int FROM kb_chunks k WHERE k.card_id = c.id) AS chunks
         FROM kb_cards c WHERE $1::text IS NULL OR c.category = $1 ORDER BY c.category, c.id`,
        [category ?? null],
      );
      return rows.map(summaryOf);
    },
    async card(id) {
      const [row] = await database.query<KbCardRow & { chunks: number }>(
        `SELECT ${cardColumns}, (SELECT count(*)::int FROM kb_chunks k WHERE k.card_id = c.id) AS chunks FROM kb_cards c WHERE c.id = $1`,
        [id],
      );
      return row;
    },
    async cardIds() {
      // COLLATE "C": byte order, as SQLite's, whatever the database's collation.
      return (await database.query<{ id: string }>('SELECT id FROM kb_cards ORDER BY id COLLATE "C"')).map((row) => row.id);
    },
    async signature() {
      const [row] = await database.query<{ signature: string }>(
        `SELECT (SELECT count(*) || ':' || coalesce(max(id), 0) || ':' || coalesce(max(updated_at)::text, '') FROM kb_chunks) || '/' ||
                (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM kb_cards) AS signature`,
      );
      return row?.signature ?? '';
    },
    sync: () => undefined,
    async embedPending(onProgress) {
      const embedded = await embedWith(deps.embedding, 'kb', onProgress);
      // Counted apart on SQLite too (ingest's `embedded` is the main space's): the cross-language space is optional.
      await embedWith(deps.multilingual, 'kb (cross-language)', onProgress);
      return embedded;
    },
    // Both spaces embed the same text under the same formula: the embedder's id tells them apart.
    embedSpace: (_crossLanguage, embedder, options) => spaces.embedPending(embedder, kbFormula, 'embed_text', options),
    counts: (crossLanguage) => {
      const embedding = crossLanguage ? deps.multilingual : deps.embedding;
      return spaces.counts(embedding?.describe().id ?? null, kbFormula);
    },
  };
}
