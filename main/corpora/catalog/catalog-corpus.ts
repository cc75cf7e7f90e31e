import type { CatalogNote, Notice, Relevance, SearchHit, SearchInput, SearchOutput, Strategy } from '../../../shared/contract.js';
import type { SettingsService } from '../../core/settings.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import type { FusedHit } from '../../retrieval/fusion.js';
import type { Retriever } from '../../retrieval/retriever.js';
import { toSearchHitBase } from '../../retrieval/search-hit.js';
import { embedderModelOf } from '../../retrieval/semantic-bars.js';
import type { VectorStore } from '../../retrieval/vector-store.js';
import { createCatalogKeywordSearch } from './catalog-keyword.js';
import { explainedNotes } from './catalog-notes.js';
import { catalogCrossLanguageBars, minimumVectorCandidates, rankCatalog, type CatalogPaths } from './catalog-ranking.js';
import type { CatalogDocument } from './catalog-document.js';
import type { CatalogFieldRow, CatalogRepository, CatalogSourceRow } from './catalog-repository.js';
import { queryContext } from './condition.js';

export { catalogCrossLanguageBars, minimumVectorCandidates };

/**
 * How relevant a field is, from what does not depend on the other hits (fused scores are normalised per query, so
 * they cannot say "nothing fits"): the query's exact business term in the name, the share of the query's words the
 * field matched, and the cosine similarity. bge-small reads Spanish poorly and puts any two Spanish banking-flavoured
 * texts at 0.65–0.73, so cosine alone is strong only above that; the bars were chosen on the development halves of
 * kb/eval/catalog-relevance.json with catalog.json and catalog-hard.json (README "Relevance").
 */
export const catalogRelevanceBars = { strongCosine: 0.74, weakCosine: 0.6, strongCoverage: 0.34 };

/** A catalog hit's relevance (see catalogRelevanceBars; a hit of the cross-language path also by its own bars). */
export function catalogRelevance(fused: FusedHit, calibrated: boolean): Relevance {
  const own = catalogOwnRelevance(fused, calibrated);
  if (own === 'strong' || fused.multilingualDistance === null || fused.multilingualDistance === undefined) return own;
  const cosine = 1 - fused.multilingualDistance;
  if (cosine >= catalogCrossLanguageBars.strongCosine) return 'strong';
  return cosine >= catalogCrossLanguageBars.weakCosine || own === 'weak' ? 'weak' : 'none';
}

function catalogOwnRelevance(fused: FusedHit, calibrated: boolean): Relevance {
  const cosine = fused.vectorDistance === null || !calibrated ? null : 1 - fused.vectorDistance;
  const coverage = fused.keywordMatch === 'fuzzy' ? 0 : (fused.keywordCoverage ?? 0);
  const bars = catalogRelevanceBars;
  if ((cosine !== null && cosine >= bars.strongCosine) || (coverage >= bars.strongCoverage && (cosine === null || cosine >= bars.weakCosine))) return 'strong';
  if ((cosine !== null && cosine >= bars.weakCosine) || coverage > 0) return 'weak';
  return 'none';
}

export interface CatalogCorpus {
  search(input: SearchInput): Promise<SearchOutput>;
  /**
   * The same search with only the given fields competing, ranked as if they were the whole catalog: the tree's
   * second level (catalog-tree.ts), for evaluation; the app never narrows a search this way.
   */
  searchWithin(input: SearchInput, fieldIds: ReadonlySet<number>): Promise<SearchOutput>;
  /** Writes a validated catalog (one transaction) and keeps the keyword index and the vectors in step. */
  importCatalog(document: CatalogDocument): { inserted: number; updated: number; unchanged: number; removed: number };
  sources(): CatalogSourceRow[];
  /** Rebuilds the keyword phase from the table (another process wrote it). */
  reloadKeywordIndex(): void;
}

/** A hit's stable id: the field's identity, `source.physical_name`. */
export function catalogHitId(row: Pick<CatalogFieldRow, 'source' | 'physical_name'>): string {
  return `${row.source}.${row.physical_name}`;
}

/**
 * The data catalog (SPEC §4.3). Phase 1 (keyword): BM25 plus the business-term lift. Phase 2 (hybrid):
 * `keyword_weight × keyword + vector_weight × cosine` on normalised scores, never vector-only. `vector` exists for
 * evaluation. Every strategy returns the same CatalogHit shape and degrades to keyword with a notice.
 */
export function createCatalogCorpus(deps: {
  repository: CatalogRepository;
  retriever: Retriever;
  settings: SettingsService;
  vectors: VectorStore;
  /** The fields in the multilingual embedder's space: English questions meet Spanish fields there. */
  crossLanguage?: Retriever;
}): CatalogCorpus {
  const { repository, retriever } = deps;
  const keyword = createCatalogKeywordSearch(retriever.keyword);
  const loadKeywordIndex = () => keyword.replaceAll(repository.all());
  loadKeywordIndex();

  function toHit(fused: FusedHit, row: CatalogFieldRow, notes: CatalogNote[], relevance: Relevance): SearchHit {
    return {
      ...toSearchHitBase(fused, relevance),
      id: catalogHitId(row),
      title: row.business_name,
      source: row.source,
      catalog: {
        business_name: row.business_name,
        definition: row.definition,
        physical_name: row.physical_name,
        source: row.source,
        source_name: row.source_name,
        data_type: row.data_type,
        tribal_notes: notes.filter((note) => note.applies).map((note) => note.note),
        notes,
        score: fused.score,
      },
    };
  }

  const flatPaths: CatalogPaths = {
    keyword: (query, limit) => keyword.search(query, limit),
    semantic: (query, k) => retriever.semantic(query, { k }),
    crossLanguage: (query, k, keywordHits) => crossLanguageNeighbours(deps.crossLanguage, query, { corpusLanguage: 'es', k, keywordHits }),
  };

  /** The flat paths with only `within` competing: the vector paths are asked for every row, then filtered. */
  function pathsWithin(within: ReadonlySet<number>): CatalogPaths {
    const every = () => Math.max(minimumVectorCandidates, repository.count());
    return {
      keyword: (query, limit) => keyword.search(query, limit, within),
      async semantic(query, k) {
        const result = await retriever.semantic(query, { k: every() });
        return result.ok ? { ...result, neighbours: result.neighbours.filter((neighbour) => within.has(neighbour.itemId)).slice(0, k) } : result;
      },
      async crossLanguage(query, k, keywordHits) {
        const result = await crossLanguageNeighbours(deps.crossLanguage, query, { corpusLanguage: 'es', k: every(), keywordHits });
        return result.ran ? { ...result, neighbours: result.neighbours.filter((neighbour) => within.has(neighbour.itemId)).slice(0, k) } : result;
      },
    };
  }

  async function search(input: SearchInput, within: ReadonlySet<number> | null): Promise<SearchOutput> {
    const strategy: Strategy = input.strategy ?? deps.settings.get().catalog.phase;
    const ranking = await rankCatalog(within ? pathsWithin(within) : flatPaths, { query: input.query, strategy, k: input.k }, deps.settings.get().fusion);
    const { fused, embedderId } = ranking;
    const notices: Notice[] = [...ranking.notices];
    const rows = repository.byIds(fused.map((hit) => hit.id));
    const notes = repository.notesOf([...rows.keys()]);
    const context = queryContext(input.query);
    // The bars were measured with bge-small; another embedder's cosines are not compared with them.
    const calibrated = embedderId !== null && embedderModelOf(embedderId) === 'bge-small-en-v1.5';
    const hits = fused.flatMap((hit) => {
      const row = rows.get(hit.id);
      return row ? [toHit(hit, row, explainedNotes(notes.get(hit.id) ?? [], context), catalogRelevance(hit, calibrated))] : [];
    });
    if (hits.length > 0 && !hits.some((hit) => hit.relevance === 'strong')) {
      notices.push({
        code: 'weak_matches',
        message: 'No field matches this well: these are only loosely related. Try the business term, the system, or a physical name.',
      });
    }
    // "refused": no field matches well; the loosely related ones are still listed, flagged.
    return { corpus: 'catalog', query: input.query, strategy, embedder: embedderId, hits, refused: !hits.some((hit) => hit.relevance === 'strong'), notices };
  }

  return {
    reloadKeywordIndex: loadKeywordIndex,
    search: (input) => search(input, null),
    searchWithin: (input, fieldIds) => search(input, fieldIds),

    importCatalog(document) {
      const spaces = deps.vectors.spacesOf(retriever.corpus);
      const { changed, removedIds, ...counts } = repository.importCatalog(document, (fieldId) => {
        for (const space of spaces) deps.vectors.remove(space, fieldId);
      });
      for (const row of changed) keyword.upsert(row);
      for (const id of removedIds) keyword.remove(id);
      return counts;
    },

    sources: () => repository.sources(),
  };
}
