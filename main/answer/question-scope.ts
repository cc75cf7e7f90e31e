import { foldedQuestion } from './question-intent.js';

/**
 * Whether a diary question asks something the log cannot answer even though it uses the log's words: "what should I
 * eat for dinner tonight?" (advice), "how many calories are in a banana?" (a fact about a food, not about what was
 * eaten), "what did my husband eat yesterday?" (someone else's eating: a diary is one profile's), "did I sleep well
 * last night?" (not eating at all). Each is refused with its own sentence instead of a summary of the period; the
 * planner's other readers still decide everything else. Text is folded (lowercase, no accents) and padded with spaces.
 */
export const scopeReasons = ['advice', 'food_fact', 'someone_else', 'not_eating'] as const;
export type ScopeReason = (typeof scopeReasons)[number];

/** The reason a question is out of the diary's scope, and the words that showed it (as folded). */
export interface OutOfScope {
  reason: ScopeReason;
  words: string;
}

/** Asking what to eat, cook or avoid, or whether something is good to eat: the log says what was eaten, not what is wise. */
const advicePatterns: readonly RegExp[] = [
  /\b(?:recommend|recommendation|recommendations|suggest|suggestion|suggestions|recipe|recipes|meal plan|meal ideas?|ideas for (?:breakfast|lunch|dinner|a snack|snacks|meals?))\b/,
  /\bwhat (?:should|can|could|shall) (?:i|we) (?:eat|have|cook|make|order|drink|snack on|prepare|pack|give|feed|bring|buy|serve)\b/,
  /\bshould (?:i|we) (?:eat|have|try|avoid|cut|stop|start|switch|drink|skip|quit|give up)\b/,
  /\bis it (?:ok|okay|fine|safe|bad|good|healthy|unhealthy|better|alright|all right) (?:to|if)\b/,
  /\b(?:is|are) (?:a |an )?[\p{L}\s]{2,30}? (?:healthy|unhealthy|good for you|bad for you|fattening|good for (?:weight|losing|diabetes|the heart)|bad for (?:weight|diabetes|the heart))\b/u,
  /\bhow (?:do|can|should|would) (?:i|you|we) (?:make|cook|prepare|bake|lose weight|gain weight|lower|reduce|increase|cut down)\b/,
  /\b(?:what's|what is|whats) (?:a |the )?(?:healthy|good|healthier|best) (?:breakfast|lunch|dinner|snack|meal|food)\b/,
  /\b(?:recomiendas|recomienda|recomiendan|recomendar|recomendarme|recomendacion|recomendaciones|sugieres|sugiere|sugerencia|sugerencias|receta|recetas|ideas de (?:cena|comida|desayuno|almuerzo|merienda)|ideas para (?:cenar|comer|desayunar|almorzar|merendar))\b/,
  /\bque (?:me )?(?:deberia|debo|puedo|podria) (?:comer|cenar|desayunar|almorzar|merendar|tomar|cocinar|preparar|picar)\b/,
  /\b(?:deberia|debo) (?:comer|dejar|evitar|tomar|cenar|desayunar|bajar|reducir|quitar)\b/,
  /\b(?:es|son) (?:bueno|buena|buenos|buenas|malo|mala|malos|malas|sano|sana|sanos|sanas|saludable|saludables) (?:comer|tomar|cenar|desayunar|para)\b/,
  /\b(?:engorda|engordan|adelgaza|adelgazan)\b/,
  /\bcomo (?:preparo|hago|cocino|se hace|se prepara|bajo de peso|adelgazo)\b/,
  /\bque (?:ceno|como|desayuno|almuerzo|meriendo) (?:hoy|manana|esta noche|el finde)\b/,
  /\b(?:any|some|give me|got any|need|dame|dame unas|alguna|algunas|necesito) ideas?\b/,
  /\bwhat to (?:eat|have|cook|make|order|snack on)\b/,
  /\bque (?:comer|cenar|cocinar|preparar|desayunar|almorzar|merendar|pedir)\b/,
  /\b(?:hazme|haz|armame|preparame|disename|dame|make me|write me|plan me|give me|create|build me) (?:un |una |a |an |my )?(?:menu|plan|dieta|diet|meal plan|lista de la compra|shopping list)\b/,
  /\bmenu (?:semanal|para|de la semana)\b/,
];

/** A nutrient word, for "how many calories are in a banana" (folded, English and Spanish). */
const nutrientWord =
  '(?:calories|calorie|kcal|protein|proteins|fat|fats|carbs|carbohydrates?|sugars?|fibre|fiber|sodium|salt|potassium|calcium|iron|vitamin c|calorias|proteinas?|grasas?|carbohidratos|hidratos|azucar(?:es)?|fibra|sodio|sal|potasio|calcio|hierro|vitamina c)';

/** Asking what a food contains, with no eating of the user's in it. */
const foodFactPatterns: readonly RegExp[] = [
  new RegExp(`\\b${nutrientWord} (?:are |is )?(?:there )?in (?:a|an|one|1|100 ?g|a cup of|a slice of|a serving of|a portion of|a bowl of|each)\\b`),
  new RegExp(`\\bhow (?:many|much) ${nutrientWord} (?:does|do|has|have) (?:a |an |one )?[\\p{L}\\s]{2,30}?(?: have| has| contain| got)?\\b`, 'u'),
  new RegExp(`\\b(?:is|are) (?:a |an )?[\\p{L}\\s]{2,30}? (?:high|low|rich) in ${nutrientWord}\\b`, 'u'),
  /\b(?:does|do) (?:a |an )?[\p{L}\s]{2,30}? (?:have|contain) (?:a lot of |much |many |any )?/u,
  new RegExp(`\\b(?:cuantas?|cuantos?) ${nutrientWord} (?:tiene|tienen|contiene|contienen|aporta|aportan|lleva|llevan|hay en)\\b`),
  /\b(?:tiene|tienen|contiene|contienen) (?:mucha|mucho|muchas|muchos|poca|poco|pocas|pocos) (?:calorias|proteinas?|grasas?|azucar|fibra|sodio|sal|carbohidratos|hierro|calcio|potasio)\b/,
  new RegExp(`\\b(?:es|son) (?:alto|alta|altos|altas|rico|rica|ricos|ricas) en ${nutrientWord}\\b`),
];

/** The user's own eating, told in the past: advice asked beside it ("should I cut down? I had loads last week") still has a log question. */
const ownPastEating =
  /\b(?:did i|did we|have i|i ate|i had|i've had|ive had|i drank|i've eaten|ive eaten|i've been eating|ive been eating|comi|cene|desayune|almorce|merende|me comi|he comido|me tome|bebi|me meti|me zampe)\b/;

/** Words that put the user's own eating or a period into the question: then it asks about the log. */
const ownEating =
  /\b(?:i|i'd|i've|i'm|im|my|me|we|our|mine|yo|mi|mis|me|nos|comi|cene|desayune|almorce|merende|tome|bebi|consumi|meti|he comido|hemos|comimos|llevo|today|yesterday|week|month|weekend|hoy|ayer|anoche|semana|mes|finde|fin de semana|monday|tuesday|wednesday|thursday|friday|saturday|sunday|lunes|martes|miercoles|jueves|viernes|sabado|domingo)\b/;

const people =
  '(?:husband|wife|partner|son|daughter|kid|kids|child|children|boyfriend|girlfriend|mom|mum|mother|dad|father|brother|sister|friend|baby|family|roommate|flatmate|colleague|boss|dog|cat|grandma|grandpa|grandmother|grandfather|marido|esposo|esposa|mujer|pareja|novio|novia|hijo|hija|hijos|hijas|nene|nena|bebe|mama|madre|papa|padre|hermano|hermana|amigo|amiga|companero|companera|jefe|jefa|perro|perra|gato|gata|abuela|abuelo|suegra|suegro|familia|nino|nina|ninos|ninas|crio|cria|peques?)';

/** Someone else eats in the question: "did my son eat", "what did my wife have", "¿qué cenó mi marido?". */
const someoneElsePatterns: readonly RegExp[] = [
  new RegExp(
    `\\b(?:did|does|do|has|have|had|is|are|should|must|can|could) (?:my|our|the) ${people} (?:be |have |been )?(?:eat|eaten|ate|eating|have|had|having|drink|drank|drunk|drinking|snack|snacked|get|got|getting)\\b`,
  ),
  /\b(?:did|have|do|were) you (?:eat|eaten|have|had|drink|drank)\b/,
  /\b(?:vos|tu|usted) (?:ya )?(?:comiste|almorzaste|cenaste|desayunaste|merendaste|comio|almorzo|ceno|desayuno)\b/,
  new RegExp(`\\b(?:my|our|the) ${people} (?:ate|eats|had|has eaten|drank|snacked|got)\\b`),
  new RegExp(`\\b(?:my|our) ${people}'s (?:diet|intake|calories|meals?|food|breakfast|lunch|dinner|snacks?|protein|sugar|salt|sodium|fat|diary|log)\\b`),
  new RegExp(
    `\\b(?:comio|ceno|desayuno|almorzo|merendo|tomo|bebio|se comio|se tomo|ha comido|ha cenado|han comido|comieron|cenaron) (?:mi|mis|nuestro|nuestra|nuestros|nuestras|el|la|los|las) ${people}\\b`,
  ),
  new RegExp(
    `\\b(?:mi|mis|nuestro|nuestra|nuestros|nuestras) ${people} (?:comio|ceno|desayuno|almorzo|merendo|tomo|bebio|se comio|se tomo|ha comido|ha cenado|come|cena|comieron|cenaron|han comido)\\b`,
  ),
  new RegExp(`\\b(?:dieta|calorias|comidas?|cena|desayuno|almuerzo|merienda|proteinas?|azucar|sal|sodio|grasas?|diario|registro) (?:de|del) (?:mi|mis|nuestro|nuestra) ${people}\\b`),
];

/** Things that are not eating, asked of the user: sleep, mood, symptoms, exercise, money, places, the clock, people. */
const notEatingWords =
  /\b(?:sleep|slept|sleeping|nap|napped|insomnia|mood|moody|feel|felt|feeling|happy|sad|stressed|anxious|depressed|hurts?|ache|aches|pain|stomach ache|tummy|bloated|nausea|sick|headache|anywhere|open|near me|restaurants?|takeaway|delivery|shop|shopping|buy|bought|store|who|bajon|bajoneado|bajoneada|depre|deprimido|deprimida|duele|dolor|panza|barriga|tripa|estomago|nauseas?|mareo|mareado|mareada|hinchado|hinchada|abierto|abierta|cerca de|restaurantes?|super|supermercado|mercado|tienda|compre|comprar|cuanto sale|cuanto vale|cuestan|quien|quienes|exercise|exercised|workout|worked out|gym|run|ran|jog|jogged|walk|walked|swim|swam|cycled|bike|spend|spent|cost|costs|price|money|paid|pay|weather|rain|raining|work|meeting|break|dormi|dormir|durmiendo|siesta|sueno|insomnio|animo|humor|me senti|me siento|sentirme|feliz|triste|estresad[oa]|ansios[oa]|ejercicio|entrene|entrenamiento|gimnasio|gym|corri|correr|camine|caminar|nade|bici|gaste|gasto|gastado|cuesta|costo|precio|dinero|pague|clima|llueve|lluvia|trabajo|reunion|descanso|what time|a que hora|when is|cuando es)\b/;

/** Words of eating that keep a question about the log even beside one of those ("did I eat before the gym?"). */
const eatingWords =
  /\b(?:eat|eats|ate|eaten|eating|drink|drank|drunk|consume|consumed|intake|snacked|had|have|comi|comer|comido|comimos|cene|desayune|almorce|merende|tome|tomado|bebi|consumi|meti|zampe|jale|picote)\b/;

/**
 * The reason the question is out of the diary's scope, or null. Advice comes first ("should I eat more protein?"
 * names a nutrient and still asks for advice) unless the user's own past eating is asked too; a fact about a food and someone else's eating only when nothing
 * puts the user's own eating in the question; not eating only when no nutrient, food or eating word is there
 * (`named` is the planner's own reading: a tracked nutrient; any nutrient, measure or food). "How many calories
 * should I have?" is no advice: the user's target answers it.
 */
export function outOfScope(question: string, named: { nutrient: boolean; intake: boolean }): OutOfScope | null {
  const text = foldedQuestion(question);
  const found = (patterns: readonly RegExp[]): string | null => {
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (match) return match[0].trim();
    }
    return null;
  };
  const advice = found(advicePatterns);
  // "How many calories should I have?" asks an amount of a nutrient: the user's own target says it.
  const amountOfNutrient = named.nutrient && /\b(?:how (?:much|many)|cuant[oa]s?)\b/.test(text);
  if (advice && !ownPastEating.test(text) && !amountOfNutrient) return { reason: 'advice', words: advice };
  const someoneElse = found(someoneElsePatterns);
  if (someoneElse) return { reason: 'someone_else', words: someoneElse };
  const fact = found(foodFactPatterns);
  if (fact && !ownEating.test(text)) return { reason: 'food_fact', words: fact };
  const other = notEatingWords.exec(text);
  if (other && !named.intake && !eatingWords.test(text)) return { reason: 'not_eating', words: other[0] };
  return null;
}
