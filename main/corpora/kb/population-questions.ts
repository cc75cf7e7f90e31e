import { foldText } from '../../core/text-folding.js';

/**
 * A population a question asks about a medicine's safety in: pregnancy or breastfeeding. Whether a medicine may be
 * taken, continued or stopped there is its own question, with its own evidence; a card about the medicine's
 * interactions does not answer it, however close it reads ("Is lithium safe in the first trimester?" is not
 * answered by the lithium toxicity card). Fitness to drive is read the same way: "How long after a TIA before I can
 * drive?" is not answered by the stroke card's "do not drive yourself to hospital".
 */
export type Population = 'pregnancy' | 'breastfeeding' | 'driving';

const populationTerms: Record<Exclude<Population, 'driving'>, RegExp> = {
  pregnancy: /\b(pregnan(t|cy|cies)|trimester|expecting a baby|embarazo|embarazadas?|gestacion|gestante|encinta|(primer|segundo|tercer) trimestre|trimestre de(l)? embarazo)\b/,
  breastfeeding: /\b(breast ?-?feed(s|ing)?|breastfed|nursing (mother|mom|mum|woman|women|her baby|an infant|a baby)|(while|when|is|she's|she is|still) nursing|lactation|lactating|lactancia|lactante|(dar|darle|darles|dando|dandole|da|doy) (el )?pecho|amamant\w*|(dar|darle|dando|dandole|doy|da) de mamar|lactando)\b/,
};

// The question asks whether something may be done, not what to watch for: "is it safe", "can she keep taking",
// "does she need to stop it", "¿se puede tomar?", "¿puede seguir con ella?", "¿hay que dejarlo?".
const safetyCue = new RegExp(
  [
    '\\b(safe|safely|ok|okay|alright|compatible|allowed|contraindicated)\\b',
    '\\b(can|could|may|should)\\b[^?.!]*\\b(take|taken|use|used|continue|continued|keep|stay|give|given|stop|start|be)\\b',
    '\\b(need|have) to (stop|quit|come off|switch)\\b',
    '\\bse (puede|pueden|debe|deberia|mantiene|continua|sigue|suspende|retira|deja)\\b',
    // Whether it carries a risk there: "¿hay riesgo de malformaciones?", "is there a risk to the baby?"
    '\\b(hay|existe|tiene) (algun )?riesgo\\b',
    '\\bis there (a|any) risk\\b',
    '\\b(puedo|puede|podemos|pueden|podria|debe|deberia) (tomar|seguir|usar|continuar|mantener|dar|dejar|empezar)',
    '\\b(es|son) (seguro|segura|seguros|compatible)s?\\b',
    '\\b(hay|tiene) que (dejar|suspender|retirar|cambiar)',
    // "¿Voy a poder darle el pecho?", "¿podrá seguir con él?": whether it will be possible ("¿podrá ser por…?" is not).
    '\\b(voy|va|vamos|van) a poder (tomar|seguir|usar|dar|continuar|mantener)',
    '\\bpodr(e|a|emos|an) (tomar|seguir|usar|dar|continuar|mantener)',
  ].join('|'),
);

// Whether someone may drive (again): "can I drive?", "how long before I'm allowed to drive?", "DVLA rules",
// "¿puede conducir?", "¿cuándo puede volver a manejar?". Not a drive in the story ("he'll drive himself in").
const drivingQuestion = new RegExp(
  [
    "\\b(allowed|able|ok|okay|safe|fit|cleared) to (drive|be driving|start driving)\\b",
    "\\b(can|could|may|should) (i|he|she|they|we|you|someone|somebody|the patient|a patient|(my|his|her|our) \\w+) (still |now |ever )?(drive|be driving|start driving)\\b",
    "\\b(before|until|when|whether|if) (i|he|she|they|we|you|someone|the patient) (can|could|may|(am|is|are|be|i'm|he's|she's) allowed to) drive\\b",
    '\\b(drive|driving) again\\b',
    '\\b(back to|go back to|return to|resume) driving\\b',
    '\\b(dvla|driving licen[cs]e|fitness to drive)\\b',
    '\\b(puede|puedo|podra|podre|pueden|deberia|debe) (volver a |seguir )?(conducir|manejar|conduciendo|manejando)\\b',
    '\\bvolver a (conducir|manejar)\\b',
    '\\b(carnet|licencia|permiso) de (conducir|manejar)\\b',
  ].join('|'),
);

// A card speaks to it when it says when or whether someone may drive, not when it only says "do not drive to hospital".
const drivingSpoken = /\b(licen[cs]e|dvla|fitness to drive|fit to drive|resume driving|return to driving|drive again|driving again|before driving|not drive until)\b/;

/** The population the question asks a safety question about, or null (read on the folded question). */
export function populationAsked(question: string): Population | null {
  const folded = foldText(question);
  if (drivingQuestion.test(folded)) return 'driving';
  if (!safetyCue.test(folded)) return null;
  if (populationTerms.pregnancy.test(folded)) return 'pregnancy';
  if (populationTerms.breastfeeding.test(folded)) return 'breastfeeding';
  return null;
}

/** Whether a card's text speaks of that population at all (then it may answer; otherwise it cannot). */
export function mentionsPopulation(text: string, population: Population): boolean {
  return (population === 'driving' ? drivingSpoken : populationTerms[population]).test(foldText(text));
}
