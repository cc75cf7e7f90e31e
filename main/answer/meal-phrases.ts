import type { Meal } from '../../shared/contract/diary.js';
import { foldText } from '../core/text-folding.js';

/**
 * How people name the diary's four meals (folded: lowercase, no accents). Spanish "comida" is lunch only as a
 * meal ("en la comida"), never in "¿qué comida…?"; "almuerzo" is lunch (as in most of Latin America); the time of
 * day stands for its meal ("this morning", "por la mañana" → breakfast; "last night", "anoche" → dinner).
 */
const mealPatterns: ReadonlyArray<readonly [Meal, RegExp]> = [
  ['breakfast', /\b(?:breakfasts?|brekkie|desayunos?|desayun(?:e|aste|o|amos|ar)|(?:this|in\s+the)\s+morning|(?:esta|por\s+la|en\s+la|de\s+la|a\s+la)\s+manana)\b/],
  [
    'lunch',
    /\b(?:lunch(?:es)?|almuerzos?|almorc(?:e)|almorz(?:aste|o|amos|ar)|(?:en|para|a|durante)\s+la\s+comida|comida\s+del\s+mediodia|(?:la|mi)\s+comida\s+(?:del|de\s+(?:ayer|hoy|anteayer|este|esta)))\b/,
  ],
  ['dinner', /\b(?:dinners?|suppers?|cenas?|cen(?:e|aste|o|amos|ar)|last\s+night|tonight|anoche|(?:esta|por\s+la|en\s+la|a\s+la)\s+noche)\b/],
  ['snack', /\b(?:snacks?|snacking|snacked|meriendas?|merend(?:e|aste|o|amos|ar)|tentempies?|botanas?|colacion(?:es)?|picoteo|entre\s+horas|between\s+meals)\b/],
];

/** The meals a question names, in the diary's meal order; none named: an empty list (every meal). */
export function mealsOf(question: string): Meal[] {
  const folded = foldText(question);
  return mealPatterns.filter(([, pattern]) => pattern.test(folded)).map(([meal]) => meal);
}
