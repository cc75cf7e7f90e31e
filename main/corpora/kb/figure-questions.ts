import { foldText } from '../../core/text-folding.js';
import { splitSections } from './card.js';
import type { ClinicalLexicon } from './clinical-lexicon.js';
import { detailAsked, holdsDetail, isDetailKind, ownDocumentDetails, type DetailKind } from './detail-questions.js';
import { quoteUnits } from './quotes.js';

/**
 * What kind of figure a question asks for, when it asks for one: a dose (an amount of a medicine: "what dose",
 * "how many mg", "¿qué dosis?", "¿cuántos comprimidos?"), a level (a serum level, a range or a target: "the
 * therapeutic range", "at what INR", "¿qué nivel?"), a count of time units ("how many minutes", "¿cuántos meses?"),
 * how often something is done ("how often should TSH be checked?", "¿cada cuánto se repite?"), or a detail only a
 * name or an amount of money answers (detail-questions.ts): a price, a person's name, a brand or supplier.
 */
export type FigureKind = 'dose' | 'level' | 'duration' | 'frequency' | DetailKind;

// Asked, not mentioned: "skips doses" or "olvida las dosis de la noche" ask for no dose.
const doseQuestion = new RegExp(
  [
    '\\b(what|which|usual|typical|starting|initial|start|max|maximum|recommended|correct|right|daily|maintenance|loading)\\s+(daily\\s+)?(dose|dosage|dosing)\\b',
    // "the next dose of tramadol", "a missed dose of": one dose given or not, not how much.
    '(?<!\\b(next|another|missed|skipped|extra|last|a|one|each|every|any) )\\b(dose|dosage|dosing) (of|for)\\b',
    '\\bhow (much|many)\\b[^?.!]*\\b(mg|mcg|milligrams?|micrograms?|units|tablets|pills|grams|ml)\\b',
    '\\b(mg|mcg|milligrams?|micrograms?) of\\b',
    '\\b(que|cual es la) dosis\\b',
    '\\bdosis (inicial|maxima|habitual|de mantenimiento|diaria|recomendada|correcta|adecuada)\\b',
    '(?<!\\b(proxima|siguiente|otra|ultima|una|cada|esa|esta) )\\bdosis de (?!la |las |el |los |un |una |esta |este |esa |ese |sus |su )',
    '\\bcuant[oa]s? (mg|miligramos|microgramos|comprimidos|pastillas|unidades|gramos|ml)\\b',
  ].join('|'),
);

const levelQuestion = new RegExp(
  [
    '\\b(therapeutic|target|toxic|normal|goal)\\s+(serum\\s+)?(\\w+\\s+)?(level|range|concentration)s?\\b',
    '\\bat what (\\w+\\s+){0,2}(level|inr|concentration)\\b',
    '\\b(what|which) (\\w+\\s+){0,2}(range|level)s? (do|does|is|are|should)\\b',
    '\\b(inr|serum \\w+) (range|target|goal)\\b',
    '\\b(rango|niveles?|concentracion) (terapeutic|toxic|objetivo)',
    '\\bque (nivel|niveles|rango)\\b',
    '\\ba partir de que nivel\\b',
  ].join('|'),
);

// A number of time units asked for outright: the answer is a figure ("how many minutes before the second spray?",
// "¿cuántos meses tiene que seguir?"). Looser wordings ("how long", "when can he restart") are read by
// `asksForDuration` below: their answer may be a condition rather than a figure.
const durationCountQuestion = /\bhow many (minutes|hours|days|weeks|months|years)\b|\bcuant[oa]s (minutos|horas|dias|semanas|meses|anos)\b/;

// How often: the answer is an interval or a rate ("every 3 months", "once a week", "daily"). A monitoring interval
// is the usual case ("how often should lithium levels be checked?"), and the cards give almost none: "check the INR
// more often for a while" says that it changes, not how often.
const frequencyQuestion = /\b(how often|how frequently|how many times (a|per|each)|every how many|cada cuant[oa]s?|con que frecuencia|cuantas veces (al|por|a la))\b/;

// A level the question has named, then asked about as "what value…" or "at what number…" ("a serum digoxin level
// next week. What value is normal, and at what number does it become toxic?"). Without a level named, "what number"
// may be a blood pressure or a count, which a level's units would not hold.
const levelNamed = /\b(levels?|nivel(es)?|concentrations?|concentracion(es)?)\b/;
const valueAsked = /\b(what|which|que|cual|cuales) (\w+\s+){0,2}(values?|numbers?|results?|readings?|valor(es)?|numeros?|cifras?|resultados?)\b|\ba partir de que (valor|numero|cifra)\b/;

/** The kind of figure the question asks for, or null when it asks for none (read on the folded question). */
export function figureAsked(question: string): FigureKind | null {
  const folded = foldText(question);
  const detail = detailAsked(folded);
  if (detail !== null && !ownDocumentDetails.has(detail)) return detail;
  if (levelQuestion.test(folded) || (levelNamed.test(folded) && valueAsked.test(folded))) return 'level';
  if (doseQuestion.test(folded)) return 'dose';
  if (frequencyQuestion.test(folded)) return 'frequency';
  if (durationCountQuestion.test(folded)) return 'duration';
  // A day or time, or how long something is kept, last (ownDocumentDetails).
  return detail;
}

const number = '\\d+(?:[.,]\\d+)?';
// A dose: a number with an amount unit, not a concentration ("70 mg/dL") nor a rate ("30 mL/min").
const doseFigure = new RegExp(`\\b${number}\\s?(mg|mcg|µg|micrograms?|milligrams?|grams?|g|units?|IU|mL|ml|tablets?|capsules?|puffs?|sprays?|drops?)\\b(?!\\s?/)`, 'i');
// A level: a number (or range) with a concentration unit, or an INR figure.
const levelFigure = new RegExp(`\\b${number}(\\s?(to|-|–)\\s?${number})?\\s?(mEq/L|mmol/L|ng/mL|mg/dL|mg/L|µg/L|mcg/mL|µg/mL)|\\bINR\\s(of\\s|between\\s|above\\s|below\\s|over\\s|under\\s)?${number}`, 'i');

// An interval or a rate: "every 3 months", "every other day", "once a week", "twice daily", "weekly", "daily".
const frequencyFigure =
  /\b(every ((\d+|one|two|three|four|five|six|eight|twelve|few|other|several)[- ])?(minutes?|hours?|days?|weeks?|months?|years?|morning|evening|night)|(once|twice|(\d+|three|four) times) (a|an|per|each) (minute|hour|day|week|month|year)|(once|twice)[- ](daily|weekly|monthly|yearly)|weekly|monthly|yearly|annually|daily|hourly)\b/i;

/**
 * Whether a text holds a figure of that kind (a card's text, to know whether it can answer such a question). A count
 * is of something a question names, so with no question none is found: ask `holdsDetail` with the question for it.
 */
export function holdsFigure(text: string, kind: FigureKind): boolean {
  if (isDetailKind(kind)) return holdsDetail(text, kind, '');
  if (kind === 'duration') return holdsDuration(text);
  if (kind === 'frequency') return frequencyFigure.test(text);
  return (kind === 'dose' ? doseFigure : levelFigure).test(text);
}

// A length of time asked for: "how long", "how far apart", "how should she space them", "when can he restart",
// "¿cuánto tiempo?", "¿cuántas horas?", "¿cuándo puede volver a tomarla?". Not a figure a card must give (the answer
// may be "not until the INR is checked"), but the sentence giving one answers the question best.
const durationQuestion = new RegExp(
  [
    '\\bhow (long|soon|far apart)\\b',
    '\\bhow many (minutes|hours|days|weeks|months)\\b',
    '\\b(space|spacing|separate|separated|separating)\\b',
    '\\bwhen (can|could|should|may|does|do|to)\\b[^?.!]*\\b(restart|resume|start|go back|recheck|check again|take it again|again)\\b',
    '\\bwait\\b[^?.!]*\\b(before|after|between|until)\\b',
    '\\bcuanto tiempo\\b',
    '\\bcuant[oa]s (minutos|horas|dias|semanas|meses)\\b',
    '\\b(separar|separarlos|separarlas|espaciar)\\b',
    '\\besperar (entre|antes|despues|hasta)\\b',
    '\\bcuando (puede|se puede|podra|debe|hay que)\\b[^?.!]*\\b(volver|reanudar|retomar|empezar|reiniciar)',
  ].join('|'),
);

const durationFigure = /\b(\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|a few)(\s?(to|-|–|or)\s?\d+)?[- ](minutes?|hours?|days?|weeks?|months?)\b/i;

/** Whether the question asks for a length of time (read on the folded question). */
export function asksForDuration(question: string): boolean {
  return durationQuestion.test(foldText(question));
}

/** Whether a text gives a length of time ("at least 4 hours", "48 hours", "over several weeks"). */
export function holdsDuration(text: string): boolean {
  return durationFigure.test(text);
}

/**
 * Whether a card's text gives a dose of one medicine: a dose figure in a sentence (or list item) naming that medicine
 * by any of its names, or right after one that does, or under a heading that does ("## Glucagon" then "- Adults:
 * 1 mg"; "Give glucagon if he cannot swallow. The adult dose is 1 mg."). A dose asked of one medicine ("What dose of
 * glucagon for severe hypoglycaemia?") is not answered by another dose in the card: the hypoglycaemia card's "15 g"
 * of sugar is a dose, not glucagon's.
 */
export function givesDoseOf(text: string, medicine: string, lexicon: Pick<ClinicalLexicon, 'find'>): boolean {
  const names = (words: string) => lexicon.find(words).some((mention) => mention.canonical === medicine);
  return splitSections(text).some((section) => {
    if (names(section.heading)) return doseFigure.test(section.text);
    const units = quoteUnits(section.text);
    return units.some((unit, index) => doseFigure.test(unit.text) && (names(unit.text) || names(units[index - 1]?.text ?? '')));
  });
}

/**
 * Whether a card's text gives a level for one medicine: a level figure anywhere in a card that names the medicine by
 * any of its names. The lithium card's "0.6 to 1.2 mEq/L" answers a lithium level question; a digoxin level
 * question is not answered by it, nor by the hypoglycaemia card's "70 mg/dL". Looser than a dose: a card on one
 * medicine gives its range in sentences that need not name it ("Older labels list 0.6 to 1.2 mEq/L").
 */
export function givesLevelOf(text: string, medicine: string, lexicon: Pick<ClinicalLexicon, 'find'>): boolean {
  return levelFigure.test(text) && lexicon.find(text).some((mention) => mention.canonical === medicine);
}

/** A unit of time a question counts in ("how many months", "¿cuántas horas?"). */
export type DurationUnit = 'minutes' | 'hours' | 'days' | 'weeks' | 'months' | 'years';

const durationUnits: readonly DurationUnit[] = ['minutes', 'hours', 'days', 'weeks', 'months', 'years'];
const spanishUnits: Record<string, DurationUnit> = { minutos: 'minutes', horas: 'hours', dias: 'days', semanas: 'weeks', meses: 'months', anos: 'years' };
/** The unit a question counts a length of time in, when it asks "how many …" of one (read on the folded question). */
export function durationUnitAsked(question: string): DurationUnit | null {
  const found = durationCountQuestion.exec(foldText(question));
  if (!found) return null;
  return (found[1] as DurationUnit | undefined) ?? spanishUnits[found[2] ?? ''] ?? null;
}

const durationIn = new RegExp(`\\b(\\d+(?:[.,]\\d+)?|one|two|three|four|five|six|seven|eight|nine|ten|twelve|several|a few)(\\s?(?:to|-|–|or)\\s?(\\d+))?[- ](${durationUnits.map((unit) => unit.slice(0, -1)).join('|')})s?\\b`, 'gi');
const hoursIn: Record<DurationUnit, number> = { minutes: 1 / 60, hours: 1, days: 24, weeks: 168, months: 730, years: 8760 };
const wordNumbers: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, twelve: 12, several: 3, 'a few': 3 };

/**
 * Whether a text gives a length of time that, counted in the unit asked, comes to at least one: "how many weeks" is
 * answered by "14 days" or "3 months", "how many days" by "48 hours", not by "12 hours"; a card on clopidogrel that
 * says "within 15 minutes" does not say how many months to stay on it.
 */
export function holdsDurationIn(text: string, unit: DurationUnit): boolean {
  return [...text.matchAll(durationIn)].some((match) => {
    const given = `${(match[4] ?? '').toLowerCase()}s` as DurationUnit;
    const count = Math.max(Number((match[1] ?? '').replace(',', '.')) || wordNumbers[(match[1] ?? '').toLowerCase()] || 0, Number(match[3] ?? 0));
    return (count * hoursIn[given]) / hoursIn[unit] >= 1;
  });
}
