import type { AskInput, AskOutput, IngestCounts, SearchHit, SearchInput, SearchOutput } from '../../shared/contract.js';
import type { Handlers } from '../api/handlers.js';
import type { Database } from '../db/connection.js';
import type { PostgresDatabase } from '../db/postgres/postgres-database.js';
import type { ProfilesRepository } from '../db/repositories/profiles-repository.js';
import type { Embedder } from '../embedding/embedder.js';
import type { EmbeddingService } from '../embedding/embedding-service.js';
import type { RerankerService } from '../reranking/reranker-service.js';
import type { ReembedOptions, ReembedResult } from '../retrieval/reembed-job.js';
import type { Retriever } from '../retrieval/retriever.js';
import type { VectorCounts } from '../retrieval/vector-bookkeeping.js';
import type { VectorStore } from '../retrieval/vector-store.js';
import type { EventBus } from '../core/event-bus.js';
import type { JobRunner } from '../core/jobs.js';
import type { SettingsService } from '../core/settings.js';

/** The shared services a corpus module is built from. */
export interface ModuleDeps {
  db: Database;
  dataDir: string;
  settings: SettingsService;
  events: EventBus;
  profiles: ProfilesRepository;
  vectors: VectorStore;
  embedding: EmbeddingService;
  /** The cross-language path's embedder (USE-multilingual), or off with the reason. */
  multilingual: EmbeddingService;
  /** The local cross-encoder, or off with the reason. */
  reranker: RerankerService;
  jobs: JobRunner;
  /**
   * The PostgreSQL database of `--database postgres://…` / CITA_DATABASE_URL: the corpora that can live there use it
   * (today the catalog, the KB and the diary's entries and targets); the others, and everything else, stay in the SQLite
   * file of the data directory.
   */
  postgres?: PostgresDatabase;
  /** Copies the database into the backups folder as `label` before a change the user may want to undo; resolves with the copy's file. */
  backup(label: string): Promise<string>;
}

/** One query of an evaluation set, written from the user's side, with the items that answer it. */
export interface EvaluationCase {
  id: string;
  query: string;
  /** Relevant item keys (a source for the catalog, card ids for the KB); empty = out of scope. */
  expected: string[];
  /** A part of the set reported on its own row as well, e.g. the KB's Spanish questions ("es"). */
  subset?: string;
  /** More parts the query belongs to (e.g. "fresh", "fresh:test"), each reported on its own row too. */
  parts?: string[];
  /** Whether the corpus holds an answer; by default, whether `expected` is non-empty. Refusals are scored on it. */
  answerable?: boolean;
  /** The set names hits by their own id (a catalog field, `source.physical_name`) instead of the module's item key. */
  matchHitId?: boolean;
  /** Facts an answer (`ask`) must contain: each a list of alternatives, any one of which must appear. */
  keyFacts?: string[][];
}

/** A two-level search (branches, then the items under the kept ones), evaluated beside the module's own search. */
export interface EvaluationTree {
  /** The numbers of branches to keep that an evaluation compares. */
  branchCounts: readonly number[];
  /** The search output of the items under the `branches` best branches, and those branches' keys, best first. */
  search(input: SearchInput, branches: number): Promise<{ output: SearchOutput; branches: string[] }>;
  /** The branch an expected item (an item key, or a hit id for sets that match hit ids) lies under. */
  branchOf(item: string): string;
}

export interface IngestOptions {
  /** A user file or directory instead of the shipped data. */
  from?: string;
  onProgress?: (message: string) => void;
}

/**
 * A feature of cita (foods, diary, catalog, kb): its slice of the handler map, its retriever and its part of
 * search, ask, ingest, seeding and evaluation. Bootstrap builds every module from `main/app/modules.ts`.
 */
export interface CorpusModule {
  name: string;
  retriever?: Retriever;
  /**
   * Its shipped data loads with `cita ingest --corpus NAME` only, not with `cita seed` or the first start, and
   * `cita eval` without `--corpus` leaves it out (the manuals: choosing their summaries embeds every sentence).
   */
  seededOnDemand?: boolean;
  /**
   * Further vector spaces of the module's own (the manuals' section summaries), each under the main embedder and
   * optionally the multilingual one: re-embedded, counted in status and embedded after an ingest like `retriever`
   * and `crossLanguage`.
   */
  extraSpaces?: ReadonlyArray<{ retriever: Retriever; crossLanguage?: Retriever }>;
  /** The same rows in the multilingual embedder's space: the path for questions in another language than the corpus. */
  crossLanguage?: Retriever;
  search?(input: SearchInput): Promise<SearchOutput>;
  /** Brings in-memory indexes up to date with rows another process wrote; called before every search and ask. */
  syncWithOtherProcesses?(): void;
  ask?(input: AskInput): Promise<AskOutput>;
  /** Loads the shipped data (or `from`) idempotently; `cita seed` and `cita ingest` call it. */
  ingest?(options: IngestOptions): Promise<IngestCounts>;
  /** Rebuilds in-memory indexes from the rows after this process wrote them past the module (demo data loaded or removed). */
  reload?(): void;
  /**
   * `cita seed --demo` and the first start (`firstRun`): demo data (a demo profile with a diary). A first start leaves
   * demo data another process loaded already (a database several servers share) as it is.
   */
  seedDemo?(options: { today: string; onProgress?: (message: string) => void; firstRun?: boolean }): Promise<Record<string, number>>;
  evaluation?: {
    load(): EvaluationCase[];
    /** Reads a set file in the corpus's own format (`cita eval --set FILE`); absent: the generic format. */
    loadPath?(file: string): EvaluationCase[];
    /** The module can switch a cross-encoder on and off: evaluations report both. */
    rerank?: boolean;
    /** The corpus may refuse any query (the KB's answerability): refusals are reported on every part of its sets. */
    refuses?: boolean;
    /** The item key a hit stands for, compared with `expected`. */
    itemOf(hit: SearchHit): string;
    /** A hierarchical search compared with the flat one (`cita eval --tree`): the catalog's source → fields tree, the manuals' sections → passages. */
    tree?: EvaluationTree;
  };
  handlers?: Partial<Handlers>;
  /**
   * A corpus kept outside the SQLite file (the catalog on PostgreSQL): where, its row and vector counts for status,
   * and the re-embed job's part there (it embeds its own rows, in its own database).
   */
  storage?: {
    kind: 'postgres';
    label: string;
    counts(): Promise<VectorCounts>;
    crossLanguageCounts(): Promise<VectorCounts>;
    /** Embeds the rows of its main (or cross-language) space that lack a current vector under `embedder`; resumable. */
    embedSpace(crossLanguage: boolean, embedder: Embedder, options: ReembedOptions): Promise<ReembedResult>;
  };
  /**
   * The profiles' own rows of a corpus whose shipped rows are in the SQLite file, kept outside it (a profile's own
   * foods on PostgreSQL): where, their counts for status, and the re-embed job's part there.
   */
  ownRows?: NonNullable<CorpusModule['storage']>;
  /** A corpus without vectors kept outside the SQLite file (the diary on PostgreSQL): where, and its rows (of one profile, or all) for status. */
  rowStorage?: { kind: 'postgres'; label: string; rows(profile?: string): Promise<number> };
  close?(): void | Promise<void>;
}

export type ModuleFactory = (deps: ModuleDeps) => CorpusModule | Promise<CorpusModule>;

/** A corpus store that embeds its own rows (PostgreSQL): the ingest calls it, and status and re-embed read it. */
export interface SelfEmbeddingStore {
  readonly label: string;
  /** Embeds every row without a current vector in the main and the cross-language spaces; the number embedded in the main one. */
  embedPending(onProgress?: (message: string) => void): Promise<number>;
  /** The re-embed job's part: the main (or cross-language) space's rows lacking a current vector under `embedder`; resumable. */
  embedSpace(crossLanguage: boolean, embedder: Embedder, options?: ReembedOptions): Promise<ReembedResult>;
  /** Rows and vectors of the main space (`crossLanguage`: of the multilingual one). */
  counts(crossLanguage: boolean): Promise<VectorCounts>;
}

/**
 * A module whose rows live in PostgreSQL: its `storage` for status and the re-embed job, and an ingest that writes
 * through `writeRows` and then embeds in the store itself (no retriever is shared with the SQLite re-embed job).
 */
export function onPostgres(module: CorpusModule, store: SelfEmbeddingStore, embedding: EmbeddingService, writeRows: (options: IngestOptions) => Promise<IngestCounts>): CorpusModule {
  return {
    ...module,
    storage: {
      kind: 'postgres',
      label: store.label,
      counts: () => store.counts(false),
      crossLanguageCounts: () => store.counts(true),
      embedSpace: (crossLanguage, embedder, options) => store.embedSpace(crossLanguage, embedder, options),
    },
    async ingest(options) {
      const counts = await writeRows(options);
      const embedded = embedding.describe().mode === 'keyword-only' ? 0 : await store.embedPending(options.onProgress);
      return { ...counts, embedded };
    },
  };
}
