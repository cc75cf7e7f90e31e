import type { Language } from '../../../shared/contract.js';
import { foldText, indexTerms } from '../../core/text-folding.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';
import { detectLanguage } from './kb-language.js';
import { translateClinicalQuery } from './spanish-clinical-words.js';
import { affirmedMentions } from './negation.js';
import { splitSentences } from './quotes.js';

/** A clinician's question as each retrieval path reads it. */
export interface KbQuery {
  question: string;
  language: Language;
  /**
   * The question in English for the English-only embedder and reranker: brand, Spanish and everyday drug names
   * replaced by their canonical English names, and a Spanish question translated word by word.
   */
  english: string;
  /** What BM25 searches: the question as written plus the English words it lacks (cards are English). */
  keywordText: string;
  /** Drugs, classes and conditions the question names, without the findings it rules out ("no rash"). */
  mentions: ClinicalMention[];
  /**
   * Canonical names of the findings the question rules out and names nowhere else: the English form may lose the
   * trigger ("niega temblor" reads "refuse tremor"), so checks that read `english` leave these out too.
   */
  ruledOut: string[];
  /** Words replaced on the way to `english`, for the notice that says so. */
  replaced: Array<{ from: string; to: string }>;
  /**
   * A question of several sentences ("Toma Plavix. ¿Hay algún problema con el omeprazol? ¿Tiene que dejar el
   * Plavix?"): up to `maxQuestionParts` of them in English, read one by one for the answer. Empty for one sentence.
   */
  parts: string[];
}

/** Whether `words` appear in `text` as whole words ("ibuprofeno" does not contain the word "ibuprofen"). */
function containsWords(text: string, words: string): boolean {
  const at = text.indexOf(words);
  if (at < 0) return false;
  const before = text[at - 1];
  const after = text[at + words.length];
  const isLetter = (character: string | undefined) => character !== undefined && /[\p{L}\p{N}]/u.test(character);
  return !isLetter(before) && !isLetter(after);
}

/** The question with every mention whose surface differs from its canonical name replaced by that name. */
function withCanonicalNames(question: string, mentions: readonly ClinicalMention[]): { text: string; replaced: KbQuery['replaced'] } {
  let text = '';
  let position = 0;
  const replaced: KbQuery['replaced'] = [];
  for (const mention of [...mentions].sort((a, b) => a.start - b.start)) {
    text += question.slice(position, mention.start);
    // "acute otitis media" already says "otitis media": only a name that hides its canonical one is replaced.
    const same = containsWords(foldText(mention.surface), foldText(mention.canonical));
    text += same ? mention.surface : mention.canonical;
    if (!same) replaced.push({ from: mention.surface, to: mention.canonical });
    position = mention.end;
  }
  return { text: text + question.slice(position), replaced };
}

/** Laboratory shorthand clinicians type before a result, and the word the cards use for it. */
const labNames: Record<string, string> = { K: 'potassium', Na: 'sodium', Cr: 'creatinine', Hb: 'hemoglobin', Hgb: 'hemoglobin', Glu: 'glucose' };
// "K 6,8", "K+ 5.9", "K=6.1", "Na: 126": the symbol, as written (capitals), followed by a number.
const labResult = /(?<![\p{L}\p{N}])(K|Na|Cr|Hb|Hgb|Glu)\+?(?=\s*[:=]?\s*\d)/gu;

/** The question with laboratory shorthand before a result spelled out ("K 6,8" → "potassium 6,8"). */
function withLabNames(question: string): { text: string; replaced: KbQuery['replaced'] } {
  const replaced: KbQuery['replaced'] = [];
  const text = question.replace(labResult, (symbol: string, name: string) => {
    const word = labNames[name] as string;
    replaced.push({ from: symbol, to: word });
    return word;
  });
  return { text, replaced };
}

/** Reads a question once for every path: its language, its English form, its keyword text and its clinical names. */
export function prepareKbQuery(
  question: string,
  lexicon: ClinicalLexicon,
  language: Language = detectLanguage(question),
  options: { glossary?: boolean } = {},
): KbQuery {
  const mentions = lexicon.find(question);
  const { english, replaced } = englishForm(question, mentions, language, options);
  const added = english === question ? '' : ` ${english}`;
  // Every name is written canonically in the English form, but a finding the question rules out ("no rash") is not
  // one of its topics.
  const affirmed = affirmedMentions(question, mentions);
  const affirmedNames = new Set(affirmed.map((mention) => mention.canonical));
  const ruledOut = [...new Set(mentions.map((mention) => mention.canonical).filter((name) => !affirmedNames.has(name)))];
  return { question, language, english, keywordText: `${question}${added}`, mentions: affirmed, ruledOut, replaced, parts: questionParts(question, lexicon, language, options) };
}

/** The English form of a question and what was replaced on the way: canonical names, lab names, the glossary. */
function englishForm(question: string, mentions: readonly ClinicalMention[], language: Language, options: { glossary?: boolean }): { english: string; replaced: KbQuery['replaced'] } {
  const canonical = withCanonicalNames(question, mentions);
  const labs = withLabNames(canonical.text);
  const replaced = [...canonical.replaced, ...labs.replaced];
  // The Spanish glossary can be switched off (settings language.glossary) to measure the KB without it.
  const translation = language === 'es' && options.glossary !== false ? translateClinicalQuery(labs.text) : null;
  if (translation === null) return { english: labs.text, replaced };
  return { english: translation.english, replaced: [...replaced, ...translation.pairs.map((pair) => ({ from: pair.spanish, to: pair.english }))] };
}

/**
 * Sentences of a question read again for the answer at most: each costs a cross-encoder call per unit of the first
 * card. Replayed on the twenty-three sets' key-fact questions (see partQuoteMargin), four held 316 answers' facts,
 * three 312, two 310, one 296; measured (`cita bench --quick --only kb`), four took the answer's p95 from 1.28 s to
 * 2.00 s in the same session, beyond the 1.5 s aim, so two.
 */
export const maxQuestionParts = 2;

/**
 * The sentences of a question of more than one, each in English, for the answer to read one by one: the
 * cross-encoder reads a story as a whole less well than its sentences ("she's jittery and sweaty" is met by the
 * card's signs, "what do I do now?" by its actions). Question sentences first, then the others from the end (a story
 * ends near what it asks), at most `maxQuestionParts`, in reading order. A sentence with no word of four letters or
 * more ("2.5 mg?", "Ok??") is not one. Not led by the medicines the question names: the cross-encoder then favours
 * any sentence naming them over the one answering the part. Until 2026-12-05 only question sentences, and only when
 * two or more asked something; measured in the README ("Every sentence of a story").
 */
function questionParts(question: string, lexicon: ClinicalLexicon, language: Language, options: { glossary?: boolean }): string[] {
  const sentences = question.split('\n').flatMap((line) => splitSentences(line));
  const order = sentences.map((sentence, index) => ({ sentence, index, asks: sentence.endsWith('?') }));
  // Read in the order they are chosen, and only until enough are found: a long story is not translated sentence by sentence.
  const read: Array<{ index: number; english: string }> = [];
  for (const { sentence, index } of [...order.filter((entry) => entry.asks), ...order.filter((entry) => !entry.asks).reverse()]) {
    if (read.length === maxQuestionParts) break;
    const english = englishForm(sentence, lexicon.find(sentence), language, options).english;
    if (indexTerms(english).some((term) => /^\p{L}{4,}$/u.test(term))) read.push({ index, english });
  }
  return read.length < 2 ? [] : read.sort((a, b) => a.index - b.index).map((sentence) => sentence.english);
}
