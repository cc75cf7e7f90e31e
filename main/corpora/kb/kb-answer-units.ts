import type { Reranker } from '../../reranking/reranker.js';
import { foldText } from '../../core/text-folding.js';
import type { CardSection } from './card.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';
import { asksForDuration, figureAsked, holdsDuration, holdsFigure, type FigureKind } from './figure-questions.js';
import { keywordOverlapScores, quoteUnits, withIntroducedItems, withoutEmphasis, type QuoteUnit } from './quotes.js';

/** A unit (sentence or list item) chosen for the answer, with the section it belongs to. */
export interface ChosenQuote {
  section: string;
  /** The whole section, as the context shows it. */
  sectionText: string;
  unit: QuoteUnit;
  /** The cross-encoder's logit (or the keyword overlap score without it). */
  score: number;
  /** The unit comes from a section that says what to do or when to escalate. */
  action: boolean;
}

/** Units quoted per card at most beside the first card (list items a chosen "…:" introduces come along). */
export const quotesPerCard = 3;
/**
 * Units quoted of the answer's first card, whether it is quoted alone or with others. Four until 2026-12-01; five
 * then held the key fact in 3 more answers of 60 (the lithium "urgent lithium level", clopidogrel "omeprazole or
 * esomeprazole", levothyroxine "at least 4 hours"), one of them on a development half and none lost, for 4.5 units per
 * answer instead of 3.9. Six since 2026-12-04: replaying the choice offline on every unit's scores for the 275
 * key-fact questions of sets 1 to 14 (scripts/dump-kb-answers.ts), six held 11 more key facts than five (7 on sets up
 * to holdout-9, 4 on 10-14) for half a unit more per answer; seven added 3 more for another half unit. Until
 * 2026-12-04 (later) only a lone card got them and a first card beside others got `quotesPerCard`: of the key facts
 * on an expected card quoted beside others, 34 of 149 ranked 4th to 6th in it. Replayed on the nineteen sets' dump of
 * `470703d`, six for the first card in every answer held 201 of 287 answered key-fact questions instead of 185, for
 * 0.8 more units per answer; measured, 211 → 220 of 335 key facts with none lost.
 * The cross-encoder reads the same units either way, so it costs no time.
 */
export const quotesForFirstCard = 6;
/**
 * A further unit is quoted only when it scores within this many logits of the card's best. Chosen on the fresh
 * set's development half (scripts/dump-kb-answers.ts, then the rules compared offline): with a margin of 4 and 3
 * units for every card, 13 of 22 development answers held their key fact (13 of 22 held out); with 8 and 4 units
 * for a lone card, 15 (16 held out), for 4.6 units per answer instead of 3.3.
 */
export const secondQuoteMargin = 8;
/**
 * A question of at least this many characters (as asked, before translation) tells a story and asks several things:
 * on the twenty sets' answered key-fact questions, those of 200 characters or more carry 2.2 key facts each, the
 * shorter ones 1.2, and their first card held every fact in 66 of 124 answers against 142 of 178.
 */
export const longQuestionCharacters = 200;
/**
 * Units quoted of the first card for a long question, and the margin they must score within. Replayed offline on
 * every unit's scores of the twenty sets' 302 answered key-fact questions (scripts/dump-kb-answers.ts, 2026-12-04):
 * 8 units within 10 logits held every key fact in 74 of the 124 long questions' answers instead of 66 (6 within 8:
 * 66; 8 within 8: 72; 10 within 10: 81 for 11.9 units an answer), for 10.0 units an answer instead of 7.9; the short
 * questions' answers do not change. Ranking by other signals was tried on the same dump and gave less: the embedder's
 * cosine (+2 to +4), the multilingual model's cosine of the question as asked (−6 to −35), a section's kind or one
 * unit per section (−5 to −52).
 */
export const quotesForFirstCardOfLongQuestion = 8;
export const secondQuoteMarginOfLongQuestion = 10;
/**
 * Weight of the keyword overlap added to the cross-encoder's logit. On the fresh set's key facts (dev and test)
 * the unit holding the fact was among a card's first three 26 times of 44 by the logit alone, 27 with this.
 */
export const overlapWeight = 0.5;
/** An action unit leads the answer when it scores within this many logits of the card's best. */
export const actionQuoteMargin = 6;
/**
 * When the question asks for a length of time ("how far apart", "when can he restart"), a unit giving one gets this
 * many logits more: half the second-quote margin, so it is quoted when it reads close to the best, and leads only
 * when the cross-encoder already ranks it near the top. Set a priori; on the sets, it moved the levothyroxine
 * "at least 4 hours" sentence into "how should she space them?" answers (README).
 */
export const durationBonus = 4;
/**
 * Likewise when it asks for another figure (a phone number, a price, a day or time, a name, a dose…): a unit holding
 * one of that kind gets as many logits more. Set a priori as the duration's; "¿me pasas el número para que el
 * paciente reserve el transporte?" was answered with the deadlines, the booking line's number a unit below. Not a
 * reason or a stand-in, read from cue words ("because", "so", "in her absence") that many sentences hold: on the
 * shipped sets the bonus for a reason took the place of another part of three long questions ("Can they take them
 * all away in one go? And why…?" lost "one change at a time").
 */
export const figureBonus = durationBonus;
/** The kinds that get no figure bonus: a length of time has its own (durationBonus), a reason or a stand-in none. */
const withoutFigureBonus: ReadonlySet<FigureKind> = new Set<FigureKind>(['duration', 'reason', 'cover']);
/** Units the cross-encoder reads of the first card at most: the first ones by keyword overlap (bounds the latency). */
export const unitsReadPerCard = 24;
/**
 * ...and of each further card, which is quoted for at most `quotesPerCard` units. 24 until 2026-12-05; replayed on
 * the twenty-three sets' key-fact questions, reading only the first 8 by keyword overlap lost no key fact, and it pays
 * for reading the first card once per sentence of a story (`partQuoteMargin`).
 */
export const unitsReadPerOtherCard = 8;
/**
 * ...and per sentence of a question of several (first card only), when each is read again: every unit of a card
 * (they have 14-22). 12 until 2026-12-03: a part worded unlike its answer ("the checked bag", "hand
 * luggage") shares no word with it and was never read; 24 held 2 more key facts of 255 at no measurable cost.
 */
export const unitsReadPerPart = 24;
/**
 * Units of the first card quoted for each sentence of a question of several (`KbQuery.parts`), and the margin to that
 * sentence's best they must score within. Replayed offline on every unit's scores for the whole question and for each
 * of its sentences, for the twenty-three sets' 435 key-fact questions (2026-12-05): the answers held every key fact in
 * 270 before (the old parts: question sentences only, one unit each). Ranking the first card's units by their best
 * score instead of adding to the whole question's choice: 284 for fewer units, but 8 answers lost a fact the whole
 * question's choice held (the sentence scores raise the best, and the margin then cuts); each sentence's 2 best
 * within 4 added: 296 (3 best: 308), none lost; both added to the whole question's choice: 316, none lost, for 9.9
 * units an answer instead of 8.5 (with four sentences read; two, as shipped for the latency: 310, 9.7 units).
 */
export const quotesPerPart = 2;
export const partQuoteMargin = 4;
/**
 * Units quoted per card at most for medicines the question names that the chosen units do not speak of (below).
 * Two: an interaction question rarely names more than three medicines, one of them the card's own subject.
 */
export const namedQuotesPerCard = 2;
/**
 * Units of the first card chosen at most because they answer the example questions nearest to the question
 * (`KbRetrieval.exampleAnswers`), beside the ones the cross-encoder chose: the sentence a key fact sits in is often
 * one the cross-encoder ranks low for a long or Spanish question, while a close example question was answered by it.
 * A chosen unit ending with ":" brings its list along, as any chosen unit does.
 */
export const exampleQuotesPerCard = 3;

const actionSection = /^(what to do|what helps|when to|immediate response|red flags|emergency|contact the prescriber|how to respond|strategies|tips|what not to do|while arranging care)/i;

// "what should I do", "when should she go to the ER", "¿qué hago?", "¿cuándo hay que enviarlo a urgencias?"…
const actionQuestion = new RegExp(
  [
    '\\bwhat (should|do|can|must) (i|we|they|he|she)\\b',
    '\\bwhat now\\b',
    '\\bwhat to do\\b',
    '\\bhow (should|do|can) (i|we) (handle|respond|manage|approach|deal)',
    '\\bwhen (should|do|to|must|would)\\b.*\\b(send|refer|call|escalate|go|seek|stop|hold|restart|resume)',
    '\\bshould (i|we|he|she|they) (worry|send|stop|hold|call|refer)',
    '\\b(urgent|emergency|er|911|112)\\b',
    '\\bque (hago|hacemos|debo|debemos|hay que|tengo que|le digo)\\b',
    '\\bcuando (hay que|debo|debe|enviar|derivar|llamar|mandar|ir|acudir)',
    '\\b(urgencias|emergencia|derivar)\\b',
  ].join('|'),
);

/** The question asks what to do or when to escalate, so the answer leads with the action. */
export function asksForAction(question: string): boolean {
  return actionQuestion.test(foldText(question));
}

/** What the cross-encoder reads of a unit: the card title and section give a short sentence its subject. */
export function unitRerankText(title: string, section: string, unit: QuoteUnit): string {
  return `${title}. ${section}. ${unit.text}`;
}

interface CardUnits {
  title: string;
  sections: CardSection[];
}

/**
 * The medicines a question names: each by its name, the one a quote must use for it, and the names that already speak
 * of it in a chosen unit (a class's members too: "atorvastatin" speaks of "her statin"). A drug's class does not:
 * "reaches for an NSAID" does not say what the card says of naproxen.
 */
export interface NamedMedicines {
  named: ReadonlyArray<{ name: string; spokenAs: ReadonlySet<string> }>;
  namesIn: (text: string) => readonly string[];
}

/** The drugs and classes a question names, for chooseQuotes. */
export function namedMedicines(mentions: readonly ClinicalMention[], lexicon: ClinicalLexicon): NamedMedicines {
  const names = [...new Set(mentions.filter((mention) => mention.kind === 'drug' || mention.kind === 'class').map((mention) => mention.canonical))];
  // A unit is read once per question, however many medicines and checks ask for its names.
  const namesOfText = new Map<string, readonly string[]>();
  const namesIn = (text: string) => {
    let found = namesOfText.get(text);
    if (found === undefined) namesOfText.set(text, (found = lexicon.find(text).map((mention) => mention.canonical)));
    return found;
  };
  return { named: names.map((name) => ({ name, spokenAs: new Set([name, ...lexicon.membersOf(name)]) })), namesIn };
}

/**
 * The sentences of each card that answer the question. With the cross-encoder: it reads each card's units (the
 * first `unitsReadPerCard` of the first card by keyword overlap, `unitsReadPerOtherCard` of the others), the best is quoted, further ones when they are close (more of the first
 * card for a long question), and an action
 * unit leads when the question asks for one and the card has a close enough one; a question of several sentences
 * (`parts`, at most two) has the first card's units read for each sentence too (the first `unitsReadPerPart`), and
 * adds to the whole question's choice the same choice made on each unit's best score for the question or one of its
 * sentences, and each sentence's `quotesPerPart` best units (within `partQuoteMargin` of its best), with no margin to
 * the whole question's best: they answer that sentence. Without the cross-encoder: keyword overlap
 * (selectQuotes), preferring action sections the same way. A unit ending with ":" brings the list it introduces, and
 * a list item the sentence introducing it. With the cross-encoder, a medicine the question names that a card speaks of
 * but none of its chosen units does gets that card's best unit naming it by its own name (at most `namedQuotesPerCard`;
 * not the card's own subject, which its title names): "stable on lithium, just started HCTZ, popping Aleve" is
 * answered on the lithium card for the naproxen too.
 */
export async function chooseQuotes(
  question: { original: string; english: string; parts?: readonly string[] },
  cards: readonly CardUnits[],
  reranker: Reranker | null,
  medicines: NamedMedicines | null = null,
  exampleAnswers: ReadonlyArray<readonly string[]> = [],
): Promise<ChosenQuote[][]> {
  const wantsAction = asksForAction(question.original) || asksForAction(question.english);
  const wantsDuration = asksForDuration(question.original) || asksForDuration(question.english);
  const asked = figureAsked(question.original) ?? figureAsked(question.english);
  const figure = asked !== null && !withoutFigureBonus.has(asked) ? asked : null;
  const bonusOf = (text: string): number => (wantsDuration && holdsDuration(text) ? durationBonus : figure !== null && holdsFigure(text, figure) ? figureBonus : 0);
  const longQuestion = question.original.trim().length >= longQuestionCharacters;
  // Each section is split once: its units are scored, and a chosen "…:" unit brings its list from them.
  const unitsOfSection = new Map(cards.flatMap((card) => card.sections.map((section) => [section, quoteUnits(section.text)] as const)));
  const units = cards.map((card) =>
    card.sections.flatMap((section) => (unitsOfSection.get(section) ?? []).map((unit) => ({ section, unit, action: actionSection.test(section.heading) }))),
  );
  const unitLists = units.map((list) => list.map((entry) => entry.unit));
  const readOfCard = (cardIndex: number) => (cardIndex === 0 ? unitsReadPerCard : unitsReadPerOtherCard);
  const scores = reranker ? await crossEncoderScores(question.english, cards, units, reranker, readOfCard, bonusOf) : keywordOverlapScores(question.english, unitLists);
  // A question of several sentences: the first card's units are read for each sentence too (every unit of the card).
  const partScores: number[][] = [];
  for (const part of question.parts ?? []) {
    if (!reranker || cards.length === 0) break;
    const [scoresOfPart = []] = await crossEncoderScores(part, cards.slice(0, 1), units.slice(0, 1), reranker, () => unitsReadPerPart, bonusOf);
    partScores.push(scoresOfPart);
  }

  return units.map((list, cardIndex) => {
    const cardScores = scores[cardIndex] ?? [];
    const ranked = list.map((entry, unitIndex) => ({ ...entry, unitIndex, score: cardScores[unitIndex] ?? Number.NEGATIVE_INFINITY })).sort((a, b) => b.score - a.score);
    const best = ranked[0];
    if (!best) return [];
    const longFirst = cardIndex === 0 && longQuestion;
    const margin = reranker ? (longFirst ? secondQuoteMarginOfLongQuestion : secondQuoteMargin) : Number.POSITIVE_INFINITY;
    const limit = reranker ? (longFirst ? quotesForFirstCardOfLongQuestion : cardIndex === 0 ? quotesForFirstCard : quotesPerCard) : 2;
    // The best unit, and the next ones up to the limit that score within the margin of it.
    const closeToBest = (order: typeof ranked) => {
      const [top, ...rest] = order;
      if (!top) return [];
      return [top, ...rest.slice(0, limit - 1).filter((next) => next.score > Number.NEGATIVE_INFINITY && top.score - next.score <= margin && (reranker || next.score > 0))];
    };
    const chosen = closeToBest(ranked);
    if (wantsAction && !chosen.some((entry) => entry.action)) {
      const action = ranked.find((entry) => entry.action);
      if (action && (!reranker || best.score - action.score <= actionQuoteMargin)) chosen.splice(chosen.length >= limit ? chosen.length - 1 : chosen.length, 1, action);
    }
    if (cardIndex === 0 && partScores.length > 0) {
      const add = (entry: (typeof ranked)[number]) => {
        if (!chosen.some((found) => found.unitIndex === entry.unitIndex)) chosen.push(entry);
      };
      // The same choice with each unit scored as it best answers the whole question or one of its sentences.
      const byBest = ranked
        .map((entry) => ({ ...entry, score: Math.max(entry.score, ...partScores.map((scoresOfPart) => scoresOfPart[entry.unitIndex] ?? Number.NEGATIVE_INFINITY)) }))
        .sort((a, b) => b.score - a.score);
      closeToBest(byBest).forEach(add);
      // Each sentence's own best units, with no margin to the whole question's best: they answer that sentence.
      for (const scoresOfPart of partScores) {
        const top = Math.max(...scoresOfPart);
        if (top === Number.NEGATIVE_INFINITY) continue;
        byBest
          .filter((entry) => (scoresOfPart[entry.unitIndex] ?? Number.NEGATIVE_INFINITY) >= top - partQuoteMargin)
          .sort((a, b) => (scoresOfPart[b.unitIndex] ?? 0) - (scoresOfPart[a.unitIndex] ?? 0))
          .slice(0, quotesPerPart)
          .forEach(add);
      }
    }
    if (reranker && medicines) {
      // What the chosen units name, with the list items a chosen "…:" brings along.
      const spoken = new Set(chosen.flatMap((entry) => withIntroducedItems(unitsOfSection.get(entry.section) ?? [], [entry.unit]).flatMap((unit) => medicines.namesIn(unit.text))));
      // The card's own subject needs no sentence just for naming it.
      const subject = new Set(medicines.namesIn(cards[cardIndex]?.title ?? ''));
      let added = 0;
      for (const { name, spokenAs } of medicines.named) {
        if (added >= namedQuotesPerCard) break;
        if (subject.has(name) || [...spokenAs].some((spokenName) => spoken.has(spokenName))) continue;
        const found = ranked.find((entry) => entry.score > Number.NEGATIVE_INFINITY && medicines.namesIn(entry.unit.text).includes(name));
        if (!found || chosen.some((entry) => entry.unitIndex === found.unitIndex)) continue;
        chosen.push(found);
        added += 1;
        for (const unit of withIntroducedItems(unitsOfSection.get(found.section) ?? [], [found.unit])) for (const unitName of medicines.namesIn(unit.text)) spoken.add(unitName);
      }
    }
    if (cardIndex === 0) {
      // What answers the nearest example questions, wherever the cross-encoder ranked it: every unit an answer
      // holds, unless the chosen units (with the lists they bring along) quote it already.
      const quoted = new Set(chosen.flatMap((entry) => withIntroducedItems(unitsOfSection.get(entry.section) ?? [], [entry.unit]).map((unit) => `${entry.section.heading}#${unit.position}`)));
      let added = 0;
      for (const answer of exampleAnswers[cardIndex] ?? []) {
        for (const found of ranked.filter((entry) => unitAnswers(entry.unit, answer))) {
          const key = `${found.section.heading}#${found.unit.position}`;
          if (added >= exampleQuotesPerCard || quoted.has(key)) continue;
          chosen.push(found);
          added += 1;
          for (const unit of withIntroducedItems(unitsOfSection.get(found.section) ?? [], [found.unit])) quoted.add(`${found.section.heading}#${unit.position}`);
        }
      }
    }
    // Whole sections: list items a chosen "…:" introduces come along, in the section's reading order.
    const withItems = chosen.flatMap((entry) => withIntroducedItems(unitsOfSection.get(entry.section) ?? [], [entry.unit]).map((unit) => ({ ...entry, unit })));
    const seen = new Set<string>();
    const unique = withItems.filter((entry) => {
      const key = `${entry.section.heading}#${entry.unit.position}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    // An action section leads; otherwise sections in the order of their best unit.
    const sectionOrder = [...new Set(unique.sort((a, b) => Number(b.action && wantsAction) - Number(a.action && wantsAction) || b.score - a.score).map((entry) => entry.section.heading))];
    return unique
      .sort((a, b) => sectionOrder.indexOf(a.section.heading) - sectionOrder.indexOf(b.section.heading) || a.unit.position - b.unit.position)
      .map((entry) => ({ section: entry.section.heading, sectionText: entry.section.text, unit: entry.unit, score: entry.score, action: entry.action }));
  });
}

/** Text compared without emphasis marks and runs of spaces, as quoteUnits leaves a unit. */
function plain(text: string): string {
  return withoutEmphasis(text).replace(/\s+/g, ' ').trim();
}

/** Shortest part of a unit or an answer that may stand for the other (a sentence of a list item, or the reverse). */
const minimumAnswerPart = 20;

/**
 * Whether a unit of a card is an example's answer (a sentence or list item of the card as the examples quote it):
 * the same text, or one holds the other whole (the card's list item of two sentences, or an answer of two units).
 */
export function unitAnswers(unit: QuoteUnit, answer: string): boolean {
  const text = plain(unit.text);
  const wanted = plain(answer);
  if (text === wanted) return true;
  const [shorter, longer] = text.length < wanted.length ? [text, wanted] : [wanted, text];
  return shorter.length >= minimumAnswerPart && longer.includes(shorter);
}

/**
 * Each unit's score for a query: the cross-encoder's logit plus the weighted keyword overlap (plus `bonusOf` the unit:
 * the duration's or another figure's bonus when the question asks for one), read for the first `readOfCard(card)` units of each card by keyword overlap (bounds
 * the latency); units not read score minus infinity. Positions are per section, so units are numbered per card.
 */
async function crossEncoderScores(
  query: string,
  cards: readonly CardUnits[],
  units: ReadonlyArray<ReadonlyArray<{ section: CardSection; unit: QuoteUnit }>>,
  reranker: Reranker,
  readOfCard: (cardIndex: number) => number,
  bonusOf: (text: string) => number,
): Promise<number[][]> {
  const overlap = keywordOverlapScores(query, units.map((list) => list.map((entry) => entry.unit)));
  const pairs = units.flatMap((list, cardIndex) =>
    list
      .map((entry, unitIndex) => ({ entry, unitIndex, overlap: overlap[cardIndex]?.[unitIndex] ?? 0 }))
      .sort((a, b) => b.overlap - a.overlap || a.unitIndex - b.unitIndex)
      .slice(0, readOfCard(cardIndex))
      .map((item) => ({ cardIndex, ...item, text: unitRerankText(cards[cardIndex]?.title ?? '', item.entry.section.heading, item.entry.unit) })),
  );
  const logits = await reranker.score(query, pairs.map((pair) => pair.text));
  const scores = units.map((list) => list.map(() => Number.NEGATIVE_INFINITY));
  pairs.forEach((pair, index) => {
    (scores[pair.cardIndex] as number[])[pair.unitIndex] = (logits[index] ?? Number.NEGATIVE_INFINITY) + overlapWeight * pair.overlap + bonusOf(pair.entry.unit.text);
  });
  return scores;
}
