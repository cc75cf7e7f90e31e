import type { SearchInput, SearchOutput, Strategy } from '../../../shared/contract.js';
import type { SettingsService } from '../../core/settings.js';
import type { EmbeddingService } from '../../embedding/embedding-service.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { createInMemorySemantic, type InMemoryItem } from '../../retrieval/in-memory-semantic.js';
import type { CatalogCorpus } from './catalog-corpus.js';
import { createCatalogKeywordSearch, type CatalogKeywordRow } from './catalog-keyword.js';
import { rankCatalog, type CatalogPaths } from './catalog-ranking.js';
import type { CatalogFieldRow, CatalogSourceRow } from './catalog-repository.js';
import type { CatalogStore } from './catalog-store.js';

/**
 * The branch counts `cita eval --tree` compares with the flat search: the best source alone, the best two, and the
 * best three (Hit Rate@3 on a set that names a source counts three sources at most, so B = 3 is the tree's fairest
 * chance there).
 */
export const treeBranchCounts: readonly number[] = [1, 2, 3];

/** One source of the catalog as a node of the tree: what its keyword entry and its embedded text are made of. */
export interface SourceNode {
  /** 1-based position in the catalog's source order: the node's id in its own keyword index and vector list. */
  id: number;
  source: string;
  keyword: CatalogKeywordRow;
  text: string;
  fieldIds: number[];
}

/**
 * A source's node, extractive only (no generated words): its name (boosted, like a field's business name), its
 * description followed by the business names of its fields in catalog order (in place of a definition), and its id
 * and system (in place of a physical name). The embedded text is the same words as one passage: "name. description
 * Campos: name, name, …". Field definitions and notes are left out: the nodes are 270–370 bge-small tokens as they
 * are, 1,700–3,000 with them, and the embedder reads only the first 512.
 */
export function sourceNode(id: number, source: CatalogSourceRow, fields: readonly CatalogFieldRow[]): SourceNode {
  const names = fields.map((field) => field.business_name);
  return {
    id,
    source: source.id,
    keyword: { id, business_name: source.name, definition: `${source.description} ${names.join('. ')}`.trim(), physical_name: `${source.id} ${source.system}`.trim() },
    text: `${source.name}. ${source.description} Campos: ${names.join(', ')}.`,
    fieldIds: fields.map((field) => field.id),
  };
}

/** What the tree returned for one query: the search output of the fields it ranked, and the sources it kept. */
export interface CatalogTreeResult {
  output: SearchOutput;
  /** The source ids of the kept branches, best first (fewer than asked when fewer sources matched at all). */
  branches: string[];
}

/** The tree retrieval over the catalog (source → fields), an evaluation strategy beside the flat search. */
export interface CatalogTree {
  search(input: SearchInput, branches: number): Promise<CatalogTreeResult>;
}

/**
 * A two-level search, the hierarchy the design document keeps for long manuals, measured on the catalog: the
 * query ranks one node per source with the flat search's own paths and fusion (same keyword machinery, same
 * embedders, same weights), the best `branches` sources are kept, and only their fields are ranked, by the flat
 * search itself (`searchWithin`). A source missed at the first level cannot be recovered at the second.
 */
export function createCatalogTree(deps: {
  store: CatalogStore;
  catalog: CatalogCorpus;
  settings: SettingsService;
  embedding: EmbeddingService;
  /** The cross-language path's embedder: an English question meets the nodes there too, as it meets the fields. */
  multilingual?: EmbeddingService;
}): CatalogTree {
  const keyword = createCatalogKeywordSearch();
  const main = createInMemorySemantic(deps.embedding);
  const multilingual = deps.multilingual ? createInMemorySemantic(deps.multilingual) : undefined;
  let indexed = '';

  /** The nodes as the catalog stands now; the keyword index is rebuilt only when they changed. */
  async function currentNodes(): Promise<SourceNode[]> {
    const fields = await deps.store.all();
    const nodes = (await deps.store.sources()).map((source, index) =>
      sourceNode(
        index + 1,
        source,
        fields.filter((field) => field.source === source.id),
      ),
    );
    const signature = JSON.stringify(nodes.map((node) => node.keyword));
    if (signature !== indexed) {
      keyword.replaceAll(nodes.map((node) => node.keyword));
      indexed = signature;
    }
    return nodes;
  }

  function nodePaths(nodes: readonly SourceNode[]): CatalogPaths {
    const items: InMemoryItem[] = nodes.map((node) => ({ id: node.id, text: node.text }));
    return {
      keyword: async (query, limit) => keyword.search(query, limit),
      semantic: (query, k) => main.semantic(items, query, k),
      crossLanguage: (query, k, keywordHits) =>
        crossLanguageNeighbours(multilingual && { semantic: (text, options) => multilingual.semantic(items, text, options.k) }, query, { corpusLanguage: 'es', k, keywordHits }),
    };
  }

  return {
    async search(input, branches) {
      const strategy: Strategy = input.strategy ?? deps.settings.get().catalog.phase;
      const nodes = await currentNodes();
      const ranking = await rankCatalog(nodePaths(nodes), { query: input.query, strategy, k: branches }, deps.settings.get().fusion);
      const kept = ranking.fused.slice(0, branches).flatMap((hit) => nodes.filter((node) => node.id === hit.id));
      const output = await deps.catalog.searchWithin({ ...input, strategy }, new Set(kept.flatMap((node) => node.fieldIds)));
      // The first level's notices (an embedder that failed on the nodes) join the second's, once per kind.
      const notices = [...output.notices, ...ranking.notices.filter((notice) => !output.notices.some((other) => other.code === notice.code))];
      return { output: { ...output, notices }, branches: kept.map((node) => node.source) };
    },
  };
}
