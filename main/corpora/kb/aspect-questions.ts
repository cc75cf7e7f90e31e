import { stemToken } from '../../retrieval/stemming.js';
import { foldText, indexTerms } from '../../core/text-folding.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';
import type { KbQuery } from './kb-query.js';
import { affirmedMentions, negationStart } from './negation.js';

/**
 * A short question about one medicine or condition asks about one aspect of it: "What is the half-life of digoxin?",
 * "¿Se puede partir la pastilla de clopidogrel?". The card about that medicine reads close to such a question (the
 * cross-encoder sees "digoxin" on both sides), yet says nothing of the half-life. The question is then answered
 * only when a card it would quote uses at least one of the aspect's words (compared by English stem) and, when the
 * question names one medicine, is about that medicine: "Can someone on amiodarone drink grapefruit juice?" is not
 * answered by the statins card that speaks of grapefruit but not of amiodarone. A class or a condition is not held
 * to this: people name them loosely ("her antihypertensive", "his diabetes tablet"), and the card that answers is
 * often about adherence or talking with the patient, not about the class.
 *
 * Only questions naming exactly one medicine, class or condition are read this way: a question naming two asks
 * about the pair, which is what an interaction card is about ("clarithromycin with atorvastatin: should I worry?"),
 * and a question naming none is about technique or adherence, worded in everyday paraphrase. Only short aspects
 * (up to `maxAspectTerms` words) are read: a longer question tells a story, whose words a card rarely repeats.
 */
export const maxAspectTerms = 4;

/**
 * Words a question uses around its aspect that say nothing of it: people, everyday verbs, time, hedges and the
 * words for medicines themselves. Written once from the question forms clinicians use, not tuned per question.
 */
const wordsAroundAspect: ReadonlySet<string> = new Set([
  // people
  'she', 'her', 'hers', 'he', 'his', 'him', 'they', 'them', 'someone', 'somebody', 'patient', 'patients', 'pt', 'man', 'woman',
  'mother', 'dad', 'mom', 'guy', 'lady', 'person', 'people', 'doctor', 'prescriber',
  // family ("mi esposo", "my father"): who asks, not what
  'husband', 'wife', 'father', 'son', 'daughter', 'brother', 'sister', 'grandmother', 'grandfather', 'grandma', 'grandpa', 'partner', 'friend',
  // everyday verbs
  'take', 'takes', 'taking', 'taken', 'took', 'give', 'given', 'gives', 'get', 'gets', 'getting', 'got', 'make', 'makes', 'made',
  'keep', 'keeps', 'kept', 'say', 'says', 'said', 'tell', 'told', 'ask', 'asked', 'asking', 'need', 'needs', 'needed', 'start',
  'started', 'starting', 'go', 'goes', 'going', 'come', 'came', 'use', 'uses', 'using', 'used', 'want', 'wants', 'know', 'think',
  'see', 'try', 'put', 'let', 'happen', 'happens', 'continue', 'stop', 'stopped', 'avoid',
  // hedges and judgements
  'could', 'would', 'might', 'must', 'may', 'ok', 'okay', 'safe', 'fine', 'problem', 'issue', 'true', 'right', 'wrong', 'normal',
  'really', 'still', 'also', 'just', 'now', 'then', 'anymore', 'even', 'though', 'but', 'all', 'one', 'two', 'yet', 'ever', 'never', 'always',
  'sometimes', 'whether', 'anything', 'something', 'thing', 'things', 'much', 'many', 'more', 'most', 'other', 'another', 'same',
  'new', 'old', 'well', 'good', 'bad', 'like', 'here', 'plus', 'together', 'should',
  // how something is done, like "right" and "wrong" ("uses his inhaler incorrectly": the card on using it answers)
  'correctly', 'incorrectly', 'properly', 'improperly', 'wrongly', 'badly',
  // the halves of contractions ("hasn't" reads as "hasn" and "t")
  'isn', 'doesn', 'don', 'won', 'hasn', 'haven', 'hadn', 'didn', 'wasn', 'weren', 'aren', 'can', 'cannot', 'couldn', 'wouldn', 'shouldn',
  // time
  'today', 'tonight', 'yesterday', 'morning', 'night', 'week', 'weeks', 'month', 'months', 'year', 'years', 'day', 'days', 'ago',
  'last', 'since', 'long', 'time', 'back', 'while', 'during', 'after', 'before', 'often', 'prolonged',
  // asking about the topic as a whole: any card on it answers
  'recognise', 'recognize', 'spot', 'sign', 'signs', 'symptom', 'symptoms', 'manage', 'handle', 'respond', 'explain',
  'danger', 'dangers', 'dangerous', 'risk', 'risks', 'risky', 'worry', 'concern', 'concerns',
  // whether it works: "¿tarda más en hacer efecto después de una comida?" asks about meals
  'effect', 'effects',
  // medicines themselves
  'medicine', 'medicines', 'medication', 'medications', 'drug', 'drugs', 'pill', 'pills', 'tablet', 'tablets',
]);

/** The English form's mentions, without the findings the question or its English form rules out. */
export function affirmedInEnglish(query: Pick<KbQuery, 'english' | 'ruledOut'>, mentions: readonly ClinicalMention[]): ClinicalMention[] {
  return affirmedMentions(query.english, mentions).filter((mention) => !query.ruledOut.includes(mention.canonical));
}

/** The first mention of each canonical name, in order. */
export function distinctMentions(mentions: readonly ClinicalMention[]): ClinicalMention[] {
  return mentions.filter((mention, index) => mentions.findIndex((other) => other.canonical === mention.canonical) === index);
}

/** The one medicine, class or condition a question names, and the aspect of it asked about as English words. */
export interface AspectAsked {
  subject: ClinicalMention;
  terms: string[];
}

/** The aspect a question asks about its one medicine or condition; null when it is not such a question. */
export function aspectAsked(query: Pick<KbQuery, 'question' | 'english' | 'language' | 'mentions' | 'ruledOut'>, lexicon: ClinicalLexicon): AspectAsked | null {
  const mentions = lexicon.find(query.english);
  const affirmed = affirmedInEnglish(query, mentions);
  const named = [...query.mentions, ...affirmed];
  const subject = named[0];
  if (subject === undefined || new Set(named.map((mention) => mention.canonical)).size !== 1) return null;
  // The aspect is what is left of the question without its names, and without the words that rule a finding out
  // ("without kidney disease"; "niega temblor" reads "refuse tremor"): those say the finding is absent, not what is asked.
  let rest = '';
  let position = 0;
  for (const mention of mentions) {
    const cut = affirmed.includes(mention) ? mention.start : negationStart(query.english, mention);
    rest += `${query.english.slice(position, Math.max(position, cut))} `;
    position = mention.end;
  }
  rest += query.english.slice(position);
  // A Spanish question's English form keeps the words the glossary could not translate: they are not English
  // evidence, so only the translated words count.
  const untranslated = query.language === 'es' ? new Set(indexTerms(query.question)) : new Set<string>();
  const terms = [...new Set(indexTerms(rest))].filter((term) => term.length > 2 && !/\d/.test(term) && !wordsAroundAspect.has(term) && !untranslated.has(term));
  return terms.length === 0 || terms.length > maxAspectTerms ? null : { subject, terms };
}

/** Words of at least this many letters also meet by their first `sharedPrefix` letters ("recognise", "recognition"). */
const prefixWordLength = 7;
const sharedPrefix = 6;

/**
 * Whether a card's text uses one of the aspect's words: the same English stem, or for long words the same first six
 * letters, since the stemmer keeps "recognise" and "recognition" apart.
 */
export function speaksOfAspect(text: string, terms: readonly string[]): boolean {
  const stems = new Set<string>();
  const prefixes = new Set<string>();
  for (const word of indexTerms(text)) {
    stems.add(stemToken(word, 'en') ?? word);
    if (word.length >= prefixWordLength) prefixes.add(word.slice(0, sharedPrefix));
  }
  return terms.some((term) => stems.has(stemToken(term, 'en') ?? term) || (term.length >= prefixWordLength && prefixes.has(term.slice(0, sharedPrefix))));
}

/**
 * The medicine a question names, and the effects it asks whether that medicine caused (one mention each); or, for a
 * question naming several medicines or a class, the effects alone.
 */
export interface EffectAsked {
  /**
   * The one medicine; null when the question names several, or a class: then a card about one of `medicines` that
   * names an effect answers.
   */
  subject: ClinicalMention | null;
  /** The medicines and classes the question names, one mention each. */
  medicines: ClinicalMention[];
  effects: ClinicalMention[];
  /** The question says outright that it asks about a cause ("can it cause…", "¿puede ser por…?"). */
  explicit: boolean;
}

/**
 * A question naming one medicine and a symptom, a sign or an adverse reaction asks whether the medicine causes it
 * ("Does metformin cause diarrhea?", "Desde que toma Zestril tiene una tos seca, ¿puede ser la pastilla?"), however
 * long the story around it. Only a card about that medicine that names one of the effects answers it; the card
 * about the medicine alone reads close, and the cross-encoder and the embedder both see the medicine on both sides.
 * Diagnoses the question names ("a diabetic patient on…") say who the patient is and are not effects.
 *
 * A question naming two medicines or a class is about the pair or the class, and the card on the pair answers it
 * however it words the symptom: the symptom is often why the second medicine is wanted ("she takes lithium and has
 * joint pain, is naproxen OK?"). Only when the question lays the symptom at the medicines' door ("ramipril has given
 * me a dry cough, should I switch to losartan?", "¿es por el enalapril?", "since starting…", or asks outright) is it
 * an effect question: then a card about one of its medicines that names one of the effects answers it, not the card
 * on ACE inhibitors and potassium, nor the serotonin syndrome card that speaks of cough syrup. Such a question gets
 * no subject.
 */
export function effectAsked(query: Pick<KbQuery, 'question' | 'english' | 'mentions' | 'ruledOut'>, lexicon: ClinicalLexicon): EffectAsked | null {
  const named = [...query.mentions, ...affirmedInEnglish(query, lexicon.find(query.english))];
  const distinct = distinctMentions(named);
  const medicines = distinct.filter((mention) => mention.kind !== 'condition');
  if (medicines.length === 0) return null;
  const subject = medicines.length === 1 && medicines[0]?.kind === 'drug' ? medicines[0] : null;
  const conditions = distinct.filter((mention) => mention.kind === 'condition');
  const effects = conditions.filter((mention) => lexicon.isEffect(mention.canonical));
  const explicit = asksWhatCauses(query);
  if (subject === null) return effects.length > 0 && (explicit || attributesToMedicine(query)) ? { subject, medicines, effects, explicit } : null;
  if (effects.length > 0) return { subject, medicines, effects, explicit };
  // A diagnosis is an effect too when the question says so outright: "¿El litio puede producir hipotiroidismo?".
  return conditions.length > 0 && explicit ? { subject, medicines, effects: conditions, explicit } : null;
}

// "Can lithium cause…", "is it due to…", "¿puede producir…?", "¿lo provoca…?", "efecto secundario": the question
// asks whether something caused the condition it names. Read on the folded question and its English form.
const causalWording =
  /\b(cause[sd]?|causing|induced?|induces|triggere?d?|triggers|brings? on|due to|side[- ]effects?|causa[nr]?|causado|producen?|producir|producido|provocan?|provocar|provocado|inducir|debido a|por culpa de|efectos? secundarios?)\b/;

function asksWhatCauses(query: Pick<KbQuery, 'question' | 'english'>): boolean {
  return causalWording.test(foldText(query.question)) || causalWording.test(foldText(query.english));
}

// "Ramipril has given me a cough", "it makes him dizzy", "since starting…", "is it from the new pill?", "me ha dado
// tos", "desde que toma…", "¿es por el enalapril?", "¿puede ser la pastilla?": the question lays the symptom at a
// medicine's door without asking outright. Read on the folded question (the English form of a Spanish one is word
// by word) and, for an English question, that is the same text.
const attributionWording = new RegExp(
  [
    '\\b(has |have |had )?(given|caused) (me|him|her|them)\\b',
    '\\b(gave|giving|makes?|made|making) (me|him|her|them)\\b',
    '\\b(since|after) (starting|taking|beginning|going on|being on|(i|he|she|they|we) (started|began))\\b',
    '\\b(is|could|can|might) (it|this|that) be (the|from|due|because)\\b',
    '\\b(from|because of) (the|his|her|my|this|that) (new )?(pill|pills|medicine|medication|drug|tablet|tablets)\\b',
    '\\b(me|le|les|nos) (ha|han) (dado|causado|provocado)\\b',
    '\\bdesde que (toma|tomo|tomamos|empezo|empece|comenzo|comence|esta con|estoy con|le (pusieron|dieron|cambiaron|mandaron|recetaron)|me (pusieron|dieron|cambiaron|mandaron|recetaron))\\b',
    '\\b(es|sera|seria) por (el|la|los|las|ese|esa|este|esta|esos|esas)\\b',
    '\\b(puede|podria) ser (por |de )?(el|la|los|las|ese|esa|este|esta)\\b',
  ].join('|'),
);

function attributesToMedicine(query: Pick<KbQuery, 'question'>): boolean {
  return attributionWording.test(foldText(query.question));
}
