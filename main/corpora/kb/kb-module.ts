import { join } from 'node:path';
import { llmFromSettings } from '../../answer/llm/create-llm.js';
import { onPostgres, type CorpusModule, type ModuleDeps, type ModuleFactory } from '../corpus-module.js';
import { AppError } from '../../core/errors.js';
import { defaultModelDir } from '../../paths.js';
import { createRetriever, type Retriever } from '../../retrieval/retriever.js';
import { loadKbCalibration } from './kb-calibration-file.js';
import { splitSections, withoutSourceLine } from './card.js';
import type { KbDrugName } from '../../../shared/contract/kb.js';
import { loadClinicalLexicon, type ClinicalLexicon } from './clinical-lexicon.js';
import { kbFormula } from './chunking.js';
import { createKbExampleIndex, kbExampleVectorsFile, kbMultilingualExampleVectorsFile, loadKbExamples, type KbExampleIndex, type KbExamples } from './kb-examples.js';
import { prepareKbQuery } from './kb-query.js';
import { embedderModelOf } from '../../retrieval/semantic-bars.js';
import { drugNamesOfCards } from './kb-drug-names.js';
import { askKb } from './kb-ask.js';
import { kbItemOf, loadKbEvaluationCases, loadKbEvaluationPath } from './kb-evaluation.js';
import { ingestCards, kbCorpus } from './kb-ingest.js';
import { createKbPostgresStore } from './kb-postgres-store.js';
import { createKbRepository, type KbRepository } from './kb-repository.js';
import { createKbKeywordIndex, createKbSearch, type KbSearch } from './kb-search.js';
import { createKbSqliteStore } from './kb-sqlite-store.js';
import type { KbStore } from './kb-store.js';
import { loadTokenCounter, type TokenCounter } from './token-counter.js';

/** The clinical knowledge base as a module of the app: on SQLite, or on PostgreSQL when the services have one. */
export const createKbModule: ModuleFactory = async (deps) => {
  if (deps.postgres) {
    // The one-time update of an older cita's rows can take minutes: it says so on stderr, as cita's other start-up
    // notices do (stdout stays the command's output, e.g. --json).
    const store = await createKbPostgresStore({
      database: deps.postgres,
      embedding: deps.embedding,
      multilingual: deps.multilingual,
      onProgress: (message) => process.stderr.write(`cita: ${message}\n`),
    });
    const module = kbModuleOver(deps, store);
    return onPostgres(module, store, deps.embedding, module.ingest as NonNullable<CorpusModule['ingest']>);
  }
  const { store, retriever, crossLanguage } = openKbSqliteStore(deps);
  return { ...kbModuleOver(deps, store), retriever, crossLanguage };
};

/** The KB's store in the SQLite file, with its two retrievers (the local embedder's and the cross-language one). */
export function openKbSqliteStore(deps: Pick<ModuleDeps, 'db' | 'vectors' | 'embedding' | 'multilingual'>): { store: KbStore; repository: KbRepository; retriever: Retriever; crossLanguage: Retriever } {
  const repository = createKbRepository(deps.db);
  const retriever = createRetriever(deps, { corpus: kbCorpus, table: 'kb_chunks', formula: kbFormula, keyword: createKbKeywordIndex() });
  // The same chunks in the multilingual embedder's own vector space (keyed by its id): the cross-language path.
  const crossLanguage = createRetriever({ ...deps, embedding: deps.multilingual }, { corpus: kbCorpus, table: 'kb_chunks', formula: kbFormula, keyword: retriever.keyword });
  const store = createKbSqliteStore({ db: deps.db, repository, retriever, vectors: deps.vectors, crossLanguage });
  return { store, repository, retriever, crossLanguage };
}

/**
 * The KB search as the app asks it: the shipped calibration and the example questions read by both embedders (their
 * vectors cached in the data directory). Also what the development scripts replay.
 */
export function createAppKbSearch(
  deps: Pick<ModuleDeps, 'dataDir' | 'settings' | 'embedding' | 'multilingual' | 'reranker'>,
  store: KbStore,
  lexicon: () => ClinicalLexicon,
): { kb: KbSearch; calibration: ReturnType<typeof loadKbCalibration>; examples: KbExampleIndex; multilingualExamples: KbExampleIndex } {
  const calibration = loadKbCalibration();
  // Read once for both embedders.
  let bank: KbExamples | undefined;
  const examples = createKbExampleIndex({
    examples: () => (bank ??= loadKbExamples()),
    textOf: (question) => prepareKbQuery(question, lexicon(), undefined, { glossary: deps.settings.get().language.glossary }).english,
    readingKey: () => `glossary:${deps.settings.get().language.glossary}`,
    cachePath: join(deps.dataDir, kbExampleVectorsFile),
  });
  const multilingualExamples = createKbExampleIndex({ examples: () => (bank ??= loadKbExamples()), textOf: (question) => question, cachePath: join(deps.dataDir, kbMultilingualExampleVectorsFile) });
  const kb = createKbSearch({
    store,
    settings: deps.settings,
    lexicon,
    calibration,
    reranker: () => deps.reranker.get(),
    rerankerProblem: () => deps.reranker.describe().problem,
    examples: { index: examples, embedder: () => deps.embedding.get(), multilingual: { index: multilingualExamples, embedder: () => deps.multilingual.get() } },
  });
  return { kb, calibration, examples, multilingualExamples };
}

/** Search, ask, ingest, evaluation and the card handlers: the same over either store. */
function kbModuleOver(deps: ModuleDeps, store: KbStore): CorpusModule {
  // Read on the first question: commands that never ask the KB do not pay for it.
  let lexicon: ClinicalLexicon | undefined;
  const lexiconOf = () => (lexicon ??= loadClinicalLexicon());
  const { kb, calibration, examples, multilingualExamples } = createAppKbSearch(deps, store, lexiconOf);
  // The drug names of the cards, worked out on the first kb.drugs and again after the cards change.
  let drugNames: { signature: string; names: KbDrugName[] } | undefined;

  // The model's own tokenizer sizes the chunks; it is read once, on the first ingest, from the model directory.
  let counter: Promise<TokenCounter> | undefined;
  const tokenCounter = () => (counter ??= loadTokenCounter(deps.embedding.describe().modelPath ?? defaultModelDir()));

  return {
    name: kbCorpus,
    search: (input) => kb.search(input),
    ask: (input) =>
      askKb(
        {
          search: kb,
          llm: () => llmFromSettings(deps.settings.get().llm),
          sectionsOf: async (cardId) => withoutSourceLine(splitSections((await store.card(cardId))?.body ?? '')),
          reranker: () => deps.reranker.get(),
          lexicon: lexiconOf,
        },
        input,
      ),
    syncWithOtherProcesses: () => store.sync(),
    ingest: async (options) => {
      const result = await ingestCards({ store, tokenCounter }, options);
      // The example questions are embedded with the cards, so the first question does not wait for them: only when a
      // search would read them (switched on, with the embedder the calibration was fitted with: a cloud embedder is
      // never asked), and a failure only says so, as the search will.
      const embedder = deps.settings.get().kb.examples && calibration.variants['rerank+dense+examples'] ? await deps.embedding.get() : null;
      if (embedder && embedderModelOf(embedder.id) === calibration.embedder) {
        try {
          await examples.prepare(embedder);
          const multilingual = calibration.variants['rerank+dense+examples+multilingual'] ? await deps.multilingual.get() : null;
          if (multilingual) await multilingualExamples.prepare(multilingual);
        } catch (error) {
          options.onProgress?.(`the example questions were not embedded: ${(error as Error).message}`);
        }
      }
      return result;
    },
    evaluation: { load: () => loadKbEvaluationCases(), loadPath: loadKbEvaluationPath, itemOf: kbItemOf, rerank: true, refuses: true },
    handlers: {
      'kb.cards': (input) => store.cardSummaries(input.category),
      'kb.drugs': async () => {
        const signature = await store.signature();
        if (drugNames?.signature !== signature) {
          const cards = await Promise.all((await store.cardIds()).map((id) => store.card(id)));
          const names = drugNamesOfCards(
            lexiconOf(),
            cards.flatMap((card) => (card ? [{ id: card.id, title: card.title, body: card.body }] : [])),
          );
          drugNames = { signature, names };
        }
        return drugNames.names;
      },
      'kb.card': async (input) => {
        const card = await store.card(input.id);
        if (!card) throw new AppError('not_found', `There is no clinical card "${input.id}". "cita search --corpus kb" finds cards by topic.`);
        const { content_hash: _hash, original_id: originalId, severity, ...fields } = card;
        return { ...fields, ...(originalId === null ? {} : { original_id: originalId }), ...(severity === null ? {} : { severity }), sections: splitSections(card.body) };
      },
    },
  };
}
