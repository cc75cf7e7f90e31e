import type { ModuleFactory } from '../corpus-module.js';
import { loadEvaluationFile } from '../evaluation-file.js';
import { defaultModelDir } from '../../paths.js';
import { createRetriever, watchExternalWrites } from '../../retrieval/retriever.js';
import { createManualKeywordIndex, manualKeywordDocument } from './manuals-keyword.js';
import { loadTokenCounter, type TokenCounter } from '../kb/token-counter.js';
import { ingestManuals, manualSectionsCorpus, manualSectionsFormula, manualsCorpus, manualsFormula } from './manuals-ingest.js';
import { createManualsRepository } from './manuals-repository.js';
import { manualBranchCounts, createManualsSearch } from './manuals-search.js';

/**
 * Long manuals (issue #22) as a corpus of their own, built from the KB's text parts (its chunking, token counter and
 * sentence units) and the shared retriever, keyword index and vectors. A corpus rather than a KB category, so the KB's calibrated
 * answerability and its evaluation sets stay about clinical cards. Its shipped manuals load with
 * `cita ingest --corpus manuals`, not with every `cita seed` (choosing summaries embeds every sentence once).
 */
export const createManualsModule: ModuleFactory = (deps) => {
  const repository = createManualsRepository(deps.db);
  const passages = createRetriever(deps, { corpus: manualsCorpus, table: 'manual_passages', formula: manualsFormula, keyword: createManualKeywordIndex() });
  const sections = createRetriever(deps, { corpus: manualSectionsCorpus, table: 'manual_sections', formula: manualSectionsFormula, keyword: createManualKeywordIndex() });
  const search = createManualsSearch({ repository, passages, sections });
  const reload = () => {
    passages.keyword.replaceAll(repository.passages().map(manualKeywordDocument));
    sections.keyword.replaceAll(repository.sections().map(manualKeywordDocument));
  };
  reload();
  const syncWithOtherProcesses = watchExternalWrites(deps.db, 'manual_sections', reload);
  let counter: Promise<TokenCounter> | undefined;
  const tokenCounter = () => (counter ??= loadTokenCounter(deps.embedding.describe().modelPath ?? defaultModelDir()));

  return {
    name: manualsCorpus,
    retriever: passages,
    seededOnDemand: true,
    search: async (input) => (input.tree_branches === undefined ? search.search(input) : (await search.treeSearch(input, input.tree_branches)).output),
    syncWithOtherProcesses,
    reload,
    ingest: (options) =>
      ingestManuals(
        { repository, keyword: passages.keyword, sectionKeyword: sections.keyword, vectors: deps.vectors, embedding: deps.embedding, tokenCounter, embedSections: (rows) => sections.embedRows(rows) },
        options,
      ),
    evaluation: {
      load: () => loadEvaluationFile('manuals'),
      itemOf: (hit) => hit.manual?.section_key ?? hit.id,
      tree: {
        branchCounts: manualBranchCounts,
        search: (input, branches) => search.treeSearch(input, branches),
        branchOf: (item) => item,
      },
    },
  };
};
