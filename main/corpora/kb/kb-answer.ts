import type { AskOutput, Citation, Language, Notice, Strategy } from '../../../shared/contract.js';
import { checkGrounding } from '../../answer/grounding.js';
import { foldText } from '../../retrieval/text-folding.js';
import type { KbCardHit, KbRetrieval } from './kb-search.js';
import { quoteUnits, selectQuotes } from './quotes.js';

/** Cards an answer quotes at most, and units (sentences, list items) quoted per card. */
export const answerCards = 3;
export const quotesPerCard = 2;

/** The fixed notice every KB answer carries (SPEC §4.4). */
export const kbDisclaimer: Record<Language, string> = {
  en: 'Reference material for clinicians, not medical advice and not a medical device: check the current product labeling and local protocols, and use clinical judgment.',
  es: 'Material de referencia para profesionales clínicos, no es consejo médico ni un dispositivo médico: consulte la ficha técnica vigente y los protocolos locales, y aplique su juicio clínico.',
};

const refusal: Record<Language, string> = {
  en: 'No card of the clinical knowledge base matches this question, so there is nothing to quote. Try the drug names, symptoms or the skill you are looking for, or a vector or hybrid search.',
  es: 'Ninguna tarjeta de la base de conocimiento clínica coincide con esta pregunta, así que no hay nada que citar. Pruebe con los nombres de los medicamentos, los síntomas o la técnica que busca, o con una búsqueda vectorial o híbrida.',
};

// No count in words or digits: every figure of an answer must come from the context.
const introduction: Record<Language, (cards: number) => string> = {
  en: (cards) => `Quoted from the ${cards === 1 ? 'closest reference card' : 'closest reference cards'}:`,
  es: (cards) => `Citado de ${cards === 1 ? 'la tarjeta de referencia más cercana' : 'las tarjetas de referencia más cercanas'} (en inglés):`,
};

const spanishMarkers = new Set([
  'que', 'como', 'cual', 'cuales', 'cuando', 'puedo', 'paciente', 'pacientes', 'toma', 'tomar', 'para', 'por', 'con', 'una', 'los',
  'las', 'del', 'hay', 'hago', 'debo', 'esta', 'tiene', 'dosis', 'medicamento', 'medicamentos', 'signos', 'sintomas', 'cuanto',
]);
const englishMarkers = new Set([
  'the', 'what', 'how', 'can', 'should', 'patient', 'patients', 'with', 'take', 'takes', 'taking', 'does', 'is', 'are', 'on', 'for',
  'when', 'which', 'do', 'and', 'of', 'to', 'signs', 'dose',
]);

/** The question's language: Spanish punctuation or more Spanish than English function words → es. */
export function detectLanguage(question: string): Language {
  if (/[¿¡ñÑ]/.test(question)) return 'es';
  const words = foldText(question).split(/[^\p{L}]+/u);
  const spanish = words.filter((word) => spanishMarkers.has(word)).length;
  const english = words.filter((word) => englishMarkers.has(word)).length;
  return spanish > english ? 'es' : 'en';
}

/** The refusal: nothing was retrieved, so nothing is said (ADR-0004: refuse on zero-match retrieval). */
export function refusedAnswer(question: string, language: Language, retrieval: KbRetrieval): AskOutput {
  const answer = refusal[language];
  return {
    corpus: 'kb',
    question,
    language,
    answer,
    citations: [],
    notices: retrieval.notices,
    refused: true,
    disclaimer: kbDisclaimer[language],
    context: '',
    grounding: checkGrounding(answer, ''),
    composer: 'deterministic',
    embedder: retrieval.embedder,
    strategy: retrieval.strategy,
  };
}

/**
 * The deterministic answer: the closest cards' most relevant sentences quoted verbatim, each quote followed
 * by its citation marker. `context` holds exactly the passages the quotes were taken from, one block per
 * card, and every figure of the answer is checked against it.
 */
export function composeAnswer(question: string, language: Language, retrieval: KbRetrieval): AskOutput {
  const cards: KbCardHit[] = retrieval.cards.slice(0, answerCards);
  if (cards.length === 0) return refusedAnswer(question, language, retrieval);
  const quotes = selectQuotes(question, cards.map((card) => quoteUnits(card.passage.passage)), quotesPerCard);

  const contextLines: string[] = [];
  const citations: Citation[] = [];
  const answerLines: string[] = [introduction[language](cards.length)];
  cards.forEach((card, index) => {
    const { passage } = card;
    const ref = `[${index + 1}]`;
    if (contextLines.length > 0) contextLines.push('');
    const first = contextLines.length + 1;
    contextLines.push(`${ref} ${passage.title} — ${passage.section}`, ...passage.passage.split('\n'));
    citations.push({
      ref,
      kind: 'kb-card',
      label: passage.title,
      context_lines: Array.from({ length: contextLines.length - first + 1 }, (_, offset) => first + offset),
      card_id: passage.card_id,
      source_name: passage.source_name,
      source_url: passage.source_url,
    });
    const chosen = quotes[index] ?? [];
    // Units that were not next to each other in the card are joined with an ellipsis, as a quotation should.
    const quoted = chosen.map((unit, unitIndex) => (unitIndex > 0 && unit.position !== (chosen[unitIndex - 1]?.position ?? -2) + 1 ? `… ${unit.text}` : unit.text)).join(' ');
    answerLines.push(`${passage.title} (${passage.section}): “${quoted}” ${ref}`);
  });

  const answer = answerLines.join('\n');
  const notices: Notice[] = [...retrieval.notices];
  if (language === 'es') notices.push({ code: 'cards_in_english', message: 'Las tarjetas están escritas en inglés; se citan tal cual.' });
  return {
    corpus: 'kb',
    question,
    language,
    answer,
    citations,
    notices,
    refused: false,
    disclaimer: kbDisclaimer[language],
    context: contextLines.join('\n'),
    grounding: checkGrounding(answer, contextLines.join('\n')),
    composer: 'deterministic',
    embedder: retrieval.embedder,
    strategy: retrieval.strategy as Strategy,
  };
}
