import { namedMedicines as interactionNamed, verdictApplies } from './interaction-subjects.js';
import type { AskInput, AskOutput, Language, Notice } from '../../../shared/contract.js';
import type { LlmChoice } from '../../answer/llm/create-llm.js';
import { LlmError, type LlmClient } from '../../answer/llm/llm-client.js';
import type { Reranker } from '../../reranking/reranker.js';
import type { CardSection } from './card.js';
import { answerCards, checkCitedGrounding, composeAnswer, detectLanguage, quotableCards } from './kb-answer.js';
import { leadLine } from './kb-answer-lead.js';
import { chooseQuotes, namedMedicines } from './kb-answer-units.js';
import type { ClinicalLexicon } from './clinical-lexicon.js';
import type { KbSearch } from './kb-search.js';

/** Longest answer kept from a model (a runaway reply is cut, never shown whole). */
export const maxKbLlmAnswerCharacters = 4000;

/** The answering instruction: only the numbered passages, a marker after each statement, figures copied exactly. */
export function kbComposerPrompt(language: Language): string {
  return [
    "You answer a clinician's question using ONLY the numbered passages of reference cards you are given.",
    'After every statement put the marker of the passage it comes from, exactly as written there, e.g. [1].',
    'Every number you write (a dose, an interval, a threshold, a lab value) must appear in the passages exactly as written. Do not add facts, doses or advice from your own knowledge.',
    'If the passages do not answer the question, say so plainly.',
    `Answer in ${language === 'es' ? 'Spanish' : 'English'}, in at most 8 short sentences or bullet points.`,
  ].join('\n');
}

/** Asks the model to answer from the passages; the caller checks its figures against them. */
export async function composeKbWithLlm(client: LlmClient, question: string, context: string, language: Language): Promise<string> {
  const text = (await client.complete({ system: kbComposerPrompt(language), user: `Passages:\n${context}\n\nQuestion: ${question}` })).trim();
  if (text === '') throw new LlmError('The model answered with an empty message.');
  return text.length > maxKbLlmAnswerCharacters ? `${text.slice(0, maxKbLlmAnswerCharacters)}…` : text;
}

function llmNotice(language: Language, code: 'llm_unavailable' | 'llm_failed', reason: string): Notice {
  if (code === 'llm_unavailable') {
    return { code, message: language === 'es' ? `Sin modelo de lenguaje: ${reason}; se citan las fichas.` : `No language model: ${reason}; the cards are quoted instead.` };
  }
  return {
    code,
    message: language === 'es' ? `El modelo de lenguaje falló (${reason}); se citan las fichas.` : `The language model failed (${reason}); the cards are quoted instead.`,
  };
}

function untrustedNotice(language: Language, figures: readonly string[]): Notice {
  const list = figures.join(', ');
  return {
    code: 'unverified_figures',
    message:
      language === 'es'
        ? `Cifras que no aparecen en las fichas recuperadas: ${list}. La respuesta no es fiable; lea las fichas citadas.`
        : `Figures not found in the retrieved cards: ${list}. The answer is not trusted; read the cited cards.`,
  };
}

/** What answering needs besides the search: a card's sections, the reranker for sentences, the LLM if any. */
export interface KbAskDeps {
  search: KbSearch;
  llm: () => LlmChoice;
  /** The sections of a card as stored (the whole card, not only the retrieved chunk). */
  sectionsOf: (cardId: string) => Promise<CardSection[]>;
  /** The cross-encoder, when installed and switched on; sentence choice falls back to keyword overlap. */
  reranker: () => Promise<Reranker | null>;
  /** The medicine and condition names: a medicine the question names gets a quote that speaks of it. */
  lexicon: () => ClinicalLexicon;
}

/**
 * How a refusal names a medicine or condition: in a Spanish answer by its first Spanish name where the lexicon has
 * one ("amoxicilina", "disfunción sexual"), otherwise as the lexicon's canonical (English) name or the word itself.
 */
export function spokenName(lexicon: Pick<ClinicalLexicon, 'namesOf'>, language: Language): (canonical: string) => string {
  if (language !== 'es') return (canonical) => canonical;
  return (canonical) => lexicon.namesOf(canonical)?.es[0] ?? canonical;
}

/**
 * Said when an answer quotes the user's own documents: whether a card answers a question was calibrated on the
 * shipped cards and their example questions, and two blind sets of questions about clinic documents (README "Your own
 * documents") found it much weaker there, so the quote is to be read before it is relied on.
 */
export function ownDocumentNotice(titles: readonly string[]): Notice {
  return {
    code: 'own_document',
    message: `This answer quotes your own ${titles.length === 1 ? 'document' : 'documents'} (${titles.join('; ')}). cita's check that a passage answers the question was calibrated on its shipped cards and is much weaker on your documents: it may quote a passage on the topic that does not say what was asked. Read the quote before relying on it.`,
    params: { titles: titles.join('; '), count: titles.length },
  };
}

/**
 * A question to the clinical KB: retrieve and judge answerability (refusing, by default, when no card is relevant
 * enough), choose the sentences of the relevant cards that answer it, and quote them; or, with a language model
 * configured, let it write the answer from the same passages. Either way every figure is checked against the card
 * its statement cites; a model failure falls back to the quotes.
 */
export async function askKb(deps: KbAskDeps, input: AskInput): Promise<AskOutput> {
  const language = input.language ?? detectLanguage(input.question);
  const retrieval = await deps.search.retrieve(input.question, { k: Math.max(answerCards, 5), language, ...(input.strategy ? { strategy: input.strategy } : {}) });
  const nameOf = spokenName(deps.lexicon(), language);
  if (!retrieval.answerability.answerable || retrieval.cards.length === 0) return composeAnswer(input.question, language, retrieval, [], nameOf);
  // An interaction card's verdict is said only of what its title takes the subject with (verdictApplies).
  const named = interactionNamed(deps.lexicon(), retrieval.query.mentions, input.question);
  const cards = quotableCards(retrieval).map((card) =>
    card.passage.category === 'drug-interaction' && card.passage.severity && !verdictApplies(deps.lexicon(), card.passage.title, named) ? { ...card, passage: { ...card.passage, severity: null } } : card,
  );
  const reranker = retrieval.reranker === null ? null : await deps.reranker();
  const sections = await Promise.all(cards.map((card) => deps.sectionsOf(card.passage.card_id)));
  const quotes = await chooseQuotes(
    { original: input.question, english: retrieval.query.english, parts: retrieval.query.parts },
    cards.map((card, index) => ({ title: card.passage.title, sections: sections[index] ?? [] })),
    reranker,
    namedMedicines(retrieval.query.mentions, deps.lexicon()),
    cards.map((card) => retrieval.exampleAnswers.get(card.passage.card_id) ?? []),
  );
  const chosen = cards.map((card, index) => ({ card, quotes: quotes[index] ?? [], sections: sections[index] ?? [] })).filter((entry) => entry.quotes.length > 0);
  const composed = composeAnswer(input.question, language, retrieval, chosen, nameOf);
  if (composed.refused) return composed;
  const own = chosen.filter((entry) => entry.card.passage.origin === 'user').map((entry) => entry.card.passage.title);
  const quoted = own.length === 0 ? composed : { ...composed, notices: [...composed.notices, ownDocumentNotice(own)] };

  const choice = deps.llm();
  if (choice.kind === 'none') return quoted;
  if (choice.kind === 'misconfigured') return { ...quoted, notices: [...quoted.notices, llmNotice(language, 'llm_unavailable', choice.problem)] };
  let answer: string;
  try {
    answer = await composeKbWithLlm(choice.client, input.question, quoted.context, language);
  } catch (error) {
    return { ...quoted, notices: [...quoted.notices, llmNotice(language, 'llm_failed', (error as Error).message)] };
  }
  // The model's answer opens with the same lead line (relevance, severity, what to do) as the quotes would, the
  // action unit quoted in it, since the model's text quotes nothing verbatim.
  if (quoted.lead) answer = `${leadLine(quoted.lead.action ? { ...quoted.lead, action: { ...quoted.lead.action, quoted: false } } : quoted.lead, language)}\n${answer}`;
  const grounding = checkCitedGrounding(answer, quoted.context, quoted.citations);
  const cited = quoted.citations.filter((citation) => answer.includes(citation.ref));
  const notices = [...quoted.notices];
  if (!grounding.trusted) notices.push(untrustedNotice(language, grounding.figures.filter((figure) => !figure.verified).map((figure) => figure.text)));
  return { ...quoted, answer, citations: cited.length > 0 ? cited : quoted.citations, grounding, composer: 'llm', notices };
}
