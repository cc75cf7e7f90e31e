import { foldText } from '../../core/text-folding.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';

type Lexicon = Pick<ClinicalLexicon, 'find' | 'membersOf' | 'classesOf'>;

/**
 * An interaction card's title read in two: what the card is about (before "with", or before its dash) and what it is
 * taken with (after "with", up to the dash; '' when the title has no "with").
 */
function titleParts(title: string): { subject: string; partners: string } {
  const [named = ''] = title.split(/\s+—\s+/u);
  const [subject = '', ...rest] = named.split(/\s+with\s+/u);
  return { subject: subject.trim(), partners: rest.join(' with ').trim() };
}

/** The medicines and classes a text names, once each (conditions left out). */
function medicinesIn(lexicon: Pick<ClinicalLexicon, 'find'>, text: string): string[] {
  return [...new Set(lexicon.find(text).filter((mention) => mention.kind !== 'condition').map((mention) => mention.canonical))];
}

/** The part of an interaction card's title before "with" (or before its dash): what the card is about, as written. */
export function subjectText(title: string): string {
  return titleParts(title).subject;
}

/**
 * What a drug-interaction card is about: the medicines and classes its title names before "with" ("Lithium with
 * NSAIDs, thiazide diuretics…" → lithium; "SSRIs or SNRIs with triptans or tramadol" → SSRIs, SNRIs; "Metformin and
 * iodinated contrast imaging" has no "with", so both). The drugs after "with" are what it is taken with.
 */
export function interactionSubjects(lexicon: Pick<ClinicalLexicon, 'find'>, title: string): string[] {
  return medicinesIn(lexicon, titleParts(title).subject);
}

/**
 * Whether a medicine a question names is one a card is about: the same name, a member of its class, the class of
 * it, or a class sharing members with it ("antidepressant" meets SSRIs, "lipid-lowering drug" meets statins).
 */
export function namesSubject(lexicon: Pick<ClinicalLexicon, 'membersOf' | 'classesOf'>, canonical: string, subjects: readonly string[]): boolean {
  const members = lexicon.membersOf(canonical);
  return subjects.some(
    (subject) =>
      subject === canonical ||
      lexicon.membersOf(subject).includes(canonical) ||
      members.includes(subject) ||
      lexicon.classesOf(canonical).includes(subject) ||
      lexicon.membersOf(subject).some((member) => members.includes(member)),
  );
}

/**
 * What a question's words stand for beyond the medicines it names: an INR is a warfarin patient's ("his INR at day 7
 * was 2.6"), unless the question names another anticoagulant; erectile dysfunction is treated with a PDE5 inhibitor
 * ("on Imdur and wants something for erectile dysfunction").
 */
const standsFor: ReadonlyArray<{ words: RegExp; medicine: string; unlessClass?: string }> = [
  { words: /(?<![\p{L}\p{N}])inr(?![\p{L}\p{N}])/u, medicine: 'warfarin', unlessClass: 'anticoagulant' },
  { words: /(?<![\p{L}\p{N}])(?:erectile dysfunction|disfuncion erectil|impotence|impotencia)(?![\p{L}\p{N}])/u, medicine: 'pde5 inhibitor' },
];

/** The medicines and classes a question names, once each (conditions left out), and those its words stand for (`standsFor`). */
export function namedMedicines(lexicon: Pick<ClinicalLexicon, 'classesOf'>, mentions: readonly ClinicalMention[], question = ''): string[] {
  const named = mentions.filter((mention) => mention.kind !== 'condition').map((mention) => mention.canonical);
  const folded = foldText(question);
  for (const { words, medicine, unlessClass } of standsFor) {
    const other = unlessClass !== undefined && named.some((name) => name !== medicine && (name === unlessClass || lexicon.classesOf(name).includes(unlessClass)));
    if (words.test(folded) && !other) named.push(medicine);
  }
  return [...new Set(named)];
}

// "What interacts with amiodarone?", "¿se puede combinar con…?": the question asks what a medicine is taken with.
const interactionWords =
  /(?<![\p{L}\p{N}])(?:interact\w*|interfer\w*|together|combin\w*|mix\w*|taken? with|safe with|ok with|okay with|avoid with|other (?:drugs|medicines|meds|medications)|interactu\w*|interacci\w*|junt[oa]s|mezcl\w*|otros (?:medicamentos|farmacos|remedios))(?![\p{L}\p{N}])/u;

/** Whether a question asks what a medicine is taken with (its interactions), not about the medicine on its own. */
export function asksAboutInteractions(question: string): boolean {
  return interactionWords.test(foldText(question));
}

/**
 * Whether an interaction card is about what a question names (`named`: namedMedicines). A card of another category
 * is; so is any card when the question names no medicine. Otherwise one named medicine must be what the card is
 * about (interactionSubjects), with one exception: a question about one medicine that the card's title writes
 * itself after "with" ("What interacts with amiodarone?" and "Warfarin with amiodarone"), asked as an interaction
 * question. "Amiodarone, baseline tests?" is not answered by that card, nor "aspirin for a child with flu" by
 * "Warfarin with NSAIDs", which reaches aspirin only through its class. And when the question names other medicines
 * beside the one the card is about, the card must speak of one of them (`speech`, see unspokenPartners).
 */
export function cardAboutNamed(lexicon: Lexicon, card: { category: string; title: string }, named: readonly string[], question: string, speech?: CardSpeech): boolean {
  if (card.category !== 'drug-interaction' || named.length === 0) return true;
  const subjects = interactionSubjects(lexicon, card.title);
  if (named.some((canonical) => namesSubject(lexicon, canonical, subjects))) return speech === undefined || unspokenPartners(lexicon, card, named, speech).length === 0;
  if (named.length > 1 || !asksAboutInteractions(question)) return false;
  const inTitle = new Set(lexicon.find(card.title).map((mention) => mention.canonical));
  return inTitle.has(named[0] as string);
}

/** The medicines and classes an interaction card's title names after "with": what the card is about them taken with. */
export function interactionPartners(lexicon: Pick<ClinicalLexicon, 'find'>, title: string): string[] {
  return medicinesIn(lexicon, titleParts(title).partners);
}

/** What a card says of a medicine: it names it (or its title names a class of it), or its text names a class of it. */
export interface CardSpeech {
  /** The card names the medicine, or a class its title names holds it (kb-coverage.ts coveredByCard). */
  covers(canonical: string): boolean;
  /** Looser: also a class of it named anywhere in the text ("SSRIs" in the MAOI card for sertraline; speaksOf). */
  mentions(canonical: string): boolean;
}

/**
 * The medicines a question names that an interaction card about one of them does not speak of as what it is taken
 * with: "does sertraline interact with ibuprofen?" is not answered by "SSRIs or SNRIs with triptans or tramadol",
 * nor "warfarin with sertraline?" by "Warfarin with amiodarone", which names SSRIs once in a list, nor "sertraline and
 * fluoxetine together?" by the SSRI card, which takes neither with the other. The other medicine must be one the card
 * names (`covers`: "Is regular acetaminophen safe on warfarin?" and the NSAIDs card, which answers it); when both are
 * what the card is about, the second must be what its title takes the first with (interactionPartners); a title
 * naming no medicine after "with" ("MAO inhibitors with tyramine-rich foods and interacting drugs") or with no "with"
 * speaks of what its text names a class of (`mentions`). Empty when the card is about none of the named medicines
 * (cardAboutNamed's other case) or speaks of one of the others.
 */
export function unspokenPartners(lexicon: Lexicon, card: { category: string; title: string }, named: readonly string[], speech: CardSpeech): string[] {
  if (card.category !== 'drug-interaction') return [];
  const subjects = interactionSubjects(lexicon, card.title);
  if (!named.some((canonical) => namesSubject(lexicon, canonical, subjects))) return [];
  const others = named.filter((canonical) => !namesSubject(lexicon, canonical, subjects));
  const partners = interactionPartners(lexicon, card.title);
  if (others.length === 0) {
    const second = named.slice(1);
    return partners.length === 0 || second.some((canonical) => namesSubject(lexicon, canonical, partners)) ? [] : second;
  }
  const spoken = partners.length === 0 ? speech.mentions : speech.covers;
  return others.some(spoken) ? [] : others;
}

/**
 * The pairs of named medicines that are not one another (not the same, a member or class of the other, or classes
 * sharing members: namesSubject): "warfarin and atorvastatin" is a pair, "sertraline and SSRIs" is not.
 */
export function distinctPairs(lexicon: Pick<ClinicalLexicon, 'membersOf' | 'classesOf'>, named: readonly string[]): [string, string][] {
  const pairs: [string, string][] = [];
  named.forEach((first, index) => {
    for (const second of named.slice(index + 1)) if (!namesSubject(lexicon, first, [second])) pairs.push([first, second]);
  });
  return pairs;
}

// "¿Eutirox con warfarina?": in a short Spanish question about two medicines (pairQuestion), "con" joins them.
const spanishWith = /(?<![\p{L}\p{N}])con(?![\p{L}\p{N}])/u;

/**
 * The medicines a question asks about together, when it asks about an interaction (asksAboutInteractions, or a
 * Spanish "con" between them; the caller asks only of a pair question) between
 * medicines that are not one another ("warfarin and atorvastatin together?"), or null. Such a question is answered
 * only by a card that speaks of two of them (speaksOfTogether): the card on bleeding signs on warfarin does not say
 * what atorvastatin does with it.
 */
export function askedTogether(lexicon: Pick<ClinicalLexicon, 'membersOf' | 'classesOf'>, named: readonly string[], question: string): [string, string][] | null {
  if (!asksAboutInteractions(question) && !spanishWith.test(foldText(question))) return null;
  const pairs = distinctPairs(lexicon, named);
  return pairs.length === 0 ? null : pairs;
}

/** Whether a card speaks of both medicines of one of the pairs (`speaksOf`: as for unspokenPartners). */
export function speaksOfTogether(pairs: readonly [string, string][], speaksOf: (canonical: string) => boolean): boolean {
  return pairs.some(([first, second]) => speaksOf(first) && speaksOf(second));
}

/** The words of a question, as its length is measured (pairQuestion, kb-search's subjectUncovered). */
export function wordCount(text: string): number {
  return text.split(/\s+/u).filter((word) => word.length > 0).length;
}

/** A question this long or shorter, naming two medicines, is about the two of them (pairQuestion). */
const pairQuestionWords = 25;

/**
 * Whether a question is about a pair of medicines: it names exactly two that are not one another (distinctPairs)
 * in at most pairQuestionWords words ("does sertraline interact with ibuprofen?"). A longer question, or one naming
 * more, is often a patient's story whose other medicines say who the patient is ("on bisoprolol and furosemide"),
 * so what a card is taken with is not checked against them.
 */
export function pairQuestion(lexicon: Pick<ClinicalLexicon, 'membersOf' | 'classesOf'>, named: readonly string[], question: string): boolean {
  const pairs = distinctPairs(lexicon, named);
  return pairs.length === 1 && named.length === 2 && wordCount(question) <= pairQuestionWords;
}

/**
 * Whether an interaction card's verdict (its severity: avoid, monitor…) is a verdict on what a question names: not
 * when the question names, beside what the card is about, only medicines its title does not take it with ("is
 * regular paracetamol safe with warfarin?" and "Warfarin with NSAIDs": the card answers it, paracetamol being its
 * usual alternative, but its "avoid" is about NSAIDs). A title naming no medicine after "with" keeps its verdict.
 */
export function verdictApplies(lexicon: Lexicon, title: string, named: readonly string[]): boolean {
  const subjects = interactionSubjects(lexicon, title);
  const partners = interactionPartners(lexicon, title);
  const others = named.filter((canonical) => !namesSubject(lexicon, canonical, subjects));
  if (partners.length === 0 || others.length === 0 || others.length === named.length) return true;
  return others.some((canonical) => namesSubject(lexicon, canonical, partners));
}
