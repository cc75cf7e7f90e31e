import type { Database } from 'better-sqlite3';
import { watchExternalWrites, type Retriever } from '../../retrieval/retriever.js';
import type { VectorStore } from '../../retrieval/vector-store.js';
import { kbCorpus } from './kb-ingest.js';
import type { KbRepository } from './kb-repository.js';
import { kbKeywordDocument } from './kb-search.js';
import type { KbStore } from './kb-store.js';

/**
 * The KB in the data directory's SQLite file: rows through the repository, keywords in the retriever's in-memory
 * MiniSearch index (rebuilt when another process wrote the chunks), vectors in sqlite-vec through the retrievers.
 */
export function createKbSqliteStore(deps: { db: Database; repository: KbRepository; retriever: Retriever; vectors: VectorStore; crossLanguage?: Retriever }): KbStore {
  const { repository, retriever } = deps;
  // Bumped on every write and reload: the signature derived caches compare (one process sees every change here).
  let generation = 0;
  const reload = () => {
    retriever.keyword.replaceAll(repository.allChunks().map(kbKeywordDocument));
    generation += 1;
  };
  reload();
  const syncWithOtherProcesses = watchExternalWrites(deps.db, 'kb_chunks', reload);

  return {
    kind: 'sqlite',
    label: 'SQLite',
    async write({ cards, chunks, complete, origin }) {
      const spaces = deps.vectors.spacesOf(kbCorpus);
      const result = repository.sync({
        cards,
        chunks,
        complete,
        origin,
        removeVectors(chunkIds) {
          for (const space of spaces) for (const id of chunkIds) deps.vectors.remove(space, id);
        },
      });
      for (const id of result.removedIds) retriever.keyword.remove(id);
      for (const row of result.written) retriever.keyword.upsert(kbKeywordDocument(row));
      generation += 1;
      const { inserted, updated, unchanged, removed } = result;
      return { inserted, updated, unchanged, removed };
    },
    chunkCount: async () => retriever.keyword.size(),
    keyword: async (text, limit) => retriever.keyword.search(text, { limit }),
    semantic: (query, k) => retriever.semantic(query, { k }),
    crossLanguage: deps.crossLanguage,
    passagesByIds: async (ids) => repository.passagesByIds(ids),
    allChunks: async () => repository.allChunks(),
    cardSummaries: async (category) => repository.cardSummaries(category),
    card: async (id) => repository.card(id),
    cardIds: async () => repository.cardIds(),
    signature: async () => `sqlite:${generation}`,
    sync: syncWithOtherProcesses,
  };
}
