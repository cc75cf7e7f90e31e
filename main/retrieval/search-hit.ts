import type { Relevance, SearchHit } from '../../shared/contract.js';
import type { FusedHit } from './fusion.js';

/** The contract fields every corpus's hit shares: score, how it was found, how relevant it is, and its explanation. */
export function toSearchHitBase(fused: FusedHit, relevance: Relevance, rerankScore: number | null = null): Pick<SearchHit, 'score' | 'found_by' | 'relevance' | 'explain'> {
  const keyword = fused.paths.includes('keyword');
  const semantic = fused.paths.includes('vector') || fused.paths.includes('multilingual');
  return {
    score: fused.score,
    found_by: keyword && semantic ? 'both' : keyword ? 'keyword' : 'semantic',
    relevance,
    explain: {
      paths: fused.paths,
      keyword_rank: fused.keywordRank,
      keyword_score: fused.keywordScore,
      keyword_match: fused.keywordMatch,
      vector_distance: fused.vectorDistance,
      ...(fused.paths.includes('multilingual') ? { multilingual_rank: fused.multilingualRank ?? null, multilingual_distance: fused.multilingualDistance ?? null } : {}),
      rerank_score: rerankScore,
      fused_score: fused.score,
    },
  };
}
