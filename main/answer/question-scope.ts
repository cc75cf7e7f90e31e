import type { DiaryScopeReason } from '../../shared/contract.js';
import { escapeRegExp, trackedSynonyms } from './nutrient-phrases.js';
import { foldedQuestion, hasNutritionIntent } from './question-intent.js';

/**
 * Whether a diary question asks something the log cannot answer even though it uses the log's words: "what should I
 * eat for dinner tonight?" (advice), "how many calories are in a banana?" (a fact about a food, not about what was
 * eaten), "what did my husband eat yesterday?" (someone else's eating: a diary is one profile's), "did I sleep well
 * last night?" (not eating at all), "how do I delete an entry?" (using the app), "thanks!" (nothing asked). Each is
 * refused with its own sentence instead of a summary of the period; the planner's other readers still decide
 * everything else. Text is folded (lowercase, no accents, texted words written out) and padded with spaces.
 */
/** The reason a question is out of the diary's scope, and the words that showed it (as folded). */
export interface OutOfScope {
  reason: DiaryScopeReason;
  words: string;
}

/** What the planner's own readers found in the question. */
export interface PlannerReading {
  /** A nutrient the diary tracks. */
  tracked: boolean;
  /** A nutrient or measure it does not track. */
  untracked: boolean;
  foods: boolean;
  meals: boolean;
  /** "What did I eat …": every entry listed. */
  list: boolean;
  /** A period or a date, real or not. */
  period: boolean;
  /** A period that has begun by today (a suggestion "for next week" is no question about the log). */
  pastPeriod: boolean;
}

/** A word for a tracked nutrient (folded, English and Spanish), from the registry's synonyms. */
const nutrientWord = `(?:${trackedSynonyms.map(([, word]) => escapeRegExp(word)).join('|')})`;

/** Asking outright for a recommendation or a way to do something: advice whatever else is asked. */
const requestPatterns: readonly RegExp[] = [
  /\b(?:you|u) (?:recommend|suggest)\b|\b(?:recommend|suggest) (?:me|a|an|some|something|anything|what|any)\b|\b(?:suggestions?|recommendations? for (?:breakfast|lunch|dinner|a snack|snacks|meals?|what))\b/,
  /\b(?:recomiendas|recomendar|recomendarme|recomiendame|sugieres|sugiereme|sugerencias?)\b/,
  /\b(?:fastest|best|quickest|easiest|healthiest) way to\b|\b(?:la|una) (?:mejor|mas rapida|mas facil) (?:forma|manera) de\b|\b(?:la|una) (?:forma|manera) mas (?:rapida|facil) de\b/,
];

/** Asking for suggestions (what to eat, a recipe, a menu, a good place or food): advice unless the log is asked too. */
const suggestionPatterns: readonly RegExp[] = [
  /\b(?:meal ideas?|ideas for (?:breakfast|lunch|dinner|a snack|snacks|meals?))\b/,
  /(?<!\b(?:my|our|the) )\bmeal plan\b/,
  /\bwhat (?:should|can|could|shall) (?:i|we) (?:eat|have(?! eaten| had| been)|cook|make|order|drink|snack on|prepare|pack|give|feed|bring|buy|serve)\b/,
  /\bhow (?:do|can|should|would) (?:i|you|we) (?:make|cook|prepare|bake|lose weight|gain weight|lower|reduce|increase|cut down|get more|get less|eat more|eat less)\b/,
  /\b(?:what's|what is|whats|any) (?:a |some )?(?:good|healthy|healthier|best|quick|easy|cheap|light) (?:[\p{L}-]+ ){0,4}?(?:breakfast|lunch|dinner|snacks?|meals?|foods?|options?|recipes?|places?|restaurants?)\b/u,
  /\b(?:what (?:do|can|should) i do|what can i do)\b|(?:^ |\b(?:y|pero|entonces|ahora) )que (?:hago|puedo hacer)\b/,
  /\b(?:recomendaciones? para (?:cenar|comer|desayunar|almorzar|merendar|la cena|el desayuno|el almuerzo)|conviene|ideas de (?:cena|comida|desayuno|almuerzo|merienda)|ideas para (?:cenar|comer|desayunar|almorzar|merendar))\b/,
  /\bque (?:me )?(?:deberia|debo|puedo|podria) (?:comer|cenar|desayunar|almorzar|merendar|tomar|cocinar|preparar|picar)\b/,
  /\bcomo (?:preparo|hago|cocino|se hace|se prepara|bajo de peso|adelgazo)\b/,
  /\bque (?:ceno|como|desayuno|almuerzo|meriendo) (?:hoy|manana|esta noche|el finde)\b/,
  /\b(?:any|some|give me|got any|need|dame|dame unas|alguna|algunas|necesito) (?:ideas\b(?! (?:how|where|why|if|what|which|when|de donde|donde|cuanto|cuanta|cuando|que|por que))|idea (?:for|para)\b|idea de (?:cena|comida|desayuno|almuerzo|merienda|receta|plato)\b)/,
  /\bwhat to (?:eat|have|cook|make(?! of)|order|snack on)\b/,
  /(?<!\b(?:tengo|tuve|tiene|tenia|tenemos|tuvimos|hay|habia|hubo) )\bque (?:comer|cenar|cocinar|preparar|desayunar|almorzar|merendar|pedir)\b/,
  /\b(?:hazme|haz|haces|armame|preparame|disename|dame|make me|write me|plan me|give me|create|build me) (?:un |una |a |an )?(?:menu|plan de comidas|dieta|meal plan|diet plan|lista de la compra|shopping list)\b(?! (?:de la semana pasada|del mes pasado|breakdown|summary|overview|report|resumen|informe))/,
  /\bplan my (?:meals|dinners|lunches|breakfasts|week)\b/,
  /\bmenu (?:semanal|para|de la semana)\b(?! pasada| anterior)/,
  /\b(?:algun|alguna|algunos|algunas) (?:sitio|sitios|lugar|lugares|restaurante|restaurantes|parrilla|parrillas|bar|bares|receta|recetas|opcion|opciones|idea|ideas|snack|snacks) (?:buen[oa]s?|ric[oa]s?|san[oa]s?|barat[oa]s?)\b/,
  /\b(?:should|does|do|can) (?:a|an) (?:\d+ ?(?:year|yr|month)s? old|toddler|kid|child|teen|teenager|baby|woman|man|adult|person|athlete|pregnant woman)\b/,
  /\bcan i have (?:a|an|some) [\p{L}]+ (?:now|tonight|today)\b/u,
];

/** A recipe asked for, not the user's own ("the entries for my lasagna recipe"). */
const recipeWords = /\b(?:recipes?|recetas?)\b/;
const ownRecipe = /\b(?:my|our|mi|mis|nuestra|nuestras) (?:[\p{L}']+ ){0,3}?(?:recipes?|recetas?)\b/u;

/** Asking whether to eat or do something: advice, unless the user's own eating or log is asked about too. */
const whetherPatterns: readonly RegExp[] = [
  /\bshould (?:i|we) (?:be )?(?:eat|eating|have|having|try|avoid|cut|stop|start|switch|drink|drinking|skip|quit|give up)\b/,
  /\bam i allowed\b/,
  /\bis it (?:ok|okay|fine|safe|bad|good|healthy|unhealthy|better|alright|all right) (?:to|if)\b/,
  /\b(?:is|are) (?:a |an )?[\p{L}\s]{2,30}? (?:healthy|unhealthy|good for you|bad for you|fattening|ok to (?:eat|have|drink)|okay to (?:eat|have|drink)|safe to (?:eat|have|drink)|a good source of|good for (?:weight|losing|diabetes|the heart)|bad for (?:weight|diabetes|the heart))\b/u,
  /\bis (?:skipping|eating|having|drinking) [\p{L}\s]{2,30}? (?:bad|good|ok|okay|healthy|unhealthy)\b/u,
  /\bcan (?:i|you) (?:take|eat|have|mix|drink|freeze)\b[\p{L}\s]{0,40}?\b(?:with|after|before|on|while)\b/u,
  /\b(?:deberia|debo) (?:comer|dejar|evitar|tomar|cenar|desayunar|bajar|reducir|quitar)\b/,
  /\b(?:es|son) (?:bueno|buena|buenos|buenas|malo|mala|malos|malas|sano|sana|sanos|sanas|saludable|saludables) (?:comer|tomar|cenar|desayunar|para)\b/,
  /\bse (?:puede|pueden|podra) (?:tomar|comer|cenar|desayunar|beber|mezclar|congelar|calentar)\b/,
  /\b(?:puedo|podria) (?:comer|tomar|beber|cenar|desayunar)\b[\p{L}\s]{0,40}?\bsi\b/u,
  /\bcan i (?:eat|have|drink)\b[\p{L}\s]{0,40}?\bif\b/u,
  /\b(?:engorda|engordan|adelgaza|adelgazan)\b/,
];

/**
 * Asking how to use the app, or telling it to change the diary ("how do I delete an entry?", "add 2 eggs to
 * breakfast", "borra la cena de ayer"): the Diary screen does that; an answer would read as if it had been done.
 */
const appUsePatterns: readonly RegExp[] = [
  /\b(?:how (?:do|can|would) i|how to|where (?:do|can) i|can you|could you|como (?:puedo |hago para |se )?|donde (?:puedo )?|puedes|me puedes|puedo)\s?(?:delete|remove|edit|fix|undo|export|import|backup|back up|sync|add|log|set|borro|borrar|elimino|eliminar|edito|editar|corrijo|corregir|exporto|exportar|importo|importar|anado|anadir|agrego|agregar|apunto|apuntar|anoto|anotar|pongo|poner)\b/,
  /\b(?:how (?:do|can) i|como(?: puedo| hago para)?|puedo) (?:change|cambio|cambiar) (?:my|the|a|an|mi|el|la|los|las|un|una) (?:[\p{L}]+ )?(?:target|goal|language|settings?|entry|entries|meta|metas|objetivo|objetivos|idioma|ajustes|entrada|entradas|perfil|profile)\b/u,
  /\b(?:delete|remove|export|borra|borrar|elimina|eliminar|exporta|exportar) (?:an |the |my |mi |mis |una |la |el |las |los )?(?:entry|entries|diary|log|entrada|entradas|diario|registro)\b/,
  /^ (?:please |pls |porfa )?(?:add(?! up)|put|delete|remove|change|set my|apunta(?:me)?|anota(?:me)?|anade|agrega|pon(?:me)?|borra(?:me)?|elimina|cambia(?:me)?) /,
  /^ (?:please |pls )?log (?:a|an|my|the|some|\d)/,
  /\b(?:me apuntas|me anotas|me borras|me cambias|remind me to|recuerdame que)\b/,
];

/** Talking to the app rather than asking about the log: its own eating, itself, a joke; thanks with nothing asked. */
const chatPatterns: readonly RegExp[] = [
  /\b(?:did|have|do|were) you (?:eat|eaten|had|drink|drank)\b|\bwhat did you (?:eat|have)(?! me)\b/,
  /\b(?:vos|tu|usted) (?:ya )?(?:comiste|almorzaste|cenaste|desayunaste|merendaste)\b/,
  /\b(?:joke|jokes|chiste|chistes|who are you|quien eres|your favou?rite|tu (?:comida|plato) favorit[oa])\b/,
];
const thanksWords = /\b(?:thanks|thank you|thx|cheers|gracias|grax|merci)\b/;
const askingWords =
  /\b(?:what|how|which|when|did|do|does|was|were|is|are|am|can|show|list|give|tell|que|cual|cuales|cuanto|cuanta|cuantos|cuantas|como|cuando|donde|dame|dime|muestrame|comi|cene|desayune|almorce|merende|tome)\b/;

/** Asking what a food contains, or which of two foods has more: no eating of the user's in it. */
const foodFactPatterns: readonly RegExp[] = [
  new RegExp(
    `\\b${nutrientWord} (?:are |is )?(?:there )?in (?!(?:my|our|the|that|those|these|it|them|this|what|which|total|general|all)\\b|(?:(?:a|an|one|each) )?(?:single |typical |average |normal |usual |whole |given |takeaway )?(?:day|days|meal|meals|week|weeks|month|months|sitting|weekday|weekdays|weekend|weekends|workday|workdays|night|nights)\\b)(?:a |an |one |1 |each |the average |an average |100 ?g (?:of )?)?[\\p{L}]`,
    'u',
  ),
  new RegExp(`\\bhow (?:many|much) ${nutrientWord} (?:does|do) (?:a |an |one )?[\\p{L} ]{2,30}? (?:have|has|contain|contains|got)\\b`, 'u'),
  new RegExp(`\\b(?:is|are) (?:a |an )?[\\p{L} ]{0,30}?(?:high|low|rich) in ${nutrientWord}\\b`, 'u'),
  new RegExp(`\\b(?:foods?|fruits?|vegetables?|veg|snacks?|drinks?) (?:high|low|rich) in ${nutrientWord}\\b`),
  /\b(?:which|what|que|cuales) (?:foods?|fruits?|vegetables?|veg|snacks?|drinks?|alimentos?|frutas?|verduras?|bebidas?) (?:have|has|contain|contains|are|tienen|tiene|contienen|son) (?:the )?(?:most|more|less|least|fewest|highest|lowest|high|low|rich|mas|menos)\b/,
  new RegExp(`\\b(?:${nutrientWord} (?:per|por) 100 ?g|${nutrientWord} content|content of ${nutrientWord}|contenido de ${nutrientWord})\\b`),
  /\b(?:which|what) (?:one )?(?:has|have|contains?|gives?) (?:more|less|fewer|the most|the least)\b/,
  /\b(?:cual|que) (?:tiene|tienen|aporta|aportan|lleva|llevan) (?:mas|menos)\b/,
  new RegExp(`\\b(?:does|do) (?:a |an )?[\\p{L} ]{2,30}? (?:have|contain) (?:a lot of |much |many |any )?${nutrientWord}\\b`, 'u'),
  new RegExp(`\\b(?:cuantas?|cuantos?) ${nutrientWord} (?:tiene|tienen|contiene|contienen|aporta|aportan|lleva|llevan|hay en)\\b`),
  new RegExp(`\\b(?:tiene|tienen|contiene|contienen) (?:mucha|mucho|muchas|muchos|poca|poco|pocas|pocos) ${nutrientWord}\\b`),
  new RegExp(`\\b(?:es|son) (?:alto|alta|altos|altas|rico|rica|ricos|ricas) en ${nutrientWord}\\b`),
];

/** The user's own eating, told in the past or so far: beside it, advice or someone else's name still leaves a log question. */
const ownPastEating =
  /\b(?:did i|did we|have i|i ate|i had|i've had|ive had|i drank|i've eaten|ive eaten|i've been|ive been|i got through|i went through|i've logged|ive logged|i logged|comi|cene|desayune|almorce|merende|me comi|he comido|me he|me tome|bebi|me meti|me zampe|llevo|tuve|registre)\b/;

/** The user's own log named: "my sugar", "mis cenas", "my diet this week". */
const ownLog = new RegExp(
  `\\b(?:(?:my|our|mi|mis) (?:usual |typical |normal |own )?(?:${nutrientWord}|breakfasts?|lunch(?:es)?|dinners?|snacks?|meals?|intake|diet|log|diary|numbers|totals?|figures|eating|targets?|goals?|day|days|week|weeks|coffee|tea|foods?|stuff|desayunos?|almuerzos?|cenas?|meriendas?|comidas?|dieta|diario|registro|numeros|ingesta|metas?|objetivos?|dia|dias|semana|semanas|cafe|te|alimentos?)|of mine|mio|mia|what i (?:eat|have|log|usually|normally)|the (?:stuff|food|foods|snacks|things) i (?:eat|have|log|buy)|(?!que\\b)[\\p{L}]+ que (?:como|ceno|desayuno|meriendo|tomo|bebo|compro|hago)|i (?:usually|normally) (?:eat|have)|(?:the|which|what) (?!(?:should|can|could|shall|would|will|do|did|must)\\b)[\\p{L}]+ i (?:eat|have|log|buy)|lo que (?:como|ceno|desayuno|almuerzo|meriendo|tomo|bebo|registro|llevo)|(?:de )?los que (?:como|registre|tomo))\\b`,
  'u',
);

/** Periods the planner does not date ("lately", "so far"): they still put the question in the log. */
const vaguePeriods = /\b(?:lately|recently|so far|these days|nowadays|ultimamente|recientemente|hasta ahora|estos dias|en lo que va)\b/;

const people =
  '(?:husband|hubby|wife|partner|other half|son|daughter|kid|kids|child|children|boyfriend|bf|girlfriend|gf|mom|mum|mother|dad|father|brother|sister|friend|baby|family|roommate|roomie|flatmate|colleague|boss|niece|nephew|aunt|uncle|cousin|neighbour|neighbor|dog|puppy|cat|kitten|grandma|grandpa|grandmother|grandfather|patient|patients|client|clients|toddler|teen|teenager|marido|esposo|esposa|mujer|pareja|novio|novia|hijo|hija|hijos|hijas|hijito|hijita|nene|nena|bebe|mama|madre|papa|padre|hermano|hermana|amigo|amiga|companero|companera|jefe|jefa|tia|tio|primo|prima|vecino|vecina|perro|perra|perrito|perrita|gato|gata|gatito|gatita|abuela|abuelo|suegra|suegro|nieto|nieta|sobrino|sobrina|paciente|pacientes|cliente|clientes|familia|nino|nina|ninos|ninas|crio|cria|peques?)';
const adverbs = '(?:usually |normally |ever |always |often |really |actually |even |just |only |never )?';

/** Someone else eats in the question: "did my son eat", "what did my wife have", "¿qué cenó ayer mi marido?". */
const someoneElsePatterns: readonly RegExp[] = [
  new RegExp(
    `\\b(?:did|does|do|has|have|had|is|are|should|must|can|could) (?:my|our|the) ${people} ${adverbs}(?:be |have |been )?(?:eat|eaten|ate|eating|have|had|having|drink|drank|drunk|drinking|snack|snacked|get|got|getting)\\b`,
  ),
  new RegExp(
    `\\b(?:my|our|the) ${people} ${adverbs}(?:won't |wont |doesn't |doesnt )?(?:ate|eats|had|has eaten|drank|drinks|snacked|wants|likes|refuses|needs)\\b(?! (?:a|an|the|some|made|to know|to see|me)\\b)`,
  ),
  new RegExp(`\\b(?:my|our) ${people}'s (?:diet|intake|calories|meals?|food|breakfast|lunch|dinner|snacks?|protein|sugar|salt|sodium|fat|diary|log|eating)\\b`),
  // The verb, then the eater; never the company of the user's meal ("desayuno con mi hermana").
  new RegExp(
    `(?<!\\bcon )\\b(?:(?:comio|ceno|desayuno|almorzo|merendo|tomo|bebio|se comio|se tomo|ha comido|ha cenado|han comido|comieron|cenaron) (?:(?!con\\b)[\\p{L}]+ ){0,2}?|(?:come|comen|cenan|desayunan) )(?:mi|mis|nuestro|nuestra|nuestros|nuestras|el|la|los|las) ${people}\\b`,
    'u',
  ),
  new RegExp(
    `(?<!\\bcon )\\b(?:mi|mis|nuestro|nuestra|nuestros|nuestras) ${people} (?:(?:esta|estan|anda|andan) (?:comiendo|cenando|tomando)|comio|almorzo|merendo|bebio|se comio|se tomo|ha comido|ha cenado|come|comen|comieron|cenaron|han comido)\\b`,
  ),
  new RegExp(`\\b(?:dieta|diario|registro|ingesta) (?:de|del) (?:mi|mis|nuestro|nuestra) ${people}\\b`),
];

/** "Is he getting enough iron?": he or she eats, when the question names who. */
const pronounEating = /\b(?:is|was|does|did|has|should|can) (?:he|she) (?:be )?(?:eat|eating|ate|eaten|have|having|had|get|getting|got|drink|drinking)\b/;
const somePerson = new RegExp(`\\b${people}\\b`);

/** The clock, a place or a companion of a meal: the diary holds none, even of a meal it holds. */
const clockPlaceCompany =
  /\b(?:what time|a que hora|where did i (?:eat|have)(?! the most| most| more| less)|donde (?:comi|cene|almorce|desayune|merende)(?! mas| menos)|who did i (?:eat|have)|con quien (?:comi|cene|almorce|desayune|merende))\b/;

/** Calories burned: the diary holds intake only; a question that also asks what was eaten is answered for that. */
const burnWords = /\b(?:burn|burns|burned|burnt|burning|quemar|queme|quemo|quemado|quemaste)\b/;
const eatVerbs = /\b(?:eat|ate|eaten|eating|comi|comer|comido|me comi|cene|desayune|almorce|merende)\b/;

/** Sleep, mood, symptoms, medicines, money, the weather, a place: refused unless the question asks the log too. */
const notEatingWords =
  /\b(?:sleep|slept|sleeping|sleepy|tired(?! of)|nap|napped|insomnia|mood|moody|happy|sad|stressed|anxious|depressed|hurts?|aches?|pain(?! au| de| perdu)|stomach ache|stomachache|tummy|bloated|nausea|sick(?! of)|headache|heartburn|medication|medicine|meds|pills?|tablets?|spend|spent|cost|costs|price|money|weather|rain|raining|anywhere (?:open|near|still|that|to eat)|near me|when is(?! my| the last)|dormi|dormir|duermo|dormido|dormia|durmiendo|siesta|sueno|insomnio|cansad[oa](?! de)|animo|humor|me senti|me siento|me sento mal|me cayo mal|sentirme|triste|estresad[oa]|ansios[oa]|bajon|bajoneado|bajoneada|depre|deprimido|deprimida|duele|dolor|panza|barriga|tripa|estomago|nauseas?|mareo|mareado|mareada|hinchado|hinchada|pastillas?|medicamentos?|medicinas?|remedio|gaste|gasto|gastado|(?<!me )cuesta|cuestan|costo|precio|dinero|pague|cuanto sale|cuanto vale|clima|llueve|lluvia|abierto|abierta|cuando es(?! que)|who|quien|quienes)\b/;

/** Money: "how much did I spend on takeaways last month?". */
const moneyWords = /\b(?:spend|spent|cost|costs|price|money|paid|pay|gaste|gasto|gastado|cuestan|costo|precio|dinero|pague|cuanto sale|cuanto vale)\b/;

/** Exercise, work, shops, feelings: refused only when nothing of eating or the log is there at all. */
const weakNotEatingWords =
  /\b(?:feel|felt|feeling|exercise|exercised|workout|worked out|gym|run|ran|jog|jogged|walk|walked|swim|swam|cycled|bike|work|meeting|break|shopping|restaurants?|paid|pay|offline|online|ejercicio|entrene|entrenamiento|gimnasio|corri|correr|camine|caminar|nade|bici|trabajo|reunion|descanso|supermercado|mercado|tienda|compre|comprar|restaurantes?)\b/;

/** Words of eating that keep a question about the log beside one of those ("did I eat before the gym?"). */
const eatingWords =
  /\b(?:eat|eats|ate|eaten|eating|drink|drank|drunk|consume|consumed|intake|snack|snacks|snacked|had|have|log|logged|order|ordered|meal|meals|brunch|entry|entries|comi|comer|comido|comimos|cene|desayune|almorce|merende|tome|tomado|tuve|bebi|consumi|meti|zampe|jale|pique|picote|picotee|pedi|llevo)\b/;

/** The log's own words: "summary", "how did I do", "mis metas". */
const logTerms = /\b(?:summary|overview|recap|breakdown|how did i do|how am i doing|targets?|goals?|diary|resumen|metas?|objetivos?|como voy|que tal voy|diario|registro)\b/;

/** Asking the log for something: an amount, what a meal held, a list. */
const askingTheLog = /\b(?:how (?:much|many)|cuant[oa]s?|what was|what were|what did i|show me|list|que (?:hubo|habia|llevaba|tenia|tuvo|fue|comi|cene)|dame|muestrame|ensename)\b/;

/**
 * The reason the question is out of the diary's scope, or null, first that applies:
 * - how to use the app, or a command to change it ("add 2 eggs to breakfast");
 * - talking to the app (its own eating, itself, a joke) unless a nutrient, food or list is asked; thanks with nothing
 *   of the log in it;
 * - someone else's eating, unless the user's own eating or log is asked too ("what did I eat at my mum's?", "my
 *   partner wants to know my sugar");
 * - a request for suggestions, unless a nutrient of the user's own log, a list, or the user's own eating in a period
 *   is asked ("any ideas what I ate on the 3rd?");
 * - whether to eat or do something ("should I eat more protein?") unless the user's own eating, log or a period is
 *   asked too, or an amount of a nutrient ("how many calories should I have?": the user's target says it);
 * - the clock, the place or the company of a meal; calories burned unless eating is asked too;
 * - what a food contains when no period, meal, list or own eating is named;
 * - sleep, mood, symptoms, money unless a nutrient, eating, the log's own words or a question of a meal or food in a
 *   period is asked ("Friday's dinner made me sick, what was in it?"); exercise, work, shops only when nothing of
 *   eating or the log is named.
 */
export function outOfScope(question: string, reading: PlannerReading): OutOfScope | null {
  const text = foldedQuestion(question);
  const found = (patterns: readonly RegExp[]): string | null => {
    for (const pattern of patterns) {
      const match = pattern.exec(text);
      if (match) return match[0].trim();
    }
    return null;
  };
  const ownEating = ownPastEating.test(text);
  const ownLogNamed = ownLog.test(text);
  const logWords = hasNutritionIntent(question);
  const appUse = found(appUsePatterns);
  if (appUse) return { reason: 'app_use', words: appUse };
  const chat = found(chatPatterns);
  if (chat && !ownEating && !reading.tracked && !reading.foods && !reading.list) return { reason: 'chat', words: chat };
  const thanks = thanksWords.exec(text);
  const anythingOfTheLog = reading.tracked || reading.untracked || reading.foods || reading.meals || reading.list || reading.period;
  const feedback = /\b(?:helped|helpful|useful|great|perfect|me sirvio|me ayudo|util|genial|perfecto|buenisimo)\b/.test(text);
  if (thanks && (feedback || !anythingOfTheLog) && !askingWords.test(text) && !question.includes('?')) return { reason: 'chat', words: thanks[0] };
  const someoneElse = found(someoneElsePatterns) ?? (somePerson.test(text) ? pronounEating.exec(text)?.[0] : null);
  const asksTheLog = reading.tracked || reading.list || askingTheLog.test(text);
  if (someoneElse && !ownEating && !(ownLogNamed && asksTheLog)) return { reason: 'someone_else', words: someoneElse };
  // "…, ¿qué hago?" asks what to do; "las cenas que hago" are the user's own (read on the question as typed: the
  // comma and the accent tell them apart).
  const whatToDo = /(?:^|[¿,;.!]\s*)(?:qu[eé]|q|k) (?:hago|puedo hacer)\b|\bqué (?:hago|puedo hacer)\b/iu.exec(question);
  const request = found(requestPatterns) ?? whatToDo?.[0]?.replace(/^[¿,;.!\s]+/, '') ?? null;
  if (request) return { reason: 'advice', words: request };
  const suggestion = found(suggestionPatterns) ?? (recipeWords.test(text) && !ownRecipe.test(text) ? recipeWords.exec(text)?.[0] : null);
  const ownInPeriod = (ownEating || ownLogNamed) && (reading.pastPeriod || vaguePeriods.test(text));
  if (suggestion && !reading.list && !(reading.tracked && (reading.pastPeriod || ownEating || ownLogNamed)) && !ownInPeriod) return { reason: 'advice', words: suggestion };
  const whether = found(whetherPatterns);
  const amountOfNutrient = reading.tracked && /\b(?:how (?:much|many)|cuant[oa]s?)\b/.test(text);
  if (whether && !ownEating && !ownLogNamed && !reading.period && !amountOfNutrient) return { reason: 'advice', words: whether };
  const clock = clockPlaceCompany.exec(text);
  if (clock) return { reason: 'not_eating', words: clock[0] };
  const burn = burnWords.exec(text);
  if (burn && !eatVerbs.test(text)) return { reason: 'not_eating', words: burn[0] };
  const fact = found(foodFactPatterns);
  const inTheLog = reading.period || reading.meals || reading.list || ownEating || ownLogNamed || vaguePeriods.test(text);
  if (fact && !inTheLog) return { reason: 'food_fact', words: fact };
  const eating = eatingWords.test(text) || reading.list;
  // "Friday's dinner made me sick, what was in it?", "been stressed, how many biscuits this week": the log is asked.
  const askedOfTheLog = reading.period && askingTheLog.test(text) && (reading.foods || reading.meals || /\b(?:how (?:much|many)|cuant[oa]s?)\b/.test(text));
  // Money is asked with "how much" itself: only a nutrient, eating or the log's words keep it in the log.
  const money = moneyWords.exec(text);
  if (money && !reading.tracked && !reading.untracked && !eating && !ownLogNamed && !logTerms.test(text)) return { reason: 'not_eating', words: money[0] };
  const other = notEatingWords.exec(text);
  if (other && !reading.tracked && !reading.untracked && !eating && !ownLogNamed && !logTerms.test(text) && !askedOfTheLog) return { reason: 'not_eating', words: other[0] };
  const weak = weakNotEatingWords.exec(text);
  if (weak && !reading.tracked && !reading.untracked && !reading.foods && !reading.meals && !eating && !ownLogNamed && !logWords) return { reason: 'not_eating', words: weak[0] };
  return null;
}
