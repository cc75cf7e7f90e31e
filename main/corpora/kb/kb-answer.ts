import type { AskOutput, Citation, KbLead, Language, Notice } from '../../../shared/contract.js';
import { checkGrounding } from '../../answer/grounding.js';
import { listWords } from '../../answer/plan-sanitizer.js';
import type { CardSection } from './card.js';
import type { FigureKind } from './figure-questions.js';
import type { Population } from './population-questions.js';
import { firstActionUnit, leadLine } from './kb-answer-lead.js';
import type { ChosenQuote } from './kb-answer-units.js';
import { quotation } from './quotes.js';
import { answeringCards, type KbCardHit, type KbRetrieval } from './kb-search.js';

export { detectLanguage } from './kb-language.js';

export { answerCards, companionCardMargin } from './kb-search.js';

/** The fixed notice every KB answer carries (SPEC §4.4). */
export const kbDisclaimer: Record<Language, string> = {
  en: 'Reference material for clinicians, not medical advice and not a medical device: check the current product labeling and local protocols, and use clinical judgment.',
  es: 'Material de referencia para profesionales clínicos, no es consejo médico ni un dispositivo médico: consulte la ficha técnica vigente y los protocolos locales, y aplique su juicio clínico.',
};

// One sentence that says the KB does not answer; then, on its own line, the closest topics (never quoted as an answer).
const refusal: Record<Language, { nothing: string; closest: string }> = {
  en: {
    nothing: 'The clinical knowledge base has no card that answers this question, so cita does not answer it.',
    closest: 'Closest topics (not an answer):',
  },
  es: {
    nothing: 'La base de conocimiento clínica no tiene ninguna ficha que responda a esta pregunta, así que cita no la responde.',
    closest: 'Temas más cercanos (no son una respuesta):',
  },
};

const noFigureSentence: Record<Language, Record<FigureKind, string>> = {
  en: {
    dose: 'The cards on this topic give no dose.',
    level: 'The cards on this topic give no level or range.',
    duration: 'The cards on this topic give no length of time.',
    frequency: 'The cards on this topic do not say how often.',
    price: 'The cards on this topic give no price.',
    person: 'The cards on this topic name no person.',
    maker: 'The cards on this topic name no brand, maker or supplier for it.',
    phone: 'The cards on this topic give no phone number or extension for it.',
    email: 'The cards on this topic give no email address for it.',
    password: 'The cards on this topic give no password, PIN or code for it.',
    charge: 'The cards on this topic do not say whether it is paid for.',
    time: 'The cards on this topic give no day or time for it.',
    kept: 'The cards on this topic do not say how long it is kept.',
    count: 'The cards on this topic do not say how many there are.',
    reason: 'The cards on this topic do not say why.',
    cover: 'The cards on this topic do not say who stands in for them.',
    age: 'The cards on this topic give no age for it.',
  },
  es: {
    dose: 'Las fichas sobre este tema no dan ninguna dosis.',
    level: 'Las fichas sobre este tema no dan ningún nivel ni rango.',
    duration: 'Las fichas sobre este tema no dan ningún plazo.',
    frequency: 'Las fichas sobre este tema no dicen cada cuánto.',
    price: 'Las fichas sobre este tema no dan ningún precio.',
    person: 'Las fichas sobre este tema no nombran a ninguna persona.',
    maker: 'Las fichas sobre este tema no nombran ninguna marca, fabricante ni proveedor para ello.',
    phone: 'Las fichas sobre este tema no dan ningún teléfono ni extensión para ello.',
    email: 'Las fichas sobre este tema no dan ningún correo electrónico para ello.',
    password: 'Las fichas sobre este tema no dan ninguna contraseña, PIN ni clave para ello.',
    charge: 'Las fichas sobre este tema no dicen si se paga.',
    time: 'Las fichas sobre este tema no dan ningún día ni hora para ello.',
    kept: 'Las fichas sobre este tema no dicen cuánto tiempo se guarda.',
    count: 'Las fichas sobre este tema no dicen cuántos hay.',
    reason: 'Las fichas sobre este tema no dicen por qué.',
    cover: 'Las fichas sobre este tema no dicen quién lo sustituye.',
    age: 'Las fichas sobre este tema no dan ninguna edad para ello.',
  },
};

const noPopulationSentence: Record<Language, Record<Population, string>> = {
  en: {
    pregnancy: 'The cards on this topic say nothing about pregnancy.',
    breastfeeding: 'The cards on this topic say nothing about breastfeeding.',
    driving: 'The cards on this topic say nothing about when someone may drive.',
  },
  es: {
    pregnancy: 'Las fichas sobre este tema no dicen nada del embarazo.',
    breastfeeding: 'Las fichas sobre este tema no dicen nada de la lactancia.',
    driving: 'Las fichas sobre este tema no dicen nada de cuándo se puede conducir.',
  },
};

const noAspectSentence: Record<Language, (words: string) => string> = {
  en: (words) => `The cards on this topic say nothing about ${words}.`,
  es: (words) => `Las fichas sobre este tema no dicen nada de lo que pregunta (${words}).`,
};

const noConditionSentence: Record<Language, (condition: NonNullable<KbRetrieval['answerability']['condition']>) => string> = {
  en: (condition) => `The question turns on ${listWords(condition.asked, 'en')}, and no document on this topic speaks of it.`,
  es: (condition) => `La pregunta depende de ${listWords(condition.asked_es, 'es')}, y ningún documento sobre este tema habla de ello.`,
};

const noFoodSentence: Record<Language, (food: NonNullable<KbRetrieval['answerability']['food']>) => string> = {
  en: (food) => `The cards on ${food.with.join(', ')} say nothing about ${food.asked.join(', ')}.`,
  es: (food) => `Las fichas sobre ${food.with.join(', ')} no dicen nada de ${food.asked_es.join(', ')}.`,
};

const otherSubjectSentence: Record<Language, (about: string) => string> = {
  en: (about) => `The closest interaction card is about ${about}, which the question does not name.`,
  es: (about) => `La ficha de interacciones más cercana trata de ${about} (en inglés), que la pregunta no nombra.`,
};

const unspokenSentence: Record<Language, (about: string, unspoken: string) => string> = {
  en: (about, unspoken) => `The closest interaction card is about ${about} with other medicines; it does not speak of ${unspoken}.`,
  es: (about, unspoken) => `La ficha de interacciones más cercana trata de ${about} (en inglés) con otros medicamentos; no habla de ${unspoken}.`,
};

const notTogetherSentence: Record<Language, (names: string) => string> = {
  en: (names) => `No card speaks of ${names} together.`,
  es: (names) => `Ninguna ficha habla de ${names} a la vez.`,
};

const uncoveredSentence: Record<Language, (names: string) => string> = {
  en: (names) => `No card covers ${names}.`,
  es: (names) => `Ninguna ficha trata de ${names}.`,
};

// No count in words or digits: every figure of an answer must come from the context.
const introduction: Record<Language, (cards: number) => string> = {
  en: (cards) => `Quoted from the ${cards === 1 ? 'reference card that answers it' : 'reference cards that answer it'}:`,
  es: (cards) => `Citado de ${cards === 1 ? 'la ficha de referencia que responde' : 'las fichas de referencia que responden'} (en inglés):`,
};

/**
 * The refusal: no card is relevant enough, so nothing is quoted. It says so in one sentence, names drugs or
 * conditions no card covers (through `nameOf`: a Spanish refusal names them in Spanish, "amoxicilina", where the
 * lexicon knows the name), and lists the closest card titles as topics (they are in `context`, so a figure in a
 * title is checked like any other).
 */
export function refusedAnswer(question: string, language: Language, retrieval: KbRetrieval, nameOf: (canonical: string) => string = (canonical) => canonical): AskOutput {
  const { answerability } = retrieval;
  const lines = [refusal[language].nothing];
  if (answerability.uncovered.length > 0) lines.push(uncoveredSentence[language](answerability.uncovered.map(nameOf).join(', ')));
  if (answerability.figure && !answerability.figure.found) lines.push(noFigureSentence[language][answerability.figure.asked]);
  if (answerability.population && !answerability.population.found) lines.push(noPopulationSentence[language][answerability.population.asked]);
  if (answerability.aspect && !answerability.aspect.found) lines.push(noAspectSentence[language](answerability.aspect.asked.map((word) => `"${nameOf(word)}"`).join(', ')));
  if (answerability.food && !answerability.food.found) lines.push(noFoodSentence[language](answerability.food));
  if (answerability.condition && !answerability.condition.found) lines.push(noConditionSentence[language](answerability.condition));
  const interaction = answerability.interaction;
  if (interaction && !interaction.found && interaction.unspoken.length > 0)
    lines.push(unspokenSentence[language](listWords(interaction.about, language), listWords(interaction.unspoken, language)));
  else if (interaction && !interaction.found) lines.push(otherSubjectSentence[language](listWords(interaction.about, language)));
  else if (answerability.together && !answerability.together.found) lines.push(notTogetherSentence[language](listWords(answerability.together.named, language)));
  const closest = answerability.closest;
  if (closest.length > 0) lines.push(refusal[language].closest, ...closest.map((title) => `- ${title}`));
  const answer = lines.join('\n');
  const context = closest.join('\n');
  return {
    corpus: 'kb',
    question,
    language,
    answer,
    citations: [],
    notices: retrieval.notices,
    refused: true,
    disclaimer: kbDisclaimer[language],
    context,
    grounding: checkGrounding(answer, context),
    composer: 'deterministic',
    embedder: retrieval.embedder,
    strategy: retrieval.strategy,
    answerability,
  };
}

/** The cards an answer may quote (see answeringCards); the closest one when answerability is switched off. */
export function quotableCards(retrieval: KbRetrieval): KbCardHit[] {
  const answering = answeringCards(retrieval.cards, retrieval.query.question);
  return answering.length > 0 ? answering : retrieval.cards.slice(0, 1);
}

/** One block of the context: a section of a card as it was quoted from. */
interface ContextBlock {
  ref: string;
  title: string;
  section: string;
  text: string;
}

/** One card an answer quotes: the retrieved hit, its chosen quotes, and (for the lead) all its sections as stored. */
export interface QuotedCard {
  card: KbCardHit;
  quotes: ChosenQuote[];
  /** The whole card; without it the lead looks for an action section among the quoted ones only. */
  sections?: readonly CardSection[];
}

/**
 * What the answer's first line says about the first quoted card: its relevance, its severity and its first action
 * unit (marked `quoted` when the chosen quotes hold it already). Null when the card has neither a severity nor an
 * action section, and the answer then opens with its introduction as before.
 */
function leadOf({ card, quotes, sections }: QuotedCard, ref: string): { lead: KbLead; actionSection: CardSection | null } | null {
  const quotedSections = [...new Map(quotes.map((quote) => [quote.section, { heading: quote.section, text: quote.sectionText }])).values()];
  const action = firstActionUnit(sections ?? quotedSections);
  const severity = card.passage.severity ?? undefined;
  if (!action && !severity) return null;
  const quoted = action !== null && quotes.some((quote) => quote.section === action.section.heading && quote.unit.position === action.unit.position);
  return {
    lead: {
      ref,
      card_id: card.passage.card_id,
      title: card.passage.title,
      relevance: card.relevance,
      ...(severity ? { severity } : {}),
      ...(action ? { action: { section: action.section.heading, text: action.unit.text, quoted } } : {}),
    },
    actionSection: action?.section ?? null,
  };
}

/**
 * The deterministic answer: the chosen sentences of each card quoted verbatim, grouped by card section (an action
 * section first when the question asks what to do), each line followed by the card's citation marker. When the
 * first card has a severity or an action section, a first line states its relevance, its severity and its first
 * "what to do" unit, quoted and cited like the rest (its section joins the context if no other quote came from it).
 * `context` holds exactly the sections the quotes come from, and every figure of the answer is checked against the
 * context of the card its line cites.
 */
export function composeAnswer(
  question: string,
  language: Language,
  retrieval: KbRetrieval,
  chosen: readonly QuotedCard[],
  nameOf: (canonical: string) => string = (canonical) => canonical,
): AskOutput {
  if (!retrieval.answerability.answerable || chosen.length === 0) return refusedAnswer(question, language, retrieval, nameOf);

  const blocks: ContextBlock[] = [];
  const answerLines: string[] = [introduction[language](chosen.length)];
  const citations: Citation[] = [];
  const contextLines: string[] = [];
  const lead = chosen[0] ? leadOf(chosen[0], '[1]') : null;
  chosen.forEach(({ card, quotes }, index) => {
    const ref = `[${index + 1}]`;
    const { passage } = card;
    const bySection = new Map<string, ChosenQuote[]>();
    for (const quote of quotes) bySection.set(quote.section, [...(bySection.get(quote.section) ?? []), quote]);
    const first = contextLines.length + 1;
    const addBlock = (section: string, text: string) => {
      blocks.push({ ref, title: passage.title, section, text });
      if (contextLines.length > 0) contextLines.push('');
      contextLines.push(`${ref} ${passage.title} — ${section}`, ...text.split('\n'));
    };
    // The lead's action unit stands on its section: shown first, as the answer's first line quotes it first.
    const leadSection = index === 0 ? lead?.actionSection : null;
    if (leadSection && !bySection.has(leadSection.heading)) addBlock(leadSection.heading, leadSection.text);
    for (const [section, sectionQuotes] of bySection) {
      addBlock(section, sectionQuotes[0]?.sectionText ?? '');
      const inOrder = [...sectionQuotes].sort((a, b) => a.unit.position - b.unit.position);
      // Units that were not next to each other in the card are joined with an ellipsis, as a quotation should.
      const quoted = inOrder.map((quote, unitIndex) => (unitIndex > 0 && quote.unit.position !== (inOrder[unitIndex - 1]?.unit.position ?? -2) + 1 ? `… ${quote.unit.text}` : quote.unit.text)).join(' ');
      answerLines.push(`${passage.title} (${section}): ${quotation(quoted)} ${ref}`);
    }
    citations.push({
      ref,
      kind: 'kb-card',
      label: passage.title,
      context_lines: Array.from({ length: contextLines.length - first + 1 }, (_, offset) => first + offset).filter((line) => contextLines[line - 1] !== ''),
      card_id: passage.card_id,
      source_name: passage.source_name,
      source_url: passage.source_url,
    });
  });
  if (lead) answerLines.unshift(leadLine(lead.lead, language));

  const answer = answerLines.join('\n');
  const context = contextLines.join('\n');
  const notices: Notice[] = [...retrieval.notices];
  if (language === 'es') notices.push({ code: 'cards_in_english', message: 'Las fichas están escritas en inglés; se citan tal cual.' });
  return {
    corpus: 'kb',
    question,
    language,
    answer,
    citations,
    notices,
    refused: false,
    disclaimer: kbDisclaimer[language],
    context,
    grounding: checkCitedGrounding(answer, context, citations),
    composer: 'deterministic',
    embedder: retrieval.embedder,
    strategy: retrieval.strategy,
    answerability: retrieval.answerability,
    ...(lead ? { lead: lead.lead } : {}),
  };
}

/**
 * Attribution for KB answers: a figure counts only when the card its line cites holds it. Each line of the answer
 * is checked against the context lines of the citations it carries ([1], [2]…); a line without a marker (the
 * introduction, or a model's sentence without one) is checked against the whole context, and so is trusted only for
 * figures some cited card holds. Offsets are mapped back to the whole answer.
 */
export function checkCitedGrounding(answer: string, context: string, citations: readonly Citation[]): AskOutput['grounding'] {
  const contextLines = context.split('\n');
  const linesOf = new Map(citations.map((citation) => [citation.ref, citation.context_lines]));
  const figures: AskOutput['grounding']['figures'] = [];
  let offset = 0;
  for (const line of answer.split('\n')) {
    const refs = [...line.matchAll(/\[(\d+)\]/g)].map((match) => `[${match[1]}]`).filter((ref) => linesOf.has(ref));
    let lineContext = context;
    let numbers: number[] = [];
    if (refs.length > 0) {
      numbers = [...new Set(refs.flatMap((ref) => linesOf.get(ref) ?? []))].sort((a, b) => a - b);
      lineContext = numbers.map((number) => contextLines[number - 1] ?? '').join('\n');
    }
    for (const figure of checkGrounding(line, lineContext).figures) {
      figures.push({
        ...figure,
        start: figure.start + offset,
        end: figure.end + offset,
        context_lines: refs.length > 0 ? figure.context_lines.map((local) => numbers[local - 1] ?? local) : figure.context_lines,
      });
    }
    offset += line.length + 1;
  }
  const verified = figures.filter((figure) => figure.verified).length;
  return { figures, verified, unverified: figures.length - verified, trusted: verified === figures.length };
}
