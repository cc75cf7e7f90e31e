import type { ModuleFactory } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
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
  // The same passages and summaries in the multilingual embedder's space (keyed by its id): the cross-language path.
  const multilingual = { ...deps, embedding: deps.multilingual };
  const passagesCrossLanguage = createRetriever(multilingual, { corpus: manualsCorpus, table: 'manual_passages', formula: manualsFormula, keyword: passages.keyword });
  const sectionsCrossLanguage = createRetriever(multilingual, { corpus: manualSectionsCorpus, table: 'manual_sections', formula: manualSectionsFormula, keyword: sections.keyword });
  const search = createManualsSearch({
    repository,
    passages,
    sections,
    passagesCrossLanguage,
    sectionsCrossLanguage,
    settings: () => deps.settings.get(),
    reranker: () => deps.reranker.get(),
  });
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
    crossLanguage: passagesCrossLanguage,
    // The summaries' space is re-embedded with the passages; a re-embed keeps the summaries chosen (they are the
    // sections' own sentences under any embedder), and the next ingest re-chooses them with the new embedder.
    extraSpaces: [{ retriever: sections, crossLanguage: sectionsCrossLanguage }],
    seededOnDemand: true,
    search: async (input) => (input.tree_branches === undefined ? search.search(input) : (await search.treeSearch(input, input.tree_branches)).output),
    syncWithOtherProcesses,
    reload,
    ingest: (options) => ingestManuals({ repository, keyword: passages.keyword, sectionKeyword: sections.keyword, vectors: deps.vectors, embedding: deps.embedding, tokenCounter }, options),
    handlers: {
      'manuals.list': () => {
        const sectionsByManual = new Map<string, number[]>();
        for (const section of repository.sections()) sectionsByManual.set(section.manual_id, [...(sectionsByManual.get(section.manual_id) ?? []), section.id]);
        const counts = repository.passageCounts();
        return repository.manuals().map((manual) => {
          const ids = sectionsByManual.get(manual.id) ?? [];
          return {
            id: manual.id,
            title: manual.title,
            source_name: manual.source_name,
            source_url: manual.source_url,
            sections: ids.length,
            passages: ids.reduce((sum, id) => sum + (counts.get(id) ?? 0), 0),
          };
        });
      },
      'manuals.tree': (input) => {
        const manual = repository.manual(input.id);
        if (!manual) throw new AppError('not_found', `There is no manual "${input.id}". "cita ingest --corpus manuals" loads the shipped ones.`);
        const counts = repository.passageCounts(manual.id);
        const tree = repository.sections(manual.id).map((section) => ({
          index: section.section_index,
          parent_index: section.parent_index,
          level: section.level,
          heading: section.heading,
          key: section.item_key,
          summary: section.summary,
          summary_by: section.summary_by,
          passages: counts.get(section.id) ?? 0,
        }));
        return {
          id: manual.id,
          title: manual.title,
          source_name: manual.source_name,
          source_url: manual.source_url,
          sections: tree.length,
          passages: tree.reduce((sum, node) => sum + node.passages, 0),
          tree,
        };
      },
    },
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
