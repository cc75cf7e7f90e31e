import { foldText } from '../../core/text-folding.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';

type Lexicon = Pick<ClinicalLexicon, 'find' | 'membersOf' | 'classesOf'>;

/** The part of an interaction card's title before "with" (or before its dash): what the card is about, as written. */
export function subjectText(title: string): string {
  return (title.split(/\s+with\s+|\s+—\s+/u)[0] ?? '').trim();
}

/**
 * What a drug-interaction card is about: the medicines and classes its title names before "with" ("Lithium with
 * NSAIDs, thiazide diuretics…" → lithium; "SSRIs or SNRIs with triptans or tramadol" → SSRIs, SNRIs; "Metformin and
 * iodinated contrast imaging" has no "with", so both). The drugs after "with" are what it is taken with.
 */
export function interactionSubjects(lexicon: Pick<ClinicalLexicon, 'find'>, title: string): string[] {
  return [...new Set(lexicon.find(subjectText(title)).filter((mention) => mention.kind !== 'condition').map((mention) => mention.canonical))];
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
 * "Warfarin with NSAIDs", which reaches aspirin only through its class.
 */
export function cardAboutNamed(lexicon: Lexicon, card: { category: string; title: string }, named: readonly string[], question: string): boolean {
  if (card.category !== 'drug-interaction' || named.length === 0) return true;
  const subjects = interactionSubjects(lexicon, card.title);
  if (named.some((canonical) => namesSubject(lexicon, canonical, subjects))) return true;
  if (named.length > 1 || !asksAboutInteractions(question)) return false;
  const inTitle = new Set(lexicon.find(card.title).map((mention) => mention.canonical));
  return inTitle.has(named[0] as string);
}
