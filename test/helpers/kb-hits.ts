import type { Answerability, Relevance } from '../../shared/contract.js';
import type { CardSignals } from '../../main/corpora/kb/answerability.js';
import type { KbCardHit, KbRetrieval } from '../../main/corpora/kb/kb-search.js';

const neutralSignals: CardSignals = {
  rerank: null,
  cosine: null,
  keywordCoverage: 1,
  mentionCount: 0,
  uncoveredDrugs: 0,
  uncoveredConditions: 0,
  cardCoverage: 0,
  spanish: false,
};

/** A retrieved card for unit tests about answering: one passage, strong unless said otherwise. */
export function cardHit(cardId: string, title: string, section: string, passage: string, relevance: Relevance = 'strong'): KbCardHit {
  return {
    fused: { id: 1, score: 1, paths: ['keyword'], keywordRank: 1, keywordScore: 1, keywordNormalized: 1, keywordMatch: 'exact', keywordCoverage: 1, vectorRank: null, vectorDistance: null },
    passage: {
      id: 1,
      owner: null,
      card_id: cardId,
      original_id: null,
      chunk_index: 0,
      section,
      passage,
      content_hash: 'h',
      embed_text: `${title}\n${section}\n${passage}`,
      embed_hash: 'e',
      title,
      category: 'escalation',
      source_name: `Source of ${cardId}`,
      source_url: `https://example.org/${cardId}`,
      severity: null,
      origin: 'shipped',
    },
    signals: neutralSignals,
    probability: relevance === 'strong' ? 0.9 : relevance === 'weak' ? 0.3 : 0.05,
    relevance,
  };
}

/** A retrieval of these cards; answerable when any is strong, with the closest titles for a refusal. */
export function retrievalOf(cards: KbCardHit[], overrides: Partial<Answerability> = {}): KbRetrieval {
  const best = Math.max(0, ...cards.map((card) => card.probability));
  return {
    strategy: 'keyword',
    embedder: null,
    reranker: null,
    query: { question: '', language: 'en', english: '', keywordText: '', mentions: [], ruledOut: [], replaced: [], parts: [] },
    cards,
    answerability: {
      answerable: cards.some((card) => card.relevance === 'strong'),
      probability: best,
      threshold: 0.5,
      model: 'keyword',
      signals: [],
      uncovered: [],
      reason: 'test',
      closest: cards.slice(0, 3).map((card) => card.passage.title),
      figure: null,
      population: null,
      aspect: null,
      food: null,
      interaction: null,
      together: null,
      condition: null,
      ...overrides,
    },
    notices: [],
    exampleAnswers: new Map(),
  };
}

/** The quotes chooseQuotes would give for a card whose passage is one section: every unit of it. */
export function wholePassageQuotes(hit: KbCardHit) {
  return { title: hit.passage.title, sections: [{ heading: hit.passage.section, text: hit.passage.passage }] };
}
