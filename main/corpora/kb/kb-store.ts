import type { KbCardSummary, KbCategory } from '../../../shared/contract/kb.js';
import type { KeywordHit } from '../../retrieval/keyword-index.js';
import type { Retriever } from '../../retrieval/retriever.js';
import type { SemanticResult } from '../../retrieval/semantic-path.js';
import type { Card } from './card.js';
import type { CardChunk } from './chunking.js';
import type { KbCardRow, KbChunkRow, KbOrigin, KbPassageRow, KbSyncCounts } from './kb-repository.js';

/** What one ingest writes: its cards and chunks, whether they are the whole set of their origin, and that origin. */
export interface KbWrite {
  cards: readonly Card[];
  chunks: ReadonlyMap<string, readonly CardChunk[]>;
  complete: boolean;
  origin: KbOrigin;
}

/**
 * Where the clinical KB keeps its cards and chunks and how it finds candidate chunks: SQLite with in-process
 * MiniSearch and sqlite-vec (the embedded default, kb-sqlite-store.ts), or PostgreSQL with its full-text search and
 * pgvector (kb-postgres-store.ts). Everything above it (query reading, fusion, reranking, answerability, quoting and
 * grounding: kb-search.ts, kb-ask.ts) is the same code on both. Asynchronous because a PostgreSQL client is.
 */
export interface KbStore {
  readonly kind: 'sqlite' | 'postgres';
  /** `SQLite`, or `PostgreSQL` with where (no password), for status lines. */
  readonly label: string;
  /**
   * Makes the stored KB equal to the given cards and chunks (cards of the same origin missing from a `complete` set
   * removed, with their chunks and vectors; the other origin's cards are never touched) in one transaction, keeping
   * the keyword and vector paths in step; counts chunks.
   */
  write(input: KbWrite): Promise<KbSyncCounts>;
  chunkCount(): Promise<number>;
  /** BM25 over chunks (title, section, passage; OR of the words), best first, at most `limit`. */
  keyword(text: string, limit: number): Promise<KeywordHit[]>;
  /** The k nearest chunks under the main embedder, or why the path is unavailable. */
  semantic(query: string, k: number): Promise<SemanticResult>;
  /** The chunks in the multilingual embedder's space (the cross-language path), when there is one. */
  readonly crossLanguage: Pick<Retriever, 'semantic'> | undefined;
  passagesByIds(ids: readonly number[]): Promise<Map<number, KbPassageRow>>;
  allChunks(): Promise<KbChunkRow[]>;
  cardSummaries(category?: KbCategory): Promise<KbCardSummary[]>;
  card(id: string): Promise<(KbCardRow & { chunks: number }) | undefined>;
  /** Every card id in alphabetical order: stable tie-breaks across runs and stores. */
  cardIds(): Promise<string[]>;
  /** Changes whenever the cards or chunks change, in this process or another: what derived caches are keyed by. */
  signature(): Promise<string>;
  /** Catches up with rows another process wrote (SQLite's in-memory keyword index); nothing to do on PostgreSQL. */
  sync(): void;
}
