import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';

/** What the cards say about the drugs and conditions a question names. */
export interface KbCoverage {
  /** True when some card names this drug, class or condition, or a class it belongs to, or (for a class) a member. */
  coveredByKb(mention: ClinicalMention): boolean;
  /** The same, for one card. */
  coveredByCard(cardId: string, mention: ClinicalMention): boolean;
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
 * Each listed word with the word it qualifies, one phrase per line ("Black stools", "tarry stools", "bloody
 * stools"), so that names a card writes as a list are found as the lexicon writes them. Phrases that name nothing
 * ("aspirin therapy") are harmless: only the lexicon's names are ever looked for in them.
 */
export function distributedLists(text: string): string {
  const phrases: string[] = [];
  for (const [, list = '', head = ''] of text.matchAll(coordinatedWords)) {
    for (const word of list.split(/,\s*(?:(?:or|and)\s+)?|\s+(?:or|and)\s+/)) if (word.length > 0) phrases.push(`${word} ${head}`);
  }
  return phrases.join('\n');
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
  for (const { cardId, title, text } of cards) {
    const set = names.get(cardId) ?? new Set<string>();
    for (const mention of [...lexicon.find(text), ...lexicon.find(distributedLists(text))]) set.add(mention.canonical);
    names.set(cardId, set);
    const classes = titleClasses.get(cardId) ?? new Set<string>();
    for (const mention of lexicon.find(title)) if (mention.kind === 'class' && isCovering(mention.canonical)) classes.add(mention.canonical);
    titleClasses.set(cardId, classes);
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

  return {
    coveredByKb: (mention) => [...names.keys()].some((cardId) => cardCovers(cardId, mention)),
    coveredByCard: cardCovers,
    namesOf: (cardId) => names.get(cardId) ?? new Set(),
  };
}
