import { foldText } from '../core/text-folding.js';

/**
 * What a diary question asks for beyond its period, meals and nutrients, read from its words (folded: lowercase,
 * no accents). Each reader is one small list of phrases in English and Spanish.
 */

/**
 * The question folded, punctuation gone, padded with spaces for whole-word patterns; texted words written out ("k
 * almorcé", "q ceno hoy", "xq", "wot did i have"), so one pattern reads both.
 */
export function foldedQuestion(question: string): string {
  return ` ${foldText(question)
    .replace(/[’ʼ‘`]/g, "'")
    .replace(/[¿?¡!;:()"“”«»,.]/g, ' ')
    .replace(/\s+/g, ' ')} `
    .replace(/(?<! vitamina?| vit) (?:q|k)(?= )/g, ' que')
    .replace(/ (?:xq|pq|porq)(?= )/g, ' porque')
    .replace(/ (?:wot|wut|wat)(?= )/g, ' what');
}

const listPatterns = [
  /\bwhat(?: did|'d| have)? (?:i|we) (?:actually |really |even |just )?(?:eat|eaten|ate|have|had|snack(?:ed)? on|log(?:ged)?|order(?:ed)?|scoff|scoffed|munch|munched|demolish|demolished|wolf|wolfed)\b/,
  /\bwhat (?:i|we) (?:ate|had|logged)\b/,
  /\beverything (?:i|we) (?:ate|had|logged)\b/,
  /\b(?:list|show)(?: me)? (?:my|the|all)? ?(?:entries|meals|foods|log|diary)\b/,
  /\bque (?:comi|comimos|he comido|cene|desayune|almorce|merende|tome|consumi|picote|me zampe|me jale|me trague|me meti|morfe|me morfe|me clave|manye|pique|picotee|pedi)\b/,
  /\blo que (?:comi|cene|desayune|almorce|merende|tome)\b/,
  /\b(?:muestrame|ensename|lista|listame|dame) (?:mis|las|todas las) (?:entradas|comidas)\b/,
];

const rankingWords = /\b(?:most|more|highest|largest|biggest|top|least|lowest|mas|mayor|menos|menor)\b/;

/**
 * True for "what did I eat …", "¿qué comí …?", "¿qué cené …?": the user wants every entry listed, not a ranking
 * (with "most"/"más" it is a ranking: "what did I eat with the most sodium").
 */
export function asksForEntries(question: string): boolean {
  const text = foldedQuestion(question);
  return listPatterns.some((pattern) => pattern.test(text)) && !rankingWords.test(text);
}

const detailPatterns = [
  /\b(which|what)\s+(foods?|meals?|items?|dishes|products?|snacks?)\b/,
  /\b(foods?|meals?|items?|dishes)\s+(gave|contributed|had|provided|with)\b/,
  /\bwhat\s+(gave|contributed|provided)\b/,
  /\bwhat did i (eat|have)\b/,
  /\bwhere did\b.*\bcome from\b/,
  /\b(sources?|contributors?|contributed)\b/,
  /\b(que|cuales?)\s+(alimentos?|comidas?|productos?|platos?|snacks?)\b/,
  /\bque me (aporto|aportaron|dio|dieron)\b/,
  /\bque (comi|tome|consumi)\b/,
  /\bde donde\b/,
  /\b(fuentes?|aporto|aportaron|aportes?)\b/,
  /\balimentos?\b/,
];

/** True when the question asks about foods (per-entry rows), not only daily totals. */
export function asksForDetail(question: string): boolean {
  const text = foldedQuestion(question);
  return detailPatterns.some((pattern) => pattern.test(text));
}

const futurePatterns = [
  /\b(?:will|shall|gonna|going to|plan(?:ning)? to|i'll|we'll|should i eat)\b/,
  /\b(?:voy|vas|va|vamos|van) a (?:comer|cenar|desayunar|almorzar|merendar|tomar|consumir|beber)\b/,
  /\b(?:comere|cenare|desayunare|almorzare|merendare|tomare|bebere|consumire)\b/,
  /\b(?:planeo|pienso) (?:comer|cenar|desayunar|almorzar)\b/,
];

/** True when the question is about the future ("will I", "voy a comer", "cenaré"): undated days look ahead. */
export function asksAboutFuture(question: string): boolean {
  const text = foldedQuestion(question);
  return futurePatterns.some((pattern) => pattern.test(text));
}

const intentPatterns = [
  /\b(?:eat|eats|ate|eaten|eating|drink|drank|drunk|consume|consumed|scoff|scoffed|munched|overdo|overdid|pig out|pigged out|binge|binged|brunch|brunches|takeaway|takeaways|ordered|go through|went through|get through|got through|polish off|polished off|intake|diet|nutrition|nutrients?|macros?|food|foods|meal|meals|log|logged|diary|summary|overview|summarize|summarise|breakdown|break down|how did i do|how am i doing|target|targets|goal|goals|heaviest|lightest)\b/,
  /\b(?:comi|comer|comido|como|comemos|comida|comidas|alimentos?|dieta|nutricion|nutrientes?|macros?|consumo|consumi|ingesta|diario|registro|resumen|resumeme|tome|tomado|bebi|beber|meti|metido|zampe|zampado|jale|papee|trague|tragado|morfe|morfado|eche|jarte|llevo|meta|metas|objetivo|objetivos|que tal voy|como voy)\b/,
];

/** True when the question is about eating at all: without it (and without a nutrient or meal) cita does not guess. */
export function hasNutritionIntent(question: string): boolean {
  const text = foldedQuestion(question);
  return intentPatterns.some((pattern) => pattern.test(text));
}

/** True when the question sets two periods against each other ("more … than", "vs", "compare", "o"). */
export function asksForComparison(question: string): boolean {
  const text = foldedQuestion(question);
  return /\b(?:compare|compared|comparing|comparison|vs|versus|than|against|or|difference|compara|comparame|comparar|comparado|comparacion|frente|respecto|que|o|diferencia)\b/.test(text);
}
