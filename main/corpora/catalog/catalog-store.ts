import type { CrossLanguageResult } from '../../retrieval/cross-language.js';
import type { KeywordHit } from '../../retrieval/keyword-index.js';
import type { SemanticResult } from '../../retrieval/semantic-path.js';
import type { CatalogDocument } from './catalog-document.js';
import type { CatalogFieldRow, CatalogNoteRow, CatalogSourceRow } from './catalog-repository.js';
import type { SelfEmbeddingStore } from '../corpus-module.js';

/** What an import changed, counted in fields. */
export interface CatalogImportSummary {
  inserted: number;
  updated: number;
  unchanged: number;
  removed: number;
}

/**
 * Where the data catalog keeps its rows and how it finds candidates for a query: SQLite with in-process MiniSearch
 * and sqlite-vec (the embedded default, catalog-sqlite-store.ts), or PostgreSQL with its full-text search, a trigram
 * substring match and pgvector (catalog-postgres-store.ts). Everything above it (the business-term lift, fusion,
 * relevance, notes, pages, evaluation) is the same code on both. Asynchronous because a PostgreSQL client is.
 */
export interface CatalogStore {
  /** `sqlite`, or `postgres` with where (no password), for status lines. */
  readonly kind: 'sqlite' | 'postgres';
  readonly label: string;
  /**
   * Writes a validated catalog in one transaction (sources upserted by id, fields by (source, physical_name), the
   * fields of the imported sources that the document no longer lists removed with their vectors) and keeps the
   * store's keyword and vector paths in step.
   */
  importCatalog(document: CatalogDocument): Promise<CatalogImportSummary>;
  byIds(ids: readonly number[]): Promise<Map<number, CatalogFieldRow>>;
  /** Notes of the given fields, in their order. */
  notesOf(fieldIds: readonly number[]): Promise<Map<number, CatalogNoteRow[]>>;
  all(): Promise<CatalogFieldRow[]>;
  count(): Promise<number>;
  sources(): Promise<CatalogSourceRow[]>;
  field(source: string, physicalName: string): Promise<CatalogFieldRow | undefined>;
  source(id: string): Promise<CatalogSourceRow | undefined>;
  fieldsOf(source: string): Promise<Array<CatalogFieldRow & { notes: number }>>;
  /**
   * Phase 1's candidates: text hits plus the business-term lift (catalog-keyword.ts `liftBusinessTerms`), best first.
   * With `within`, only those fields compete, normalised among themselves.
   */
  keyword(query: string, limit: number, within?: ReadonlySet<number>): Promise<KeywordHit[]>;
  /** The k nearest fields under the main embedder (with `within`, among those fields only). */
  semantic(query: string, k: number, within?: ReadonlySet<number>): Promise<SemanticResult>;
  /** The cross-language path's k nearest fields (business names in the multilingual space), when the query may need it. */
  crossLanguage(query: string, k: number, keywordHits: readonly KeywordHit[], within?: ReadonlySet<number>): Promise<CrossLanguageResult>;
  /** Catches up with rows another process wrote (SQLite's in-memory keyword index); nothing to do on PostgreSQL. */
  sync(): void;
}

/** The catalog on PostgreSQL: it embeds its own rows. */
export type SelfEmbeddingCatalogStore = CatalogStore & SelfEmbeddingStore;
