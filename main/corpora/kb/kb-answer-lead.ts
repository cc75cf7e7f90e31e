import type { KbLead, Language, Relevance } from '../../../shared/contract.js';
import type { KbSeverity } from '../../../shared/contract/kb.js';
import type { CardSection } from './card.js';
import { quotation, quoteUnits, type QuoteUnit } from './quotes.js';

/**
 * The sections that say what to do: "What to do", "Immediate response", an escalation card's "When to send to
 * emergency care" / "When to escalate" / "When to call 911" / "When to contact the prescriber", and an adherence
 * card's "What helps". The same headings the Ask screen's lead used when it read the card itself.
 */
const leadActionSection = /^(what to do|immediate response|when to (send|escalate|call|contact)|what helps)/i;

/** The first action section of a card and its first unit that says something on its own (not a "…:" list opener). */
export function firstActionUnit(sections: readonly CardSection[]): { section: CardSection; unit: QuoteUnit } | null {
  const section = sections.find((candidate) => leadActionSection.test(candidate.heading.trim()));
  if (!section) return null;
  const unit = quoteUnits(section.text).find((candidate) => !candidate.text.endsWith(':'));
  return unit ? { section, unit } : null;
}

// No figures in the fixed words: every figure of an answer must come from the context.
const relevanceWords: Record<Language, Record<Relevance, string>> = {
  en: { strong: 'strong match', weak: 'weak match', none: 'closest card, below the relevance bar' },
  es: { strong: 'coincidencia fuerte', weak: 'coincidencia débil', none: 'la ficha más cercana, por debajo del umbral de relevancia' },
};

/** The severity in plain words: what the level means for the clinician, as the card's front matter gives it. */
export const severitySentence: Record<Language, Record<KbSeverity, string>> = {
  en: {
    contraindicated: 'Contraindicated: the card says this combination must not be used.',
    avoid: 'Avoid: the card advises against this combination.',
    monitor: 'Use with monitoring: the combination is used with checks or dose adjustment.',
    emergency: "Emergency: the card's red flags call for emergency services.",
    urgent: 'Urgent: the card says to contact the prescriber the same day.',
  },
  es: {
    contraindicated: 'Contraindicada: la ficha dice que esta combinación no debe usarse.',
    avoid: 'Evitar: la ficha desaconseja esta combinación.',
    monitor: 'Usar con vigilancia: la combinación se usa con controles o ajuste de dosis.',
    emergency: 'Emergencia: los signos de alarma de la ficha requieren llamar a los servicios de emergencia.',
    urgent: 'Urgente: la ficha indica contactar con el prescriptor el mismo día.',
  },
};

const whatToDo: Record<Language, { quote: (text: string) => string; below: string }> = {
  en: { quote: (text) => `What to do: ${quotation(text)}`, below: 'What to do: quoted below.' },
  es: { quote: (text) => `Qué hacer (en inglés): ${quotation(text)}`, below: 'Qué hacer: citado más abajo.' },
};

/**
 * The answer's first line about its first cited card: its title and relevance, its severity in plain words, and its
 * first "what to do" unit quoted verbatim (or a pointer to the quotes below when they already hold it), followed
 * by the card's citation marker so the quote is checked against that card like any other.
 */
export function leadLine(lead: KbLead, language: Language): string {
  const parts = [`${lead.title}: ${relevanceWords[language][lead.relevance]}.`];
  if (lead.severity) parts.push(severitySentence[language][lead.severity]);
  if (lead.action) parts.push(lead.action.quoted ? whatToDo[language].below : whatToDo[language].quote(lead.action.text));
  return `${parts.join(' ')} ${lead.ref}`;
}
