import type { Language, Notice } from '../../shared/contract.js';
import { questionLanguage } from '../core/language.js';
import type { KeywordMatch } from './keyword-index.js';
import type { Retriever } from './retriever.js';
import type { VectorNeighbour } from './vector-store.js';

/** What the cross-language path found for one query, or why it did not run. */
export type CrossLanguageResult = { ran: true; embedderId: string; neighbours: VectorNeighbour[] } | { ran: false; notice: Notice | null };

/**
 * Whether a question may be in another language than the corpus: it is when its words say so, and also when they
 * say nothing (most food searches are one or two nouns, "sardinas", which carry no function words to tell by),
 * unless the corpus itself reads every word of it: a keyword hit that matched all the query's terms, none of them
 * only within a typo, says the query is in the corpus's words ("sardine", "saldo vencido").
 */
export function mayCrossLanguage(query: string, corpusLanguage: Language, keywordHits: ReadonlyArray<{ match: KeywordMatch | null; coverage: number | null }> = []): boolean {
  if (keywordHits.some((hit) => hit.match !== null && hit.match !== 'fuzzy' && hit.coverage === 1)) return false;
  return questionLanguage(query) !== corpusLanguage;
}

/**
 * The cross-language path of one corpus: the k nearest rows to the query in the multilingual embedder's space,
 * for a query that may be in another language than the corpus. It never throws: a missing model, a corpus without
 * multilingual vectors or a failing call leaves the other paths' results as they are, with a notice saying so
 * (none when the path is switched off in the settings or the query is in the corpus's own language).
 */
export async function crossLanguageNeighbours(
  retriever: Pick<Retriever, 'semantic'> | undefined,
  query: string,
  options: {
    corpusLanguage: Language;
    k: number;
    owners?: readonly string[];
    signal?: AbortSignal;
    /** The corpus's own keyword hits for the query as typed (see mayCrossLanguage). */
    keywordHits?: ReadonlyArray<{ match: KeywordMatch | null; coverage: number | null }>;
    /** The query's language when the corpus reads it itself (the KB's questions); it then decides alone. */
    language?: Language;
  },
): Promise<CrossLanguageResult> {
  const other = options.language !== undefined ? options.language !== options.corpusLanguage : mayCrossLanguage(query, options.corpusLanguage, options.keywordHits);
  if (!retriever || !other) return { ran: false, notice: null };
  const result = await retriever.semantic(query, { k: options.k, ...(options.owners ? { owners: options.owners } : {}), ...(options.signal ? { signal: options.signal } : {}) });
  if (result.ok) return { ran: true, embedderId: result.embedderId, neighbours: result.neighbours };
  if (result.embedderId === null) {
    // Switched off on purpose: nothing to tell. Missing or broken model: say what is missing, once per search.
    const problem = result.notice.message.replace(/^Keyword-only results: /, '').replace(/\.$/, '');
    if (/switched off/.test(problem)) return { ran: false, notice: null };
    return { ran: false, notice: { code: 'cross_language_unavailable', message: `Results without cross-language search: ${problem.replace(/^no cross-language search: /, '')}.` } };
  }
  return { ran: false, notice: { ...result.notice, code: `cross_language_${result.notice.code}`, message: `Cross-language search: ${result.notice.message}` } };
}
