import type { Notice, SearchHit, SearchInput, SearchOutput, Strategy } from '../../../shared/contract.js';
import { detectLanguage } from '../../core/language.js';
import type { Reranker } from '../../reranking/reranker.js';
import type { Settings } from '../../../shared/settings.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { fuseCrossLanguage, keywordOnly, reciprocalRankFusion, vectorOnly, type FusedHit } from '../../retrieval/fusion.js';
import type { KeywordHit } from '../../retrieval/keyword-index.js';
import type { Retriever } from '../../retrieval/retriever.js';
import { toSearchHitBase } from '../../retrieval/search-hit.js';
import type { VectorNeighbour } from '../../retrieval/vector-store.js';
import { manualsCorpus } from './manuals-ingest.js';
import type { ManualPassageRow, ManualRow, ManualSectionRow, ManualsRepository } from './manuals-repository.js';

/** Reciprocal rank fusion's k, as the KB's hybrid search uses it. */
const rrfK = 60;

/**
 * How many of the first hits the cross-encoder reads to decide whether the manuals answer a question at all, and the
 * logit at or above which one does: 0, the model's own boundary (ms-marco's training reads it as an even chance of
 * relevance), chosen a priori, not fitted. On the 39-question manuals set the English answerable questions' best
 * scores ran 0.3 to 9.4 but one (-2.1, "maxiflex", a word of the summary-less section), the unanswerable ones -1.9
 * to -11.2.
 */
export const manualRelevanceReads = 10;
export const manualRelevanceLogit = 0;

/** The branch counts the tree search keeps, compared with the flat search by `cita eval --corpus manuals --tree`. */
export const manualBranchCounts: readonly number[] = [1, 2, 3];

/**
 * The cross-language path's noise bar for manual passages and summaries (USE-multilingual-v3 cosine distance): the
 * KB's bar for its chunks, taken as it is (prose of the same length), not fitted on the manuals set.
 */
export const manualCrossLanguageMaxDistance = 0.75;

/** One level of a manual's tree as a search sees it: passages, or sections by their summaries. */
interface Level {
  retriever: Retriever;
  /** The same rows in the multilingual space: for a question in another language than the manuals (English). */
  crossLanguage: Retriever | undefined;
  /** How many rows the level holds: a ranking restricted to some of them needs every row ranked. */
  size(): number;
}

interface Ranking {
  fused: FusedHit[];
  embedder: string | null;
  notices: Notice[];
}

/** Keyword hits among `within` only, renumbered and renormalised as if the others did not exist. */
function keywordWithin(hits: readonly KeywordHit[], within: ReadonlySet<number> | null): KeywordHit[] {
  if (!within) return [...hits];
  const kept = hits.filter((hit) => within.has(hit.id));
  const best = kept[0]?.score ?? 1;
  return kept.map((hit, index) => ({ ...hit, rank: index + 1, normalized: hit.score / best }));
}

/**
 * Ranks a level for a query by the strategy asked (hybrid: BM25 and cosine fused by reciprocal rank), optionally
 * among some rows only (`within`: the passages under the kept branches). Without vectors it falls back to keywords
 * and says why, as every corpus does.
 */
async function rankLevel(level: Level, query: string, strategy: Strategy, limit: number, within: ReadonlySet<number> | null, settings: Settings | null): Promise<Ranking> {
  const depth = within ? Math.max(level.size(), limit) : Math.max(limit, 50);
  const notices: Notice[] = [];
  let embedder: string | null = null;
  let neighbours: VectorNeighbour[] | null = null;
  if (strategy !== 'keyword') {
    const semantic = await level.retriever.semantic(query, { k: depth });
    embedder = semantic.embedderId;
    if (semantic.ok) neighbours = within ? semantic.neighbours.filter((neighbour) => within.has(neighbour.itemId)) : semantic.neighbours;
    else notices.push(semantic.notice);
  }
  const keyword = strategy === 'vector' && neighbours ? [] : keywordWithin(level.retriever.keyword.search(query, { limit: depth }), within);
  let fused = neighbours === null ? keywordOnly(keyword, limit) : strategy === 'vector' ? vectorOnly(neighbours, limit) : reciprocalRankFusion(keyword, neighbours, { k: rrfK, limit });
  // A Spanish question meets the English manuals in the multilingual space, fused with the ranking above by RRF. A
  // manual's question is a sentence, so its detected language decides alone, as the KB's and the refusal check's do.
  if (strategy !== 'keyword' && settings) {
    const cross = await crossLanguageNeighbours(level.crossLanguage, query, { corpusLanguage: 'en', k: depth, language: detectLanguage(query) });
    if (cross.ran) {
      const near = within ? cross.neighbours.filter((neighbour) => within.has(neighbour.itemId)) : cross.neighbours;
      fused = fuseCrossLanguage(fused, near, { k: settings.fusion.cross_language_rrf_k, limit, maxDistance: manualCrossLanguageMaxDistance, weight: settings.fusion.cross_language_weight });
    } else if (cross.notice) notices.push(cross.notice);
  }
  return { fused, embedder, notices };
}

export interface ManualsSearch {
  /** The flat search: every passage of every manual competes. */
  search(input: SearchInput): Promise<SearchOutput>;
  /**
   * The tree search: the sections are ranked by their summaries, the best `branches` kept, and only the passages
   * under them ranked (by the same paths and fusion as the flat search). Returns the kept sections' keys too.
   */
  treeSearch(input: SearchInput, branches: number): Promise<{ output: SearchOutput; branches: string[] }>;
}

/** The manuals corpus's two searches over its passages and its sections' summaries. */
export function createManualsSearch(deps: {
  repository: ManualsRepository;
  passages: Retriever;
  sections: Retriever;
  /** The cross-language path's spaces; without them (or without `settings`) the path does not run. */
  passagesCrossLanguage?: Retriever;
  sectionsCrossLanguage?: Retriever;
  settings?: () => Settings;
  reranker?: () => Promise<Reranker | null>;
}): ManualsSearch {
  const passageLevel: Level = { retriever: deps.passages, crossLanguage: deps.passagesCrossLanguage, size: () => deps.passages.keyword.size() };
  const sectionLevel: Level = { retriever: deps.sections, crossLanguage: deps.sectionsCrossLanguage, size: () => deps.sections.keyword.size() };
  const settings = () => deps.settings?.() ?? null;

  function hits(fused: readonly FusedHit[]): SearchHit[] {
    const passages = new Map(deps.repository.passagesByIds(fused.map((hit) => hit.id)).map((row) => [row.id, row]));
    const sections = new Map(deps.repository.sectionsByIds([...new Set([...passages.values()].map((row) => row.section_id))]).map((row) => [row.id, row]));
    const manuals = new Map<string, ManualRow | undefined>();
    return fused.flatMap((hit) => {
      const passage = passages.get(hit.id);
      const section = passage ? sections.get(passage.section_id) : undefined;
      if (!passage || !section) return [];
      if (!manuals.has(passage.manual_id)) manuals.set(passage.manual_id, deps.repository.manual(passage.manual_id));
      const manual = manuals.get(passage.manual_id);
      return manual ? [toManualHit(hit, passage, section, manual, pathOf(section))] : [];
    });
  }

  /** The headings from the top of the section's manual down to it. */
  function pathOf(section: ManualSectionRow): string[] {
    const all = new Map(deps.repository.sections(section.manual_id).map((row) => [row.section_index, row]));
    const path: string[] = [];
    for (let node: ManualSectionRow | undefined = section; node; node = node.parent_index === null ? undefined : all.get(node.parent_index)) path.unshift(node.heading);
    return path;
  }

  /**
   * Whether the manuals answer the question at all: the best cross-encoder score of the first hits reaches the
   * model's own boundary. Searching always finds passages; without this, "What is the per diem rate for Chicago?"
   * returned ten "strong" ones. The cross-encoder reads English only, so a Spanish question is not judged, and says so;
   * `rerank: false` (or no cross-encoder installed) leaves every question unjudged.
   */
  async function relevance(query: string, found: readonly SearchHit[], wanted: boolean): Promise<{ refused: boolean; reranker: string | null; notice: Notice | null }> {
    const reranker = wanted && found.length > 0 ? await deps.reranker?.() : null;
    if (!reranker) return { refused: false, reranker: null, notice: null };
    if (detectLanguage(query) !== 'en') {
      return { refused: false, reranker: null, notice: { code: 'relevance_unchecked', message: 'Whether these passages answer the question was not checked: the check reads English only.' } };
    }
    const read = found.slice(0, manualRelevanceReads);
    const scores = await reranker.score(
      query,
      read.map((hit) => `${hit.manual?.path.join(' › ') ?? hit.title}. ${hit.manual?.passage ?? ''}`),
    );
    const best = Math.max(...scores);
    if (best >= manualRelevanceLogit) return { refused: false, reranker: reranker.id, notice: null };
    return {
      refused: true,
      reranker: reranker.id,
      notice: {
        code: 'not_answerable',
        message: `No passage of the manuals reads as answering this question (best cross-encoder score ${best.toFixed(1)} < ${manualRelevanceLogit}): these are only the closest passages.`,
      },
    };
  }

  async function output(input: SearchInput, strategy: Strategy, ranking: Ranking, extraNotices: Notice[] = []): Promise<SearchOutput> {
    const found = hits(ranking.fused);
    const judged = await relevance(input.query, found, input.rerank !== false);
    return {
      corpus: manualsCorpus,
      query: input.query,
      strategy,
      embedder: ranking.embedder,
      reranker: judged.reranker,
      hits: found,
      refused: found.length === 0 || judged.refused,
      // Both levels of a tree search may say the same thing (a path unavailable): once is enough.
      notices: [...extraNotices, ...ranking.notices, ...(judged.notice ? [judged.notice] : [])].filter((notice, index, all) => all.findIndex((other) => other.code === notice.code) === index),
    };
  }

  return {
    async search(input) {
      const strategy = input.strategy ?? 'hybrid';
      return output(input, strategy, await rankLevel(passageLevel, input.query, strategy, input.k, null, settings()));
    },
    async treeSearch(input, branches) {
      const strategy = input.strategy ?? 'hybrid';
      // Only sections with passages are branches: a heading with nothing of its own under it leads nowhere.
      const withPassages = new Set(deps.repository.passages().map((row) => row.section_id));
      const sectionRanking = await rankLevel(sectionLevel, input.query, strategy, sectionLevel.size(), withPassages, settings());
      const kept = sectionRanking.fused.slice(0, branches).map((hit) => hit.id);
      const keptSet = new Set(kept);
      const under = new Set(
        deps.repository
          .passages()
          .filter((row) => keptSet.has(row.section_id))
          .map((row) => row.id),
      );
      const passageRanking = await rankLevel(passageLevel, input.query, strategy, input.k, under, settings());
      const keys = deps.repository.sectionsByIds(kept);
      const byId = new Map(keys.map((row) => [row.id, row.item_key]));
      return { output: await output(input, strategy, passageRanking, sectionRanking.notices), branches: kept.map((id) => byId.get(id) ?? '') };
    },
  };
}

/** A passage as a search hit: found by both paths = strong, by one = weak (manuals have no calibration yet). */
function toManualHit(fused: FusedHit, passage: ManualPassageRow, section: ManualSectionRow, manual: ManualRow, path: string[]): SearchHit {
  const both = fused.paths.includes('keyword') && fused.paths.includes('vector');
  return {
    ...toSearchHitBase(fused, both ? 'strong' : 'weak'),
    id: `${section.item_key}@${passage.chunk_index}`,
    title: `${manual.title} — ${section.heading}`,
    source: manual.source_name,
    manual: {
      manual_id: manual.id,
      title: manual.title,
      section_key: section.item_key,
      path,
      passage: passage.passage,
      source_name: manual.source_name,
      source_url: manual.source_url,
    },
  };
}
