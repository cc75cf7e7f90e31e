import { createRequire } from 'node:module';
import type { Language } from '../../../shared/contract.js';
import { foldText } from '../../core/text-folding.js';

const spanishMarkers = new Set([
  'que', 'como', 'cual', 'cuales', 'cuando', 'puedo', 'paciente', 'pacientes', 'toma', 'tomar', 'para', 'por', 'con', 'una', 'los',
  'las', 'del', 'hay', 'hago', 'debo', 'esta', 'tiene', 'dosis', 'medicamento', 'medicamentos', 'signos', 'sintomas', 'cuanto',
]);
const englishMarkers = new Set([
  'the', 'what', 'how', 'can', 'should', 'patient', 'patients', 'with', 'take', 'takes', 'taking', 'does', 'is', 'are', 'on', 'for',
  'when', 'which', 'do', 'and', 'of', 'to', 'signs', 'dose',
]);

type DetectAll = (text: string, options: { only: string[] }) => Array<{ lang: string }>;
let tinyldDetectAll: DetectAll | undefined;

/** tinyld's profiles take ~230 ms and ~50 MB to load, so only a question that needs them loads them. */
function characterNgramLanguage(question: string): Language {
  tinyldDetectAll ??= (createRequire(import.meta.url)('tinyld') as { detectAll: DetectAll }).detectAll;
  return tinyldDetectAll(question, { only: ['en', 'es'] })[0]?.lang === 'es' ? 'es' : 'en';
}

/**
 * The question's language. Spanish punctuation says Spanish; otherwise the side with more of its function words
 * wins; when neither has more ("Usa mal el inhalador", "dejó el bisoprolol de golpe xq le cansaba mucho, q le
 * digo": none of them, or as many of each), tinyld's character n-grams decide between the two. tinyld alone reads
 * drug-heavy English ("amoxicillin dose for acute otitis media…") as Spanish, which the function words settle first.
 */
export function detectLanguage(question: string): Language {
  if (/[¿¡ñÑ]/.test(question)) return 'es';
  const words = foldText(question).split(/[^\p{L}]+/u);
  const spanish = words.filter((word) => spanishMarkers.has(word)).length;
  const english = words.filter((word) => englishMarkers.has(word)).length;
  if (spanish !== english) return spanish > english ? 'es' : 'en';
  return characterNgramLanguage(question);
}
