import { llmFromSettings } from '../../answer/llm/create-llm.js';
import type { ModuleFactory } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { defaultModelDir } from '../../paths.js';
import { createRetriever, watchExternalWrites } from '../../retrieval/retriever.js';
import { loadKbCalibration } from './kb-calibration-file.js';
import { splitSections, withoutSourceLine } from './card.js';
import type { KbDrugName } from '../../../shared/contract/kb.js';
import { loadClinicalLexicon, type ClinicalLexicon } from './clinical-lexicon.js';
import { kbFormula } from './chunking.js';
import { drugNamesOfCards } from './kb-drug-names.js';
import { askKb } from './kb-ask.js';
import { kbItemOf, loadKbEvaluationCases, loadKbEvaluationPath } from './kb-evaluation.js';
import { ingestCards, kbCorpus } from './kb-ingest.js';
import { createKbRepository } from './kb-repository.js';
import { createKbKeywordIndex, createKbSearch, kbKeywordDocument } from './kb-search.js';
import { loadTokenCounter, type TokenCounter } from './token-counter.js';

/** The clinical knowledge base as a module of the app: cards, sub-chunk retrieval, quoted (or LLM-written, checked) answers. */
export const createKbModule: ModuleFactory = (deps) => {
  const repository = createKbRepository(deps.db);
  const retriever = createRetriever(deps, { corpus: kbCorpus, table: 'kb_chunks', formula: kbFormula, keyword: createKbKeywordIndex() });
  // The same chunks in the multilingual embedder's own vector space (keyed by its id): the cross-language path.
  const crossLanguage = createRetriever({ ...deps, embedding: deps.multilingual }, { corpus: kbCorpus, table: 'kb_chunks', formula: kbFormula, keyword: retriever.keyword });
  // Read on the first question: commands that never ask the KB do not pay for it.
  let lexicon: ClinicalLexicon | undefined;
  const kb = createKbSearch({
    repository,
    retriever,
    settings: deps.settings,
    lexicon: () => (lexicon ??= loadClinicalLexicon()),
    calibration: loadKbCalibration(),
    reranker: () => deps.reranker.get(),
    rerankerProblem: () => deps.reranker.describe().problem,
    crossLanguage,
  });
  // The drug names of the cards, worked out on the first kb.drugs and again after the cards change.
  let drugNames: KbDrugName[] | undefined;
  const loadKeywordIndex = () => {
    retriever.keyword.replaceAll(repository.allChunks().map(kbKeywordDocument));
    kb.refreshCoverage();
    drugNames = undefined;
  };
  loadKeywordIndex();
  const syncWithOtherProcesses = watchExternalWrites(deps.db, 'kb_chunks', loadKeywordIndex);

  // The model's own tokenizer sizes the chunks; it is read once, on the first ingest, from the model directory.
  let counter: Promise<TokenCounter> | undefined;
  const tokenCounter = () => (counter ??= loadTokenCounter(deps.embedding.describe().modelPath ?? defaultModelDir()));

  return {
    name: kbCorpus,
    retriever,
    crossLanguage,
    search: (input) => kb.search(input),
    ask: (input) =>
      askKb(
        {
          search: kb,
          llm: () => llmFromSettings(deps.settings.get().llm),
          sectionsOf: (cardId) => withoutSourceLine(splitSections(repository.card(cardId)?.body ?? '')),
          reranker: () => deps.reranker.get(),
        },
        input,
      ),
    syncWithOtherProcesses,
    async ingest(options) {
      const counts = await ingestCards({ repository, keyword: retriever.keyword, vectors: deps.vectors, tokenCounter }, options);
      kb.refreshCoverage();
      drugNames = undefined;
      return counts;
    },
    evaluation: { load: () => loadKbEvaluationCases(), loadPath: loadKbEvaluationPath, itemOf: kbItemOf, rerank: true, refuses: true },
    handlers: {
      'kb.cards': (input) => repository.cardSummaries(input.category),
      'kb.drugs': () =>
        (drugNames ??= drugNamesOfCards(
          (lexicon ??= loadClinicalLexicon()),
          repository.cardSummaries().flatMap((summary) => {
            const card = repository.card(summary.id);
            return card ? [{ id: card.id, title: card.title, body: card.body }] : [];
          }),
        )),
      'kb.card': (input) => {
        const card = repository.card(input.id);
        if (!card) throw new AppError('not_found', `There is no clinical card "${input.id}". "cita search --corpus kb" finds cards by topic.`);
        const { content_hash: _hash, original_id: originalId, severity, ...fields } = card;
        return { ...fields, ...(originalId === null ? {} : { original_id: originalId }), ...(severity === null ? {} : { severity }), sections: splitSections(card.body) };
      },
    },
  };
};
