import { foldText } from '../../core/text-folding.js';
import { nearReader } from './detail-questions.js';

/**
 * The exceptions a question about a clinic's own procedure may turn on: a public holiday, a weekend, someone on leave
 * or off sick, bad weather, equipment that fails, something lost or out of stock, another language, where to park, a
 * patient who refuses. "What happens to the Tuesday clinic when it falls on a public holiday?" is answered by a document that
 * speaks of holidays, not by the clinic's usual days however close they read; "who runs the clinic when the
 * pharmacist is on annual leave?" by one that says who covers. Each kind lists how a question says it (English and
 * Spanish, read folded) and how a document may (English: the documents a clinic ingests are read in English by the
 * models). Our own lists, written from how clinic procedures are worded, not from any evaluation set.
 */
interface ConditionKind {
  /** As the refusal names it. */
  label: string;
  labelEs: string;
  asked: RegExp;
  /** Read on the question as written, where capitals tell a name ("if Aisling is off"). */
  askedAsWritten?: RegExp;
  spoken: RegExp;
}

const kinds: readonly ConditionKind[] = [
  {
    label: 'a public holiday',
    labelEs: 'un festivo',
    asked:
      /\b(bank|public|national) holidays?\b|\bholiday (monday|friday|week)\b|\b(christmas|xmas|easter|new year'?s?( day| eve)?|boxing day|festivos?|feriados?|dia festivo|dia feriado|navidad(es)?|semana santa|nochebuena|nochevieja|ano nuevo)\b/,
    spoken: /\bholidays?\b|\bfestiv|\b(christmas|easter|new year|boxing day|navidad|semana santa)\b/i,
  },
  {
    label: 'a weekend',
    labelEs: 'un fin de semana',
    asked: /\b(weekends?|saturdays?|sundays?|sabados?|domingos?|fin(es)? de semana)\b/,
    spoken: /\b(weekends?|weekdays?|saturdays?|sundays?|monday to friday|mon(day)?\s?[-–]\s?fri(day)?)\b/i,
  },
  {
    label: 'someone away (leave or sickness)',
    labelEs: 'alguien ausente (vacaciones o baja)',
    asked:
      /\b(on (annual |study |maternity |sick )?leave|annual leave|off sick|calls? in sick|sick leave|is (away|absent|off work)|are (away|absent|off work)|absent|absence|de vacaciones|esta de baja|(?<!\d )de baja|ausente|no viene a trabajar|(if|when|while) (she|he|they|(dr|nurse|sister) \w+|the (\w+ )?(nurse|gp|doctor|pharmacist|manager|lead|clerk|receptionist|hca|coordinator)) (is|are) off)\b/,
    // "If Aisling is off", "when Dr Lloyd is off": a capitalised name off work, not "if the dressing is off".
    askedAsWritten:
      /\b([Ii]f|[Ww]hen|[Ww]hile) (Dr |Nurse |Sister )?(?!(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Christmas|Easter)\b)\p{Lu}\p{Ll}+( \p{Lu}\p{Ll}+)? (is|are) off\b/u,
    // Cover as staffing ("cover for", "arranges cover", "who covers the clinic"), not as scope ("this procedure covers
    // excision of skin lesions").
    spoken:
      /\b(leave|absent|absence|away|off sick|sickness|unavailable|not available|not on duty|cover(s|ed|ing)? (for|by)|(provides?|arranges?|arranged|organises?|organizes?|finds?|no|locum|staff|holiday|sickness|leave) cover|cover (is|will|must|can|should)|cover(s|ing)? (the|their|his|her) (clinic|session|list|shift|rota|duties|role|work)|who covers|deputy|deputises|deputizes|stands in|in (his|her|their) place)\b/i,
  },
  {
    label: 'bad weather',
    labelEs: 'el mal tiempo',
    asked: /\b(snow|snowy|snowing|severe weather|bad weather|storms?|icy|ice on the roads|floods?|flooding|nieve|nevada|tormentas?|mal tiempo|inundaci)/,
    spoken: /\b(snow|weather|storms?|icy|ice|floods?|flooding)\b/i,
  },
  {
    label: 'equipment that fails',
    labelEs: 'un equipo que falla',
    // Said of equipment, not of a kidney or a painkiller ("the paracetamol isn't working", "el riñón no funciona").
    asked:
      /\b(fails (its|the|a) (\w+ )?(test|check|self-test)|fails to (start|turn on|charge|print|record|connect)|stops working|stopped working|breaks down|broke down|is broken|faulty|battery (dies|died|is flat|runs out)|stops recording|se estropea|se ha estropeado|se queda sin bateria)\b/,
    spoken: /\b(fails?|failed|failure|faulty|fault|broken|not working|out of order|breaks? down|malfunction\w*|battery|repair|replace(d|ment)?|backup|spare)\b/i,
  },
  {
    label: 'something lost or missing',
    labelEs: 'algo perdido o que falta',
    // Of a thing, not "lost sensation" or "missing a dose": "the key is missing", "a lost badge", "isn't on the hook".
    asked:
      /\b((is|are|was|were|got|gets|been|goes|went) (lost|missing|stolen)(?! (a|an|his|her|their|the|my|your|doses?|appointments?|out|work|school)\b)|(lost|missing|stolen) (keys?|cards?|badges?|phones?|bags?|forms?|logs?|books?|registers?|items?|stock|kits?|packs?|equipment|devices?|boxes|box|folders?|files?|records?|samples?)|can'?t find (the|my|our) (key|card|badge|log|book|register|form|kit|box|folder)|isn'?t (on|in) (its|the) (hook|place|drawer|cupboard|box)|(se ha|se han) perdido|robad[oa]s?|no encuentro (la|el|las|los) (llaves?|tarjetas?|registro|libro|formularios?|kit|caja|carpeta)|no esta en su sitio)\b/,
    spoken: /\b(lost|missing|stolen|cannot be found|not found|mislaid|discrepanc\w*|does not match)\b/i,
  },
  {
    label: 'something out of stock',
    labelEs: 'algo agotado',
    asked: /\b(out of stock|run out|ran out|runs out|shortage|unavailable|agotad[oa]s?|no (nos )?quedan?(?! (resuelt|claro|bien|satisfech|content))|se acab(o|aron|an))\b/,
    spoken: /\b(out of stock|run out|runs out|shortage|unavailable|alternative|second[- ]line|substitute)\b/i,
  },
  {
    label: 'another language',
    labelEs: 'otro idioma',
    asked: /\b(other languages?|another language|in (polish|spanish|urdu|arabic|french|portuguese|romanian|chinese|bengali)|translated|translation|otros? idiomas?|traducid[oa]s?|traduccion|no habla (espanol|ingles|castellano))\b/,
    spoken: /\b(languages?|translat\w*|interpret\w*|polish|spanish|urdu|arabic|french|portuguese|romanian|chinese|bengali)\b/i,
  },
  {
    // Not an exception but a question a procedure rarely answers: where to leave a car.
    label: 'where to park',
    labelEs: 'dónde aparcar',
    asked: /\b(where (can|do|does|should|may|must|to|are) (\w+ ){0,4}?park|parking (for|space|spaces|permit|permits)|car park|aparcar|aparcan|aparco|aparcamos|aparcamiento|parking)\b/,
    spoken: /\b(park|parking|parked|car park|aparcar|aparcamiento|parking)\b/i,
  },
  {
    label: 'a patient who refuses',
    labelEs: 'un paciente que se niega',
    // Said of a person ("the patient refuses"), not of a kidney function that declines.
    asked:
      /\b(patients?|he|she|they|person|mum|mom|dad|mother|father|parent|carer|relative|family|resident|client)( (still|then|just|now|also|often|always|again|really))? (refuses?|refused|declines?|declined|won'?t (let|accept|agree|use|wear|come))\b|\b(se niega|se negó|no quiere|rechaza)\b/,
    spoken: /\b(refuses?|refused|refusal|declines?|declined|decline|does not (want|agree|consent)|withdraw\w*)\b/i,
  },
];

/** The exceptions a question asks about (read on the question as asked and its English form). */
export function conditionsAsked(question: string, english: string): ConditionKind[] {
  const folded = `${foldText(question)}\n${foldText(english)}`;
  return kinds.filter((kind) => kind.asked.test(folded) || kind.askedAsWritten?.test(question) === true);
}

/**
 * Whether a text speaks of every exception asked next to what the question is about (a document that can say what
 * happens then): in a sentence or list item sharing the most words with the question, or its section's heading. A
 * vaccine fridge procedure that mentions a spare battery for the thermometer does not say what to do when the data
 * logger stops recording; a registration procedure that says who covers the clerk's leave does not say who scans the
 * letters when someone is on leave.
 */
export function speaksOfConditions(text: string, asked: readonly ConditionKind[], question: string): boolean {
  const speaks = nearReader(text, question, 'half');
  return asked.every((kind) => speaks(kind.spoken));
}

export type { ConditionKind };
