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

/** The question's language: Spanish punctuation or more Spanish than English function words → es. */
export function detectLanguage(question: string): Language {
  if (/[¿¡ñÑ]/.test(question)) return 'es';
  const words = foldText(question).split(/[^\p{L}]+/u);
  const spanish = words.filter((word) => spanishMarkers.has(word)).length;
  const english = words.filter((word) => englishMarkers.has(word)).length;
  return spanish > english ? 'es' : 'en';
}
