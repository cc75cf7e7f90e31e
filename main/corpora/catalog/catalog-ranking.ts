import type { Notice, Strategy } from '../../../shared/contract.js';
import type { Settings } from '../../../shared/settings.js';
import type { CrossLanguageResult } from '../../retrieval/cross-language.js';
import { fuseCrossLanguage, keywordOnly, vectorOnly, weightedFusion, type FusedHit } from '../../retrieval/fusion.js';
import type { KeywordHit } from '../../retrieval/keyword-index.js';
import type { SemanticResult } from '../../retrieval/retriever.js';
import type { CatalogQueryTranslation } from './catalog-glossary.js';

/** The vector path is asked for at least this many neighbours, so a keyword hit rarely misses its cosine term. */
export const minimumVectorCandidates = 100;
/**
 * Rows the own paths rank before the cross-language path fuses with them and the ranking is cut to k. Ten is the k
 * the evaluation measures at; a pool of 20 fused the crosslang set's English questions worse below the third place
 * (HR@5 0.78 → 0.74, HR@10 0.80 → 0.78, HR@3 the same).
 */
export const crossLanguagePool = 10;
/** Neighbours the cross-language path reads. */
const crossLanguageNeighbours = 20;

/**
 * The cross-language path's cosine bars (USE-multilingual-v3, an English question against Spanish business names),
 * chosen on kb/eval/catalog-crosslang.json and catalog-relevance.json (README "Cross-language search"): no question
 * the catalog cannot answer came nearer than cosine 0.48, while half the right fields were above 0.62.
 */
export const catalogCrossLanguageBars = { strongCosine: 0.55, weakCosine: 0.4 };

/**
 * The three paths the catalog ranks rows with. The flat search runs them over the fields; the tree (catalog-tree.ts)
 * runs them over one node per source, then over the fields of the sources it kept.
 */
export interface CatalogPaths {
  keyword(query: string, limit: number): Promise<KeywordHit[]>;
  semantic(query: string, k: number): Promise<SemanticResult>;
  crossLanguage(query: string, k: number, keywordHits: readonly KeywordHit[]): Promise<CrossLanguageResult>;
}

/** The fused ranking of one query and what the caller must pass on: the embedder used and why a path was missing. */
export interface CatalogRanking {
  fused: FusedHit[];
  /** Null when the ranking ran keyword-only. */
  embedderId: string | null;
  notices: Notice[];
}

/**
 * Phase 1 (keyword): BM25 plus the business-term lift. Phase 2 (hybrid): `keyword_weight × keyword + vector_weight ×
 * cosine`, never vector-only. `vector` exists for evaluation. Every strategy degrades to keyword with a notice; an
 * English question also meets the rows on the cross-language path (reciprocal rank fusion with the ranking above).
 */
export async function rankCatalog(
  paths: CatalogPaths,
  request: { query: string; strategy: Strategy; k: number; translation?: CatalogQueryTranslation | null },
  fusion: Settings['fusion'],
): Promise<CatalogRanking> {
  const { query, strategy } = request;
  // The own paths rank a pool of at least `crossLanguagePool` before the cross-language path fuses with it, and only
  // then is the ranking cut to the k asked for: cut first, a field the own paths put 6th and the cross-language path
  // 1st was lost at k = 5 yet first at k = 10 ("overdue loan balance" → Saldo vencido). The first k hits are the same
  // for every k up to the pool.
  const k = strategy === 'keyword' ? request.k : Math.max(request.k, crossLanguagePool);
  const notices: Notice[] = [];
  const keywordHits = strategy === 'vector' ? [] : await keywordCandidates(paths, query, request.translation ?? null, Math.max(k, minimumVectorCandidates));
  let fused: FusedHit[];
  let embedderId: string | null = null;
  if (strategy === 'keyword') {
    fused = keywordOnly(keywordHits, k);
  } else {
    const semantic = await paths.semantic(query, Math.max(k, minimumVectorCandidates));
    embedderId = semantic.embedderId;
    if (!semantic.ok) {
      notices.push(semantic.notice);
      // The vector strategy has no keyword list of its own; degrading means the keyword phase.
      fused = keywordOnly(strategy === 'vector' ? await paths.keyword(query, k) : keywordHits, k);
      if (semantic.notice.code === 'keyword_only') embedderId = null;
    } else if (strategy === 'vector') {
      fused = vectorOnly(semantic.neighbours, k);
    } else {
      fused = weightedFusion(keywordHits, semantic.neighbours, { keywordWeight: fusion.keyword_weight, vectorWeight: fusion.vector_weight, limit: k });
    }
  }
  // A question the glossary read in Spanish is not searched across languages too: the multilingual model's nearest
  // fields then outvoted the Spanish reading's first one ("customer risk rating for AML": risk-weighted assets over
  // the customer's AML risk level), as the KB's path is off with its glossary on.
  if (strategy !== 'keyword' && !request.translation) {
    const cross = await paths.crossLanguage(query, Math.max(k, crossLanguageNeighbours), keywordHits);
    if (cross.ran) {
      fused = fuseCrossLanguage(fused, cross.neighbours, { k: fusion.cross_language_rrf_k, limit: k, maxDistance: 1 - catalogCrossLanguageBars.weakCosine, weight: fusion.cross_language_weight });
    } else if (cross.notice) notices.push(cross.notice);
  }
  return { fused: fused.slice(0, request.k), embedderId, notices };
}

/**
 * Phase 1's candidates: the query's, and for a question with English banking terms (catalog-glossary.ts) also its
 * Spanish words', each field kept once with its better reading (the larger share of the question's words matched,
 * then the higher normalised score): an English question then matches the Spanish fields it names.
 */
async function keywordCandidates(paths: CatalogPaths, query: string, translation: CatalogQueryTranslation | null, limit: number): Promise<KeywordHit[]> {
  const own = await paths.keyword(query, limit);
  if (translation === null) return own;
  // A word met only within a typo matched nothing for relevance (catalog-corpus.ts), so it reads as no coverage here.
  const matched = (hit: KeywordHit) => (hit.match === 'fuzzy' ? 0 : hit.coverage);
  const best = new Map<number, KeywordHit>();
  for (const hit of [...own, ...(await paths.keyword(translation.spanish, limit))]) {
    const held = best.get(hit.id);
    if (held === undefined || matched(hit) > matched(held) || (matched(hit) === matched(held) && hit.normalized > held.normalized)) best.set(hit.id, hit);
  }
  // Fields that read more of the question first: each reading's BM25 is normalised to its own best hit, so the two
  // scales meet only at the top, while the share of the question's words matched means the same in both.
  const merged = [...best.values()].sort((a, b) => matched(b) - matched(a) || b.normalized - a.normalized || a.id - b.id);
  return merged.slice(0, limit).map((hit, index) => ({ ...hit, rank: index + 1 }));
}
