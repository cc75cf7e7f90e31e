import type { Notice, SearchHit, SearchInput, SearchOutput, Strategy } from '../../../shared/contract.js';
import type { SettingsService } from '../../app/settings-service.js';
import { keywordOnly, reciprocalRankFusion, vectorOnly, weightedFusion, type FusedHit } from '../../retrieval/fusion.js';
import { createKeywordIndex, type KeywordDocument, type KeywordHit, type KeywordIndex } from '../../retrieval/keyword-index.js';
import type { Retriever } from '../../retrieval/retriever.js';
import { toSearchHitBase } from '../../retrieval/search-hit.js';
import type { VectorNeighbour } from '../../retrieval/vector-store.js';
import type { KbChunkRow, KbPassageRow, KbRepository } from './kb-repository.js';

/** Every chunk is a candidate: the KB is small (hundreds of chunks), so ranking is exact, not approximate. */
const maxCandidates = 4000;

/** The keyword index sees a chunk's card title, its section heading and its passage. */
export function kbKeywordDocument(row: Pick<KbChunkRow, 'id' | 'embed_text'>): KeywordDocument {
  const [title = '', section = '', ...passage] = row.embed_text.split('\n');
  return { id: row.id, owner: null, fields: { title, section, passage: passage.join('\n') } };
}

/** BM25 over chunks with OR: a clinician's question shares only some words with the card that answers it. */
export function createKbKeywordIndex(): KeywordIndex {
  return createKeywordIndex({ fields: ['title', 'section', 'passage'], boost: { title: 2 }, combineWith: 'OR' });
}

/** One card found by a search: its fused score and the chunk shown as its passage. */
export interface KbCardHit {
  fused: FusedHit;
  passage: KbPassageRow;
}

export interface KbRetrieval {
  strategy: Strategy;
  embedder: string | null;
  cards: KbCardHit[];
  notices: Notice[];
}

export type HybridFusion = 'rrf' | 'weighted';

/**
 * Reciprocal rank fusion. On kb/eval/clinical.json with bge-small (test/model/kb-quality) it ranked better than
 * the 0.4/0.6 weighted sum (MRR 0.967 vs 0.906 over the 50 in-scope questions): BM25 scores normalised by the
 * query's best hit give a card matching one question word the full keyword weight, which outvotes cosine
 * differences of a few hundredths; ranks carry no such scale.
 */
export const defaultHybridFusion: HybridFusion = 'rrf';

export interface KbSearch {
  retrieve(query: string, options: { k: number; strategy?: Strategy }): Promise<KbRetrieval>;
  search(input: SearchInput): Promise<SearchOutput>;
}

/**
 * Dense, BM25 and hybrid retrieval over chunks, grouped back to cards. Hybrid fuses the two card-level rankings
 * with reciprocal rank fusion by default (see `defaultHybridFusion`).
 * Card numbers for fusion are positions in the alphabetical card list, so ties break the same way everywhere.
 */
export function createKbSearch(deps: {
  repository: KbRepository;
  retriever: Retriever;
  settings: SettingsService;
  /** How hybrid fuses the two rankings; evaluations compare both, the app uses the default. */
  hybridFusion?: HybridFusion;
}): KbSearch {
  const { repository, retriever } = deps;
  const hybridFusion = deps.hybridFusion ?? defaultHybridFusion;

  function cardNumbers(): { numberOf: Map<string, number>; idOf: string[] } {
    const idOf = repository.cardIds();
    return { numberOf: new Map(idOf.map((id, index) => [id, index + 1])), idOf };
  }

  /** Chunk hits reduced to cards: each card's best chunk, its id replaced by the card's number, ranks renumbered. */
  function keywordCards(hits: readonly KeywordHit[], cardOfChunk: (chunkId: number) => number | undefined): KeywordHit[] {
    const seen = new Set<number>();
    const cards: KeywordHit[] = [];
    for (const hit of hits) {
      const card = cardOfChunk(hit.id);
      if (card === undefined || seen.has(card)) continue;
      seen.add(card);
      cards.push({ ...hit, id: card, rank: cards.length + 1 });
    }
    return cards;
  }

  function vectorCards(neighbours: readonly VectorNeighbour[], cardOfChunk: (chunkId: number) => number | undefined): VectorNeighbour[] {
    const seen = new Set<number>();
    const cards: VectorNeighbour[] = [];
    for (const neighbour of neighbours) {
      const card = cardOfChunk(neighbour.itemId);
      if (card === undefined || seen.has(card)) continue;
      seen.add(card);
      cards.push({ itemId: card, distance: neighbour.distance });
    }
    return cards;
  }

  async function retrieve(query: string, options: { k: number; strategy?: Strategy }): Promise<KbRetrieval> {
    const settings = deps.settings.get();
    const strategy = options.strategy ?? settings.kb.strategy;
    const notices: Notice[] = [];
    const chunkCount = retriever.keyword.size();
    const limit = Math.min(Math.max(chunkCount, 1), maxCandidates);

    let neighbours: VectorNeighbour[] | null = null;
    let embedder: string | null = null;
    if (strategy !== 'keyword') {
      const semantic = await retriever.semantic(query, { k: limit });
      embedder = semantic.embedderId;
      if (semantic.ok) {
        const threshold = settings.kb.min_similarity;
        neighbours = threshold === null ? semantic.neighbours : semantic.neighbours.filter((neighbour) => 1 - neighbour.distance >= threshold);
      } else {
        notices.push(semantic.notice);
        if (semantic.notice.code === 'keyword_only') embedder = null;
      }
    }
    // Keyword search runs for keyword and hybrid, and stands in for the dense path when it is unavailable.
    const keyword = strategy !== 'vector' || neighbours === null ? retriever.keyword.search(query, { limit }) : [];
    if (strategy === 'hybrid' && neighbours !== null && neighbours.length > 0 && keyword.length === 0) {
      // Dense retrieval always finds a nearest card; say when nothing else supports it (ADR-0004: no threshold).
      notices.push({ code: 'semantic_only', message: 'No word of the question appears in the cards: these are only the semantically closest cards and may not answer it.' });
    }

    const chunkIds = [...new Set([...keyword.map((hit) => hit.id), ...(neighbours ?? []).map((neighbour) => neighbour.itemId)])];
    const passages = repository.passagesByIds(chunkIds);
    const { numberOf, idOf } = cardNumbers();
    const cardOfChunk = (chunkId: number) => {
      const passage = passages.get(chunkId);
      return passage ? numberOf.get(passage.card_id) : undefined;
    };
    // Equal BM25 scores are ordered by card then chunk, not by the index's insertion history.
    const keywordChunks = [...keyword]
      .sort((a, b) => b.score - a.score || (cardOfChunk(a.id) ?? 0) - (cardOfChunk(b.id) ?? 0) || a.id - b.id)
      .map((hit, index) => ({ ...hit, rank: index + 1 }));
    const vectorChunks = neighbours ?? [];

    const fuse = (keywordHits: readonly KeywordHit[], vectorHits: readonly VectorNeighbour[], limit: number): FusedHit[] => {
      if (neighbours === null) return keywordOnly(keywordHits, limit);
      if (strategy === 'vector') return vectorOnly(vectorHits, limit);
      if (hybridFusion === 'rrf') return reciprocalRankFusion(keywordHits, vectorHits, { k: settings.fusion.rrf_k, limit });
      return weightedFusion(keywordHits, vectorHits, { keywordWeight: settings.fusion.keyword_weight, vectorWeight: settings.fusion.vector_weight, limit });
    };
    // Cards are ranked on their own rankings (a card's best chunk per path), so two paths agreeing on a card
    // count even when they prefer different chunks of it; the passage shown is the card's best chunk when the
    // same fusion ranks chunks.
    const fusedCards = fuse(keywordCards(keywordChunks, cardOfChunk), vectorCards(vectorChunks, cardOfChunk), options.k);
    const bestChunkOf = new Map<number, number>();
    for (const hit of fuse(keywordChunks, vectorChunks, chunkIds.length)) {
      const card = cardOfChunk(hit.id);
      if (card !== undefined && !bestChunkOf.has(card)) bestChunkOf.set(card, hit.id);
    }
    const cards = fusedCards.flatMap((hit): KbCardHit[] => {
      const chunkId = bestChunkOf.get(hit.id);
      const passage = chunkId === undefined ? undefined : passages.get(chunkId);
      return passage && idOf[hit.id - 1] === passage.card_id ? [{ fused: hit, passage }] : [];
    });
    return { strategy, embedder, cards, notices };
  }

  return {
    retrieve,
    async search(input) {
      const retrieval = await retrieve(input.query, { k: input.k, ...(input.strategy ? { strategy: input.strategy } : {}) });
      const hits = retrieval.cards.map(toKbHit);
      return {
        corpus: 'kb',
        query: input.query,
        strategy: retrieval.strategy,
        embedder: retrieval.embedder,
        hits,
        refused: hits.length === 0,
        notices: retrieval.notices,
      };
    },
  };
}

/** The contract's hit for a card: its best passage with the card's citation. */
export function toKbHit(hit: KbCardHit): SearchHit {
  const { passage } = hit;
  return {
    ...toSearchHitBase(hit.fused),
    id: passage.card_id,
    title: passage.title,
    source: passage.source_name,
    kb: {
      card_id: passage.card_id,
      title: passage.title,
      category: passage.category,
      section: passage.section,
      passage: passage.passage,
      source_name: passage.source_name,
      source_url: passage.source_url,
    },
  };
}
