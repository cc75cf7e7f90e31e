import type { CatalogNote, Notice, Relevance, SearchHit, SearchInput, SearchOutput, Strategy } from '../../../shared/contract.js';
import type { SettingsService } from '../../core/settings.js';
import type { FusedHit } from '../../retrieval/fusion.js';
import { toSearchHitBase } from '../../retrieval/search-hit.js';
import { embedderModelOf } from '../../retrieval/semantic-bars.js';
import { queryTerms } from '../../retrieval/keyword-index.js';
import type { CatalogGlossary, CatalogQueryTranslation } from './catalog-glossary.js';
import { explainedNotes } from './catalog-notes.js';
import { catalogCrossLanguageBars, minimumVectorCandidates, rankCatalog, type CatalogPaths } from './catalog-ranking.js';
import type { CatalogDocument } from './catalog-document.js';
import type { CatalogFieldRow, CatalogSourceRow } from './catalog-repository.js';
import type { CatalogImportSummary, CatalogStore } from './catalog-store.js';
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

/**
 * An English question read in the catalog's Spanish (catalog-glossary.ts): bge-small puts an English question and the
 * Spanish field it names at cosine 0.50-0.57, below the bars above, so a field that matched half of the question's
 * words in Spanish, two words at least, is strong from this cosine (one word is not enough: "customer gender" met
 * every field naming the customer). Chosen on the development half of kb/eval/catalog-relevance.json and
 * on catalog-crosslang.json's English questions (README "Relevance").
 */
export const catalogTranslatedBars = { strongCoverage: 0.5, cosine: 0.5, words: 2 };

/**
 * A catalog hit's relevance (see catalogRelevanceBars; a hit of the cross-language path also by its own bars; a
 * question in English with glossary terms also by catalogTranslatedBars).
 */
export function catalogRelevance(fused: FusedHit, calibrated: boolean, translatedWords = 0): Relevance {
  const own = catalogOwnRelevance(fused, calibrated, translatedWords);
  if (own === 'strong' || fused.multilingualDistance === null || fused.multilingualDistance === undefined) return own;
  const cosine = 1 - fused.multilingualDistance;
  if (cosine >= catalogCrossLanguageBars.strongCosine) return 'strong';
  return cosine >= catalogCrossLanguageBars.weakCosine || own === 'weak' ? 'weak' : 'none';
}

/** `translatedWords`: the words of an English question's Spanish reading (0 when it has none). */
function catalogOwnRelevance(fused: FusedHit, calibrated: boolean, translatedWords: number): Relevance {
  const cosine = fused.vectorDistance === null || !calibrated ? null : 1 - fused.vectorDistance;
  const coverage = fused.keywordMatch === 'fuzzy' ? 0 : (fused.keywordCoverage ?? 0);
  const bars = catalogRelevanceBars;
  const translated = catalogTranslatedBars;
  // Read through the glossary, a question's Spanish words are fewer than its English ones, so the share matched is
  // held to the translated bars alone (with the catalog's own, "customer gender" met "Cliente deudor" at half its words).
  const matchedEnough =
    translatedWords > 0
      ? Math.round(coverage * translatedWords) >= translated.words && coverage >= translated.strongCoverage && (cosine === null || cosine >= translated.cosine)
      : coverage >= bars.strongCoverage && (cosine === null || cosine >= bars.weakCosine);
  if ((cosine !== null && cosine >= bars.strongCosine) || matchedEnough) return 'strong';
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
  /** Writes a validated catalog (one transaction) and keeps the keyword path and the vectors in step. */
  importCatalog(document: CatalogDocument): Promise<CatalogImportSummary>;
  sources(): Promise<CatalogSourceRow[]>;
}

/** The notice of a question searched in the catalog's Spanish too: the user's own words and their Spanish, nothing else. */
export function translationNotice(translation: CatalogQueryTranslation): Notice {
  const pairs = translation.pairs.map((pair) => `${pair.english} → ${pair.spanish}`).join(', ');
  return {
    code: 'translated',
    message: `The catalog is written in Spanish, so this was also searched as "${translation.spanish}" (${pairs}).`,
    translation: { corpus: 'catalog', searched_as: translation.spanish, pairs: translation.pairs.map((pair) => ({ from: pair.english, to: pair.spanish })) },
  };
}

/** A hit's stable id: the field's identity, `source.physical_name`. */
export function catalogHitId(row: Pick<CatalogFieldRow, 'source' | 'physical_name'>): string {
  return `${row.source}.${row.physical_name}`;
}

/**
 * The data catalog (SPEC §4.3). Phase 1 (keyword): BM25 plus the business-term lift. Phase 2 (hybrid):
 * `keyword_weight × keyword + vector_weight × cosine` on normalised scores, never vector-only. `vector` exists for
 * evaluation. Every strategy returns the same CatalogHit shape and degrades to keyword with a notice. The store
 * (SQLite or PostgreSQL) supplies rows and candidates; ranking, relevance and notes are this code on both.
 */
export function createCatalogCorpus(deps: { store: CatalogStore; settings: SettingsService; glossary?: CatalogGlossary }): CatalogCorpus {
  const { store } = deps;

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

  /** The store's paths, with only `within` competing when it is given. */
  function pathsOf(within: ReadonlySet<number> | undefined): CatalogPaths {
    return {
      keyword: (query, limit) => store.keyword(query, limit, within),
      semantic: (query, k) => store.semantic(query, k, within),
      crossLanguage: (query, k, keywordHits) => store.crossLanguage(query, k, keywordHits, within),
    };
  }

  async function search(input: SearchInput, within: ReadonlySet<number> | undefined): Promise<SearchOutput> {
    const strategy: Strategy = input.strategy ?? deps.settings.get().catalog.phase;
    // The English glossary can be switched off (settings language.glossary) to measure the catalog without it.
    // Not for the vector strategy, which has no keyword phase to search the reading with.
    const translation = deps.settings.get().language.glossary && strategy !== 'vector' ? (deps.glossary?.translate(input.query) ?? null) : null;
    const ranking = await rankCatalog(pathsOf(within), { query: input.query, strategy, k: input.k, translation }, deps.settings.get().fusion);
    const { fused, embedderId } = ranking;
    const notices: Notice[] = [...(translation ? [translationNotice(translation)] : []), ...ranking.notices];
    const rows = await store.byIds(fused.map((hit) => hit.id));
    const notes = await store.notesOf([...rows.keys()]);
    const context = queryContext(input.query);
    // The bars were measured with bge-small; another embedder's cosines are not compared with them.
    const calibrated = embedderId !== null && embedderModelOf(embedderId) === 'bge-small-en-v1.5';
    const translatedWords = translation === null ? 0 : queryTerms(translation.spanish).length;
    const hits = fused.flatMap((hit) => {
      const row = rows.get(hit.id);
      return row ? [toHit(hit, row, explainedNotes(notes.get(hit.id) ?? [], context), catalogRelevance(hit, calibrated, translatedWords))] : [];
    });
    if (hits.length > 0 && !hits.some((hit) => hit.relevance === 'strong')) {
      notices.push({
        code: 'weak_matches',
        message: 'No field matches this well: these are only loosely related. Try the business term, the system, or a physical name.',
        params: { context: 'fields' },
      });
    }
    // "refused": no field matches well; the loosely related ones are still listed, flagged.
    return { corpus: 'catalog', query: input.query, strategy, embedder: embedderId, hits, refused: !hits.some((hit) => hit.relevance === 'strong'), notices };
  }

  return {
    search: (input) => search(input, undefined),
    searchWithin: (input, fieldIds) => search(input, fieldIds),
    importCatalog: (document) => store.importCatalog(document),
    sources: () => store.sources(),
  };
}
