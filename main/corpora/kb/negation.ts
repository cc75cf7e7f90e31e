import { foldText } from '../../core/text-folding.js';
import type { ClinicalMention } from './clinical-lexicon.js';

/**
 * A question that rules a finding out names it without asking about it: "lip swollen, no rash, not itchy", "sin
 * fiebre", "niega dolor torácico". Such a condition is neither a topic the cards must cover nor an effect the
 * question asks a medicine to have caused. This is the preceding-trigger half of NegEx (Chapman et al., 2001), kept
 * narrow: the trigger must stand right before the finding, with at most one small word between ("no real chest
 * pain", "sin ningún sangrado"). A bare "not" and "no" before a verb are left alone, since they negate the verb and
 * not the finding ("not sleeping", "no se le pasa el dolor de cabeza"): those still name the finding.
 */
const negationTrigger = new RegExp(
  `(?:^|[^\\p{L}\\p{N}])(?:${[
    // English
    'no',
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
    'no ha tenido',
    'nada de',
  ].join('|')})\\s+(?:(?:any|real|obvious|ningun|ninguna|nada de|signos? de)\\s+)?$`,
  'u',
);

/** Only findings are ruled out this way; a medicine named after "no" or "sin" ("sin warfarina") is still named. */
export function isNegated(text: string, mention: Pick<ClinicalMention, 'kind' | 'start'>): boolean {
  if (mention.kind !== 'condition') return false;
  return negationTrigger.test(foldText(text.slice(Math.max(0, mention.start - 40), mention.start)));
}

/** The mentions a question affirms: every medicine, and the conditions it does not rule out. */
export function affirmedMentions<T extends Pick<ClinicalMention, 'kind' | 'start'>>(text: string, mentions: readonly T[]): T[] {
  return mentions.filter((mention) => !isNegated(text, mention));
}
