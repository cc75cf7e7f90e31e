import { isEnglishWord } from '../../core/english-words.js';
import { foldText, stopWords, tokenize } from '../../core/text-folding.js';
import { stemToken } from '../../retrieval/stemming.js';
import { splitSections } from './card.js';
import { quoteUnits } from './quotes.js';

/**
 * A detail only a name or an amount of money answers: a price ("how much does the contractor charge?", "¿cuánto
 * cuesta cada tira?"), a person's name ("what is the name of the team leader?", "who is the current falls
 * champion?", "¿cómo se llama…?") or a brand, maker or supplier ("what brand of socks?", "which supplier?", "¿qué
 * marca de gel…?"). A clinic's own document read close to such a question ("the contractor collects the boxes on
 * Tuesdays") does not answer it unless it gives the price or names the person or the firm; the cards say so.
 * Likewise a way to reach someone or get in: a phone number or extension ("what extension do I ring for the IPC
 * nurse?", "¿me pasas el teléfono de la farmacia?"), an email address, a password, PIN or code phrase; and whether
 * something is paid for ("do we charge for a travel letter?", "¿quién paga el certificado?"). Those are read next to
 * what the question is about: the extension of the duty nurse does not say how to reach the IPC nurse. And the day or
 * the time of day something happens ("what time does the courier come?", "¿qué día toca la reunión?"), which a clock
 * time or a weekday answers; that one is held to the user's own documents only (kb-search.ts): a shipped card answers
 * "what time should I take my statin?" with "in the evening". Likewise how long a record or an item is kept ("how long
 * are the recordings kept?", "¿cuánto tiempo se guarda el registro?"), which a length of time answers; and how many
 * of something there are ("how many sets of defib pads are on the trolley?", "¿cuántos ventiladores tenemos?"), which a
 * number of that very thing answers ("2 sets of adult pads"; "2 portable air-conditioning units" gives no fans); and
 * why a rule is as it is ("why do we wait 20 minutes before ringing the courier desk?", "¿por qué no aceptamos los
 * formularios por email?"), which only a reason given answers ("…because the lab cannot match them to a patient");
 * and who stands in for someone away ("Dr Patel is on leave, who looks at her results?", "si Tom no viene, ¿quién hace
 * de responsable de incendios?"), which only a document saying what happens in someone's absence answers ("When a GP
 * is on leave, the buddy reviews that GP's results"); "First floor fire warden: Tom Beckett" names the one away.
 */
const detailKinds = ['price', 'person', 'maker', 'phone', 'email', 'password', 'charge', 'time', 'kept', 'count', 'reason', 'cover', 'age'] as const;
export type DetailKind = (typeof detailKinds)[number];

/**
 * The details only the user's own documents are held to, and that give way to any other figure a question asks for
 * ("¿qué día se toma el ácido fólico y cuántos mg?" asks for a dose a card must give).
 */
export const ownDocumentDetails: ReadonlySet<string> = new Set<DetailKind>(['time', 'kept', 'count', 'reason', 'cover', 'age']);

/** Whether a figure kind is one of these details. */
export function isDetailKind(kind: string): kind is DetailKind {
  return (detailKinds as readonly string[]).includes(kind);
}

const priceQuestion = new RegExp(
  [
    '\\bhow much (does|do|did|will|would|is|are|should|could)\\b[^?.!]*\\b(cost|costs|charge|charges|charged|pay|paid|bill|billed)\\b',
    '\\bwhat does (it|the|a|an|each|one|this|that)\\b[^?.!]*\\bcost\\b',
    '\\b(what|which) (is|are|s) (the )?(price|cost|fee|charge)s?\\b',
    // Not "in charge of", "an hourly rate" of an infusion or "pay a visit"; not "¿cuánto vale el INR?" (its value).
    '\\b(price|fee)s? (of|for|per)\\b',
    '(?<!\\bin )\\bcharges? (for|per)\\b',
    '\\b(hourly|daily|weekly|monthly) (fee|charge)s?\\b',
    '\\b(hourly|daily) rate\\b[^?.!]*\\b(charges?|charged|costs?|pays?|paid|bills?)\\b',
    '\\b(charges?|charged|pays?|paid|costs?) (\\w+ ){0,3}?per (hour|visit|session|minute|day)\\b',
    '\\bcuanto (cuesta|cuestan|costo|costaba|cobra|cobran|se cobra|se paga|hay que pagar|pagamos|pagan)\\b',
    '\\b(que|cual es el|cual es la) (precio|coste|costo|tarifa)\\b',
    '\\b(precio|coste|costo|tarifa) (de|del|por)\\b',
  ].join('|'),
);

// A name asked of a role ("the name of the Infection Prevention Nurse"), not of a technique or a condition ("¿cómo
// se llama esa técnica?", "what's the name of that reaction?").
const roles =
  '(nurses?|doctors?|gps?|managers?|leads?|leaders?|coordinators?|officers?|champions?|pharmacists?|receptionists?|clerks?|persons?|people|consultants?|matrons?|sisters?|midwi(fe|ves)|wardens?|administrators?|assistants?|heads?|directors?|supervisors?|secretar(y|ies)|practitioners?|therapists?|podiatrists?|physios?|contacts?|workers?|staff|owners?|chairs?|auditors?|observers?|guardians?)';
const rolesEs =
  '(enfermer[oa]s?|medic[oa]s?|doctor(a|es)?|responsables?|coordinador(a|es)?|encargad[oa]s?|jef[ea]s?|director(a|es)?|supervisor(a|es)?|farmaceutic[oa]s?|recepcionistas?|administrativ[oa]s?|matronas?|auxiliar(es)?|secretari[oa]s?|referentes?|persona)';
// A role within three words, none a determiner (a new noun phrase): "the name of the Infection Prevention Nurse", not
// "the name of the form the receptionist gives".
const gap = "((?!(the|a|an|that|which|who|whose|el|la|los|las|un|una|que|de|del)\\b)\\w+ ){0,3}?";
const roleAfter = `${gap}${roles}\\b`;
const roleAfterEs = `${gap}${rolesEs}\\b`;
const personQuestion = new RegExp(
  [
    `\\bwhat( i|')?s (the |his |her |their )?names? of (the |our |your |my |this |that )?${roleAfter}`,
    `\\bwhat is (the |his |her |their )?names? of (the |our |your |my |this |that )?${roleAfter}`,
    '\\bwhat (is|s) (his|her|their) name\\b',
    `\\bwho (is|are) (the |our )?(current|present|new|acting) ${roleAfter}`,
    `\\bwho (is|are) currently (the |our )?${roleAfter}`,
    `\\bcomo se llama (el|la|los|las|nuestr[oa]) ${roleAfterEs}`,
    `\\b(cual es|sabes|me das|me dices) (el|su) nombre (de|del) (la |el |los |las )?${roleAfterEs}`,
    `\\bquien es (el|la) (actual|nuevo|nueva) ${roleAfterEs}`,
    `\\bquien es (el|la) ${roleAfterEs}(\\w+ ){0,3}?actual\\b`,
    `\\bquien es actualmente (el|la) ${roleAfterEs}`,
  ].join('|'),
);

// Not "a firm lump": an adjective as often as a firm.
const makerWords = 'brands?|manufacturers?|compan(y|ies)|suppliers?|contractors?|vendors?|wholesalers?|distributors?';
const makerQuestion = new RegExp(
  [
    // "which courier company", not "what time does the waste company come?" (a new noun phrase between).
    `\\b(what|which|whose) ${gap}(${makerWords})\\b`,
    '\\b(what|which) make\\b',
    // "What is the name of the NHS stationery supplier…?", "¿cómo se llama la empresa que…?".
    `\\bwhat( i|['’]|)s the names? of (the |our |your |this |that )?${gap}(${makerWords})\\b(?!['’]s| (reps?|representatives?|directors?|managers?|contacts?|owners?|staff)\\b)`,
    '\\b(como se llama|(cual es|me das|me dices|sabes) el nombre (de|del)) ((la|el|los|las|nuestr[oa]) )?(empresa|compania|proveedor(a)?|distribuidor(a)?|fabricante)\\b',
    '\\bbrand (of|name)\\b',
    // Not "who makes the decision", "¿qué necesita mi empresa…?" or "la marca de la tuberculina" (a mark on the skin).
    '\\bwho (supplies|manufactures|sells|distributes)\\b',
    '\\bwho makes (the|our|these|those|this|that)\\b(?! ([\\w-]+ ){0,2}(decisions?|calls?|choices?|referrals?|appointments?|plans?|assessments?|diagnos[ie]s|arrangements?|final)\\b)',
    '\\b(de )?(que|cual|cuales) (fabricantes?|empresas?|compania|proveedor(es|a)?|distribuidor(es|a)?)\\b',
    '\\b(cual es|cuales son) (la|las) marcas? (de|del) (\\w+ ){0,3}?(que|se) (usa|usan|usamos|compra|compran|compramos|tiene|tienen|pide|piden|pedimos)\\b',
    '\\bque marca de\\b',
    '\\bque marca( y (que )?modelo)? (es|son|usa|usan|usamos|tiene|tienen|compra|compran|compramos|se usa)\\b',
    '\\b(what|which) (make|brand) and model\\b',
    '\\bquien (suministra|fabrica|vende|distribuye|provee)\\b',
  ].join('|'),
);

// A number to ring asked for: "what's Northvale's direct phone number", "what extension do I ring", "what number do I
// call", "¿a qué extensión llamo?", "¿me pasas el teléfono de…?". Not "the number of patients", "what number should
// the INR be" (a level), "what if the phone number is wrong?" (more than four words between), "the normal range of
// knee extension" or "¿a qué número tiene que llegar la glucosa?".
const whats = "(what|which)( is|['’]s|s| are)? (the |its |their |his |her |our |your |a |an )?";
const phoneQuestion = new RegExp(
  [
    `\\b${whats}([\\w'’-]+ ){0,4}?(phone|telephone|mobile|fax|contact|direct|pager|bleep|landline) (numbers?|no|line)\\b`,
    '^(phone|telephone|contact|mobile|fax) (numbers?|no)\\b',
    `\\b${whats}([\\w'’-]+ ){0,4}?(extensions?|ext)\\b`,
    // "what's the pharmacy's phone?", "the phone for the lab", not "what phone do we use for video calls?".
    `\\b${whats}([\\w'’-]+ ){0,4}?(phone|telephone|mobile|fax|pager|bleep|landline)( (for|of|at)\\b|\\s*[?,]|$)`,
    `\\b${whats}number (for|to ring|to call|to dial)\\b`,
    "\\bwhat( i|['’]|)s (its|their|his|her|your|the) ([\\w'’-]+ )?number\\?",
    '\\bwhat number (do|should|can|shall|would|must|to) (\\w+ ){0,2}?(ring|call|phone|dial|reach|contact|text)\\b',
    '\\b(ring|call|phone|dial|reach|contact) (\\w+ ){0,4}?on what (number|extension)\\b',
    '\\ba (que|cual) (telefono|extension|movil)\\b',
    '\\ba (que|cual) numero (de telefono |del? \\w+ )?(llam|avis|marc|escrib|le llam|les llam|hay que llamar|tengo que llamar|debo llamar|se llama)',
    '\\b(cual|cuales) (es|son) (el|la|los|las|su|sus) (\\w+ ){0,2}?(telefonos?|extension(es)?|movil(es)?|numeros? de telefono|numeros? directos?|fax)\\b',
    '\\b(cual es|me pasas|me das|me dices|dame|sabes) (el|su) numero (de|del) (la |el )?(\\w+ )?(farmacia|laboratorio|hospital|centro|consulta|clinica|oficina|recepcion|servicio|unidad|guardia|supervisor\\w*|coordinador\\w*|enfermer\\w*|medic\\w*)\\b',
    '\\b(me pasas|me das|me dices|dame|sabes|tienes|tienen|hay) (el|la|los|las|su|sus|algun|alguna) (\\w+ ){0,2}?(telefonos?|extension(es)?|movil(es)?|numeros? de telefono)\\b',
    '\\bque (telefono|extension|numero de telefono)\\b',
    // "¿me pasas el número para que el paciente reserve él mismo?": the number to ring for something.
    '\\b(me pasas|me das|me dices|dame|pasame|sabes|tienes) (el|su) numero (para (llamar|que|reservar|pedir|contactar|hablar|avisar)|de contacto)\\b',
  ].join('|'),
);
// An extension of a joint, or of a burn or a wound, is no number to ring.
const anatomicalExtension =
  /\b(knee|hip|elbow|wrist|ankle|shoulder|neck|spine|back|leg|arm|finger|toe|joint|muscle|range of|degrees of)\s+(\w+\s+)?extension\b|\bextension (of|de) (the |la |el |su )?(\w+ )?(knee|hip|elbow|wrist|ankle|shoulder|neck|spine|leg|arm|finger|toe|joint|muscle|burn|wound|lesion|rash|ulcer|tumou?r|infection|cellulitis|herida|quemadura|lesion|rodilla|codo|cadera|hombro|tumor|infeccion|ulcera|celulitis|eritema)/;

/**
 * Which kind of number the question asks for: a mobile ("what's Joanne's mobile?", "¿su móvil?"), an extension
 * ("what's Tom's extension?", "¿a qué extensión llamo?"), or any number to ring ("the phone number for…", "¿a qué
 * número llamo?"). A mobile is not an extension: "tell Joanne Mackie on ext. 226" gives no mobile, and "his work
 * mobile is 07700 900 142" no extension.
 */
function numberAsked(question: string): 'mobile' | 'extension' | 'any' {
  const folded = foldText(question);
  const mobile = /\b(mobiles?|cell( phone)?|movil(es)?|celular(es)?)\b/.test(folded);
  const extension = /\b(extensions?|ext|extension(es)?)\b/.test(folded);
  if (mobile === extension) return 'any';
  return mobile ? 'mobile' : 'extension';
}

// An email address asked for: "what's the email address for complaints?", "¿cuál es el correo de…?". Not "can patients
// email us?" or "¿por qué no aceptamos formularios por email?".
const emailQuestion = new RegExp(
  [
    `\\b${whats}([\\w'’-]+ ){0,4}?(e-?mail|mail) (address(es)?|account|inbox)\\b`,
    `\\b${whats}([\\w'’-]+ ){0,2}?e-?mail\\b(?! (us|them|him|her|me|it)\\b)`,
    '\\be-?mail address(es)? (of|for|to)\\b[^?.!]*\\?',
    '\\b(cual es|cuales son|me pasas|me das|me dices|dame|sabes|tienes|a que) (el|la|los|las|su|sus)? ?(\\w+ ){0,3}?(correo|e-?mail|mail|direccion de correo)\\b',
    '\\ba que (correo|e-?mail|direccion)\\b',
  ].join('|'),
);

// A password, PIN or code phrase asked for: "the wifi password", "what's the door code?", "the code for the key safe",
// "¿cuál es el PIN?", "la contraseña del wifi", "la frase en clave". Not a clinical code ("what code do I add to the
// record?"), a pin site ("the recommended pin site dressing"), "la clave para diferenciar…" (the key to), or what to
// do about a password ("if I forget my EMIS password", "how often do I change my password?").
const passwordQuestion = new RegExp(
  [
    '\\b(wi-?fi|wireless|network|door|alarm|key ?safe|keypad|access|entry|gate|lock|login|log-in|computer|laptop|tablet) (password|passcode|code|pin|key)s?\\b(?! (site|sites|reset|change|changes)\\b)',
    `\\b${whats}([\\w'’-]+ ){0,4}?(password|passcode|pin|pin number|pin code)s?\\b(?! (sites?|care|dressings?|cleaning)\\b)`,
    `\\b${whats}([\\w'’-]+ ){0,2}?code (for|to|of) (the )?(\\w+ )?(key ?safe|door|alarm|gate|building|room|cupboard|keypad|lock|store|safe)\\b`,
    '\\bcode (word|phrase)s?\\b',
    '\\b(cual es|cuales son|me pasas|me das|me dices|dame|sabes|tienes) (el|la|los|las|su|sus) (\\w+ ){0,2}?(contrasenas?|pin|codigo de (acceso|la puerta|la alarma|entrada))\\b',
    '\\bcontrasena (del?|para)\\b',
    '\\bque (codigo|contrasena|clave|pin) (tiene|abre|es|lleva|usa|usamos)\\b',
    '\\b(frase|palabra) (en )?clave\\b',
    '\\bclave del? (la )?(wifi|puerta|alarma|ordenador|portatil|tablet)\\b',
  ].join('|'),
);

// Whether something is paid for, asked yes or no: "do we charge patients for…?", "is there a fee for…?", "is it free?",
// "who pays for…?", "¿se cobra…?", "¿nos lo cobran igual?", "¿quién paga…?". Not "a patient who can't pay for her
// medicines" or "¿no puede pagar sus medicamentos?" (said of someone, not asked of a fee), "is the wound free of
// infection?", "who pays attention to the cold chain?" or "should we charge the syringe driver battery?".
const notPaying = '(?! (attention|heed|close attention|a visit)\\b)';
const notABattery = '(?! (the |a |an |it |them )?(\\w+ ){0,3}?(batter(y|ies)|phones?|devices?|pumps?|drivers?|tablets?|laptops?|radios?|overnight)\\b)';
const chargeable = '(vaccines?|vaccinations?|jabs?|tests?|letters?|services?|appointments?|parking|courses?|reports?|certificates?|cop(y|ies)|sessions?|kits?|prescriptions?|sick notes?|notes?|forms?|training|interpret\\w*|translations?|transport|taxis?|medicals?|checks?|records?)';
const chargeQuestion = new RegExp(
  [
    `\\b(do|does|did|will|would|should|can|could|is|are) (we|they|you|i|he|she|it|patients?|the (\\w+ ){0,2}?(practice|surgery|clinic|patients?|staff|company|lab|laboratory|pharmacy)) (still |also |normally |usually )?(charge|charged|bill|billed|pay for|have to pay|need to pay|get charged|get paid)\\b${notPaying}${notABattery}`,
    '\\bis (there|it) (a |any )?(charge|fee|cost)\\b',
    '\\b(is|are) (it|this|that|they|these) free\\b(?! (of|from|to)\\b)',
    `\\b(is|are) (the |a |an )?(\\w+ ){0,2}?${chargeable} free\\b(?! (of|from)\\b)`,
    `\\b${chargeable} (is |are )?(chargeable|free (for|to) (staff|patients?|carers?|everyone|all))\\b`,
    `\\bwho pays( for)?\\b${notPaying}`,
    // "does it count as paid time?", "do we get paid extra?", "is there overtime for it?"
    '\\b(count|counts|counted) as (paid|working) time\\b',
    '\\b(get|gets|be|is|are) paid (extra|for|overtime)\\b',
    '\\b(paid|claim|claimed|get) overtime\\b',
    '\\bse (les? |nos |me |te )?(cobra|paga)n?\\b',
    '\\b(nos|les?|me|te) (lo |la |los |las )?cobra(n|mos)?\\b',
    '\\bcobra(mos|n)? (algo|por|extra|aparte)\\b',
    '\\b(hay que|tiene que|tienen que|tenemos que) pagar\\b',
    '\\bquien (lo |la )?paga\\b(?! (atencion)\\b)',
    '\\bes (gratis|gratuit[oa])\\b',
    '\\b(tiene|hay) (algun )?(coste|costo|cargo)\\b',
  ].join('|'),
);
// "How much do we charge…?", "what is the fee for…?": a price; "do we charge for…?", "is there a fee for…?": whether.
const howMuch = /\bhow much\b|\bcuant[oa]s?\b|\b(what|which|que|cual)\b[^?.!]*\b(prices?|costs?|fees?|rates?|precio|coste|costo|tarifa)\b/;

// The time of day or the day something happens: "what time does the courier come?", "by what time…", "what days and
// times is the clinic open?", "on which day…", "opening hours", "¿a qué hora pasa el mensajero?", "¿hasta qué hora…?",
// "¿qué días hay espirometrías?", "¿en qué horario…?". Not "what time of day should I take it?", "what time frame",
// "what day of the cycle", "¿qué días de tratamiento…?".
const timeOfDayQuestion =
  /\b(what|which) hours\b(?! of\b)|\b(what|which|on what) date\b(?! (format|of birth)\b)|\b(que|en que|cual es la) fecha\b|\bwhat times?\b(?! (of (the )?(year|day|month|life|pregnancy|cycle)|frame|limit|window|interval|period|scale)\b)|\b(a|hasta|desde|para) que hora\b|\b(en )?que horario\b|\bhorarios? de (apertura|atencion)\b|\bopening (hours|times)\b/;
const dayQuestion =
  /\b(which|what) days?\b(?= (and|or) (what )?times?\b| of the week\b| (is|are|does|do|will|should|can) (the|our|it|they|we|reception|clinic|\w+ clinic)\b)|\bon (which|what) days?\b(?! (of|after|before|since)\b)|\bque dias?\b(?! (de (tratamiento|ciclo|la regla|retraso|baja)|despues|antes|sin|con|lleva|llevo|hace)\b)/;

// When an event is: "When is the staff Christmas party this year?", "when's the next practice meeting?", "¿Cuándo es
// la reunión mensual…?". An event is named: a meeting, a party, a course, a drill…; "when is the dressing change?" or
// "when is the follow-up after a coil fitting?" may be answered with "every 3 days" or "6 weeks after", no day.
const eventNouns =
  'meetings?|party|parties|courses?|training|drills?|sessions?|audits?|appraisals?|inspections?|huddles?|lunch|dinner|away ?day|reunion(es)?|fiestas?|comidas?|cenas?|cursos?|formacion(es)?|simulacros?|sesion(es)?|jornadas?|auditorias?|inspeccion(es)?|despedidas?';
const eventQuestion =
  new RegExp(`\\b(when(['’]s| is| are| will be) (the|our|next|this year['’]?s)|cuando (es|son|sera|seran) (el|la|los|las|nuestr[oa]s?))\\b( [\\w'’-]+){0,5}? (${eventNouns})\\b(?! (needed|required|necessary|appropriate|necesari[oa]s?|obligatori[oa]s?)\\b)`);

// The month something happens: "¿en qué mes es la reunión trimestral?", "which month is the fire drill?". A month
// answers it where a time question needs a day or a clock time.
const monthQuestion = /(\b(en )?(que|cual) mes(es)?\b|\b(in )?(which|what) months?\b)(?! (of|de|del) (the )?(pregnancy|embarazo|gestacion|treatment|tratamiento|life|vida|year|ano)\b)/;

// From what age: "¿desde qué edad…?", "¿a partir de qué edad…?", "from what age do we…?", "how old do they have to
// be?". Not "la edad real o la corregida" (which age, not from what age).
const ageQuestion =
  /\b(desde|a partir de|hasta|con|a) que edad\b|\bque edad (tiene|tienen|debe|deben|hay que)\b|\b(from|at|until|up to|over|under) what age\b|\bwhat age\b|\bage (limit|range)\b|\bhow old (do|does|must|should|has|have) (you|they|he|she|patients?|children|kids|babies|the (patient|child|baby|person)|staff|someone|people)\b|\blimite de edad\b|\bedad (minima|maxima)\b/;

// How long something is kept: "how long are the recordings kept?", "how long do we store the log sheets?", "¿cuánto
// tiempo se guarda el registro?", "¿durante cuánto tiempo hay que conservar…?". Not how long someone waits or stays
// ("how long do we keep the family hanging around?").
const keptQuestion =
  /\bhow long (do|does|did|should|must|are|is|will|would|can|have) (\w+ ){0,6}?(keep|kept|store|stored|retain|retained|archive|archived)\b(?! (taking|using|going|on|doing|trying|giving|checking|avoiding)\b)|\bcuanto tiempo (se |hay que |tenemos que |debemos |hemos de |(\w+ ){0,2})?(guard|conserv|archiv)\w*/;
const keptNotRecords = /\b(hanging|waiting|sitting|lying|observ\w*|esperando|en observacion)\b/;

// How many of something there are or may be: "how many sets of defib pads…?", "the maximum number of patients…",
// "¿cuántos ventiladores tenemos?". Not a length of time, how often or a dose ("how many days", "how many times", "how
// many tablets", "¿cuántas horas…?"): figures of their own (figure-questions.ts).
const notCounted =
  '(more )?(days?|weeks?|months?|years?|hours?|minutes?|seconds?|times?|mg|mcg|milligrams?|micrograms?|ml|units?|tablets?|capsules?|puffs?|doses?|drops?|sprays?|dias|semanas|meses|anos|horas|minutos|segundos|veces|miligramos|unidades|pastillas|comprimidos|capsulas|dosis|gotas|inhalaciones)';
const countCues = 'how many|(maximum|max|minimum|min|total) number of|cuant[oa]s|cuanta gente|numero (maximo|minimo|total) de';
const countCue = new RegExp(`\\b(${countCues})\\b`, 'g');
const countQuestion = new RegExp(`\\b(${countCues})\\b(?! (\\w+ )?${notCounted}\\b)`);
// The words that ask for a count: none says what is counted.
const countAskingWords = /^(many|number|maximum|max|minimum|min|total|cuantos|cuantas|cuanta|numero|maximo|minimo|gente)$/;

// Why something is done or not: "why do we…?", "what is the reason for…?", "¿por qué no…?", "¿cuál es el motivo…?".
const reasonQuestion = /\bwhy\b|\bwhat(['’]?s| is) the (reason|point|rationale)\b|\bpor que\b|\b(cual es|que) (el motivo|la razon)\b/;

// Who stands in for someone away: a "who" question with someone off, away, on leave or not coming in ("Dr Patel is
// off on leave, who looks at her results?", "who runs the session if Aisling is off?", "si Tom no viene ese día,
// ¿quién…?", "Hannah está de vacaciones, ¿quién hace el pedido?", "los viernes Lucy no trabaja, ¿quién…?"), or asking
// who covers ("¿quién cubre a la enfermera los lunes?"). Not "who is off today?" (no one asked to stand in).
const awayEn =
  "\\b(is|are|s|'s|’s|gets?|goes|went|being) (off|away|out|absent|unavailable|on (annual |maternity |paternity |sick |study )?leave|on holiday|on vacation|off sick|sick|ill|not (in|here|around|working|available|on))\\b|\\b(isn[’']?t|aren[’']?t) (in|here|around|working|available|on)\\b|\\b(does ?n[o’']?t|do ?n[o’']?t|did ?n[o’']?t|can ?n?[o’']?t|won[’']t|will not) (come|turn up|show|make it|work)\\b|\\b(day off|days off|annual leave|off sick|on leave)\\b";
const awayEs =
  '\\bno (viene|vienen|esta|estan|trabaja|trabajan|puede venir|pueden venir|ha venido|han venido|se presenta|va a venir|van a venir|llega)\\b|\\b(esta|estan|se va|se van|se fue|se han ido|se ha ido|anda|andan) (de|a) (vacaciones|baja|permiso|libre)\\b|\\b((?<!\\d )de baja|de vacaciones|de permiso|libra|libran|se ha puesto (malo|mala|enfermo|enferma)|esta (enferm[oa]|malo|mala)|falta|faltan)\\b';
// Someone away, in either language (a folded question).
const someoneAway = new RegExp(`${awayEn}|${awayEs}`);
const coverQuestion = new RegExp(
  `^(?=.*\\b(who|whom|quien|quienes)\\b)(?=.*(${awayEn}|${awayEs}))|\\b(who|quien|quienes) (covers?|cubre|cubren|sustituye|sustituyen|reemplaza|stands? in|deputi[sz]es)\\b`,
);

// "Si me pongo mala estando de vacaciones, ¿a quién tengo que avisar?", "who do I tell if I'm off sick?": whom to tell
// when the asker is the one away, not who stands in ("si la doctora Rahman está de baja, ¿a quién se lo cuento?" is).
const whomToTell =
  /\b(a quien|a quienes|whom?( (do|should|must|shall|can|would) (i|we|you|they|he|she))?) (\w+ ){0,3}?(avis|llam|dig|comunic|inform|notific|tell|call|ring|phone|notify|report|let)\w*/;
// (A Spanish question's English form drops the "me": "if fall ill on annual leave who have to tell".)
const askerAway =
  /\bme (pongo|encuentro|siento) (mal[oa]?|enferm[oa])\b|\b(estoy|estando) (de (baja|vacaciones|permiso)|mal[oa]|enferm[oa])\b|\bi(['’]m| am| was| get| fall| feel| go)( off| ill| sick| unwell| away| on (annual |sick )?leave| on holiday)\b|\bif (fall|get|feel|become) (ill|sick|unwell)\b/;

// "Who is off today?", "¿quién está de vacaciones?": who is away, not who stands in.
const whoIsAway =
  /\b(who|quien|quienes)(['’]s| is| are| esta| estan| no| se va| se van)? (off|away|out|absent|on (annual )?leave|on holiday|off sick|sick|not (in|here|working)|de (vacaciones|baja|permiso)|viene|vienen|trabaja|trabajan)\b/;

// Spanish typed as a text message: "q marca…?", "k dia…?", "xq no…?" ("qué", "por qué").
const textedWords = (folded: string): string => folded.replace(/(?<![\p{L}\p{N}])[qk](?= \p{L})/gu, 'que').replace(/(?<![\p{L}\p{N}])(xq|pq|porq)(?![\p{L}\p{N}])/gu, 'por que');

/** The detail the question asks for, or null (read on the folded question; "what brand of socks" is a maker). */
export function detailAsked(typed: string): DetailKind | null {
  const folded = textedWords(typed);
  if (chargeQuestion.test(folded)) return howMuch.test(folded) ? 'price' : 'charge';
  if (priceQuestion.test(folded)) return 'price';
  if (phoneQuestion.test(folded) && !anatomicalExtension.test(folded)) return 'phone';
  if (emailQuestion.test(folded)) return 'email';
  if (passwordQuestion.test(folded)) return 'password';
  if (personQuestion.test(folded)) return 'person';
  if (makerQuestion.test(folded)) return 'maker';
  if (coverQuestion.test(folded) && !whoIsAway.test(folded) && !(whomToTell.test(folded) && askerAway.test(folded))) return 'cover';
  if (ageQuestion.test(folded)) return 'age';
  if (timeOfDayQuestion.test(folded) || dayQuestion.test(folded) || eventQuestion.test(folded) || monthQuestion.test(folded)) return 'time';
  if (keptQuestion.test(folded) && !keptNotRecords.test(folded)) return 'kept';
  if (countQuestion.test(folded)) return 'count';
  if (reasonQuestion.test(folded)) return 'reason';
  return null;
}

// An amount of money ("£12.50", "€3", "40 euros", "50p") or no money at all ("free of charge", "sin coste").
const priceFigure =
  /[€£$]\s?\d|\d\s?[€£$]|\b(gbp|eur|usd)\s?\d|\b\d+(?:[.,]\d+)?\s?(euros?|eur|dollars?|usd|pounds?|gbp|pesos?|cents?|pence|libras?|centimos?|dolares)\b|\b\d+p\b|\b(free of charge|no charge|no fee|no cost|at no cost|without charge|for free|free (to|for) (all|every|any|patients?|registered)|(is|are) free\b(?! of)|gratis|gratuit[oa]s?|sin coste|sin costo|sin cargo)\b/i;

// A person named with a title: "Dr. Elena Vidal", "Nurse Lucía Ferrer", "Sister Okafor", "Mrs Patel".
const titles = /^(dr|dra|mr|mrs|ms|miss|mx|prof|sr|sra|sister|nurse|matron|dona|don)$/;
// Days and months are capitalised and in no English word list; a name is none of them.
const englishMonths = 'january february march april may june july august september october november december'.split(' ');
const spanishMonths = 'enero febrero marzo abril mayo junio julio agosto septiembre setiembre octubre noviembre diciembre'.split(' ');
const calendarWords = new Set([
  ...'monday tuesday wednesday thursday friday saturday sunday lunes martes miercoles jueves viernes sabado domingo'.split(' '),
  ...englishMonths,
  ...spanishMonths,
]);
// The question's words that ask for the detail, not what it is about.
const askingWords =
  /^(brand|make|manufacturer|company|supplier|supplie|suppl|firm|contractor|vendor|wholesaler|distributor|marca|fabricante|empresa|compania|proveedor|proveedora|distribuidor|distribuidora|use|usa|usan|usamos|name|nombre|current|currently|actual|actualmente|llama)$/;
// The words that ask for a way to reach someone, a code, a fee or a day or time, and the function words of a question:
// none says what it is about.
const contactAskingWords =
  /^(phone|telephone|mobile|number|numbers|extension|ext|ring|call|dial|direct|contact|reach|email|mail|address|password|passcode|pin|code|charge|charges|charged|fee|fees|pay|pays|paid|free|telefono|numero|llamo|llamar|correo|contrasena|clave|cobra|cobran|cobramos|paga|pagar|pasas|whats|hay|tengo|tienes|tienen|get|gets|got|need|needs|want|wants|use|ask|speak|talk|find|know|give|let|make|put|tell|try|see|going|come|day|days|time|times|hour|hours|opening|hora|horas|dia|dias|horario|horarios|long|keep|kept|store|stored|retain|retained|tiempo|guarda|guardan|guardar|conservar)$/;
// Words that place nothing in a document: of quantity, which a question's English form often gains ("cada pie" →
// "every foot": "Replace it every 6 months" is not where a document speaks of each foot), and of no one in particular
// ("whoever is in charge of fire safety here": a fire safety document's contact line is for it).
const placeless = /^(every|each|all|both|todos|todas|whoever|whatever|anyone|anybody|someone|somebody|here|aqui|alguien)$/;
// Words of obligation a Spanish question's English form gains ("hay que tener" → "must have"): "blank forms must never
// be left…" is no closer for sharing "must". Typed in the question ("What time must the post leave?"), they stay.
const modalWords = /^(must|should|shall|have|has|need|needs|least)$/;
// A firm's mark: "Ltd", "plc", "S.L.", "®".
const firmMark = /^(ltd|limited|inc|plc|llc|gmbh|sl|slu|sa|co)$|[®™]/;
/**
 * How many words from the question's subject a brand or firm may stand ("grey non-slip socks (Comfigrip)", "collected
 * by MedWaste Ltd"): further off, a capitalised word names something else ("samples taken at Riverbend Health Centre
 * are handed to the courier" names no courier firm). A person is read in the whole sentence or item: "the immunisation
 * nurse, currently Nurse Lucía Ferrer".
 */
const makerWindow = 2;

// English plurals no stemmer folds to their singular: "check both feet" is about a foot.
const irregularPlurals: ReadonlyMap<string, string> = new Map([
  ['feet', 'foot'],
  ['teeth', 'tooth'],
  ['children', 'child'],
  ['women', 'woman'],
  ['men', 'man'],
  ['mice', 'mouse'],
  ['geese', 'goose'],
]);
/** A word's English stem ("collects", "collected" → "collect"; "feet" → "foot"), for the words a question and a sentence share. */
const stemOf = (folded: string): string | null => stemToken(irregularPlurals.get(folded) ?? folded, 'en');

interface Word {
  text: string;
  folded: string;
  /** The first word of its sentence or list item (capitalised whatever it is). */
  first: boolean;
}

function wordsOf(unit: string): Word[] {
  return [...unit.matchAll(/[\p{L}\p{N}®™][\p{L}\p{N}&'’®™-]*/gu)].map((match, index) => ({ text: match[0], folded: foldText(match[0]), first: index === 0 }));
}

// A name as written: "Derry", "O'Brien", "McDonald", "Anne-Marie" (not "NHS", not "nurse").
const nameShape = /^\p{Lu}[\p{L}'’-]*\p{Ll}$/u;
// A place or a team, not a person: "Riverbend Surgery", "Eastvale District Laboratory", "Northfield Community Team".
const placeWords =
  /^(surgery|centre|center|hospital|clinic|practice|ward|unit|health|healthcare|road|street|lane|avenue|house|building|laboratory|lab|pharmacy|team|services?|trust|medical|district|community|council|nhs|university|school|college|hall|park|court|gardens?|square|station|institute|foundation|group|partnership|hub)$/;
// Written with an initial: "J. Smith", "Smith, J.".
const initialled = /(?<![\p{L}])\p{Lu}\.\s?\p{Lu}[\p{L}'’-]*\p{Ll}|\p{Lu}[\p{L}'’-]*\p{Ll}, \p{Lu}\.(?![\p{L}])/u;

const isNameWord = (word: Word | undefined, asked: ReadonlySet<string>): word is Word =>
  word !== undefined && nameShape.test(word.text) && !asked.has(word.folded) && !calendarWords.has(word.folded);

/**
 * A person's name at a word: a title and a name ("Nurse Lucía", "Dr SMITH", "Mrs McDonald"), or a first and a last
 * name, one of them no English word inside a sentence ("the practice manager, Colm Derry"), both at its start
 * ("Lucía Ferrer leads…"). Names that are English words ("John Smith", "Mark Green") are not told from a team's or a
 * room's name ("Ward Manager") and are missed.
 */
function personAt(words: readonly Word[], index: number, asked: ReadonlySet<string>): boolean {
  const word = words[index] as Word;
  const next = words[index + 1];
  if (titles.test(word.folded) && /^\p{Lu}/u.test(word.text) && next !== undefined && /^\p{Lu}/u.test(next.text) && !asked.has(next.folded)) return true;
  if (!isNameWord(word, asked) || !isNameWord(next, asked) || placeWords.test(next.folded) || placeWords.test(words[index + 2]?.folded ?? '')) return false;
  const foreign = [word, next].filter((name) => !isEnglishWord(name.folded)).length;
  return foreign === 2 || (foreign === 1 && !word.first);
}

/**
 * A brand, maker or firm at a word: a capitalised word that is no English word ("Sharpsafe", "Comfigrip" at the
 * start of a sentence too), or a firm's mark ("Ltd", "®"). Brands that are English words ("Boots") are missed.
 */
function makerAt(words: readonly Word[], index: number, asked: ReadonlySet<string>): boolean {
  const word = words[index] as Word;
  if (firmMark.test(word.folded) && /^\p{Lu}|[®™]/u.test(word.text)) return true;
  // A person after a role or a title is no maker ("reordered from the supplier by the practice manager, Gareth
  // Lindqvist"; not "a Philips HeartStart FRx"), nor are the initials of the words before ("automated external
  // defibrillators (AEDs)").
  if (namedAfterRole(words, index, asked) || (index > 0 && namedAfterRole(words, index - 1, asked)) || initialsBefore(words, index)) return false;
  return /^\p{Lu}/u.test(word.text) && !asked.has(word.folded) && !calendarWords.has(word.folded) && !isEnglishWord(word.folded) && !isEnglishWord(word.folded.replace(/s$/, ''));
}

/** Whether a person's name starts at a word right after a role or a title ("the practice manager, Gareth Lindqvist"). */
function namedAfterRole(words: readonly Word[], index: number, asked: ReadonlySet<string>): boolean {
  const before = words[index - 1]?.folded ?? '';
  return personAt(words, index, asked) && (roleWords.test(before) || titles.test(before));
}

/** Whether a word in capitals is the initials of the words right before it: "automated external defibrillators (AEDs)". */
function initialsBefore(words: readonly Word[], index: number): boolean {
  const letters = /^(\p{Lu}{2,6})s?$/u.exec((words[index] as Word).text)?.[1];
  if (letters === undefined || index < letters.length) return false;
  return words
    .slice(index - letters.length, index)
    .map((word) => word.folded[0])
    .join('') === foldText(letters);
}

// When the asker is, not what the question is about: "this week", "today", "right now", "esta semana", "hoy", "ahora
// mismo" ("¿hasta cuándo tengo para pedir apósitos esta semana?" is about ordering dressings, and "a two-week
// challenge" is no closer to it for sharing "week"). Not a session ("the next afternoon clinic", "la consulta de esta
// tarde"): that is what is asked about.
const askedWhen =
  /\b(this|next|last) (week|weekend|month|year)\b|\b(today|tomorrow|yesterday|right now|at the moment|just now|now)\b|\b(esta|este|la proxima|el proximo|proxima|proximo) (semana|finde|fin de semana|mes|ano)\b|\b(la semana|el mes|el ano) que viene\b|\b(hoy|ahora mismo|ahora|ayer|en este momento)\b/g;
/** A question folded, without the words saying when the asker is (`askedWhen`). */
const withoutAskedWhen = (question: string): string => foldText(question).replace(askedWhen, ' ');

/** The stems of what a question is about: its words of three letters or more, not numbers, not the asking words. */
function subjectStems(question: string, asking: (token: string) => boolean = (token) => askingWords.test(token)): Set<string> {
  return new Set(
    tokenize(withoutAskedWhen(question))
      .filter((token) => token.length > 2 && !/^\d+$/.test(token) && !asking(token))
      .map(stemOf)
      .filter((stem): stem is string => stem !== null),
  );
}

/** For each word, how many words away the nearest of the question's subject words stands (Infinity when none does). */
function distances(count: number, near: readonly number[]): number[] {
  const result = new Array<number>(count).fill(Number.POSITIVE_INFINITY);
  for (const at of near) result[at] = 0;
  for (let index = 1; index < count; index += 1) result[index] = Math.min(result[index] as number, (result[index - 1] as number) + 1);
  for (let index = count - 2; index >= 0; index -= 1) result[index] = Math.min(result[index] as number, (result[index + 1] as number) + 1);
  return result;
}

/**
 * Whether a text gives the name a question asks for (a person's, or a brand's, maker's or supplier's) next to what
 * the question is about: in the sentences or list items sharing the most words with the question, a name within a
 * few words of one of them ("the practice manager, Colm Derry" answers who the practice manager is; a "Colm Derry"
 * elsewhere does not say who the Clinical Governance Lead is; "grey non-slip socks" named with no brand give none), or
 * one `anywhere` finds in such a sentence.
 */
function namedNear(
  text: string,
  question: string,
  name: {
    at: (words: readonly Word[], index: number, asked: ReadonlySet<string>) => boolean;
    window: number;
    written?: RegExp;
    /** Whether a sentence names one wherever it stands, however far from the question's words ("… from Wexford Medical Ltd"). */
    anywhere?: (unit: string, subject: ReadonlySet<string>) => boolean;
  },
): boolean {
  const asked = new Set(tokenize(question));
  const subject = subjectStems(question);
  const units = quoteUnits(text).map((unit) => {
    const words = wordsOf(unit.text);
    const stems = words.map((word) => stemOf(word.folded));
    const near = stems.flatMap((stem, index) => (stem !== null && subject.has(stem) ? [index] : []));
    return { text: unit.text, words, near, shared: new Set(near.map((index) => stems[index])).size };
  });
  const most = Math.max(0, ...units.map((unit) => unit.shared));
  return units.some((unit, position) => {
    if (unit.shared !== most) return false;
    // A name written as a whole ("J. Smith") may end one unit and start the next: a sentence splitter reads "J." as an end.
    if (name.written?.test(`${unit.text} ${units[position + 1]?.text ?? ''}`)) return true;
    if (name.anywhere?.(unit.text, subject) === true) return true;
    const away = distances(unit.words.length, unit.near);
    return unit.words.some((_, index) => (most === 0 || (away[index] as number) <= name.window) && name.at(unit.words, index, asked));
  });
}

/** Whether a text names a person next to what the question asks about (a title and a name, or a first and last name). */
export function namesPerson(text: string, question: string): boolean {
  return namedNear(text, question, { at: personAt, window: Number.POSITIVE_INFINITY, written: initialled });
}

/**
 * The people a question names whom the document names too, as the folded words of their names: "Tom" of "what's
 * Tom's extension?" when the document speaks of "Tom Hadley", "Carstairs" of "el Dr Carstairs" beside "Dr Owen
 * Carstairs". A capitalised word of the question that is a word of a person's name in the document (a title and a
 * name, or a first and last name: `personAt`). Empty when the question names no one the document names (a patient,
 * "Mrs Jones's home visit", is not whose number is asked).
 */
export function peopleAsked(text: string, question: string): Set<string> {
  const inDocument = new Set(quoteUnits(text).flatMap((unit) => [...personNameWords(unit.text)]));
  const asked = new Set<string>();
  for (const match of question.matchAll(/\p{Lu}[\p{L}'’-]*\p{Ll}/gu)) {
    const folded = foldText(match[0].replace(/['’]s?$/, ''));
    if (inDocument.has(folded) && !titles.test(folded)) asked.add(folded);
  }
  return asked;
}

// Words that follow a name without being part of it: "Karen Doyle, Reception Supervisor", "Dr Ana Ruiz (Friday)".
const roleWords =
  /^(reception|receptionist|supervisor|manager|nurse|lead|coordinator|practitioner|officer|administrator|assistant|partner|doctor|pharmacist|clerk|secretary|director|matron|sister|deputy|head|senior|chief|principal|registrar|gp|hca)$/;

/**
 * The folded words of the people a sentence names: a title and a name ("Dr Owen Carstairs"), or a first and a last
 * name (`personAt`, or at a sentence's start a last name that is no English word: "Tom Hadley carries out…"), at most
 * three words, stopping at a day, a month, a place or a role ("Karen Doyle, Reception Supervisor").
 */
function personNameWords(unit: string): Set<string> {
  const none = new Set<string>();
  const words = wordsOf(unit);
  const names = new Set<string>();
  const nameWord = (word: Word | undefined): word is Word =>
    word !== undefined && nameShape.test(word.text) && !calendarWords.has(word.folded) && !placeWords.test(word.folded) && !roleWords.test(word.folded) && !titles.test(word.folded);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as Word;
    const startsSentence = index === 0 && nameWord(word) && nameWord(words[1]) && !isEnglishWord(words[1].folded);
    if (!startsSentence && !personAt(words, index, none)) continue;
    // After a title or a role read as a first name ("Lead: Deborah Ashworth, Practice Manager").
    let from = index;
    while (from < words.length && (titles.test((words[from] as Word).folded) || roleWords.test((words[from] as Word).folded))) from += 1;
    for (let at = from; at < Math.min(words.length, from + 3) && nameWord(words[at]); at += 1) names.add((words[at] as Word).folded);
  }
  return names;
}

/**
 * A figure that counts only where it is said of one of the people asked about: in a sentence or list item naming
 * them, or one carrying on about them with a pronoun ("His work mobile is…", "Their extension is 240"). "The visits
 * coordinator, Sandra Okafor (ext. 231)…", right after the sentence about Tom Hadley, is not Tom's extension, nor is
 * "dial 999" in another section. A number said of the person's role in the next sentence ("The paramedic
 * practitioner can be reached on extension 231") is missed: refused, not guessed.
 */
function saidOf(figure: Figure, people: ReadonlySet<string>): Figure {
  return {
    test: (text, heading) =>
      ([...personNameWords(text)].some((word) => people.has(word)) || /^\W*(he|she|his|her|him|they|their|them)\b/i.test(text)) && figure.test(text, heading),
  };
}

/** Whether a text names a brand, maker or supplier next to what the question asks about. */
export function namesMaker(text: string, question: string): boolean {
  return namedNear(text, question, { at: makerAt, window: makerWindow, anywhere: firmInClause });
}

// A firm named with its mark after "from", "by", "through" or "via": "from Wexford Medical Ltd", "by Kestrel Fire plc".
const firmAfter = /\b(from|by|through|via)\s+(\p{Lu}[\p{L}&'’-]*\s+){1,4}(Ltd|Limited|LTD|plc|PLC|LLP|Inc|GmbH)\b/u;

/**
 * A firm with its mark, in a clause of the sentence that names what the question is about, wherever it stands in that
 * clause: "Drugs are ordered by Priya Shah, Practice Administrator, from Wexford Medical Ltd" names the drugs'
 * supplier; "Drugs are ordered by the practice manager and the fridge is serviced by Coolcare Ltd" does not.
 */
function firmInClause(unit: string, subject: ReadonlySet<string>): boolean {
  return unit
    .split(/;|,? and |,? but |,? while |,? whereas /)
    .some((clause) => firmAfter.test(clause) && wordsOf(clause).some((word) => subject.has(stemOf(word.folded) ?? '')));
}

// A number to ring: a phone number of 6 digits or more ("0161 555 0198", "+34 618 555 044"), an extension or bleep
// ("extension 214", "ext. 4417", "(extension 318)", "bleep 2231"), or a short number dialled ("dial 112", "call 999").
// A run of digits written as a phone number: "0161 555 0198", "+44 (0)1632 960 450", "618 555 044".
const digitRun = /(?<![\d.,:/\w-])\+?\(?\d[\d ()-]{4,}\d(?![\d\w]|[.,:/-]\d)/g;
// Said as a number to ring: a word for one (or "on") at most four words before it.
const phoneCue = /\b(on|phone|phones|telephone|tel|call|calls|ring|dial|mobile|number|fax|text|contact|line|helpline|llam\w*|tel[eé]fono|m[oó]vil|n[uú]mero|marc\w*)\b[^.\n]{0,30}$|:\s*$/i;
// Or in brackets right after a firm's or a service's name of two words or more, "supplied by Pennine Medical Gases
// (01632 960 733)": not after a person ("Mrs Jones (943 476 5919)", an NHS number) or a date.
const namedBefore = /(?<![\p{L}])(?!(?:Mr|Mrs|Ms|Miss|Mx|Dr|Patient|NHS)\b)\p{Lu}[\p{L}'’&-]*\p{Ll}(?: \p{Lu}[\p{L}'’&-]*\p{Ll}){1,4} $/u;
// Not a number of something else: "lot number 123456", "NHS number 943 476 5919", years, "100 000 IU", times.
const notPhone = /\b(lot|batch|nhs|serial|ref|reference|order|item|invoice|hospital|chi|patient)( number| no\.?)?\s*:?\s*$/i;
const afterNotPhone = /^\s?(mg|mcg|ml|mmol|iu|g|kg|mmhg|units?|tablets?|doses?|minutes?|hours?|hrs|days?|weeks?|months?|years?|rooms?|readings?|patients?|people|%)\b/i;
const yearRange = /^\(?(19|20)\d\d\s?[-–]\s?(19|20)?\d\d\)?$/;

/**
 * A number to ring: a phone number of 6 digits or more said as one ("call the courier desk on 0161 555 0198", "the
 * on-call manager's mobile, 07700 900342"), an extension or bleep ("extension 214", "the room's extension is 214",
 * "ext. 4417", "x2271", "bleep 2231"), a short number dialled ("dial 112", "call 999") or given after "on" ("the IPC
 * nurse is on 2271"). Not a year range, an NHS or lot number, a dose or a count.
 */
const phoneFigure = {
  test(text: string): boolean {
    if (/\b(extension|ext|extensi[oó]n|bleep|pager|tel|tlf|tfno)\.?:?( (is|es|no\.?|number|numero|on|en))* ?\d{2,}|\bx\d{3,5}\b/i.test(text)) return true;
    if (/\b(dial|call|ring|phone|text|llam\w*|marc\w*) (\w+ ){0,3}?(on )?\d{3,}\b(?!\s?(mg|ml|units?|minutes?|hours?|days?|%))/i.test(text)) return true;
    if (/\b(is|are) on \d{3,5}\b(?![\s.,]?\d|\s?(mg|mcg|ml|units?|minutes?|hours?|days?|%))|(\bon|:)\s?\d{3,5}\.?\s*$/i.test(text)) return true;
    return fullNumberGiven(text, phoneCue, { bracketed: true });
  },
};

/**
 * An extension: said as one ("ext. 226", "extension 214", "x2271", "bleep 2231"), or a short number (3 to 5 digits,
 * not the start of a longer one) dialled or given after "on" ("dial 2200", "the IPC nurse is on 2271"). A full phone
 * number is no extension.
 */
const shortNumber = '\\d{3,5}\\b(?![\\s-]?\\d)';
const extensionFigure = {
  test(text: string): boolean {
    if (new RegExp(`\\b(extension|ext|extensi[oó]n|bleep|pager)\\.?:?( (is|es|no\\.?|number|numero|on|en))* ?(\\d{2}\\b|${shortNumber})|\\bx\\d{3,5}\\b`, 'i').test(text)) return true;
    if (new RegExp(`\\b(dial|call|ring|phone|llam\\w*|marc\\w*) (\\w+ ){0,3}?(on )?${shortNumber}(?!\\s?(mg|ml|units?|minutes?|hours?|days?|%))`, 'i').test(text)) return true;
    return /\b(is|are) on \d{3,5}\b(?![\s.,]?\d|\s?(mg|mcg|ml|units?|minutes?|hours?|days?|%))|(\bon|:)\s?\d{3,5}\.?\s*$/i.test(text);
  },
};

/**
 * A phone number of 6 to 15 digits with `cue` before it (within 40 characters), or in brackets right after a name if
 * `bracketed`, of the given `shape` if any, not a year range, an NHS number or a dose.
 */
function fullNumberGiven(text: string, cue: RegExp, { shape, bracketed = false }: { shape?: RegExp; bracketed?: boolean } = {}): boolean {
  for (const match of text.matchAll(digitRun)) {
    if (shape && !shape.test(match[0].trim())) continue;
    const before = text.slice(Math.max(0, (match.index ?? 0) - 40), match.index);
    const after = text.slice((match.index ?? 0) + match[0].length);
    const digits = match[0].replace(/\D/g, '').length;
    if (digits < 6 || digits > 15 || yearRange.test(match[0].trim()) || notPhone.test(before) || afterNotPhone.test(after)) continue;
    if (cue.test(before) || (bracketed && inBracketsAfterName(match[0], before, after))) return true;
  }
  return false;
}

/** A phone number in brackets right after a name ("Pennine Medical Gases (01632 960 733)"), not an NHS number's 3-3-4 shape. */
function inBracketsAfterName(run: string, before: string, after: string): boolean {
  if (!run.startsWith('(') || !after.startsWith(')') || /^\(\d{3} \d{3} \d{4}$|^\((?:(?:19|20)\d\d[\s,-]*)+$/.test(run.trim())) return false;
  const name = namedBefore.exec(before);
  return name !== null && !name[0].split(' ').some((word) => calendarWords.has(foldText(word)));
}

// A mobile number: said as one ("mobile", "móvil", "cell") or a UK mobile's shape (07…, +44 7…) after a cue to ring.
const mobileCue = /\b(mobile|cell|m[oó]vil|celular)\b[^.\n]{0,30}$/i;
const mobileFigure = {
  test(text: string): boolean {
    return fullNumberGiven(text, mobileCue) || fullNumberGiven(text, phoneCue, { shape: /^(07\d|\+44\s?\(?0?\)?\s?7)/, bracketed: true });
  },
};
// An address: starts where a word-like run starts, so a long run without "@" is read once.
const emailFigure = /(?<![\w.+-])[\w.+-]+@[\w-]+(\.[\w-]+)+/;
// A password, PIN or code given: the word, then within a few words a value: digits, a quoted phrase, a word in
// capitals or letters with digits ("PIN 4826", 'the code phrase "Can you check the blue folder"', "password:
// KBRIDGE24", "keypad: 4826", "password riverbend2024"). Not "the code changes on 1 April 2025".
const codeWord = /\b(password|passcode|pin|code|phrase|word|keypad|key ?safe|combination|contraseña|contrasena|clave|c[oó]digo|frase)\b/gi;
const codeValue = /^(?![^.\n]{0,12}\b(changes?|changed|expires?|reset|on \d))[^.\n]{0,30}?(["“'‘][^"”'’\n]{2,}["”'’]|\b\d{3,}\b|\b[A-Z][A-Z0-9]{3,}\b|\b[a-z]+\d+[a-z\d]*\b)/;
const passwordFigure = {
  test: (text: string): boolean => [...text.matchAll(codeWord)].some((match) => codeValue.test(text.slice((match.index ?? 0) + match[0].length))),
};
// Something said to be paid for or free: an amount, "charged", "a fee", "we do not charge", "free of charge", "free
// to patients", "paid by", "funded", "no charge", "costs nothing"; not "if no nurse is free", "the nurse in charge",
// "the charge nurse", "charge the battery", "pay attention".
const chargeFigure =
  /(?<!\bin )\bcharges?\b(?! (nurse|nurses|sister|the (\w+ ){0,3}?batter\w*|it overnight)\b)|\b(charged|chargeable|fees?|free of charge|for free|free (to|for|on)|payable|payment|costs?|funded|funding|invoice\w*|billed|cobr\w*|gratis|gratuit\w*|pag(a|an|amos|ar|ado|ada|o)\b|coste|tarifa)\b|\b(paid|pays?)\b(?! (attention|heed|carers?)\b)|[€£$]\s?\d/i;

// A time of day ("08:30", "8.30am", "4 pm", "noon"), a day ("Tuesday", "Tues", "weekdays", "daily", "every day") or a
// date ("18 December", "December 18th", "el 3 de marzo"):
// a question asking the day or the time is answered by either ("what days and times is it open?": "Tuesday mornings"
// is half an answer). Not a price ("£12.50") nor a decimal ("37.5").
const dayOrTimeFigure =
  /(?<![\d.,£$€])\b([01]?\d|2[0-3]):[0-5]\d\b|\b(1[0-2]|0?[1-9])([:.][0-5]\d)?\s?(am|pm|a\.m\.|p\.m\.)(?![a-z])|\b([01]?\d|2[0-3])[.h][0-5]\d\s?(h|hrs|hours)\b|\b(noon|midday|midnight|mediod[ií]a|medianoche)\b|\b(mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|weekdays?|weekends?|daily|every day|each day|(mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)\.?(?= ?[-–,/&] ?(mon|tue|wed|thu|fri|sat|sun))|lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bados?|domingos?)\b/i;
const monthDay = '(3[01]|[12]\\d|0?[1-9])(st|nd|rd|th)?';
// "May 3" is left out: "may" before a number is as often the verb.
const dateFigure = new RegExp(
  `\\b${monthDay} (of |de )?(${[...englishMonths, ...spanishMonths].join('|')})\\b|\\b(${englishMonths.filter((month) => month !== 'may').join('|')}) ${monthDay}\\b`,
  'gi',
);
// A document's own dates are not when anything in it happens: "Review date: 30 September 2027", "Last updated 3 May",
// "Date: 3 May 2026" (not "The fire risk assessment review is on 1 April"). A question about the review reads them.
const documentDate =
  /\b(review date|next review|reviewed|last reviewed|review due|date of issue|issue date|issued|updated|last updated|effective( from)?|approved|ratified|version( date)?|created|published|date|fecha( de revisi[oó]n)?|revisado|actualizad[oa])\s*[:\-–—]?\s*(on\s+)?$/i;
/** Whether a date found in a text is the document's own (its review date). */
const ownDate = (text: string, match: RegExpMatchArray): boolean => documentDate.test(text.slice(Math.max(0, (match.index ?? 0) - 40), match.index));

// A month: "in April", "every March", "en octubre".
// English months as written, capitalised ("staff march patients out" is no month; nor "May be updated…").
const monthFigure =
  /\b(January|February|March|April|May(?! (be|not|have|also|need|only|include|require|take|use|ask|want|wish|apply|contain|vary|help|cause|occur)\b)|June|July|August|September|October|November|December|[Ee]nero|[Ff]ebrero|[Mm]arzo|[Aa]bril|[Mm]ayo|[Jj]unio|[Jj]ulio|[Aa]gosto|[Ss]ep?tiembre|[Oo]ctubre|[Nn]oviembre|[Dd]iciembre)\b/g;
// A question about the document's own review, whose dates then answer it.
const reviewAsked = /\b(review|reviewed|revision|revisa|revisado|updated|actualiza\w*)\b/;
/** A day, a time or a date; a month too when the question asks for one ("¿en qué mes…?"). */
function timeFigureFor(question: string): Figure {
  const folded = foldText(question);
  const ownDatesAnswer = reviewAsked.test(folded);
  const notOwn = (text: string, match: RegExpMatchArray) => ownDatesAnswer || !ownDate(text, match);
  const dated = (text: string) => dayOrTimeFigure.test(text) || [...text.matchAll(dateFigure)].some((match) => notOwn(text, match));
  if (!monthQuestion.test(folded)) return { test: dated };
  return { test: (text) => dated(text) || [...text.matchAll(monthFigure)].some((match) => notOwn(text, match)) };
}

// An age: "aged 14 and over", "from age 65", "children over 12", "18-year-olds", "65 years and older", "mayores de 14
// años", "a partir de los 16". Not "over 12 weeks" or "from 14 days".
const ageFigure =
  /\b(aged?|ages|age of|edad( de)?|mayores de|menores de|desde los|a partir de los|hasta los|(children|patients|people|adults|anyone|those|ninos|pacientes) (over|under|above|below|aged|from|de mas de|de menos de))\s?\d{1,3}\b(?!\s?(days?|weeks?|months?|hours?|minutes?|kg|g|mg|ml|cm|%|[:.]\d|dias|semanas|meses|horas))|\b\d{1,3}\s?(-?\s?years?[- ]olds?|years? (old|of age|and over|and older|or over|or older|and above)|anos de edad)(?![\p{L}])|\b(aged?|from|at) \d{1,2} (weeks?|months?)( (of age|old))?\b(?!\s(after|before|ago|later))|\b\d{1,2} (weeks?|months?) (of age|old)\b/iu;
const ageGiven: Figure = { test: (text) => ageFigure.test(foldText(text)) };

// A length of time something is kept, or its end: "for 2 years", "12 months", "kept indefinitely", "until it is
// collected", "shredded after".
const keptFigure =
  /\b(\d+|one|two|three|four|five|six|seven|eight|ten|twelve|eighteen|twenty|thirty|a|an|several)(\s?(to|-|–|or)\s?\d+)?[- ](days?|weeks?|months?|years?)\b|\b(indefinitely|permanently|until|destroyed|shredded|deleted|disposed of)\b/i;

// The words of a count question that end what is counted: "how many sets of defib pads | should be…", "¿cuántos
// sensores de cama | hay…?".
const countedEnds = new Set(
  'are is was were be do does did should shall can could will would must may might have has had we there they you i he she it this that which who in on at per for to by from with when where if or and hay tenemos tiene tienen tengo tenia se son es esta estan hace hacen suele suelen caben cabe puede pueden podemos debe deben hacemos como en para por con al cuando donde si y o que'.split(' '),
);
// A measure is no count: "adrenaline 1 mg/10 ml prefilled syringes", "a 10 g monofilament".
const measureUnits = /^(mg|mcg|µg|ml|g|kg|l|mmol|mmhg|cm|mm|m|hz|c|f|iu|seconds?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)$/;
// Nor is a label's number: "Drawer 3: emergency drugs box", "Room 9", "step 2".
const labelled =
  /^(drawers?|rooms?|floors?|levels?|bays?|steps?|stages?|forms?|cages?|stores?|bins?|shelf|shelves|sections?|pages?|wards?|beds?|doors?|lines?|options?|extensions?|ext|bleeps?|tables?|appendix|versions?|phases?|zones?|areas?|blocks?|cupboards?|fridges?|lockers?|no|number|cajon|sala|planta|paso|consulta)$/;
// Not "one", "uno", "una": an article as often as a count ("usar una jeringa nueva").
const numberWords = new Set('two three four five six seven eight nine ten eleven twelve fifteen twenty thirty forty fifty hundred dozen dos tres cuatro cinco seis siete ocho nueve diez doce quince veinte treinta'.split(' '));

/**
 * The stems of what a count question counts, in each of its forms (one per line): "sets", "defib", "pads"; or of all
 * it is about when nothing follows the count.
 */
function countedStems(question: string): Set<string> {
  const stems = new Set<string>();
  for (const line of withoutAskedWhen(question).split('\n')) {
    for (const cue of line.matchAll(countCue)) {
      const after = tokenize(line.slice((cue.index ?? 0) + cue[0].length)).slice(0, 6);
      const end = after.findIndex((token) => countedEnds.has(token));
      for (const token of (end === -1 ? after : after.slice(0, end)).slice(0, 4)) {
        const stem = token.length > 2 && !stopWords.has(token) ? stemOf(token) : null;
        if (stem !== null) stems.add(stem);
      }
    }
  }
  // Named before the count ("the personal alarm thingies, and how many have we got?"): what the question is about.
  return stems.size > 0 ? stems : subjectStems(question, asksOrEndsCount);
}

/** A word of a count question that says nothing of what is counted: a function word, or one that asks. */
const asksOrEndsCount = (token: string): boolean => stopWords.has(token) || countedEnds.has(token) || countAskingWords.test(token) || askingWords.test(token);

/** The words of a question that say where something is ("on the trolley", "en el cajón 3"), not what it is. */
function placeWordsOf(question: string): Set<string> {
  const words = new Set<string>();
  for (const match of foldText(question).matchAll(/\b(on|in|at|inside|under|en|dentro de|debajo de)\s+((?:(?:the|a|an|our|el|la|los|las|del|de|nuestro|nuestra)\s+)?[\p{L}\p{N}-]+)/gu)) {
    for (const token of tokenize(match[2] ?? '')) words.add(token);
  }
  return words;
}

// Nouns a document counts things by in a sentence or section about what the question asks: "## SafeLink personal
// alarms", then "The practice has 6 SafeLink devices"; "test the monofilament at 6 sites on each foot" for "¿en
// cuántos puntos…?".
const countingNouns = /^(devices?|units?|items?|sets?|boxes|box|kits?|packs?|pieces?|machines?|pairs?|sites?|points?|places?|spots?|locations?|forms|sheets|copies)$/;

/**
 * A number of what the question counts, read with the section's heading: a number (not a measure, not a label's),
 * then within three words one of the counted words ("2 sets of adult pads", "up to 8 patients", "three portable
 * fans") or a noun things are counted by when the heading or the sentence names what the question is about ("##
 * SafeLink personal alarms": "6 SafeLink devices"; "the monofilament at 6 sites on each foot"); or a counted word,
 * then a colon or a times sign and a number ("Defib pads: 2", "syringes x 4"). "2 portable air-conditioning units" in
 * a section on building temperatures gives no number of fans.
 */
function countFigure(question: string): Figure {
  const counted = countedStems(question);
  // What names the thing counted, not where it is ("on the trolley", "in drawer 3", "en el cajón 3").
  const where = placeWordsOf(question);
  const about = subjectStems(question, (token) => asksOrEndsCount(token) || labelled.test(token) || where.has(token));
  return {
    test(text: string, heading = ''): boolean {
      if (counted.size === 0) return false;
      const words = wordsOf(text);
      const isCounted = (word: Word | undefined) => word !== undefined && counted.has(stemOf(word.folded) ?? '');
      const named = [...words, ...wordsOf(heading)].some((word) => isCounted(word) || about.has(stemOf(word.folded) ?? ''));
      const counts = (word: Word | undefined) => isCounted(word) || (named && word !== undefined && countingNouns.test(word.folded));
      const isCount = (word: Word, index: number) =>
        (/^\d+$/.test(word.folded) || numberWords.has(word.folded)) && !measureUnits.test(words[index + 1]?.folded ?? '') && !labelled.test(words[index - 1]?.folded ?? '');
      if (words.some((word, index) => isCount(word, index) && [1, 2, 3].some((ahead) => counts(words[index + ahead])))) return true;
      return [...text.matchAll(/([\p{L}-]+)\s?(?:[:×]|x(?=\s?\d))\s?\d+\b(?![/.:-]\d)/gu)].some((match) => counted.has(stemOf(foldText(match[1] ?? '')) ?? ''));
    },
  };
}

// A reason or a cause given: "because", "so that", ", so …", "in order to", "to avoid", "to make sure", "due to",
// "otherwise", "the reason", "causes include", "leads to", "porque", "para evitar", "ya que", "se debe a". Not a bare
// "to" or "as": every instruction has one. Read on the folded text ("la razón").
const reasonCues =
  /\b(because|so that|so as to|in order to|in case|to (avoid|prevent|reduce|protect|ensure|make sure|stop|limit|keep (\w+ )?safe)|due to|owing to|as (this|it|they|these|that) (is|are|can|could|may|might|would|will|has|have)|otherwise|the reason|reasons?( for| why)?|this (is )?(so|means|avoids|prevents|protects|ensures)|caus(e|es|ed|ing)|leads? to|results? from|porque|para (evitar|que|asegurar|proteger|prevenir)|ya que|debido a|puesto que|por seguridad|el motivo|la razon|se debe a|causa|provoca)\b|, so (that )?\w/;
const reasonFigure: Figure = { test: (text) => reasonCues.test(foldText(text)) };

// What happens while someone is away: "in her absence", "when the practice manager is not in the building", "during
// Aoife's annual leave", "When a GP is on leave or off sick, the buddy reviews…", "If both are off, the practice nurses
// cover…", "Deputy: Gareth Price", "(deputy: Dr Rafael Costa)". Not "two nurses cover the clinic in rotation" (a rota,
// not a stand-in), "absent pulses" or "If you are ill during annual leave, tell Bethany Cole" (the asker's own leave,
// not someone's stood in for). Read on the folded text.
const coverCues =
  /\b(in (his|her|their|the|[\w’']+) absence|(is|are|be) (away|off|absent|not in|not available|not on site|not at work|unavailable|on leave|off sick|on holiday)|(isn|aren)[’']?t (in|here|available|on site)|absences? of|(during|over|throughout) ([\w’']+[’']s |his |her |their )?(annual |maternity |paternity |sick |study )?leave|(is|are|be|being|while|whilst) on (annual |maternity |paternity |sick |study )?leave|on (annual |maternity |paternity |sick |study )?leave\b(?=[^.]*\b(by|to|covers?|reviews?|runs?|signs?|takes?)\b)|off sick|deput(y|ies|ises|izes|ising|izing)|stands? in|step in|steps in|in (his|her|their) place|instead of (him|her|them)|cover (for|when|while|if|during)|covers (for|when|while|if|during)|(provides?|arranges?|arranged|organises?) cover|cover is|is covered by|are covered by|if (both|neither|either|he|she|they|\w+) (is|are) (away|off|absent|unavailable|not)|when (he|she|they|\w+) (is|are) (away|off|absent|unavailable|not))\b/g;
// A sentence about the asker's own leave ("If you are ill during annual leave, tell Bethany Cole") says whom to tell,
// not who stands in: an absence said of "you" or "I" (within the few words before it) is no cue, one said of someone
// else in the same sentence is ("Diane meets you, or Lisa Morgan… if Diane is away").
const coverFigure: Figure = {
  test: (text) => {
    const folded = foldText(text);
    return [...folded.matchAll(coverCues)].some((match) => {
      const start = match.index ?? 0;
      return !/\b(you|i)\b[^,;]{0,45}$/.test(folded.slice(Math.max(0, start - 25), start + match[0].length));
    });
  },
};

/**
 * Whether a text gives a detail of that kind next to what the question asks about: in a sentence or list item sharing
 * the most words with the question (not counting those of the document's title), its section's heading counting as
 * part of it ("## How to request a chaperone",
 * then "1. Ring the nurses' room on extension 300."). "Northvale Pathology phones the main practice number…" gives no
 * number for Northvale, though the next sentence gives the duty doctor's extension.
 */
function givenNear(text: string, question: string, figure: Figure, reach: Reach = 'close'): boolean {
  return nearReader(text, question, reach)(figure);
}

/** A figure read in a sentence, and for some with its section's heading ("## SafeLink personal alarms"). */
type Figure = { test: (text: string, heading?: string) => boolean };
/**
 * How close to the question's subject a detail must stand: 'close' (the best-sharing sentences), 'half' (half the best
 * share, for exceptions), or 'placed' (as 'close', but read anywhere when no sentence shares two of the question's
 * words: a day or time is asked in words a document often does not use, "check the thermometer on the fridge" of
 * "read the refrigerator's temperatures at 08:30 and 15:30").
 */
type Reach = 'close' | 'half' | 'placed';

/** `givenNear` for several figures of one text and question: the text is split and matched once. */
export function nearReader(text: string, question: string, reach: Reach): (figure: Figure) => boolean {
  // The question as typed is its first line; the lines after it are its English form.
  const typed = new Set(tokenize(question.split('\n')[0] ?? ''));
  const gained = (token: string) => modalWords.test(token) && !typed.has(token);
  const subject = subjectStems(question, (token) => askingWords.test(token) || contactAskingWords.test(token) || placeless.test(token) || gained(token) || stopWords.has(token));
  const contentStems = (unit: string) =>
    new Set(wordsOf(unit).flatMap((word) => (word.folded.length > 2 && !stopWords.has(word.folded) ? [stemOf(word.folded)] : [])));
  // The document's title ("# Phlebotomy (Blood Test Room) Procedure") is what every sentence of it is about: the
  // question's words it holds ("the ext for the blood room") tell no sentence from another.
  const titleText = /^# (.+)$/m.exec(text)?.[1] ?? '';
  for (const stem of contentStems(titleText)) if (stem !== null) subject.delete(stem);
  const units = splitSections(text).flatMap((section) => {
    const heading = contentStems(section.heading);
    // The sentence splitter reads "extension 214. The IPC nurse…" as one sentence.
    const texts = quoteUnits(section.text).flatMap((unit) => unit.text.split(/(?<=\d)\.\s+(?=\p{Lu})/u));
    return texts.map((unitText, index, all) => {
      const own = contentStems(unitText);
      const stems = new Set([...heading, ...own]);
      return { text: unitText, heading: section.heading, own, next: all[index + 1], shared: [...subject].filter((stem) => stems.has(stem)).length };
    });
  });
  const most = Math.max(0, ...units.map((unit) => unit.shared));
  // The next sentence carries on about the same thing when it starts from it: a pronoun, its subject doing something to
  // "it" or "them", or its first word that says
  // something is one of this sentence's ("…ask the duty GP to review the patient. The duty GP can be reached on
  // extension 214."). "Northvale Pathology phones the main practice number… Reception must put the call through to the
  // duty doctor on extension 250" and "…collects sealed sharps containers… Replacement sharps containers are ordered
  // through the practice manager on extension 214" do not.
  const carriesOn = (unit: { own: Set<string | null> }, next: string) => {
    const words = wordsOf(next).map((word) => word.folded);
    if (/^(he|she|they|it|this|that|these|those|his|her|their|its)$/.test(words[0] ?? '')) return true;
    // Or its subject does something to "it" or "them": "Parents sometimes ask for chickenpox vaccine. We offer it
    // privately at £72…" (not "At this practice…", "For this reason…", "If it is out of hours…").
    if (/^(we|you|they|staff|reception|i) \w+ (it|them)$/.test(words.slice(0, 3).join(' '))) return true;
    const first = words.find((word) => word.length > 2 && !stopWords.has(word));
    return first !== undefined && unit.own.has(stemOf(first));
  };
  // Close to the best: a question's English form may name one thing twice ("vértigo" read "vertigo dizziness"), and a
  // list item about dizziness then shares one word more than the sentence about vertigo that gives the extension.
  // An exception ("if the data logger fails") is often said in a shorter sentence than the one describing the usual
  // way ("the independent data logger in the vaccine fridge records every 10 minutes"): half the best share will do.
  // A question sharing no word with any sentence, or at most one while its English form keeps words that are no English
  // words (a Spanish question half untranslated: "¿cuánto le cobramos por sacarle la sangre?"), says too little to find
  // where the document speaks of its subject: then anywhere will do. An English question asking "the phone number for
  // podiatry" of a document whose only number is reception's is refused.
  const untranslated = tokenize(question).some((token) => token.length > 2 && subject.has(stemOf(token) ?? '') && !isEnglishWord(token));
  // A detail asked of something the document never names ("the prescription clerks' extension" of a document naming
  // only the pharmacist's) is not given: no sentence is close. An exception is read anywhere then.
  const absent = most === 0 && subject.size > 0 && !untranslated && reach === 'close';
  const close = (shared: number) =>
    !absent &&
    ((most < 2 && (most === 0 || untranslated || reach === 'placed')) || (reach === 'half' ? shared >= Math.ceil(most / 2) : shared === most || (most >= 3 && shared >= most - 1)));
  // An exception is spoken of by the document's title ("Snow and Severe Weather Plan"), a section's heading ("## Bank
  // holidays") or the sentence right after the one about the question's subject ("…On bank holidays, it moves to
  // Wednesday.").
  const candidates = units.filter((unit) => close(unit.shared));
  return (figure) => {
    if (reach === 'half' && figure.test(titleText)) return true;
    const speaks = (unit: (typeof units)[number]) =>
      figure.test(unit.text, unit.heading) || (reach === 'half' && figure.test(unit.heading)) || (unit.next !== undefined && figure.test(unit.next) && (reach === 'half' || carriesOn(unit, unit.next)));
    return candidates.some(speaks);
  };
}

/** A way to reach someone, held to the people the question names when the document names them (`peopleAsked`). */
function ofPeopleAsked(figure: Figure, text: string, question: string): Figure {
  // Whom to ring when someone is away ("if Rachel is off, what's the number?") is asked of someone else's number.
  if (someoneAway.test(foldText(question))) return figure;
  const people = peopleAsked(text, question);
  return people.size === 0 ? figure : saidOf(figure, people);
}

/** Whether a text gives the detail: a price, a person's name, a maker named near the question's subject. */
export function holdsDetail(text: string, kind: DetailKind, question: string): boolean {
  switch (kind) {
    case 'price':
      return givenNear(text, question, priceFigure);
    case 'person':
      return namesPerson(text, question);
    case 'maker':
      return namesMaker(text, question);
    case 'phone': {
      const asked = numberAsked(question);
      return givenNear(text, question, ofPeopleAsked(asked === 'mobile' ? mobileFigure : asked === 'extension' ? extensionFigure : phoneFigure, text, question));
    }
    case 'email':
      return givenNear(text, question, ofPeopleAsked(emailFigure, text, question));
    case 'password':
      return givenNear(text, question, passwordFigure);
    case 'charge':
      return givenNear(text, question, chargeFigure);
    case 'time':
      return givenNear(text, question, timeFigureFor(question), 'placed');
    case 'age':
      return givenNear(text, question, ageGiven);
    case 'kept':
      return givenNear(text, question, keptFigure, 'placed');
    case 'count':
      return givenNear(text, question, countFigure(question));
    case 'reason':
      return givenNear(text, question, reasonFigure);
    case 'cover':
      return givenNear(text, question, coverFigure);
  }
}
