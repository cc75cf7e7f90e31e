import { foldText } from '../../core/text-folding.js';
import type { ClinicalMention } from './clinical-lexicon.js';

/**
 * A question that rules a finding out names it without asking about it: "lip swollen, no rash, not itchy", "sin
 * fiebre", "niega dolor torácico". Such a condition is neither a topic the cards must cover nor an effect the
 * question asks a medicine to have caused. This is the preceding-trigger half of NegEx (Chapman et al., 2001), kept
 * narrow: the trigger must stand right before the finding, with at most an article or one small word between ("no
 * real chest pain", "without a rash", "sin ningún sangrado"), or before a list of findings ("no fever, cough or
 * rash"). A bare "not" and "no" before a verb are left alone, since they negate the verb and not the finding ("not
 * sleeping", "no se le pasa el dolor de cabeza"): those still name the finding.
 */
const negationTrigger = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(?:${[
    // English
    'no',
    'nor',
    'without',
    'denies',
    'denied',
    'negative for',
    'free of',
    'no signs? of',
    'no history of',
    'never had',
    // Spanish
    'sin',
    'ni',
    'niega',
    'no tiene',
    'no hay',
    'no presenta',
    'no refiere',
    'no ha tenido',
    'nada de',
    'sin antecedentes? de',
  ].join('|')})[\\s-]+(?:(?:a|an|any|real|obvious|un|una|ningun|ninguna|nada de|signos? de)\\s+)?$`,
  'u',
);

/**
 * Pseudo-negations, after the finding: "no migraine relief", "no seizure control", "sin tratamiento para la
 * diabetes" name a condition the patient has; "no diarrhea until she started metformin" tells when it began.
 */
const notRuledOutAfter = /^\s*(?:relief|control|reduction|improvement|medications?|medicines?|meds|treatment|drugs?|pills?|tablets?|tratamiento|medicacion)\b|^[^.;!?]*\b(?:until|till|before|hasta que|antes de que)\b/u;

/** Between two findings of one ruled-out list: a comma, "or", "and", "nor", "o", "ni", "y". */
const listSeparator = /^\s*(?:,\s*)?(?:(?:or|and|nor|o|u|ni|y|e)\s+)?(?:a|an|any|un|una)?\s*$/u;

type Located = Pick<ClinicalMention, 'kind' | 'start' | 'end'>;

/** Whether a trigger stands right before the mention. */
function triggered(text: string, mention: Located): boolean {
  return negationTrigger.test(foldText(text.slice(Math.max(0, mention.start - 40), mention.start)));
}

/**
 * The conditions a question rules out, left to right: those a trigger precedes, and those listed right after a
 * ruled-out one. Medicines are never ruled out: "sin warfarina" still names warfarin.
 */
export function ruledOutMentions<T extends Located>(text: string, mentions: readonly T[]): Set<T> {
  const ruledOut = new Set<T>();
  const ordered = [...mentions].sort((a, b) => a.start - b.start);
  ordered.forEach((mention, index) => {
    if (mention.kind !== 'condition') return;
    const previous = ordered[index - 1];
    const listed = previous !== undefined && ruledOut.has(previous) && listSeparator.test(foldText(text.slice(previous.end, mention.start)));
    // Ruled out by a trigger or by its list, unless what follows takes the negation back.
    if ((listed || triggered(text, mention)) && !notRuledOutAfter.test(foldText(text.slice(mention.end)))) ruledOut.add(mention);
  });
  return ruledOut;
}

/**
 * Where the words that rule a finding out begin: the trigger and its small word ("without a rash"), or else the one
 * word before the finding (a Spanish trigger the English form translated otherwise: "niega temblor", "refuse tremor").
 */
export function negationStart(text: string, mention: Pick<ClinicalMention, 'start'>): number {
  const before = text.slice(Math.max(0, mention.start - 40), mention.start);
  const folded = foldText(before);
  const trigger = folded.length === before.length ? negationTrigger.exec(folded) : null;
  if (trigger) return mention.start - before.length + trigger.index + (trigger[0].length - trigger[0].trimStart().length);
  const word = /[\p{L}\p{N}]+\s*$/u.exec(before);
  return word ? mention.start - before.length + word.index : mention.start;
}

/** The mentions a question affirms: every medicine, and the conditions it does not rule out. */
export function affirmedMentions<T extends Located>(text: string, mentions: readonly T[]): T[] {
  const ruledOut = ruledOutMentions(text, mentions);
  return mentions.filter((mention) => !ruledOut.has(mention));
}
