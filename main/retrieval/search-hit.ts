import type { Relevance, SearchHit } from '../../shared/contract.js';
import type { FusedHit } from './fusion.js';

/** The contract fields every corpus's hit shares: score, how it was found, how relevant it is, and its explanation. */
export function toSearchHitBase(fused: FusedHit, relevance: Relevance, rerankScore: number | null = null): Pick<SearchHit, 'score' | 'found_by' | 'relevance' | 'explain'> {
  const keyword = fused.paths.includes('keyword');
  // A concept member is found by what the query means, not by its words: semantic, for the UI's marks.
  const semantic = fused.paths.includes('vector') || fused.paths.includes('multilingual') || fused.paths.includes('concept');
  return {
    score: fused.score,
    found_by: keyword && semantic ? 'both' : keyword ? 'keyword' : 'semantic',
    relevance,
    explain: {
      paths: fused.paths,
      keyword_rank: fused.keywordRank,
      keyword_score: fused.keywordScore,
      keyword_match: fused.keywordMatch,
      ...(keyword ? { keyword_coverage: fused.keywordCoverage ?? null } : {}),
      vector_distance: fused.vectorDistance,
      ...(fused.paths.includes('multilingual') ? { multilingual_rank: fused.multilingualRank ?? null, multilingual_distance: fused.multilingualDistance ?? null } : {}),
      ...(fused.paths.includes('concept') ? { concept_rank: fused.conceptRank ?? null, concept: fused.concept ?? null } : {}),
      rerank_score: rerankScore,
      fused_score: fused.score,
    },
  };
}
