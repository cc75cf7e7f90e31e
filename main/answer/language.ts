import type { Language } from '../../shared/contract.js';
import { foldText } from '../retrieval/text-folding.js';

const spanishWords = new Set([
  'que', 'cual', 'cuales', 'cuanto', 'cuanta', 'cuantos', 'cuantas', 'cuando', 'donde', 'mi', 'mis', 'los', 'las', 'el',
  'la', 'del', 'en', 'por', 'para', 'con', 'y', 'ultimos', 'ultimas', 'ultimo', 'ultima', 'semana', 'semanas', 'dias',
  'mes', 'meses', 'ayer', 'hoy', 'anteayer', 'alimentos', 'alimento', 'comida', 'comidas', 'aportaron', 'aporto', 'comi',
  'tome', 'dame', 'sodio', 'proteina', 'proteinas', 'calorias', 'azucar', 'azucares', 'grasa', 'grasas', 'hierro',
  'fibra', 'calcio', 'potasio', 'esta', 'este', 'pasada', 'pasado', 'julio', 'junio', 'enero', 'febrero', 'marzo',
  'abril', 'mayo', 'agosto', 'septiembre', 'octubre', 'noviembre', 'diciembre', 'mas', 'menos', 'cuanto', 'consumi',
]);

const englishWords = new Set([
  'which', 'what', 'how', 'much', 'many', 'the', 'my', 'in', 'last', 'past', 'week', 'weeks', 'days', 'month', 'months',
  'yesterday', 'today', 'foods', 'food', 'did', 'i', 'eat', 'ate', 'gave', 'most', 'sodium', 'protein', 'calories',
  'sugar', 'fat', 'fibre', 'fiber', 'iron', 'and', 'of', 'from', 'this', 'july', 'june', 'january', 'february', 'march',
  'april', 'august', 'september', 'october', 'november', 'december', 'was', 'were', 'over', 'under', 'give', 'show',
]);

/** The language of a question: Spanish when its words (or ¿ ¡ ñ and accents) say so, English otherwise. */
export function detectLanguage(question: string): Language {
  if (/[¿¡ñÑ]/.test(question)) return 'es';
  const words = foldText(question).split(/[^\p{L}]+/u).filter((word) => word !== '');
  let spanish = /[áéíóúÁÉÍÓÚ]/.test(question) ? 1 : 0;
  let english = 0;
  for (const word of words) {
    if (spanishWords.has(word)) spanish += 1;
    if (englishWords.has(word)) english += 1;
  }
  return spanish > english ? 'es' : 'en';
}

/** The fixed notice every diary answer carries (SPEC §4.2). */
export function diaryDisclaimer(language: Language): string {
  return language === 'es' ? 'Respuesta generada por IA; verifique en el panel' : 'AI-generated answer; verify in the dashboard';
}
