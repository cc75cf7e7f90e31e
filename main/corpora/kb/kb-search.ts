import { listWords } from '../../answer/plan-sanitizer.js';
import type { Answerability, KbCategory, Language, Notice, Relevance, SearchHit, SearchInput, SearchOutput, Strategy } from '../../../shared/contract.js';
import { quotedTranslationLimit } from '../../../shared/contract.js';
import type { SettingsService } from '../../core/settings.js';
import { foldText } from '../../core/text-folding.js';
import type { Reranker } from '../../reranking/reranker.js';
import type { Embedder } from '../../embedding/embedder.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { fuseCrossLanguage, keywordOnly, reciprocalRankFusion, vectorOnly, weightedFusion, type FusedHit } from '../../retrieval/fusion.js';
import { createKeywordIndex, type KeywordDocument, type KeywordHit, type KeywordIndex } from '../../retrieval/keyword-index.js';
import { toSearchHitBase } from '../../retrieval/search-hit.js';
import type { VectorNeighbour } from '../../retrieval/vector-store.js';
import { embedderModelOf } from '../../retrieval/semantic-bars.js';
import { questionSignals, readsMultilingualModel, relevanceOf, scoreCard, variantFor, type AnswerabilityCalibration, type CalibratedVariant, type CardSignals } from './answerability.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';
import { buildKbCoverage, type KbCoverage } from './kb-coverage.js';
import { conditionsAsked, speaksOfConditions } from './condition-questions.js';
import { holdsDetail, isDetailKind, ownDocumentDetails } from './detail-questions.js';
import { durationUnitAsked, figureAsked, givesDoseOf, givesLevelOf, holdsDurationIn, holdsFigure, type FigureKind } from './figure-questions.js';
import { aspectAsked, effectAsked, speaksOfAspect } from './aspect-questions.js';
import { asksToGive, foodAsked, saysNothingByMouth, speaksOfFood, type FoodKind } from './food-questions.js';
import { askedTogether, cardAboutNamed, namedMedicines, pairQuestion, speaksOfTogether, subjectText, unspokenPartners, wordCount } from './interaction-subjects.js';
import { mentionsPopulation, populationAsked, type Population } from './population-questions.js';
import type { KbChunkRow, KbPassageRow } from './kb-repository.js';
import { firstCardExampleBar, type ExampleSimilarity, type KbExample, type KbExampleIndex } from './kb-examples.js';
import type { KbStore } from './kb-store.js';
import { prepareKbQuery, type KbQuery } from './kb-query.js';

/** Cards whose signals decide answerability, as in the calibration (scripts/calibrate-kb.ts). */
export const answerabilityCards = 5;
/**
 * Passages of each candidate card the cross-encoder reads: its three best by the first stage. Two were enough
 * before stemming; with stemmed keywords a card's generic passages can rank above the one that answers (c32 of
 * kb/eval/clinical.json was refused when the cross-encoder read only two).
 */
const rerankPassagesPerCard = 3;

/**
 * Chunks each path (keyword, vector, cross-language) offers the fusion: at least `kbCandidatePool`, and
 * `kbCandidatesPerCard` for each card asked for. Reading every chunk's passage made the first stage grow with the
 * KB (hybrid p50 553 ms at 19,000 chunks; at 4,750, 71% of its time went to reading the candidates' passages).
 * 200 is more than the shipped KB's 190 chunks, so the shipped KB is ranked and scored exactly as with every chunk;
 * 20 a card keeps a deep evaluation exact (BEIR at k = 1,000 reads all of SciFact's 6,670 chunks).
 *
 * On a larger KB a card found by one path only gets nothing from the other in the fusion, and its cosine (or keyword
 * coverage) for answerability is that of the chunks among the other path's candidates: none, read as 0, when the
 * card is not among them. The cross-encoder reads a card's best passages among the candidates.
 */
export const kbCandidatePool = 200;
export const kbCandidatesPerCard = 20;

/** How many chunks each path is asked for on a KB of `chunkCount` chunks when `k` cards are wanted. */
export function kbCandidateLimit(chunkCount: number, k: number): number {
  return Math.max(1, Math.min(chunkCount, Math.max(kbCandidatePool, k * kbCandidatesPerCard)));
}

/** The keyword index sees a chunk's card title, its section heading and its passage. */
export function kbKeywordDocument(row: Pick<KbChunkRow, 'id' | 'embed_text'>): KeywordDocument {
  const [title = '', section = '', ...passage] = row.embed_text.split('\n');
  return { id: row.id, owner: null, fields: { title, section, passage: passage.join('\n') } };
}

/**
 * BM25 over chunks with OR: a clinician's question shares only some words with the card that answers it. Titles
 * weigh as much as the text since stemming (MRR 0.884 vs 0.870 with a double title weight on the shipped sets,
 * keyword only; SciFact nDCG@10 0.664 vs 0.646).
 */
export function createKbKeywordIndex(): KeywordIndex {
  return createKeywordIndex({ fields: ['title', 'section', 'passage'], boost: { title: 1 }, combineWith: 'OR' });
}

/** One card found by a search: its fused score, the chunk shown as its passage, and how relevant it is. */
export interface KbCardHit {
  fused: FusedHit;
  passage: KbPassageRow;
  signals: CardSignals;
  /** The calibrated probability that this card answers the question. */
  probability: number;
  relevance: Relevance;
}

export interface KbRetrieval {
  strategy: Strategy;
  embedder: string | null;
  /** The reranker that ordered the cards, or null. */
  reranker: string | null;
  query: KbQuery;
  cards: KbCardHit[];
  answerability: Answerability;
  notices: Notice[];
  /**
   * Per card shown, what answers the example questions of that card nearest to the question (`exampleAnswers`
   * nearest, by the mean of the two models' cosines where both read them): sentences or list items of the card, as
   * the examples' `answer` gives them. Empty without the example questions.
   */
  exampleAnswers: ReadonlyMap<string, readonly string[]>;
}

/**
 * The example questions whose answers an answer quotes from its first card: the two nearest to the question.
 * Replayed offline on every sentence's scores for the 455 key-fact questions of the twenty-five sets
 * (scripts/dump-kb-answers.ts, 2026-12-05): their answers, added to the first card's chosen sentences, held every key
 * fact in 28 more answers for one more sentence an answer; one example, 13 for 0.4; three, 32 for 1.5; the answers of
 * two examples of the same card chosen at random, 15 to 18 for 1.4; the nearest two of the second and third cards too,
 * 3 more for another sentence. README "The example questions point to the sentences".
 */
export const exampleAnswers = 2;

export type HybridFusion = 'rrf' | 'weighted';

/**
 * Reciprocal rank fusion. On kb/eval/clinical.json with bge-small (test/model/kb-quality) it ranked better than
 * the 0.4/0.6 weighted sum (MRR 0.967 vs 0.906 over the 50 in-scope questions): BM25 scores normalised by the
 * query's best hit give a card matching one question word the full keyword weight, which outvotes cosine
 * differences of a few hundredths; ranks carry no such scale.
 */
export const defaultHybridFusion: HybridFusion = 'rrf';

/**
 * How the reranked cards are ordered: by the cross-encoder alone, fusing its rank with the first stage's, in the
 * first stage's order (the cross-encoder then only decides answerability and chooses the sentences quoted), or by the
 * example questions with the cross-encoder as one term (`examples`, below).
 *
 * `examples` since 2026-12-05; over the twenty-five sets the cross-encoder alone gave HR@1 0.770, fusing 0.810, the
 * first stage 0.814, the examples 0.880. `first` from 2026-12-01: on the five older sets (122 answerable questions)
 * fusing and the first stage's order rank alike (Hit Rate@3 0.967 and HR@1 0.934 both); on the fourth held-out set, 15
 * answerable questions nobody here tuned on (brand names, colloquial Spanish, paraphrase), fusing put the right card
 * in the top three for 11, the first stage for 13, and vectors alone for 12: with fusing, hybrid + cross-encoder fell
 * below vector-only, which issue #12 rules out. (HR@1 there: 10 fused, 9 first stage.)
 */
export type RerankOrder = 'rerank' | 'rrf' | 'first' | 'examples';
export const defaultRerankOrder: RerankOrder = 'examples';

/**
 * The `examples` order (README "The example questions order the cards"): each card the cross-encoder read and the
 * example questions know is placed by its first-stage position, how close the question is to the card's nearest
 * answered example (cosine, the mean of the two models' readings), and its cross-encoder logit:
 * `-position + example × cosine + logit × logit`. Chosen on a grid, leaving each of 23 sets out in turn (the same
 * weights won every fold): Hit Rate@1 0.811 → 0.874 over their 477 answerable questions, held out.
 */
export const exampleOrderWeights = { example: 40, logit: 0.5 } as const;

export interface KbRetrieveOptions {
  k: number;
  strategy?: Strategy;
  /** Overrides the `kb.rerank` setting (evaluations compare both). */
  rerank?: boolean;
  language?: Language;
}

export interface KbSearch {
  retrieve(question: string, options: KbRetrieveOptions): Promise<KbRetrieval>;
  search(input: SearchInput): Promise<SearchOutput>;
}

/**
 * The cross-language path's noise bar for KB chunks (USE-multilingual-v3 cosine distance): a chunk farther from the
 * question takes no part in the ranking (README "Cross-language search").
 */
export const kbCrossLanguageMaxDistance = 0.75;

export interface KbSearchDeps {
  /** Where the cards and chunks live and how candidates are found: SQLite or PostgreSQL (kb-store.ts). */
  store: KbStore;
  settings: SettingsService;
  /** The medicine and condition names, read on first use (start-up does not wait for them). */
  lexicon: () => ClinicalLexicon;
  calibration: AnswerabilityCalibration;
  /** The local cross-encoder, or null when it is not installed (then ranking is the first stage's). */
  reranker: () => Promise<Reranker | null>;
  /** Why the reranker is unavailable, for the notice; null when it is installed. */
  rerankerProblem: () => string | null;
  /** How hybrid fuses the two rankings; evaluations compare both, the app uses the default. */
  hybridFusion?: HybridFusion;
  rerankOrder?: RerankOrder;
  /**
   * The example questions (kb-examples.ts) and the embedder that reads them; without them, or when the calibration
   * has no variant for them, answerability is what it was without examples.
   */
  examples?: {
    index: KbExampleIndex;
    embedder: () => Promise<Embedder | null>;
    /** Over the same bank as `index`, in the same order: an example's position means the same example in both. */
    multilingual?: { index: KbExampleIndex; embedder: () => Promise<Embedder | null> };
  };
}

/**
 * Dense, BM25 and hybrid retrieval over chunks, grouped back to cards, then (when installed) a cross-encoder over
 * the best candidates, then calibrated answerability: every card gets a probability of answering the question from
 * the cross-encoder, the cosine, keyword coverage and whether the drugs and conditions the question names are on
 * the card (or anywhere in the KB). The question is answerable when the best card's probability reaches the
 * threshold. Card numbers for fusion are positions in the alphabetical card list, so ties break the same way
 * everywhere.
 */
export function createKbSearch(deps: KbSearchDeps): KbSearch {
  const { store, calibration } = deps;
  const hybridFusion = deps.hybridFusion ?? defaultHybridFusion;
  const rerankOrder = deps.rerankOrder ?? defaultRerankOrder;
  // Which drugs the cards name: built on the first question, again after the cards change (here or in another
  // process: the store's signature says so).
  let coverage: { signature: string; built: KbCoverage } | undefined;

  async function coverageOfCards(): Promise<KbCoverage> {
    const signature = await store.signature();
    if (coverage?.signature !== signature) {
      const chunks = await store.allChunks();
      const built = buildKbCoverage(deps.lexicon(), chunks.map((chunk) => ({ cardId: chunk.card_id, title: chunk.embed_text.split('\n')[0] ?? '', text: chunk.embed_text })));
      coverage = { signature, built };
    }
    return coverage.built;
  }

  async function cardNumbers(): Promise<{ numberOf: Map<string, number>; idOf: string[] }> {
    const idOf = await store.cardIds();
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

  /**
   * The question's similarity to the example questions through one embedder (`reader`), or null when it is absent,
   * is not the one `accepts` (the calibrated one), or fails (then with a notice naming `what` was not read).
   */
  async function exampleSimilarity(
    reader: { index: KbExampleIndex; embedder: () => Promise<Embedder | null> } | undefined,
    text: string,
    accepts: (embedderId: string) => boolean,
    cards: () => Promise<ReadonlySet<string>>,
    notices: Notice[],
    what: string,
  ): Promise<ExampleSimilarity | null> {
    if (!reader) return null;
    try {
      const model = await reader.embedder();
      if (model === null || !accepts(model.id)) return null;
      return await reader.index.similarity(text, model, await cards());
    } catch (error) {
      notices.push({ code: 'examples_unavailable', message: `Answerability without ${what}: ${(error as Error).message}` });
      return null;
    }
  }

  async function retrieve(question: string, options: KbRetrieveOptions): Promise<KbRetrieval> {
    const settings = deps.settings.get();
    const strategy = options.strategy ?? settings.kb.strategy;
    const query = prepareKbQuery(question, deps.lexicon(), options.language, { glossary: settings.language.glossary });
    const notices: Notice[] = [];
    if (query.replaced.length > 0) notices.push(englishFormNotice(query));
    const limit = kbCandidateLimit(await store.chunkCount(), options.k);

    let neighbours: VectorNeighbour[] | null = null;
    let allNeighbours: VectorNeighbour[] = [];
    let embedder: string | null = null;
    if (strategy !== 'keyword') {
      const semantic = await store.semantic(query.english, limit);
      embedder = semantic.embedderId;
      if (semantic.ok) {
        allNeighbours = semantic.neighbours;
        const threshold = settings.kb.min_similarity;
        neighbours = threshold === null ? semantic.neighbours : semantic.neighbours.filter((neighbour) => 1 - neighbour.distance >= threshold);
      } else {
        notices.push(semantic.notice);
        if (semantic.notice.code === 'keyword_only') embedder = null;
      }
    }
    // Keyword search runs for keyword and hybrid, and stands in for the dense path when it is unavailable. The
    // answerability signals always need keyword coverage, so it runs for every strategy.
    const keyword = await store.keyword(query.keywordText, limit);
    const rankingKeyword = strategy !== 'vector' || neighbours === null ? keyword : [];
    if (strategy === 'hybrid' && neighbours !== null && neighbours.length > 0 && keyword.length === 0) {
      // Dense retrieval always finds a nearest card; say when no word of the question supports it.
      notices.push({ code: 'semantic_only', message: 'No word of the question appears in the cards: these are only the semantically closest cards and may not answer it.' });
    }

    // The cross-language path reads the question as written (Spanish), not its glossary translation. For the KB it
    // runs only with the glossary off: with it, the path lowered Spanish questions' HR@1 from 0.931 to 0.793 over
    // the four shipped KB sets (hybrid + cross-encoder, 2026-12-01; README), the glossary's English reads better.
    let crossChunks: VectorNeighbour[] = [];
    if (strategy !== 'keyword' && !settings.language.glossary) {
      const cross = await crossLanguageNeighbours(store.crossLanguage, question, { corpusLanguage: 'en', language: query.language, k: limit });
      if (cross.ran) crossChunks = cross.neighbours.filter((neighbour) => neighbour.distance <= kbCrossLanguageMaxDistance);
      else if (cross.notice) notices.push(cross.notice);
    }

    const chunkIds = [...new Set([...keyword.map((hit) => hit.id), ...allNeighbours.map((neighbour) => neighbour.itemId), ...crossChunks.map((neighbour) => neighbour.itemId)])];
    const passages = await store.passagesByIds(chunkIds);
    const { numberOf, idOf } = await cardNumbers();
    const cardOfChunk = (chunkId: number) => {
      const passage = passages.get(chunkId);
      return passage ? numberOf.get(passage.card_id) : undefined;
    };
    // Equal BM25 scores are ordered by card then chunk, not by the index's insertion history.
    const keywordChunks = [...rankingKeyword]
      .sort((a, b) => b.score - a.score || (cardOfChunk(a.id) ?? 0) - (cardOfChunk(b.id) ?? 0) || a.id - b.id)
      .map((hit, index) => ({ ...hit, rank: index + 1 }));
    const vectorChunks = neighbours ?? [];

    const fuse = (keywordHits: readonly KeywordHit[], vectorHits: readonly VectorNeighbour[], count: number): FusedHit[] => {
      if (neighbours === null) return keywordOnly(keywordHits, count);
      if (strategy === 'vector') return vectorOnly(vectorHits, count);
      if (hybridFusion === 'rrf') return reciprocalRankFusion(keywordHits, vectorHits, { k: settings.fusion.rrf_k, limit: count });
      return weightedFusion(keywordHits, vectorHits, { keywordWeight: settings.fusion.keyword_weight, vectorWeight: settings.fusion.vector_weight, limit: count });
    };
    const wantRerank = options.rerank ?? settings.kb.rerank;
    const poolSize = Math.max(options.k, wantRerank ? settings.kb.rerank_candidates : 0);
    // Cards are ranked on their own rankings (a card's best chunk per path), so two paths agreeing on a card
    // count even when they prefer different chunks of it. The cross-language fusion sees every card the paths found
    // (no more than their chunks).
    const ownCards = fuse(keywordCards(keywordChunks, cardOfChunk), vectorCards(vectorChunks, cardOfChunk), crossChunks.length > 0 ? Math.max(poolSize, chunkIds.length) : poolSize);
    const fusedCards =
      crossChunks.length > 0
        ? fuseCrossLanguage(ownCards, vectorCards(crossChunks, cardOfChunk), { k: settings.fusion.cross_language_rrf_k, limit: poolSize, maxDistance: kbCrossLanguageMaxDistance, weight: settings.fusion.cross_language_weight })
        : ownCards;
    const chunksOfCard = new Map<number, number[]>();
    for (const hit of fuse(keywordChunks, vectorChunks, chunkIds.length)) {
      const card = cardOfChunk(hit.id);
      if (card === undefined) continue;
      chunksOfCard.set(card, [...(chunksOfCard.get(card) ?? []), hit.id]);
    }
    // A card only the cross-language path found is shown by its chunks in that path's order.
    for (const neighbour of crossChunks) {
      const card = cardOfChunk(neighbour.itemId);
      if (card === undefined) continue;
      const chunks = chunksOfCard.get(card) ?? [];
      if (!chunks.includes(neighbour.itemId)) chunksOfCard.set(card, [...chunks, neighbour.itemId]);
    }

    // Per-card signals from every chunk of the card, whatever path ranked it.
    const cosineOf = new Map<number, number>();
    for (const neighbour of allNeighbours) {
      const card = cardOfChunk(neighbour.itemId);
      if (card !== undefined) cosineOf.set(card, Math.max(cosineOf.get(card) ?? -1, 1 - neighbour.distance));
    }
    const coverageOf = new Map<number, number>();
    for (const hit of keyword) {
      const card = cardOfChunk(hit.id);
      if (card !== undefined && hit.match !== 'fuzzy') coverageOf.set(card, Math.max(coverageOf.get(card) ?? 0, hit.coverage));
    }
    const named = query.mentions;
    const covering = await coverageOfCards();

    const pool = fusedCards.flatMap((hit) => {
      const chunks = chunksOfCard.get(hit.id) ?? [];
      const cardId = idOf[hit.id - 1];
      return cardId === undefined || chunks.length === 0 ? [] : [{ hit, cardId, chunks }];
    });
    // A drug met through its class counts only on the first stage's leading cards: a generic card naming a class and
    // some other medicine in passing says nothing about the question.
    const leading = pool.slice(0, classCoverageCards).map((entry) => entry.cardId);
    const uncoveredMentions = named.filter((mention) => !covering.coveredInQuestion(mention, named, leading));
    const uncovered = [...new Set(uncoveredMentions.map((mention) => mention.canonical))];
    const uncoveredDrugs = uncoveredMentions.filter((mention) => mention.kind !== 'condition').length;
    const uncoveredConditions = uncoveredMentions.length - uncoveredDrugs;
    // A short question whose every named medicine and condition no card covers, one of them a condition ("what are
    // the symptoms of hyponatremia?"), is about something no card is about, however close a card on another
    // condition reads (the hyperkalemia card, "strong", for hyponatremia: a blind user trial).
    const subjectUncovered = named.length > 0 && uncoveredMentions.length === named.length && uncoveredConditions > 0 && wordCount(question) <= subjectQuestionWords;

    let reranker: Reranker | null = null;
    let rerankScores: Map<number, { score: number; chunk: number }> | null = null;
    if (wantRerank && pool.length > 0) {
      reranker = await deps.reranker();
      if (reranker === null) {
        notices.push({ code: 'reranker_unavailable', message: `Ranked without the cross-encoder: ${deps.rerankerProblem() ?? 'it is not installed'}.` });
      } else {
        const reranked = pool.slice(0, settings.kb.rerank_candidates);
        const pairs = reranked.flatMap(({ hit, chunks }) => chunks.slice(0, rerankPassagesPerCard).map((chunk) => ({ card: hit.id, chunk })));
        try {
          const scores = await reranker.score(query.english, pairs.map((pair) => rerankText(passages.get(pair.chunk) as KbPassageRow)));
          rerankScores = new Map();
          pairs.forEach((pair, index) => {
            const score = scores[index] ?? Number.NEGATIVE_INFINITY;
            const best = rerankScores?.get(pair.card);
            if (!best || score > best.score) rerankScores?.set(pair.card, { score, chunk: pair.chunk });
          });
        } catch (error) {
          notices.push({ code: 'reranker_failed', message: `The cross-encoder failed (${(error as Error).message}); first-stage ranking shown.` });
          reranker = null;
        }
      }
    }

    const calibrated = embedder !== null && calibration.embedder === embedderModelOf(embedder);
    const dense = calibrated && allNeighbours.length > 0;
    // The KB's card ids, read once for both readings of the examples.
    let cardIds: Promise<ReadonlySet<string>> | undefined;
    const cardsOfKb = () => (cardIds ??= store.cardIds().then((ids) => new Set(ids)));
    const examples =
      settings.kb.examples && rerankScores !== null && dense && calibration.variants['rerank+dense+examples']
        ? await exampleSimilarity(deps.examples, query.english, (id) => id === embedder, cardsOfKb, notices, 'the example questions')
        : null;
    // The multilingual model reads the question as asked against the examples as written.
    const multilingualExamples =
      examples !== null && calibration.variants['rerank+dense+examples+multilingual']
        ? await exampleSimilarity(
            deps.examples?.multilingual,
            question,
            (id) => readsMultilingualModel(calibration, id),
            cardsOfKb,
            notices,
            'the multilingual reading of the example questions',
          )
        : null;
    // Each card's nearest answered example, read by both models where both read them (their mean).
    const exampleOfCard = (cardId: string): number | null => {
      const readings = [examples?.byCard.get(cardId), multilingualExamples?.byCard.get(cardId)].filter((cosine) => cosine !== undefined);
      return readings.length === 0 ? null : meanOf(readings);
    };
    const ordered = rerankScores === null ? pool : orderByRerank(pool, rerankScores, rerankOrder, exampleOfCard);
    // Each answered example's closeness, read by both models where both read it (their mean), for the answers it points to.
    const exampleCosines = new Map<number, number[]>();
    for (const reading of [examples, multilingualExamples]) {
      for (const [index, cosine] of reading?.byExample ?? []) exampleCosines.set(index, [...(exampleCosines.get(index) ?? []), cosine]);
    }
    const variantName = variantFor({ rerank: rerankScores !== null, dense, examples: examples === null ? null : multilingualExamples === null ? 'local' : 'local+multilingual' });
    const variant = calibration.variants[variantName] ?? calibration.variants['rerank+dense'];
    const thresholdsOf = (scoring: CalibratedVariant) => ({
      threshold: settings.kb.min_answerability ?? scoring.threshold,
      weakThreshold: Math.min(scoring.weakThreshold, settings.kb.min_answerability ?? 1),
      // A minimum the user sets holds for every question; the calibrated one lets an anchored question in at the weak bar.
      anchoredThreshold: settings.kb.min_answerability ?? scoring.weakThreshold,
    });
    const thresholds = thresholdsOf(variant);
    // The example questions say whether a question is answerable, not which card answers it: a card's own relevance
    // stays the model's without them ('rerank+dense').
    const ownVariantName = variantFor({ rerank: rerankScores !== null, dense });
    const cardVariantName = calibration.variants[ownVariantName] ? ownVariantName : variantName;
    const cardVariant = calibration.variants[cardVariantName] ?? variant;

    // An interaction card is about the drugs its title names before "with": a question naming medicines, none of them
    // one of those, is not answered by it ("ibuprofen with lisinopril" and the lithium card that lists both).
    // And a card about one of them must speak of the others it is asked with, if any ("sertraline with ibuprofen" is
    // not answered by the card on SSRIs with triptans).
    const medicinesNamed = namedMedicines(deps.lexicon(), named, question);
    const mentionOf = (canonical: string): ClinicalMention => {
      const kind = named.find((mention) => mention.canonical === canonical)?.kind ?? deps.lexicon().namesOf(canonical)?.kind ?? 'drug';
      return { surface: canonical, canonical, kind, start: 0, end: canonical.length };
    };
    const speaksOf = (passage: Pick<KbPassageRow, 'card_id'>) => (canonical: string) => covering.speaksOf(passage.card_id, mentionOf(canonical));
    const speechOf = (passage: Pick<KbPassageRow, 'card_id'>) => ({
      covers: (canonical: string) => covering.coveredByCard(passage.card_id, mentionOf(canonical)),
      mentions: speaksOf(passage),
    });
    // Both checks read only a question about a pair (pairQuestion): in a patient's story the other medicines are
    // often who the patient is ("on bisoprolol and furosemide"), not what is asked.
    const pair = pairQuestion(deps.lexicon(), medicinesNamed, question);
    const aboutNamed = (passage: Pick<KbPassageRow, 'category' | 'title' | 'card_id'>): boolean =>
      cardAboutNamed(deps.lexicon(), passage, medicinesNamed, question, pair ? speechOf(passage) : undefined);
    // A refusal names a medicine as the question wrote it ("NSAIDs", "ibuprofeno"), not as the lexicon keys it.
    const asWritten = (canonical: string) => named.find((mention) => mention.canonical === canonical)?.surface ?? canonical;
    // And two medicines asked about together need a card, of any kind, that speaks of both.
    const together = pair ? askedTogether(deps.lexicon(), medicinesNamed, question) : null;

    const cards: KbCardHit[] = ordered.slice(0, options.k).map(({ hit, cardId, chunks }) => {
      const reranked = rerankScores?.get(hit.id);
      // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- without it the rule's fix widens the result to include undefined (tsc then fails)
      const shownChunk = reranked?.chunk ?? (chunks[0] as number);
      const covered = named.filter((mention) => covering.coveredByCard(cardId, mention)).length;
      const passage = passages.get(shownChunk) as KbPassageRow;
      const signals: CardSignals = {
        rerank: reranked?.score ?? null,
        cosine: cosineOf.get(hit.id) ?? null,
        keywordCoverage: coverageOf.get(hit.id) ?? 0,
        mentionCount: named.length,
        uncoveredDrugs: uncoveredDrugsAgainst(passage.category, uncoveredDrugs),
        uncoveredConditions,
        cardCoverage: named.length === 0 ? 0 : covered / named.length,
        spanish: query.language === 'es',
        ...(examples ? { exampleAnswered: examples.answered, exampleUnanswered: examples.unanswered } : {}),
        ...(multilingualExamples ? { exampleAnsweredMultilingual: multilingualExamples.answered, exampleUnansweredMultilingual: multilingualExamples.unanswered } : {}),
      };
      // A card the cross-encoder did not read (beyond the candidates) is scored without it, and is at most weak: the
      // first stage put it below every card that was read, so it cannot be what answers ("strong" would make a
      // sildenafil card, sixth for a clopidogrel question, an answering card whose figures pass the checks).
      const read = reranked !== undefined || rerankScores === null;
      // The examples are the same for every card, so the cards quoted and held to the figure and aspect checks are the
      // ones the cards' own model calls strong.
      const scoring = read ? cardVariant : (calibration.variants[variantFor({ rerank: false, dense })] ?? variant);
      const { probability } = scoreCard(scoring, signals);
      const relevance = relevanceOf(probability, thresholdsOf(scoring));
      // Nor is an interaction card about none of the medicines named strong: it is shown, never quoted as the answer.
      const strong = relevance === 'strong' && read && aboutNamed(passage);
      return { fused: hit, passage, signals, probability, relevance: strong || relevance !== 'strong' ? relevance : 'weak' };
    });

    // The checks below read the whole card of each shown hit, fetched once.
    const bodyOf = await cardBodies(store, cards);
    // A day or time, or how long something is kept (held to the user's own documents only), gives way to any other
    // figure either form asks for.
    const askedForms = [figureAsked(question), figureAsked(query.english)];
    const asked = askedForms.find((kind) => kind !== null && !ownDocumentDetails.has(kind)) ?? askedForms.find((kind) => kind !== null) ?? null;
    const figure = asked === null ? null : { asked, holds: figureHolder(asked, query, deps.lexicon(), bodyOf) };
    const population = populationAsked(question) ?? populationAsked(query.english);
    const populationCheck = population === null ? null : { asked: population, holds: (card: KbCardHit) => mentionsPopulation(bodyOf(card), population) };
    const aspect = aspectAsked(query, deps.lexicon());
    // A question naming one medicine and a symptom or adverse reaction asks whether that medicine causes it.
    const effect = aspect === null ? effectAsked(query, deps.lexicon()) : null;
    // With several medicines, a card is about one of them when it covers one the cards cover (any card, if none is).
    const coverableMedicines = effect?.medicines.filter((mention) => covering.coveredByKb(mention)) ?? [];
    const aboutOneOf = (cardId: string) => coverableMedicines.length === 0 || coverableMedicines.some((mention) => covering.coveredByCard(cardId, mention));
    // A card speaks of an effect when it names it, a kind of it or what it is a kind of ("black stools" on a card about
    // bleeding): the effects asked with their relatives, found once per question.
    const effectsSpoken = effect?.effects.flatMap((mention) => deps.lexicon().relatedEffects(mention.canonical).map((canonical) => ({ ...mention, canonical }))) ?? [];
    const aspectCheck =
      aspect !== null
        ? {
            asked: aspect.terms,
            // A card on a behaviour with any medicine needs only to speak of the aspect: the medicine is its example.
            holds: (card: KbCardHit) =>
              (aspect.subject.kind !== 'drug' || anyMedicineCategories.has(card.passage.category) || covering.coveredByCard(card.passage.card_id, aspect.subject)) &&
              speaksOfAspect(`${card.passage.title}\n${bodyOf(card)}`, aspect.terms),
          }
        : effect !== null
          ? {
              asked: effect.effects.map((mention) => mention.canonical),
              effectOf: effect.subject?.canonical ?? listOf(effect.medicines.map((mention) => mention.canonical)),
              // Unless the question asks outright whether the medicine caused it, an escalation card titled by the
              // effect answers what to do about it, whatever caused it: the medicine of a story ("on metformin… her
              // jaw aches, no chest pain") may only say who the patient is; so does a card on a behaviour with any
              // medicine titled by the effect (side effects as a reason for stopping). A question naming several
              // medicines or a class needs a card about one of them (one the cards cover, if any is) that names an
              // effect (effectAsked).
              holds: (card: KbCardHit) =>
                ((effect.subject !== null
                  ? covering.coveredByCard(card.passage.card_id, effect.subject)
                  : aboutOneOf(card.passage.card_id)) &&
                  effectsSpoken.some((mention) => covering.coveredByCard(card.passage.card_id, mention))) ||
                (!effect.explicit && (card.passage.category === 'escalation' || anyMedicineCategories.has(card.passage.category)) && titleNames(deps.lexicon(), card.passage.title, effectsSpoken)),
            }
          : null;
    // A question about a clinic's own procedure that turns on an exception (a public holiday, someone on leave) needs a
    // document of the user's that speaks of it; the shipped cards are calibrated on their own example questions.
    const conditions = conditionsAsked(question, query.english);
    const conditionCheck =
      conditions.length === 0
        ? null
        : {
            asked: conditions.map((kind) => kind.label),
            asked_es: conditions.map((kind) => kind.labelEs),
            applies: (card: KbCardHit) => card.passage.origin === 'user',
            holds: (card: KbCardHit) => speaksOfConditions(`# ${card.passage.title}\n\n${bodyOf(card)}`, conditions, `${question}\n${query.english}`),
          };
    // A question naming a food or drink and a medicine the cards cover needs a card about that medicine naming the food.
    const food = foodAsked(query, deps.lexicon());
    const foodMedicines = food?.medicines.filter((mention) => covering.coveredByKb(mention)) ?? [];
    const giving = food !== null && asksToGive(query);
    const foodCheck =
      food !== null && foodMedicines.length > 0
        ? {
            asked: food.kinds,
            with: [...new Set(foodMedicines.map((mention) => mention.canonical))],
            // Whether to give someone a food or drink is answered by a card saying to give nothing by mouth, whatever the
            // medicine (food-questions.ts).
            holds: (card: KbCardHit) =>
              (foodMedicines.some((mention) => covering.coveredByCard(card.passage.card_id, mention)) && speaksOfFood(`${card.passage.title}\n${bodyOf(card)}`, food.kinds)) ||
              (giving && saysNothingByMouth(bodyOf(card))),
          }
        : null;
    const answerability = decide(cards, {
      variantName,
      variant,
      // The example questions' variants stand on the cards' own model: below its weak bar, nothing is relevant.
      cardModel: variantName.includes('examples') ? { variant: cardVariant, name: cardVariantName, ...thresholdsOf(cardVariant) } : null,
      firstCardExample: cards[0] === undefined ? null : exampleOfCard(cards[0].passage.card_id),
      thresholds,
      uncovered,
      subjectUncovered,
      enabled: settings.kb.answerability,
      question,
      figure,
      population: populationCheck,
      aspect: aspectCheck,
      food: foodCheck,
      condition: conditionCheck,
      interaction:
        medicinesNamed.length === 0
          ? null
          : {
              named: medicinesNamed,
              holds: (card: KbCardHit) => aboutNamed(card.passage),
              unspoken: (card: KbCardHit) => (pair ? unspokenPartners(deps.lexicon(), card.passage, medicinesNamed, speechOf(card.passage)).map(asWritten) : []),
            },
      together: together === null ? null : { named: [...new Set(together.flat().map(asWritten))], holds: (card: KbCardHit) => speaksOfTogether(together, speaksOf(card.passage)) },
    });
    // Answered through its first card alone (anchored, below the calibrated threshold; or by the example questions,
    // with no card strong on its own): that card is the one quoted (quotableCards), and it is labelled a weak match
    // rather than "not relevant".
    const [first] = cards;
    const readExamples = variantName.includes('examples');
    const throughFirst = answeredThroughAnchor(answerability, thresholds.threshold) || (readExamples && answerability.answerable && !cards.some((card) => card.relevance === 'strong'));
    const throughAnchor = settings.kb.answerability && throughFirst && first !== undefined;
    // And a question the examples read as unanswerable has no strong card to show, whatever its cards' own scores.
    const refusedByExamples = settings.kb.answerability && readExamples && answerability.probability < answerability.threshold;
    const shown = throughAnchor
      ? [{ ...first, relevance: first.relevance === 'none' ? ('weak' as const) : first.relevance }, ...cards.slice(1)]
      : refusedByExamples
        ? cards.map((card) => (card.relevance === 'strong' ? { ...card, relevance: 'weak' as const } : card))
        : cards;
    return {
      strategy,
      embedder,
      reranker: rerankScores === null ? null : (reranker?.id ?? null),
      query,
      cards: shown,
      answerability,
      notices,
      exampleAnswers: answersOfNearestExamples(shown, exampleCosines, (index) => deps.examples?.index.example(index)),
    };
  }

  return {
    retrieve,
    async search(input) {
      const retrieval = await retrieve(input.query, { k: input.k, ...(input.strategy ? { strategy: input.strategy } : {}), ...(input.rerank !== undefined ? { rerank: input.rerank } : {}) });
      const hits = retrieval.cards.map(toKbHit);
      const notices = [...retrieval.notices];
      if (!retrieval.answerability.answerable && hits.length > 0) notices.push({ code: 'not_answerable', message: retrieval.answerability.reason });
      return {
        corpus: 'kb',
        query: input.query,
        strategy: retrieval.strategy,
        embedder: retrieval.embedder,
        reranker: retrieval.reranker,
        hits,
        refused: hits.length === 0 || !retrieval.answerability.answerable,
        answerability: retrieval.answerability,
        notices,
      };
    },
  };
}

/** The mean of a model's readings, or of both models' (never empty). */
function meanOf(readings: readonly number[]): number {
  return readings.reduce((sum, value) => sum + value, 0) / readings.length;
}

/**
 * Per card, the answers of its `exampleAnswers` answered examples nearest to the question (see KbRetrieval). The
 * positions are the bank's: both models' indices read one bank, in one order (createAppKbSearch).
 */
function answersOfNearestExamples(
  cards: readonly KbCardHit[],
  cosines: ReadonlyMap<number, readonly number[]>,
  exampleAt: (index: number) => KbExample | undefined,
): Map<string, readonly string[]> {
  const byCard = new Map<string, Array<{ cosine: number; answer: readonly string[] }>>();
  for (const [index, readings] of cosines) {
    const example = exampleAt(index);
    if (!example?.card || example.answer.length === 0) continue;
    const cosine = meanOf(readings);
    byCard.set(example.card, [...(byCard.get(example.card) ?? []), { cosine, answer: example.answer }]);
  }
  const answers = new Map<string, readonly string[]>();
  for (const card of cards) {
    const nearest = (byCard.get(card.passage.card_id) ?? []).sort((a, b) => b.cosine - a.cosine).slice(0, exampleAnswers);
    if (nearest.length > 0) answers.set(card.passage.card_id, [...new Set(nearest.flatMap((example) => example.answer))]);
  }
  return answers;
}

/** The body of each hit's card, read from the store once per question. */
async function cardBodies(store: KbStore, cards: readonly KbCardHit[]): Promise<(card: KbCardHit) => string> {
  const ids = [...new Set(cards.map((card) => card.passage.card_id))];
  const bodies = new Map(await Promise.all(ids.map(async (id) => [id, (await store.card(id))?.body ?? ''] as const)));
  return (card) => bodies.get(card.passage.card_id) ?? '';
}

/** What the cross-encoder reads of a passage: the card title and section give the passage its subject. */
export function rerankText(passage: Pick<KbPassageRow, 'title' | 'section' | 'passage'>): string {
  return `${passage.title}. ${passage.section}. ${passage.passage.replace(/\*\*|__|`/g, '')}`;
}

export type PoolEntry = { hit: FusedHit; cardId: string; chunks: number[] };

/**
 * The candidates in the first stage's order (`first`), or the reranked ones first, ordered by the cross-encoder
 * alone or by fusing its rank with the first stage's (reciprocal rank, k = 10: both orders count, the
 * cross-encoder breaks the first stage's near-ties), then the cards it did not read in their first-stage order.
 * Ties break on the first-stage position.
 */
export function orderByRerank(
  pool: readonly PoolEntry[],
  scores: ReadonlyMap<number, { score: number }>,
  order: RerankOrder,
  exampleOf: (cardId: string) => number | null = () => null,
): PoolEntry[] {
  if (order === 'first') return [...pool];
  if (order === 'examples') return orderByExamples(pool, scores, exampleOf);
  const read = pool.filter((entry) => scores.has(entry.hit.id));
  const unread = pool.filter((entry) => !scores.has(entry.hit.id));
  const byScore = [...read].sort((a, b) => (scores.get(b.hit.id)?.score ?? 0) - (scores.get(a.hit.id)?.score ?? 0));
  const rerankRank = new Map(byScore.map((entry, index) => [entry.hit.id, index + 1]));
  const firstRank = new Map(pool.map((entry, index) => [entry.hit.id, index + 1]));
  const key = (entry: PoolEntry) =>
    order === 'rerank' ? -(rerankRank.get(entry.hit.id) ?? 0) : 1 / (10 + (rerankRank.get(entry.hit.id) ?? 0)) + 1 / (10 + (firstRank.get(entry.hit.id) ?? 0));
  const sorted = [...read].sort((a, b) => key(b) - key(a) || (firstRank.get(a.hit.id) ?? 0) - (firstRank.get(b.hit.id) ?? 0));
  return [...sorted, ...unread];
}

/**
 * The `examples` order: the cards the cross-encoder read and the example questions know (`exampleOf` is not null)
 * trade the places they hold in the first stage's order by `exampleOrderWeights`; every other card keeps its place (a
 * card of one's own documents has no examples, and is not pushed down by the shipped ones that have). Ties keep the
 * first stage's order. Without examples for two such cards this is the first stage's order.
 */
function orderByExamples(pool: readonly PoolEntry[], scores: ReadonlyMap<number, { score: number }>, exampleOf: (cardId: string) => number | null): PoolEntry[] {
  const movable = pool.flatMap((entry, position) => {
    const score = scores.get(entry.hit.id)?.score;
    const example = exampleOf(entry.cardId);
    return score === undefined || example === null ? [] : [{ entry, position, key: -position + exampleOrderWeights.example * example + exampleOrderWeights.logit * score }];
  });
  const places = movable.map((item) => item.position);
  const sorted = [...movable].sort((a, b) => b.key - a.key || a.position - b.position);
  const ordered = [...pool];
  sorted.forEach((item, index) => (ordered[places[index] as number] = item.entry));
  return ordered;
}

/** First-stage cards on which a drug the question names may be met through its class (KbCoverage.coveredInQuestion). */
export const classCoverageCards = 3;

/**
 * Categories of cards about a behaviour with any medicine (stopping one for its side effects, refill gaps, cost,
 * forgetting doses): a medicine no card covers is the example of the question, not what it asks about, so it does
 * not count against such a card (drug_uncovered), and the aspect and effect checks do not ask such a card to name
 * it. On the twenty-one sets this answered 7 more answerable questions (metoprolol stopped for tiredness, amlodipine
 * refill gaps, Januvia fills stopping in January) and no unanswerable one; the motivational-interviewing cards would
 * have let one more through, a stroke story answered from the OARS card, so they are not among them.
 */
export const anyMedicineCategories: ReadonlySet<KbCategory> = new Set(['adherence-barrier']);

/** A question this long or shorter that names only what no card covers is about that (subjectUncovered). */
const subjectQuestionWords = 25;

/** The drugs no card covers that count against a card: none for a card about a behaviour with any medicine. */
export function uncoveredDrugsAgainst(category: KbCategory, uncoveredDrugs: number): number {
  return anyMedicineCategories.has(category) ? 0 : uncoveredDrugs;
}

/** Cards an answer quotes at most. */
export const answerCards = 3;
/** Logits of the cross-encoder a further card may trail the first quoted card by (see answeringCards). */
export const companionCardMargin = 3;

// "¿Lo mando a urgencias?", "should I send him to the ER?", "do we call 911?", "is this an emergency?": the question
// asks whether to escalate. A verb of sending or going comes first: "en urgencias le han pautado Septrin" only says
// where a prescription was written.
const escalationQuestion = new RegExp(
  [
    '\\b(send|sending|refer|take|go|call|ring|escalate|mand[a-z]*|envi[a-z]*|deriv[a-z]*|llev[a-z]*|acud[a-z]*|llam[a-z]*|ir|vaya|vayan)\\b(\\s+\\S+){0,3}?\\s+' +
      '(er|ed|a&e|emergency|emergencies|911|112|999|ambulance|hospital|urgencias|emergencias|ambulancia)\\b',
    '\\bis (it|this|that) (an )?(emergency|urgent)\\b',
    '\\bes (una )?(urgencia|emergencia|urgente)\\b',
  ].join('|'),
);

/** Whether the question asks whether, or when, to send the patient to emergency care. */
export function asksToEscalate(question: string): boolean {
  return escalationQuestion.test(foldText(question));
}

/**
 * The cards that answer: those the answerability model calls strong, in retrieval order, at most three. A card
 * beside the best counts only when the cross-encoder reads it nearly as well: related cards (lithium with NSAIDs
 * beside warfarin with NSAIDs) are strong hits, but quoting them pads the answer. The exception is a question
 * about escalating ("¿lo mando a urgencias?"): a strong escalation card says when to, and it is quoted even when the
 * interaction card reads closer (the cross-encoder sees the drug names on both sides of that one).
 */
export function answeringCards(cards: readonly KbCardHit[], question = ''): KbCardHit[] {
  const strong = cards.filter((card) => card.relevance === 'strong');
  const [best] = strong;
  if (!best) return [];
  const bestScore = best.signals.rerank;
  const escalating = asksToEscalate(question);
  const close = (card: KbCardHit) =>
    bestScore === null || card.signals.rerank === null || bestScore - card.signals.rerank <= companionCardMargin || (escalating && card.passage.category === 'escalation');
  return [best, ...strong.slice(1).filter(close)].slice(0, answerCards);
}

/**
 * Whether a card gives the figure a question asks for: a dose asked of one named medicine next to that medicine
 * (`givesDoseOf`), a level asked of one named medicine in a card naming it (`givesLevelOf`), a count of time units by
 * a length that comes to at least one of that unit (`holdsDurationIn`), anything else anywhere in the card.
 */
function figureHolder(asked: FigureKind, query: KbQuery, lexicon: ClinicalLexicon, bodyOf: (card: KbCardHit) => string): (card: KbCardHit) => boolean {
  const medicines = new Set([...query.mentions, ...lexicon.find(query.english)].filter((mention) => mention.kind === 'drug').map((mention) => mention.canonical));
  const [medicine] = medicines;
  // The title as the document's heading: its words say what every sentence is about (detail-questions.ts).
  // A day or time, and how long something is kept, are held to the user's own documents: a shipped card answers "what
  // time should I take my statin?" with "in the evening", and is calibrated on its own example questions.
  if (isDetailKind(asked))
    return (card) => (ownDocumentDetails.has(asked) && card.passage.origin !== 'user') || holdsDetail(`# ${card.passage.title}\n\n${bodyOf(card)}`, asked, `${query.question}\n${query.english}`);
  if (asked === 'duration') {
    const unit = durationUnitAsked(query.question) ?? durationUnitAsked(query.english);
    if (unit !== null) return (card) => holdsDurationIn(bodyOf(card), unit);
  }
  if (medicines.size !== 1 || medicine === undefined || (asked !== 'dose' && asked !== 'level')) return (card) => holdsFigure(bodyOf(card), asked);
  if (asked === 'level') return (card) => givesLevelOf(`${card.passage.title}\n\n${bodyOf(card)}`, medicine, lexicon);
  return (card) => givesDoseOf(bodyOf(card), medicine, lexicon);
}

/** The figure a question asked for, as the refusal's reason names it. */
const askedFigure: Record<FigureKind, string> = {
  dose: 'a dose',
  level: 'a level or range',
  duration: 'a length of time',
  frequency: 'how often',
  price: 'a price',
  person: "a person's name",
  maker: 'a brand, maker or supplier',
  phone: 'a phone number or extension',
  email: 'an email address',
  password: 'a password, PIN or code',
  charge: 'whether it is paid for',
  time: 'a day or time',
  kept: 'how long it is kept',
  count: 'a count',
  reason: 'a reason',
  cover: 'who stands in',
  age: 'an age',
};

/**
 * The question is answerable when its own signals (the best cross-encoder score and cosine among the candidates,
 * see questionSignals) reach the threshold, or the weak bar when its first card covers every medicine and condition it
 * names (cardAnchors), and the figure, population and aspect checks pass; the reason names uncovered drugs or
 * conditions when there are some.
 */
function decide(
  cards: readonly KbCardHit[],
  context: {
    variantName: string;
    variant: CalibratedVariant;
    /** With a variant that reads the example questions, the model the cards' own relevance comes from, and its weak bar. */
    cardModel: { variant: CalibratedVariant; name: string; threshold: number; weakThreshold: number; anchoredThreshold: number } | null;
    /** How close the question reads to the nearest answered example of its first card (firstCardExampleBar); null without examples. */
    firstCardExample: number | null;
    thresholds: { threshold: number; weakThreshold: number; anchoredThreshold: number };
    uncovered: string[];
    /** A short question naming only medicines and conditions no card covers, one a condition: no card is about it. */
    subjectUncovered: boolean;
    enabled: boolean;
    /** The question as asked: an escalation question takes the escalation card along (answeringCards). */
    question: string;
    /** The figure the question asks for, and whether a card holds one. */
    figure: { asked: FigureKind; holds: (card: KbCardHit) => boolean } | null;
    /** The population the question asks a safety question about, and whether a card speaks of it. */
    population: { asked: Population; holds: (card: KbCardHit) => boolean } | null;
    /**
     * The aspect a question about one medicine asks about (its words), and whether a card uses one of them; or the
     * symptoms or reactions it asks whether `effectOf` (a medicine) causes, and whether a card on it names one.
     */
    aspect: { asked: string[]; holds: (card: KbCardHit) => boolean; effectOf?: string } | null;
    /** The kinds of food or drink the question names with medicines the cards cover, and whether a card on one of them names one. */
    food: { asked: readonly FoodKind[]; with: string[]; holds: (card: KbCardHit) => boolean } | null;
    /** The medicines the question names, and whether a card is about one of them (an interaction card: cardAboutNamed). */
    interaction: { named: string[]; holds: (card: KbCardHit) => boolean; unspoken: (card: KbCardHit) => string[] } | null;
    /** The medicines an interaction question asks about together, and whether a card speaks of two of them (askedTogether). */
    together: { named: string[]; holds: (card: KbCardHit) => boolean } | null;
    /** The exceptions a question turns on, and whether a card (a document of the user's) speaks of them (condition-questions.ts). */
    condition: { asked: string[]; asked_es: string[]; applies: (card: KbCardHit) => boolean; holds: (card: KbCardHit) => boolean } | null;
  },
): Answerability {
  // The calibration saw each question's first five cards; more would only add chances of a high score.
  const signalsOfQuestion = questionSignals(cards.slice(0, answerabilityCards).map((card) => card.signals));
  // The example questions were written for the shipped cards; a document of the user's has none. When one is first and
  // the cross-encoder reads it as plainly about the question, the shipped examples do not outvote it ("What time does
  // the weekly fire alarm check happen?" read close to examples no card answers): the cards' own model decides, at its
  // own bar. The figure and other checks below still hold it to the point.
  const ownDocument = context.cardModel !== null && ownDocumentFirst(cards[0]) ? context.cardModel : null;
  const scored = signalsOfQuestion ? scoreCard(ownDocument?.variant ?? context.variant, signalsOfQuestion) : null;
  const probability = scored?.probability ?? 0;
  // A question whose first card covers every medicine and condition it names is answered from the weak bar up:
  // that card is about what was asked, and the figure, population and aspect checks below still hold it to the point.
  // The keyword model reads the first card's share of the named ones already (names_covered_by_card).
  const anchored = !context.variant.model.features.includes('names_covered_by_card') && cardAnchors(cards[0]);
  const bars = ownDocument ?? context.thresholds;
  const threshold = anchored ? bars.anchoredThreshold : bars.threshold;
  // The example questions say whether a question is answerable, not which card answers it: they do not let in a
  // question whose cards read, by their own model, below its weak bar ("stye on my eyelid … or just leave it alone?"
  // would quote the suicidal-ideation card for "do not leave the person alone"). README "Not relevant on its own".
  const { cardModel } = context;
  const own =
    context.enabled && !anchored && probability >= threshold && signalsOfQuestion && cardModel
      ? { probability: scoreCard(cardModel.variant, signalsOfQuestion).probability, bar: cardModel.weakThreshold }
      : null;
  // The guard stands aside when a card is strong by its own signals: an adherence card, which no uncovered medicine
  // counts against, may be while the first card's signals read below the bar (that card is then quoted). Otherwise a
  // question whose first card's own example reads close (firstCardExampleBar) is answered from that card alone
  // (throughFirst in retrieve).
  const belowOwnBar = own !== null && own.probability < own.bar && !cards.some((card) => card.relevance === 'strong');
  const firstCardAnswers = belowOwnBar && context.firstCardExample !== null && context.firstCardExample >= firstCardExampleBar;
  const examplesAlone = belowOwnBar && !firstCardAnswers ? own : null;
  const relevant = scored !== null && (!context.enabled || probability >= threshold) && examplesAlone === null;
  // A question asking for a dose or a level is answered only by a relevant card that gives one: the cards about
  // warfarin do not answer "what is the starting dose of warfarin?" however close they read.
  const answering = answeringCards(cards, context.question);
  const judged = context.enabled && answering.length > 0 ? answering : cards.slice(0, 1);
  const figure = context.figure === null ? null : { asked: context.figure.asked, found: judged.some(context.figure.holds) };
  // Likewise a question about a medicine in pregnancy or breastfeeding needs a card that speaks of it.
  const population = context.population === null ? null : { asked: context.population.asked, found: judged.some(context.population.holds) };
  // And a short question about one medicine's aspect ("the half-life of digoxin") needs a card that names it.
  const aspect = context.aspect === null ? null : { asked: context.aspect.asked, found: judged.some(context.aspect.holds) };
  // And a question about a food or drink with a medicine needs a card on that medicine that names it.
  const food = context.food === null ? null : { asked: context.food.asked.map((kind) => kind.label), asked_es: context.food.asked.map((kind) => kind.labelEs), with: context.food.with, found: judged.some(context.food.holds) };
  // And a question naming medicines is not answered by an interaction card about none of them. (Such a card is never
  // strong, so it is judged only as the first card when no card is.) Said only of relevant cards.
  const interactionCards = judged.filter((card) => card.passage.category === 'drug-interaction');
  const interaction =
    context.interaction === null || interactionCards.length === 0 || !relevant
      ? null
      : {
          named: context.interaction.named,
          about: [...new Set(interactionCards.map((card) => subjectText(card.passage.title)))],
          found: judged.some(context.interaction.holds),
          unspoken: [...new Set(interactionCards.flatMap(context.interaction.unspoken))],
        };
  // And an interaction question about medicines that are not one another needs a card that speaks of two of them.
  const together = context.together === null || !relevant ? null : { named: context.together.named, found: judged.some(context.together.holds) };
  // And a question turning on an exception, answered from a document of the user's, needs one of the user's documents
  // that speaks of it: a shipped card quoted beside it (the bleeding card, for a clinic's holiday rota) does not say
  // what the clinic does then. Answered from shipped cards alone, it is not held to it.
  const conditionCheck = context.condition;
  const condition =
    conditionCheck === null || !judged.some(conditionCheck.applies)
      ? null
      : { asked: conditionCheck.asked, asked_es: conditionCheck.asked_es, found: judged.some((card) => conditionCheck.applies(card) && conditionCheck.holds(card)) };
  const answerable =
    relevant &&
    (!context.enabled ||
      (!context.subjectUncovered &&
        (figure === null || figure.found) && (population === null || population.found) && (aspect === null || aspect.found) && (food === null || food.found) && (interaction === null || interaction.found) && (together === null || together.found) && (condition === null || condition.found)));
  const closest = cards.slice(0, 3).map((card) => card.passage.title);
  let reason: string;
  if (scored === null) reason = 'No card of the clinical knowledge base shares anything with this question.';
  else if (!context.enabled) reason = 'Answerability is switched off in the settings: the closest cards are quoted whatever their relevance.';
  else if (examplesAlone)
    reason = `No card is relevant to this question on its own (${examplesAlone.probability.toFixed(2)} < ${examplesAlone.bar.toFixed(2)} by the cards' own model), however the example questions read it.`;
  else if (!relevant && context.uncovered.length > 0) reason = `No card covers ${listOf(context.uncovered)}, and no card is relevant enough to this question (${probability.toFixed(2)} < ${threshold.toFixed(2)}).`;
  else if (!answerable && context.subjectUncovered) reason = `No card covers ${listOf(context.uncovered)}, the only medicines and conditions this short question names.`;
  // A check that fails is the reason given, relevant cards or not: it says what no card states.
  else if (!answerable && population !== null && !population.found) reason = `The question asks about ${population.asked}, and no relevant card speaks of it.`;
  else if (!answerable && food !== null && !food.found) reason = `The question asks about ${listOf(food.asked)} with ${listOf(food.with)}, and no relevant card about ${listOf(food.with)} speaks of it.`;
  else if (!answerable && aspect !== null && !aspect.found && context.aspect?.effectOf !== undefined)
    reason = `The question asks whether ${context.aspect.effectOf} causes ${listOf(aspect.asked)}, and no relevant card about ${context.aspect.effectOf} speaks of it.`;
  else if (!answerable && aspect !== null && !aspect.found) reason = `The question asks about ${listOf(aspect.asked.map((term) => `"${term}"`))}, and no relevant card speaks of it.`;
  else if (!answerable && figure !== null && !figure.found) reason = `The question asks for ${askedFigure[figure.asked]}, and no relevant card gives one.`;
  else if (!answerable && condition !== null && !condition.found) reason = `The question turns on ${listOf(condition.asked)}, and no relevant document speaks of it.`;
  else if (!answerable && together !== null && !together.found && (interaction === null || interaction.found))
    reason = `The question asks about ${listWords(together.named, 'en')} together, and no relevant card speaks of both.`;
  else if (!answerable && interaction !== null && !interaction.found && interaction.unspoken.length > 0)
    reason = `The question names ${listWords(interaction.named, 'en')}, and the interaction card closest to it is about ${listOf(interaction.about)} with other medicines: it does not speak of ${listWords(interaction.unspoken, 'en')}.`;
  else if (!answerable && interaction !== null && !interaction.found)
    reason = `The question names ${listOf(interaction.named)}, and the interaction card closest to it is about ${listOf(interaction.about)}, which it does not name.`;
  else if (answeredThroughAnchor({ answerable, probability }, bars.threshold))
    reason = `The first card covers every medicine and condition the question names, and the cards are relevant enough to it (${probability.toFixed(2)} ≥ ${threshold.toFixed(2)}).`;
  else if (answerable && firstCardAnswers && own !== null)
    reason = `The question reads close to one its first card answers (${(context.firstCardExample ?? 0).toFixed(2)} ≥ ${firstCardExampleBar.toFixed(2)}), though no card is relevant to it on its own (${own.probability.toFixed(2)} < ${own.bar.toFixed(2)}): only that card is quoted.`;
  else if (answerable) reason = `The cards are relevant enough to this question (${probability.toFixed(2)} ≥ ${threshold.toFixed(2)}).`;
  else if (context.variantName.includes('examples'))
    reason = `No card is relevant enough to this question, read beside the example questions cards answer and do not answer (${probability.toFixed(2)} < ${threshold.toFixed(2)}).`;
  else reason = `No card is relevant enough to this question (${probability.toFixed(2)} < ${threshold.toFixed(2)}).`;
  const model = ownDocument ? `${context.variantName} (own document: ${ownDocument.name})` : context.variantName;
  return { answerable, probability, threshold, model, signals: scored?.parts ?? [], uncovered: context.uncovered, reason, closest, figure, population, aspect, food, interaction, together, condition };
}

/**
 * The cross-encoder's logit from which a document of the user's, first among the cards, is plainly about the
 * question (relevant pairs read about +8, unrelated ones -3 to -11). Chosen on the eleven development sets of own
 * documents (1-9, dev-a, dev-b): README "Own documents are not judged by the shipped example questions".
 */
export const ownDocumentRerankBar = 3;

/** Whether the first card is one of the user's documents that the cross-encoder read as plainly about the question. */
function ownDocumentFirst(card: KbCardHit | undefined): boolean {
  return card !== undefined && card.passage.origin === 'user' && (card.signals.rerank ?? Number.NEGATIVE_INFINITY) >= ownDocumentRerankBar;
}

/**
 * Whether a card anchors the question: the question names medicines or conditions and this card covers them all
 * (so none is uncovered). Measured over the nine sets before it shipped (README "Relevance").
 */
function cardAnchors(card: KbCardHit | undefined): boolean {
  return card !== undefined && card.signals.mentionCount > 0 && card.signals.cardCoverage === 1;
}

/** An answer given only through the anchored bar: answerable, yet below the threshold every other question needs. */
function answeredThroughAnchor(answerability: { answerable: boolean; probability: number }, threshold: number): boolean {
  return answerability.answerable && answerability.probability < threshold;
}

/** Whether a card's title names one of these conditions (by canonical name, as the lexicon finds it). */
function titleNames(lexicon: ClinicalLexicon, title: string, mentions: readonly ClinicalMention[]): boolean {
  const named = new Set(lexicon.find(title).map((mention) => mention.canonical));
  return mentions.some((mention) => named.has(mention.canonical));
}

function listOf(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} or ${names[names.length - 1]}`;
}

/** What the English form replaced, each pair once however often the question repeats it ("Xanax… the Xanax"). */
export function englishFormNotice(query: Pick<KbQuery, 'english' | 'replaced'>): Notice {
  const pairs = [...new Map(query.replaced.map(({ from, to }) => [`${from}\u0000${to}`, { from, to }])).values()];
  return {
    code: 'translated',
    message:
      query.english.length > quotedTranslationLimit
        ? `The cards are in English, so this question was also searched in English (${pairs.map((pair) => `${pair.from} → ${pair.to}`).join(', ')}).`
        : `The cards are in English, so this was also searched as "${query.english}" (${pairs.map((pair) => `${pair.from} → ${pair.to}`).join(', ')}).`,
    translation: { corpus: 'kb', searched_as: query.english, pairs },
  };
}

/** The contract's hit for a card: its best passage with the card's citation and its relevance. */
export function toKbHit(hit: KbCardHit): SearchHit {
  const { passage } = hit;
  return {
    ...toSearchHitBase(hit.fused, hit.relevance, hit.signals.rerank),
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
      ...(passage.original_id === null ? {} : { original_id: passage.original_id }),
    },
  };
}
