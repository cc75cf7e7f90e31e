import type { SearchHit } from '../../shared/contract.js';
import type { FusedHit } from './fusion.js';

/** The contract fields every corpus's hit shares: score, how it was found, and its explanation. */
export function toSearchHitBase(fused: FusedHit): Pick<SearchHit, 'score' | 'found_by' | 'explain'> {
  const both = fused.paths.includes('keyword') && fused.paths.includes('vector');
  return {
    score: fused.score,
    found_by: both ? 'both' : fused.paths[0] === 'vector' ? 'semantic' : 'keyword',
    explain: {
      paths: fused.paths,
      keyword_rank: fused.keywordRank,
      keyword_score: fused.keywordScore,
      vector_distance: fused.vectorDistance,
      fused_score: fused.score,
    },
  };
}
