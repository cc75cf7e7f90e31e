import type { Database } from 'better-sqlite3';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { watchExternalWrites, type Retriever } from '../../retrieval/retriever.js';
import type { VectorStore } from '../../retrieval/vector-store.js';
import { createCatalogKeywordSearch } from './catalog-keyword.js';
import { minimumVectorCandidates } from './catalog-ranking.js';
import type { CatalogRepository } from './catalog-repository.js';
import type { CatalogStore } from './catalog-store.js';

/**
 * The embedded store: rows in SQLite (catalog-repository.ts), phase 1 on an in-process MiniSearch index kept in step
 * with every write (and rebuilt when another process wrote the table), vectors in sqlite-vec through the retrievers.
 */
export function createCatalogSqliteStore(deps: {
  db: Database;
  repository: CatalogRepository;
  retriever: Retriever;
  vectors: VectorStore;
  /** The fields in the multilingual embedder's space: English questions meet Spanish fields there. */
  crossLanguage?: Retriever;
}): CatalogStore {
  const { repository, retriever } = deps;
  const keyword = createCatalogKeywordSearch(retriever.keyword);
  const loadKeywordIndex = () => keyword.replaceAll(repository.all());
  loadKeywordIndex();
  const sync = watchExternalWrites(deps.db, 'catalog_fields', loadKeywordIndex);
  // The vector paths filtered to `within` are asked for every row first, so no field of the branch is cut off.
  const every = () => Math.max(minimumVectorCandidates, repository.count());

  return {
    kind: 'sqlite',
    label: 'SQLite',
    async importCatalog(document) {
      const spaces = deps.vectors.spacesOf(retriever.corpus);
      const { changed, removedIds, ...counts } = repository.importCatalog(document, (fieldId) => {
        for (const space of spaces) deps.vectors.remove(space, fieldId);
      });
      for (const row of changed) keyword.upsert(row);
      for (const id of removedIds) keyword.remove(id);
      return counts;
    },
    byIds: async (ids) => repository.byIds(ids),
    notesOf: async (ids) => repository.notesOf(ids),
    all: async () => repository.all(),
    count: async () => repository.count(),
    sources: async () => repository.sources(),
    field: async (source, physicalName) => repository.field(source, physicalName),
    source: async (id) => repository.source(id),
    fieldsOf: async (source) => repository.fieldsOf(source),
    keyword: async (query, limit, within) => keyword.search(query, limit, within),
    async semantic(query, k, within) {
      if (!within) return retriever.semantic(query, { k });
      const result = await retriever.semantic(query, { k: every() });
      return result.ok ? { ...result, neighbours: result.neighbours.filter((neighbour) => within.has(neighbour.itemId)).slice(0, k) } : result;
    },
    async crossLanguage(query, k, keywordHits, within) {
      if (!within) return crossLanguageNeighbours(deps.crossLanguage, query, { corpusLanguage: 'es', k, keywordHits });
      const result = await crossLanguageNeighbours(deps.crossLanguage, query, { corpusLanguage: 'es', k: every(), keywordHits });
      return result.ran ? { ...result, neighbours: result.neighbours.filter((neighbour) => within.has(neighbour.itemId)).slice(0, k) } : result;
    },
    sync,
  };
}
