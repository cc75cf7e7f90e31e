import type { DiaryPlan, Language } from '../../shared/contract.js';
import { foldText } from './text-folding.js';

const spanishWords = new Set([
  'que',
  'cual',
  'cuales',
  'cuanto',
  'cuanta',
  'cuantos',
  'cuantas',
  'cuando',
  'donde',
  'mi',
  'mis',
  'los',
  'las',
  'el',
  'la',
  'del',
  'en',
  'por',
  'para',
  'con',
  'y',
  'ultimos',
  'ultimas',
  'ultimo',
  'ultima',
  'semana',
  'semanas',
  'dias',
  'mes',
  'meses',
  'ayer',
  'hoy',
  'anteayer',
  'alimentos',
  'alimento',
  'comida',
  'comidas',
  'aportaron',
  'aporto',
  'comi',
  'tome',
  'dame',
  'sodio',
  'proteina',
  'proteinas',
  'calorias',
  'azucar',
  'azucares',
  'grasa',
  'grasas',
  'hierro',
  'fibra',
  'calcio',
  'potasio',
  'esta',
  'este',
  'pasada',
  'pasado',
  'julio',
  'junio',
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
  'mas',
  'menos',
  'consumi',
  'cene',
  'desayune',
  'almorce',
  'merende',
  'cena',
  'cenas',
  'desayuno',
  'desayunos',
  'almuerzo',
  'almuerzos',
  'merienda',
  'meriendas',
  'anoche',
  'finde',
  'fin',
  'lunes',
  'martes',
  'miercoles',
  'jueves',
  'viernes',
  'sabado',
  'domingo',
  'llevo',
  'tuvo',
  'tuvieron',
  'agua',
  'bebi',
  'suficiente',
  'colesterol',
  'vitamina',
  'sal',
  'desde',
  'entre',
  'hasta',
  'dia',
  'manana',
  'voy',
  'comer',
  'resumen',
  'compara',
  'comparame',
  'tal',
  'quien',
  'gano',
  'partido',
  'kilocalorias',
  'hola',
  'carbohidratos',
  'hidratos',
  'antepasada',
  'viene',
  'proxima',
  'proximo',
  'va',
  'lo',
  'de',
  'al',
  'o',
  'mucho',
  'mucha',
  'he',
  'comido',
  'aportes',
  'ano',
  'dieta',
  'diario',
  // texted and colloquial Spanish ("q ceno hoy? algo ligerito porfa")
  'q',
  'xq',
  'porfa',
  'algo',
  'ceno',
  'ligero',
  'ligerito',
  'che',
  'wey',
  'vos',
  'una',
  'receta',
  'pasame',
  'comiendo',
  'chamo',
  'contame',
  'decime',
  'jajaja',
  'jaja',
  'puedo',
  'si',
  'estoy',
  'embarazada',
]);

const englishWords = new Set([
  'which',
  'what',
  'how',
  'much',
  'many',
  'the',
  'my',
  'in',
  'last',
  'past',
  'week',
  'weeks',
  'days',
  'month',
  'months',
  'yesterday',
  'today',
  'foods',
  'food',
  'did',
  'i',
  'eat',
  'ate',
  'gave',
  'most',
  'sodium',
  'protein',
  'calories',
  'sugar',
  'fat',
  'fibre',
  'fiber',
  'iron',
  'and',
  'of',
  'from',
  'this',
  'july',
  'june',
  'january',
  'february',
  'march',
  'april',
  'august',
  'september',
  'october',
  'november',
  'december',
  'was',
  'were',
  'over',
  'under',
  'give',
  'show',
  'for',
  'dinner',
  'lunch',
  'breakfast',
  'snack',
  'snacks',
  'vs',
  'compare',
  'with',
  'than',
  'more',
  'less',
  'weekend',
  'since',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
  'sunday',
  'on',
  'at',
  'whats',
  'is',
  'hows',
  'looking',
  'enough',
  'water',
  'drink',
  'will',
  'next',
  'tomorrow',
  'night',
  'have',
  'had',
  'get',
  'got',
  'who',
  'won',
  'game',
  'carbs',
  'potassium',
  'calcium',
  'vitamin',
  'average',
  'per',
  'day',
  'highest',
  'salt',
  'between',
  'lunches',
  'dinners',
  'breakfasts',
  'eaten',
  'year',
  'summary',
  'energy',
  'did',
  'to',
  'or',
]);

/** Words a question must carry, at least, before its own language is trusted over the screen's. */
const minimumSignal = 2;

/** Spanish and English evidence in a question: known words, and Spanish orthography (counted as two words). */
function languageScores(question: string): { spanish: number; english: number; orthography: boolean } {
  const orthography = /[¿¡ñÑ]/.test(question);
  const words = foldText(question)
    .split(/[^\p{L}]+/u)
    .filter((word) => word !== '');
  let spanish = /[áéíóúÁÉÍÓÚ]/.test(question) ? minimumSignal : 0;
  let english = 0;
  for (const word of words) {
    if (spanishWords.has(word)) spanish += 1;
    if (englishWords.has(word)) english += 1;
  }
  return { spanish, english, orthography };
}

/**
 * The language of a question, or null when it is too short or too mixed to tell: ¿ ¡ ñ say Spanish at once;
 * otherwise the side with more known words wins if it has at least two (an accent counts as two Spanish words).
 */
export function questionLanguage(question: string): Language | null {
  const { spanish, english, orthography } = languageScores(question);
  if (orthography) return 'es';
  if (Math.max(spanish, english) < minimumSignal || spanish === english) return null;
  return spanish > english ? 'es' : 'en';
}

/** The language of a question: Spanish when its words (or ¿ ¡ ñ and accents) say so, English otherwise. */
export function detectLanguage(question: string): Language {
  const { spanish, english, orthography } = languageScores(question);
  return orthography || spanish > english ? 'es' : 'en';
}

/**
 * The language a diary answer is written in: the one asked for explicitly; else the question's own; else, for a
 * question too short to tell ("kcal", "sodio"), the screen's; else English.
 */
export function answerLanguage(question: string, options: { language?: Language | undefined; uiLanguage?: Language | undefined }): Language {
  return options.language ?? questionLanguage(question) ?? options.uiLanguage ?? 'en';
}

/**
 * The notice every diary answer carries: how it was made (offline rules, or a language model for the plan, the
 * prose or both) and where to check it — the Diary screen's Day and Trends tabs, which read the same views.
 */
export function diaryDisclaimer(language: Language, made: { planner: DiaryPlan['planner']; composer: 'deterministic' | 'llm' }): string {
  const es = language === 'es';
  const check = es ? 'compruébela en Diario (pestañas Día y Tendencias).' : 'check it in Diary (Day and Trends tabs).';
  if (made.planner === 'rules' && made.composer === 'deterministic') {
    return es ? `Respuesta compuesta por reglas sin conexión (sin IA) a partir de las filas de su diario; ${check}` : `Answer composed by offline rules (no AI) from your diary rows; ${check}`;
  }
  if (made.composer === 'llm') {
    const plannedBy =
      made.planner === 'llm' ? (es ? 'que también planificó la consulta' : 'which also planned the lookup') : es ? 'consulta planificada por reglas sin conexión' : 'lookup planned by offline rules';
    return es
      ? `Respuesta generada por IA: la redactó un modelo de lenguaje a partir de las filas de su diario (${plannedBy}); ${check}`
      : `AI-generated answer: a language model wrote it from your diary rows (${plannedBy}); ${check}`;
  }
  return es
    ? `Consulta planificada por IA (un modelo de lenguaje); respuesta compuesta por reglas sin conexión a partir de las filas de su diario; ${check}`
    : `Lookup planned by AI (a language model); answer composed by offline rules from your diary rows; ${check}`;
}
