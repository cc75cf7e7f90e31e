import type { IngestCounts } from '../../../shared/contract.js';
import { onPostgres, type CorpusModule, type IngestOptions, type ModuleDeps, type ModuleFactory } from '../corpus-module.js';
import { createRetriever } from '../../retrieval/retriever.js';
import { createCatalogCorpus } from './catalog-corpus.js';
import { loadCatalogGlossary } from './catalog-glossary.js';
import { loadEvaluationSets } from '../evaluation-file.js';
import { catalogItemOf, loadCatalogEvaluation } from './catalog-evaluation.js';
import { readCatalog } from './catalog-files.js';
import { createCatalogKeywordIndex } from './catalog-keyword.js';
import { createCatalogPages, toCatalogSource } from './catalog-pages.js';
import { createCatalogPostgresStore } from './catalog-postgres-store.js';
import { catalogFormula, createCatalogRepository } from './catalog-repository.js';
import { createCatalogSqliteStore } from './catalog-sqlite-store.js';
import type { CatalogStore } from './catalog-store.js';
import { createCatalogTree, treeBranchCounts } from './catalog-tree.js';

/**
 * What the cross-language path embeds of a field: its business name alone. An English question met the Spanish
 * name far better than the name with its long definition (USE-multilingual-v3 on kb/eval/catalog-crosslang.json,
 * vectors alone: HR@3 0.68 against 0.58). The row's embed_hash still decides staleness (it covers the name).
 */
const crossLanguageFieldRows = '(SELECT id, owner, business_name AS embed_text, embed_hash FROM catalog_fields)';

/** The business data catalog as a module of the app: on SQLite, or on PostgreSQL when the services have one. */
export const createCatalogModule: ModuleFactory = async (deps) => {
  if (deps.postgres) {
    // The one-time update of an older cita's fields can take minutes: it says so on stderr, as the KB's does.
    const store = await createCatalogPostgresStore({
      database: deps.postgres,
      embedding: deps.embedding,
      multilingual: deps.multilingual,
      onProgress: (message) => process.stderr.write(`cita: ${message}\n`),
    });
    return onPostgres(catalogModuleOver(deps, store), store, deps.embedding, (options) => ingestInto(store, options));
  }
  const retriever = createRetriever(deps, { corpus: 'catalog', table: 'catalog_fields', formula: catalogFormula, keyword: createCatalogKeywordIndex() });
  // The same fields in the multilingual embedder's own vector space (keyed by its id): the cross-language path.
  const crossLanguage = createRetriever(
    { ...deps, embedding: deps.multilingual },
    { corpus: 'catalog', table: crossLanguageFieldRows, formula: `${catalogFormula}:business-name`, keyword: retriever.keyword },
  );
  const store = createCatalogSqliteStore({ db: deps.db, repository: createCatalogRepository(deps.db), retriever, vectors: deps.vectors, crossLanguage });
  return { ...catalogModuleOver(deps, store), retriever, crossLanguage, ingest: (options) => ingestInto(store, options) };
};

async function ingestInto(store: CatalogStore, options: IngestOptions): Promise<IngestCounts> {
  options.onProgress?.(`reading ${options.from ?? 'the shipped catalog'}…`);
  // The whole file is read and checked before the one write transaction: a bad file writes nothing.
  const document = readCatalog(options.from);
  return { corpus: 'catalog', ...(await store.importCatalog(document)), embedded: 0 };
}

/** Search, pages, the tree and evaluation: the same over either store. */
function catalogModuleOver(deps: ModuleDeps, store: CatalogStore): CorpusModule {
  const catalog = createCatalogCorpus({ store, settings: deps.settings, glossary: loadCatalogGlossary() });
  const tree = createCatalogTree({ store, catalog, settings: deps.settings, embedding: deps.embedding, multilingual: deps.multilingual });
  const pages = createCatalogPages({ store, search: (input) => catalog.search(input) });
  return {
    name: 'catalog',
    search: (input) => catalog.search(input),
    syncWithOtherProcesses: () => store.sync(),
    evaluation: {
      load: () => [
        ...loadCatalogEvaluation().map((entry) => ({ ...entry, id: `catalog/${entry.id}`, parts: ['catalog'] })),
        ...loadEvaluationSets(['catalog-hard', 'catalog-relevance', 'catalog-relevance-holdout']),
        ...loadEvaluationSets(['catalog-crosslang']).map((entry) => ({ ...entry, matchHitId: true })),
      ],
      itemOf: catalogItemOf,
      // A field id is `source.physical_name`, and source ids have no dot: the branch is what precedes the first one.
      tree: { branchCounts: treeBranchCounts, search: (input, branches) => tree.search(input, branches), branchOf: (item) => item.split('.')[0] ?? item },
    },
    handlers: {
      'catalog.sources': async () => (await catalog.sources()).map(toCatalogSource),
      'catalog.field': (input) => pages.field(input),
      'catalog.source': (input) => pages.source(input),
    },
  };
}
