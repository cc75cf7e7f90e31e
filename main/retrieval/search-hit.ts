import type { Relevance, SearchHit } from '../../shared/contract.js';
import type { FusedHit } from './fusion.js';

/** The contract fields every corpus's hit shares: score, how it was found, how relevant it is, and its explanation. */
export function toSearchHitBase(fused: FusedHit, relevance: Relevance, rerankScore: number | null = null): Pick<SearchHit, 'score' | 'found_by' | 'relevance' | 'explain'> {
  const both = fused.paths.includes('keyword') && fused.paths.includes('vector');
  return {
    score: fused.score,
    found_by: both ? 'both' : fused.paths[0] === 'vector' ? 'semantic' : 'keyword',
    relevance,
    explain: {
      paths: fused.paths,
      keyword_rank: fused.keywordRank,
      keyword_score: fused.keywordScore,
      keyword_match: fused.keywordMatch,
      vector_distance: fused.vectorDistance,
      rerank_score: rerankScore,
      fused_score: fused.score,
    },
  };
}
