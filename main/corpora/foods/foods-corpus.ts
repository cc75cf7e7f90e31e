import type { z } from 'zod';
import type { Food, Notice, Relevance, SearchHit, SearchOutput, searchInputSchema } from '../../../shared/contract.js';
import type { Per100g } from '../../../shared/nutrients.js';
import { AppError } from '../../core/errors.js';
import { isEnglishWord } from '../../core/english-words.js';
import { ConnectionLostError } from '../../db/postgres/postgres-database.js';
import type { SettingsService } from '../../core/settings.js';
import type { ProfilesRepository } from '../../db/repositories/profiles-repository.js';
import { createKeywordIndex, type KeywordDocument, type KeywordHit, type KeywordIndexOptions } from '../../retrieval/keyword-index.js';
import { crossLanguageNeighbours } from '../../retrieval/cross-language.js';
import { fuseConcept, fuseCrossLanguage, keywordFirstFill, keywordOnly, vectorOnly, type FusedHit } from '../../retrieval/fusion.js';
import type { Retriever } from '../../retrieval/retriever.js';
import { toSearchHitBase } from '../../retrieval/search-hit.js';
import { stemToken } from '../../retrieval/stemming.js';
import { indexTerms } from '../../core/text-folding.js';
import { barsFor, semanticRelevance, type SemanticBars } from '../../retrieval/semantic-bars.js';
import type { VectorCounts } from '../../retrieval/vector-bookkeeping.js';
import { conceptMembers, conceptOfQuery, type FoodConcept } from './food-concepts.js';
import { localNamesForSearch, readIfctFoods } from './ifct.js';
import { translateFoodQuery, type FoodQueryTranslation } from './spanish-food-words.js';
import { createSpellingReader, type SpellingReading } from './food-spelling.js';
import { toFood, type FoodRow, type FoodsRepository } from './foods-repository.js';
import type { FoodsStore } from './foods-store.js';

export type SearchInput = z.output<typeof searchInputSchema>;

/** Below this many keyword hits the semantic path fills in (the seed's rule). */
export const minimumKeywordHits = 8;
/** Queries shorter than this never reach the embedder (the seed's rule). */
export const minimumSemanticQueryLength = 3;
export const sharedSource = 'IFCT 2017';

/**
 * Semantic fill bars per embedder model (cosine distance). Gemini keeps the seed's max_dist 0.65, calibrated by the
 * seed on Gemini vectors. bge-small's were chosen on kb/eval/foods.json, foods-es.json and the dev half of
 * foods-relevance.json (see README "Relevance"): with the seed's 0.65 it filtered nothing, so "xqzzv" got 20 foods.
 */
export const foodsSemanticBars: Readonly<Record<string, SemanticBars>> = {
  'bge-small-en-v1.5': { strong: 0.32, max: 0.34 },
  'gemini-embedding-001': { strong: 0.5, max: 0.65 },
};
/**
 * Bars of the cross-language path (USE-multilingual-v3 over food names), chosen on kb/eval/foods-crosslang.json and
 * foods-relevance.json (README "Cross-language search"): at 0.35, 3 of 50 absent foods ("blueberries" → Black berry
 * 0.28) but 13 of 40 right Spanish matches are strong; beyond 0.55 nearly nothing right is left.
 */
export const foodsCrossLanguageBars: SemanticBars = { strong: 0.35, max: 0.55 };
/** The cross-language bars in force: `foods.max_dist`, when the user set one, overrides them as it does every embedder's. */
export function foodsCrossLanguageBarsFor(maxDist: number | null): SemanticBars {
  return maxDist === null ? foodsCrossLanguageBars : { strong: Math.min(foodsCrossLanguageBars.strong, maxDist), max: maxDist };
}
/** An embedder nobody calibrated gets the seed's value, and hits it lets through are only ever weak. */
const uncalibratedBars: SemanticBars = { strong: 0, max: 0.65 };

/** The bars in force: `foods.max_dist` when the user set one, else the active embedder's calibration. */
export function foodsBars(embedderId: string | null, maxDist: number | null): SemanticBars {
  const calibrated = barsFor(foodsSemanticBars, embedderId, uncalibratedBars);
  return maxDist === null ? calibrated : { strong: Math.min(calibrated.strong, maxDist), max: maxDist };
}

/** The reciprocal rank fusion constant of a concept's members with the other paths (the textbook 60). */
export const conceptRrfK = 60;

/**
 * A keyword hit is strong unless its words met the query only within a typo ("mutton" → "Button mushroom") or only
 * as the start of a longer word ("beer" → the Telugu "Beera kaya" of ridge gourd): both are near spellings.
 */
function keywordRelevance(fused: FusedHit): Relevance {
  return fused.keywordMatch === 'fuzzy' || fused.keywordMatch === 'prefix' ? 'weak' : 'strong';
}

export interface FoodsCorpus {
  search(input: SearchInput): Promise<SearchOutput>;
  add(input: { profile: string; name: string; brand: string; per100g: Per100g }): Promise<Food>;
  update(input: { profile: string; code: string; name?: string; brand?: string; per100g?: Per100g }): Promise<Food>;
  get(profile: string, code: string): Promise<Food>;
  /** Loads the shared IFCT 2017 base (idempotent). */
  seedShared(): Promise<{ inserted: number; updated: number; unchanged: number }>;
  counts(): VectorCounts;
}

/**
 * The keyword index sees what the seed's ilike saw, name and brand, and also the other names IFCT publishes
 * (scientific, Indian-language and English names) and the food group, weighted below the name: "santra",
 * "eggplant" or "citrus" find the food IFCT calls "Orange, pulp" or "Brinjal", and a name match still ranks first.
 */
export function foodKeywordDocument(row: Pick<FoodRow, 'id' | 'owner' | 'name' | 'brand' | 'food_group' | 'scientific_name' | 'local_names'>): KeywordDocument {
  return {
    id: row.id,
    owner: row.owner,
    fields: { name: row.name, brand: row.brand, group: row.food_group, scientific: row.scientific_name, local: localNamesForSearch(row.local_names) },
  };
}

export const foodsKeywordOptions: KeywordIndexOptions = {
  fields: ['name', 'brand', 'group', 'scientific', 'local'],
  boost: { name: 2, brand: 1, group: 0.5, scientific: 0.5, local: 0.5 },
  combineWith: 'AND',
};

export function createFoodsKeywordIndex() {
  return createKeywordIndex(foodsKeywordOptions);
}

/**
 * The hits of the query as typed first, then those of its English translation that are new, cut to `limit`. A hit
 * the typed words met only within a typo comes after the translation's: "pollo" is near the Telugu "Pollee" of a
 * shark's local names, and chicken is what the user asked for. Met within a typo means no word of the food the
 * search matched is a form of a typed word (one starting the other: "queso" and its stem "ques" are forms; the
 * hit's `match` cannot tell, since a word matched by its stem in the other language reads as a typo there).
 */
export function withTranslation(original: KeywordHit[], translated: KeywordHit[], limit: number, typed: string): KeywordHit[] {
  const words = indexTerms(typed);
  const isForm = (term: string) => words.some((word) => word.startsWith(term) || term.startsWith(word));
  const near = translated.length > 0 ? original.filter((hit) => hit.match === 'fuzzy' && !hit.terms.some(isForm)) : [];
  const first = original.filter((hit) => !near.includes(hit));
  const seen = new Set(first.map((hit) => hit.id));
  const fromTranslation = translated.filter((hit) => !seen.has(hit.id));
  for (const hit of fromTranslation) seen.add(hit.id);
  const merged = [...first, ...fromTranslation, ...near.filter((hit) => !seen.has(hit.id))].slice(0, limit);
  return merged.map((hit, index) => ({ ...hit, rank: index + 1 }));
}

/** The English stems of a text's words, as a sorted key ("Eggs" and "egg" meet). */
function stemKey(text: string): string {
  return [...new Set(indexTerms(text).map((word) => stemToken(word, 'en') ?? word))].sort().join(' ');
}

/**
 * Foods whose name is the query come first, in the keyword ranking's order otherwise. IFCT names a food head first
 * ("Milk, whole, Cow", "Chicken, poultry, leg, skinless"), so a food whose first part is exactly the query's words
 * ("milk", "leche" → milk) is that food, where a compound that starts with them is another ("Milk fish", "Chicken
 * mushroom, fresh", which BM25 puts first for their short names).
 */
export function namedFirst(hits: readonly KeywordHit[], nameOf: (id: number) => string | undefined, queries: readonly string[]): KeywordHit[] {
  const keys = new Set(queries.map(stemKey).filter((key) => key.length > 0));
  if (keys.size === 0) return [...hits];
  const isNamed = (hit: KeywordHit) => keys.has(stemKey((nameOf(hit.id) ?? '').split(',')[0] ?? ''));
  const ordered = [...hits.filter(isNamed), ...hits.filter((hit) => !isNamed(hit))];
  return ordered.map((hit, index) => ({ ...hit, rank: index + 1 }));
}

/** The notice of a translated query: it repeats the user's own words and their English, nothing else. */
export function translationNotice(translation: FoodQueryTranslation): Notice {
  const pairs = translation.pairs.map((pair) => `${pair.spanish} → ${pair.english}`).join(', ');
  return {
    code: 'translated',
    message: `The catalog names foods in English, so this was also searched as "${translation.english}" (${pairs}).`,
    translation: { corpus: 'foods', searched_as: translation.english, pairs: translation.pairs.map((pair) => ({ from: pair.spanish, to: pair.english })) },
  };
}

/** Says which concept the query was read as and by what definition, so a list of fish never looks like a guess. */
function conceptNotice(concept: FoodConcept, members: number): Notice {
  const fat = concept.min_fat_g_per_100g === null ? '' : ` or with at least ${concept.min_fat_g_per_100g} g of fat per 100 g`;
  return {
    code: 'concept',
    message: `Read as "${concept.name.en}" (${concept.name.es}): ${members} foods of ${concept.food_groups.join(' / ')} named as such by a public body${fat}; see each food's explanation.`,
    params: {
      name_en: concept.name.en,
      name_es: concept.name.es,
      count: members,
      ...(concept.min_fat_g_per_100g === null ? {} : { context: 'fat', fat: concept.min_fat_g_per_100g }),
    },
  };
}

/** The words read as others: "No food name has "chiken": searched as "chicken"." */
export function spellingNotice(reading: SpellingReading): Notice {
  const typed = reading.pairs.map((pair) => `"${pair.typed}"`).join(', ');
  const read = reading.pairs.map((pair) => `"${pair.read}"`).join(', ');
  return {
    code: 'spelling',
    message: `No food name has ${typed}: searched as ${read}.`,
    params: { typed: reading.pairs.map((pair) => pair.typed).join(', '), read: reading.pairs.map((pair) => pair.read).join(', ') },
  };
}

function noMatchNotice(query: string): Notice {
  return {
    code: 'no_match',
    message: `No food in the catalog matches "${query}". Check the spelling, try another name for it, or add it as your own food.`,
    params: { query },
  };
}

/** The own foods' database did not answer: the hits are the shipped foods only. */
function ownFoodsUnreadableNotice(): Notice {
  return {
    code: 'own_foods_unavailable',
    message: 'Your own foods could not be read (the PostgreSQL database does not answer): these results are the shipped foods only.',
  };
}

function weakMatchNotice(): Notice {
  return { code: 'weak_matches', message: 'No close match: these foods only resemble what you typed (a near spelling or a related food).' };
}

/** The foods catalog: shared IFCT base plus each profile's own foods, searched keyword-first. */
export function createFoodsCorpus(deps: {
  /** The shipped base, in the data directory's SQLite file. */
  repository: FoodsRepository;
  /** The foods a profile sees and its own foods (foods-store.ts: SQLite, or PostgreSQL with the diary). */
  store: FoodsStore;
  /** Called before each search: brings this process's keyword index up to the own foods written by other servers. */
  beforeSearch?: () => Promise<void>;
  profiles: ProfilesRepository;
  retriever: Retriever;
  settings: SettingsService;
  /** The rows in the multilingual embedder's space: Spanish searches meet IFCT's English names there. */
  crossLanguage?: Retriever;
  /** Food concepts a query may name ("oily fish", "pescado azul"), answered from the rows' own data. */
  concepts?: readonly FoodConcept[];
}): FoodsCorpus {
  // The keyword index arrives filled (from the rows or a snapshot of them; see foods-module.ts).
  const { repository, store, retriever } = deps;
  // The shipped names' words, read once (again after a seed changed them): what a misspelt word is read as.
  let spelling: ((query: string) => SpellingReading | null) | null = null;
  const readSpelling = (query: string) =>
    (spelling ??= createSpellingReader(
      repository.all().flatMap((row) => (row.owner === null ? [row.name] : [])),
      isEnglishWord,
    ))(query);

  function requireProfile(profile: string): void {
    if (!deps.profiles.exists(profile)) {
      throw new AppError(
        'not_found',
        `There is no profile "${profile}". Profiles: ${deps.profiles
          .list()
          .map((p) => p.id)
          .join(', ')}.`,
      );
    }
  }

  /** Both embeddings are asked for at once, so the model worker runs them back to back, ahead of queued queries. */
  async function embedInBothSpaces(row: FoodRow): Promise<void> {
    await Promise.all([retriever.embedRows([row]), deps.crossLanguage?.embedRows([row])]);
  }

  function toHit(fused: FusedHit, row: FoodRow, bars: SemanticBars, crossBars: SemanticBars): SearchHit {
    // A concept member meets the published definition the query named: as strong as a name match.
    const relevance = fused.paths.includes('concept')
      ? 'strong'
      : fused.paths.includes('keyword')
        ? keywordRelevance(fused)
        : fused.paths.includes('vector')
          ? semanticRelevance(fused.vectorDistance ?? 2, bars)
          : semanticRelevance(fused.multilingualDistance ?? 2, crossBars);
    return {
      ...toSearchHitBase(fused, relevance),
      id: row.code,
      title: row.brand ? `${row.name} (${row.brand})` : row.name,
      source: row.owner === null ? sharedSource : `profile:${row.owner}`,
      food: toFood(row),
    };
  }

  /** The shipped foods' side of the store, read from the data directory alone. */
  const shippedOnly: Pick<FoodsStore, 'visibleByIds' | 'visibleInGroups'> = {
    async visibleByIds(_profile, ids) {
      return new Map([...repository.byIds(ids)].filter(([, row]) => row.owner === null));
    },
    visibleInGroups: async (profile, groups) => repository.visibleInGroups(profile, groups).filter((row) => row.owner === null),
  };

  /** The search of one profile; without `own`, of the shipped foods only (its own foods could not be read). */
  async function searchWith(input: SearchInput, own: boolean): Promise<SearchOutput> {
    const reader = own ? store : shippedOnly;
    const strategy = input.strategy ?? 'hybrid';
    const owners = own ? [input.profile] : [];
    const notices: Notice[] = [];
    const limit = Math.max(input.k, minimumKeywordHits);
    const settings = deps.settings.get();
    const crossBars = foodsCrossLanguageBarsFor(settings.foods.max_dist);
    const spanish = settings.language.glossary ? translateFoodQuery(input.query) : null;
    // An English word no food name has, one slip from a word one has, is read as that word ("chiken" → "chicken"),
    // searched like a translation and said in its own notice.
    const misspelt = spanish === null ? readSpelling(input.query) : null;
    const translation: FoodQueryTranslation | null = spanish ?? (misspelt ? { english: misspelt.english, pairs: misspelt.pairs.map((pair) => ({ spanish: pair.typed, english: pair.read })) } : null);
    if (spanish) notices.push(translationNotice(spanish));
    if (misspelt) notices.push(spellingNotice(misspelt));
    // Each list puts the foods its words name first; the typed words' list still leads (a user's "Queso fresco"
    // before IFCT's Paneer, which "queso" translates to).
    const keywordSearch = async (query: string, language?: 'en') => {
      const hits = retriever.keyword.search(query, { limit, visibleOwners: owners, ...(language ? { language } : {}) });
      const rows = await reader.visibleByIds(
        input.profile,
        hits.map((hit) => hit.id),
      );
      return namedFirst(hits, (id) => rows.get(id)?.name, [query]);
    };
    const keyword = strategy === 'vector' ? [] : withTranslation(await keywordSearch(input.query), translation ? await keywordSearch(translation.english, 'en') : [], limit, input.query);
    let fused: FusedHit[];
    let embedderId: string | null = null;
    let bars = foodsBars(null, deps.settings.get().foods.max_dist);
    const wantsSemantic = strategy === 'vector' || (strategy === 'hybrid' && keyword.length < minimumKeywordHits && input.query.length >= minimumSemanticQueryLength);
    if (!wantsSemantic) {
      fused = keywordOnly(keyword, input.k);
      if (strategy !== 'keyword') embedderId = retriever.embedderId();
    } else {
      // bge-small-en reads English: a Spanish query is embedded as its translation.
      const semantic = await retriever.semantic(translation?.english ?? input.query, { k: input.k + keyword.length, owners });
      embedderId = semantic.embedderId;
      bars = foodsBars(embedderId, deps.settings.get().foods.max_dist);
      if (!semantic.ok) {
        notices.push(semantic.notice);
        fused = keywordOnly(keyword, input.k);
        if (semantic.notice.code === 'keyword_only') embedderId = null;
      } else if (strategy === 'vector') {
        fused = vectorOnly(semantic.neighbours, input.k);
      } else {
        fused = keywordFirstFill(keyword, semantic.neighbours, { limit: input.k, maxDistance: bars.max, minKeywordHits: minimumKeywordHits });
      }
    }
    if (strategy !== 'keyword') {
      const cross = await crossLanguageNeighbours(deps.crossLanguage, input.query, {
        corpusLanguage: 'en',
        k: Math.max(input.k, minimumKeywordHits),
        owners,
        // The hits of the words as typed (with the glossary on, also of their translation): when these read the
        // whole query, IFCT already understands it and the path would only reshuffle good results.
        keywordHits: keyword,
      });
      if (cross.ran)
        fused = fuseCrossLanguage(fused, cross.neighbours, { k: settings.fusion.cross_language_rrf_k, limit: input.k, maxDistance: crossBars.max, weight: settings.fusion.cross_language_weight });
      else if (cross.notice) notices.push(cross.notice);
    }
    // Keyword and vector stay single paths (baselines for evaluation); the app's hybrid search reads concepts.
    const named = strategy === 'hybrid' && settings.foods.concepts ? conceptOfQuery(deps.concepts ?? [], input.query) : null;
    if (named) {
      const members = conceptMembers(named.concept, await reader.visibleInGroups(input.profile, named.concept.food_groups));
      const best = members.slice(0, input.k).map((member) => ({ id: member.row.id, explanation: member.explanation }));
      fused = fuseConcept(fused, best, { k: conceptRrfK, limit: input.k, wholeQuery: named.wholeQuery });
      notices.push(conceptNotice(named.concept, members.length));
    }
    const rows = await reader.visibleByIds(
      input.profile,
      fused.map((hit) => hit.id),
    );
    const hits = fused.flatMap((hit) => {
      const row = rows.get(hit.id);
      return row ? [toHit(hit, row, bars, crossBars)] : [];
    });
    const relevant = hits.filter((hit) => hit.relevance !== 'none');
    if (relevant.length === 0) notices.push(noMatchNotice(input.query));
    else if (relevant.every((hit) => hit.relevance === 'weak')) notices.push(weakMatchNotice());
    // "refused": nothing strong, i.e. no food the query names; weak look-alikes are still shown, marked as such.
    return { corpus: 'foods', query: input.query, strategy, embedder: embedderId, hits, refused: !hits.some((hit) => hit.relevance === 'strong'), notices };
  }

  return {
    async search(input) {
      requireProfile(input.profile);
      try {
        await deps.beforeSearch?.();
        return await searchWith(input, true);
      } catch (error) {
        // The database of the own foods does not answer: the shipped foods are in the data directory, so the search
        // goes on without the own foods, and says so.
        if (!(error instanceof ConnectionLostError)) throw error;
        const output = await searchWith(input, false);
        return { ...output, notices: [ownFoodsUnreadableNotice(), ...output.notices] };
      }
    },

    async add(input) {
      requireProfile(input.profile);
      const row = await store.insertOwn({ owner: input.profile, name: input.name, brand: input.brand, group: '', source: 'user', per100g: input.per100g });
      retriever.keyword.upsert(foodKeywordDocument(row));
      await embedInBothSpaces(row);
      return toFood(row);
    },

    async update(input) {
      requireProfile(input.profile);
      const row = await store.updateOwn(input.profile, input.code, input);
      if (!row) throw new AppError('not_found', `Profile "${input.profile}" has no food of its own with code "${input.code}" (shared foods cannot be edited).`);
      retriever.keyword.upsert(foodKeywordDocument(row));
      await embedInBothSpaces(row);
      return toFood(row);
    },

    async get(profile, code) {
      requireProfile(profile);
      const row = await store.visibleByCode(profile, code);
      if (!row) throw new AppError('not_found', `No food with code "${code}" is visible to profile "${profile}".`);
      return toFood(row);
    },

    async seedShared() {
      const foods = readIfctFoods().map((food) => ({
        code: food.code,
        owner: null,
        name: food.name,
        brand: '',
        group: food.group,
        scientificName: food.scientificName,
        localNames: food.localNames,
        source: sharedSource,
        per100g: food.per100g,
      }));
      const { rows, ...counts } = repository.upsertShared(foods);
      spelling = null;
      for (const row of rows) retriever.keyword.upsert(foodKeywordDocument(row));
      return counts;
    },

    counts: () => retriever.counts(),
  };
}
