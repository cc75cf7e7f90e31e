import type { Services } from '../main/app/bootstrap.js';
import type { AnswerabilityCalibration } from '../main/corpora/kb/answerability.js';
import { kbFormula } from '../main/corpora/kb/chunking.js';
import { loadClinicalLexicon, type ClinicalLexicon } from '../main/corpora/kb/clinical-lexicon.js';
import { createKbRepository, type KbRepository } from '../main/corpora/kb/kb-repository.js';
import { createKbKeywordIndex, createKbSearch, type KbSearch } from '../main/corpora/kb/kb-search.js';
import { createKbSqliteStore } from '../main/corpora/kb/kb-sqlite-store.js';
import { createAppKbSearch, openKbSqliteStore } from '../main/corpora/kb/kb-module.js';
import { createRetriever } from '../main/retrieval/retriever.js';

/** The KB search of a seeded data directory, for the development scripts (calibration, answer dumps). */
export function openKbSearch(services: Services, calibration: AnswerabilityCalibration): { repository: KbRepository; search: KbSearch } {
  const repository = createKbRepository(services.db);
  const retriever = createRetriever(services, { corpus: 'kb', table: 'kb_chunks', formula: kbFormula, keyword: createKbKeywordIndex() });
  const search = createKbSearch({
    store: createKbSqliteStore({ db: services.db, repository, retriever, vectors: services.vectors }),
    settings: services.settings,
    lexicon: loadClinicalLexicon,
    calibration,
    reranker: () => services.reranker.get(),
    rerankerProblem: () => services.reranker.describe().problem,
  });
  return { repository, search };
}

/**
 * The KB search exactly as the app asks it (the shipped calibration, the example questions, the cross-language path),
 * for the scripts that replay the app's answers rather than calibrate it.
 */
export function openAppKbSearch(services: Services): { repository: KbRepository; search: KbSearch } {
  const { store, repository } = openKbSqliteStore(services);
  let lexicon: ClinicalLexicon | undefined;
  const { kb } = createAppKbSearch(services, store, () => (lexicon ??= loadClinicalLexicon()));
  return { repository, search: kb };
}
