import type { KeywordHit, KeywordMatch } from './keyword-index.js';
import type { VectorNeighbour } from './vector-store.js';

/**
 * `multilingual`: the cross-language path (a second embedder whose space holds Spanish and English alike);
 * `concept`: a food concept the query names ("oily fish"), answered from the rows' own data (food-concepts.ts).
 */
export type RetrievalPath = 'keyword' | 'vector' | 'multilingual' | 'concept';

/** A fused hit that can explain itself: which paths found it and what each said. */
export interface FusedHit {
  id: number;
  score: number;
  paths: RetrievalPath[];
  keywordRank: number | null;
  keywordScore: number | null;
  /** Keyword score divided by the query's best keyword score (0..1). */
  keywordNormalized: number | null;
  /** How the query's words met the hit's (a typo-only match is `fuzzy`). */
  keywordMatch: KeywordMatch | null;
  /** Share of the query's terms the hit matched by keyword (0..1). */
  keywordCoverage: number | null;
  vectorRank: number | null;
  vectorDistance: number | null;
  /** Rank and cosine distance on the cross-language path, when it ran and found the hit. */
  multilingualRank?: number | null;
  multilingualDistance?: number | null;
  /** Rank among a concept's members and why the row is one, when the query named a concept. */
  conceptRank?: number | null;
  concept?: string | null;
}

function fromKeyword(hit: KeywordHit, score: number): FusedHit {
  return {
    id: hit.id,
    score,
    paths: ['keyword'],
    keywordRank: hit.rank,
    keywordScore: hit.score,
    keywordNormalized: hit.normalized,
    keywordMatch: hit.match,
    keywordCoverage: hit.coverage,
    vectorRank: null,
    vectorDistance: null,
  };
}

function fromVector(neighbour: VectorNeighbour, rank: number, score: number): FusedHit {
  return {
    id: neighbour.itemId,
    score,
    paths: ['vector'],
    keywordRank: null,
    keywordScore: null,
    keywordNormalized: null,
    keywordMatch: null,
    keywordCoverage: null,
    vectorRank: rank,
    vectorDistance: neighbour.distance,
  };
}

/** Keyword hits alone, scored by their normalised keyword score. */
export function keywordOnly(keyword: readonly KeywordHit[], limit: number): FusedHit[] {
  return keyword.slice(0, limit).map((hit) => fromKeyword(hit, hit.normalized));
}

/** Vector hits alone, scored by cosine similarity (1 − distance). */
export function vectorOnly(vector: readonly VectorNeighbour[], limit: number): FusedHit[] {
  return vector.slice(0, limit).map((neighbour, index) => fromVector(neighbour, index + 1, 1 - neighbour.distance));
}

/**
 * The foods rule of the seed: keyword hits first, in their order; semantic hits are appended only when there
 * are fewer than `minKeywordHits` keyword hits, only with new ids, only within `maxDistance`, cut to `limit`.
 */
export function keywordFirstFill(keyword: readonly KeywordHit[], vector: readonly VectorNeighbour[], options: { limit: number; maxDistance: number; minKeywordHits: number }): FusedHit[] {
  const fused = keywordOnly(keyword, options.limit);
  if (keyword.length >= options.minKeywordHits) return fused;
  const seen = new Set(fused.map((hit) => hit.id));
  vector.forEach((neighbour, index) => {
    if (fused.length >= options.limit || seen.has(neighbour.itemId) || neighbour.distance > options.maxDistance) return;
    seen.add(neighbour.itemId);
    fused.push(fromVector(neighbour, index + 1, 1 - neighbour.distance));
  });
  return fused;
}

function merge(
  keyword: readonly KeywordHit[],
  vector: readonly VectorNeighbour[],
  keywordScore: (hit: KeywordHit) => number,
  vectorScore: (neighbour: VectorNeighbour, rank: number) => number,
): FusedHit[] {
  const byId = new Map<number, FusedHit>();
  for (const hit of keyword) byId.set(hit.id, fromKeyword(hit, keywordScore(hit)));
  vector.forEach((neighbour, index) => {
    const rank = index + 1;
    const existing = byId.get(neighbour.itemId);
    if (!existing) {
      byId.set(neighbour.itemId, fromVector(neighbour, rank, vectorScore(neighbour, rank)));
      return;
    }
    existing.paths.push('vector');
    existing.vectorRank = rank;
    existing.vectorDistance = neighbour.distance;
    existing.score += vectorScore(neighbour, rank);
  });
  return [...byId.values()];
}

/** Ranks by score, ties broken by id so results are reproducible run after run. */
function ranked(hits: FusedHit[], limit: number): FusedHit[] {
  return hits.sort((a, b) => b.score - a.score || a.id - b.id).slice(0, limit);
}

/**
 * Convex combination of the normalised keyword score and the cosine similarity: a hit found by one path only
 * gets 0 from the other. Never vector-only: exact terms keep their weight.
 */
export function weightedFusion(keyword: readonly KeywordHit[], vector: readonly VectorNeighbour[], options: { keywordWeight: number; vectorWeight: number; limit: number }): FusedHit[] {
  const total = options.keywordWeight + options.vectorWeight || 1;
  const keywordWeight = options.keywordWeight / total;
  const vectorWeight = options.vectorWeight / total;
  return ranked(
    merge(
      keyword,
      vector,
      (hit) => keywordWeight * hit.normalized,
      (neighbour) => vectorWeight * Math.max(0, 1 - neighbour.distance),
    ),
    options.limit,
  );
}

/** Reciprocal rank fusion: Σ 1 / (k + rank) over the paths that found the hit. */
export function reciprocalRankFusion(keyword: readonly KeywordHit[], vector: readonly VectorNeighbour[], options: { k: number; limit: number }): FusedHit[] {
  return ranked(
    merge(
      keyword,
      vector,
      (hit) => 1 / (options.k + hit.rank),
      (_neighbour, rank) => 1 / (options.k + rank),
    ),
    options.limit,
  );
}

/**
 * Adds the cross-language path to a ranking already made by the corpus's own paths: reciprocal rank fusion of the
 * two rankings (Σ w / (k + rank), w = 1 for the corpus's ranking and `weight` for this path), so a row found by both rises and a row only the cross-language path found can
 * enter. Neighbours farther than `maxDistance` are noise and take no part. Ties break by id, as everywhere.
 */
export function fuseCrossLanguage(ranking: readonly FusedHit[], neighbours: readonly VectorNeighbour[], options: { k: number; limit: number; maxDistance: number; weight?: number }): FusedHit[] {
  const near = neighbours.filter((neighbour) => neighbour.distance <= options.maxDistance);
  return fuseWithRanking(
    ranking,
    near.map((neighbour) => ({
      id: neighbour.itemId,
      mark: (hit: FusedHit, rank: number) => {
        hit.paths.push('multilingual');
        hit.multilingualRank = rank;
        hit.multilingualDistance = neighbour.distance;
      },
    })),
    { k: options.k, limit: options.limit, weight: options.weight ?? 1 },
  );
}

/**
 * Adds a concept's members (best first) to a ranking made by the other paths, by the same reciprocal rank fusion.
 * When the concept is the whole query ("pescado azul") its weight is 2: at k = 60 its 60th member still outranks
 * the other paths' first hit, so the members lead; a query that also says more ("oily fish curry") fuses at 1.
 */
export function fuseConcept(ranking: readonly FusedHit[], members: ReadonlyArray<{ id: number; explanation: string }>, options: { k: number; limit: number; wholeQuery: boolean }): FusedHit[] {
  return fuseWithRanking(
    ranking,
    members.map((member) => ({
      id: member.id,
      mark: (hit: FusedHit, rank: number) => {
        hit.paths.push('concept');
        hit.conceptRank = rank;
        hit.concept = member.explanation;
      },
    })),
    { k: options.k, limit: options.limit, weight: options.wholeQuery ? 2 : 1 },
  );
}

/** Σ w / (k + rank) over an existing ranking (w = 1) and one more ranked list (w = `weight`), each item marking its hit. */
function fuseWithRanking(
  ranking: readonly FusedHit[],
  items: ReadonlyArray<{ id: number; mark: (hit: FusedHit, rank: number) => void }>,
  options: { k: number; limit: number; weight: number },
): FusedHit[] {
  const byId = new Map<number, FusedHit>();
  ranking.forEach((hit, index) => byId.set(hit.id, { ...hit, paths: [...hit.paths], score: 1 / (options.k + index + 1) }));
  items.forEach((item, index) => {
    const rank = index + 1;
    const hit = byId.get(item.id) ?? {
      id: item.id,
      score: 0,
      paths: [],
      keywordRank: null,
      keywordScore: null,
      keywordNormalized: null,
      keywordMatch: null,
      keywordCoverage: null,
      vectorRank: null,
      vectorDistance: null,
    };
    item.mark(hit, rank);
    hit.score += options.weight / (options.k + rank);
    byId.set(hit.id, hit);
  });
  return ranked([...byId.values()], options.limit);
}
