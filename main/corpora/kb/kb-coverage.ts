import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';

/** What the cards say about the drugs and conditions a question names. */
export interface KbCoverage {
  /** True when some card names this drug, class or condition, or a class it belongs to, or (for a class) a member. */
  coveredByKb(mention: ClinicalMention): boolean;
  /** The same, for one card. */
  coveredByCard(cardId: string, mention: ClinicalMention): boolean;
  /**
   * Covered by the KB, or a drug whose class some card names in its text, the card also covering another name the
   * question gives: "Took a Piriton" beside ramipril and a swollen lip meets the angioedema card's "antihistamines
   * may not stop this swelling"; "amoxicillin for otitis" does not meet the methotrexate card's "some penicillins".
   * Only the cards `among` are looked at for the class (the question's leading cards).
   */
  coveredInQuestion(mention: ClinicalMention, named: readonly ClinicalMention[], among: readonly string[]): boolean;
  /**
   * Whether a card speaks of a medicine: it covers it, or its text names a pharmacological class of it anywhere (the
   * MAOI card's "SSRIs" for sertraline). Looser than coveredByCard, for what a card is read beside, never alone.
   */
  speaksOf(cardId: string, mention: ClinicalMention): boolean;
  /** Canonical names a card mentions (for tests and the status of the KB). */
  namesOf(cardId: string): ReadonlySet<string>;
}

/**
 * A class of at most this many members is a pharmacological class (NSAIDs 20, benzodiazepines 14, sedatives 25);
 * larger ones are therapeutic umbrellas (antibiotics 80, antihypertensives 52, analgesics 38) whose name says
 * nothing about one member.
 */
export const maxCoveringClassMembers = 30;

// "Black, tarry or bloody stools": words listed with commas and "or"/"and" before the word they all qualify.
const coordinatedWords = /((?:[\p{L}-]+,\s+)*[\p{L}-]+,?\s+(?:or|and)\s+[\p{L}-]+)\s+([\p{L}-]+)/gu;

/**
 * Each listed word with the word it qualifies ("Black stools", "tarry stools", "bloody stools"), so that signs a
 * card writes as a list are found as the lexicon writes them. Many phrases name nothing ("aspirin therapy") or
 * something else than the card meant ("antihistamines antipsychotics"): only an effect named by the whole phrase
 * is kept (`listedEffects`).
 */
export function distributedLists(text: string): string[] {
  const phrases: string[] = [];
  for (const [, list = '', head = ''] of text.matchAll(coordinatedWords)) {
    for (const word of list.split(/,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+/)) if (word.length > 0) phrases.push(`${word} ${head}`);
  }
  return phrases;
}

/**
 * Indexes the lexicon's names found in each card's text. A card covers a drug it names anywhere, and every member
 * of a pharmacological class its title names: "Warfarin with NSAIDs" covers ketorolac, but the methotrexate card,
 * which mentions penicillins in passing, does not cover a question about amoxicillin. A card that names a member
 * speaks to its class as well ("NSAIDs" meets a card naming ibuprofen): that is how clinicians read them.
 */
export function buildKbCoverage(lexicon: ClinicalLexicon, cards: Iterable<{ cardId: string; title: string; text: string }>): KbCoverage {
  const names = new Map<string, Set<string>>();
  const titleClasses = new Map<string, Set<string>>();
  const textClasses = new Map<string, Set<string>>();
  for (const { cardId, title, text } of cards) {
    const set = names.get(cardId) ?? new Set<string>();
    const found = [...lexicon.find(text), ...distributedLists(text).flatMap((phrase) => listedEffects(phrase))];
    for (const mention of found) set.add(mention.canonical);
    names.set(cardId, set);
    const named = textClasses.get(cardId) ?? new Set<string>();
    for (const mention of found) if (mention.kind === 'class' && isCovering(mention.canonical)) named.add(mention.canonical);
    textClasses.set(cardId, named);
    const classes = titleClasses.get(cardId) ?? new Set<string>();
    for (const mention of lexicon.find(title)) if (mention.kind === 'class' && isCovering(mention.canonical)) classes.add(mention.canonical);
    titleClasses.set(cardId, classes);
  }

  function listedEffects(phrase: string): ClinicalMention[] {
    return lexicon.find(phrase).filter((mention) => mention.start === 0 && mention.end === phrase.length && lexicon.isEffect(mention.canonical));
  }

  function isCovering(className: string): boolean {
    return lexicon.membersOf(className).length <= maxCoveringClassMembers;
  }

  function cardCovers(cardId: string, mention: ClinicalMention): boolean {
    const named = names.get(cardId);
    if (named === undefined) return false;
    if (named.has(mention.canonical)) return true;
    if (mention.kind === 'drug') return lexicon.classesOf(mention.canonical).some((name) => titleClasses.get(cardId)?.has(name) ?? false);
    if (mention.kind === 'class' && isCovering(mention.canonical)) return lexicon.membersOf(mention.canonical).some((member) => named.has(member));
    return false;
  }

  const coveredByKb = (mention: ClinicalMention) => [...names.keys()].some((cardId) => cardCovers(cardId, mention));

  return {
    coveredByKb,
    coveredByCard: cardCovers,
    coveredInQuestion(mention, named, among) {
      if (coveredByKb(mention)) return true;
      if (mention.kind !== 'drug') return false;
      const classes = lexicon.classesOf(mention.canonical);
      // Another medicine: a condition ("itching", "anxiety") is on too many cards to say the card is on the question.
      // Its own class named in the question ("bisoprolol… do beta blockers…") is the same medicine again.
      const others = named.filter((other) => other.kind !== 'condition' && other.canonical !== mention.canonical && !classes.includes(other.canonical) && coveredByKb(other));
      return among.some((cardId) => classes.some((name) => textClasses.get(cardId)?.has(name) ?? false) && others.some((other) => cardCovers(cardId, other)));
    },
    speaksOf: (cardId, mention) =>
      cardCovers(cardId, mention) || (mention.kind === 'drug' && lexicon.classesOf(mention.canonical).some((name) => textClasses.get(cardId)?.has(name) ?? false)),
    namesOf: (cardId) => names.get(cardId) ?? new Set(),
  };
}
