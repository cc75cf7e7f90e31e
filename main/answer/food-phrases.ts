import { foldText, stopWords } from '../core/text-folding.js';
import { mealsOf } from './meal-phrases.js';
import { namedNutrients } from './nutrient-phrases.js';

/**
 * The foods a diary question asks about by name: "how much paneer did I eat this week", "did I have eggs
 * yesterday", "¿cuánto queso comí?", "my chocolate intake". Read from the words after (or before) an eating verb,
 * cut at the first word that starts a period, a meal or a comparison; nutrients, meals and words that name no
 * food ("enough", "anything", "bien") are not foods. Folded text; the phrase is returned as the question wrote it.
 */

/** Where the food phrase sits: the group of each pattern is the phrase, running to the end of the question or a cut word. */
const phrasePatterns: readonly RegExp[] = [
  // A question that opens with the food ("any cheddar in my dinner?", "¿mucho pan esta semana?", "Nutella — how much?")
  /^ (?:any|some|much|many|lots of|a lot of|too much|algun|alguna|algunos|algunas|mucho|mucha|muchos|muchas|demasiado|demasiada) (.+)$/,
  // "total greek yogurt last week vs the week before", "total de pan este mes"
  /^ (?:my |the )?total (?:of |de |del )?(?:my |mi |mis |el |la |los |las )?(.+)$/,
  // (not across a comma, read as "and": "howya cita, how many calories…" opens with a greeting)
  /^ ((?:(?!and )[^§ ]+ ){0,2}(?!and )[^§ ]+) (?:§ |- )?(?:how (?:much|many)|cuant[oa]s?)\b/,
  /^ (?:el|la|los|las|mi|mis) (.+?) (?:tenia|tenian|tiene|tienen|llevaba|llevaban|lleva|llevan)\b/,
  // A question that opens with eating, subject left out ("ate way too many crisps in november, didn't I?")
  /^ (?:i )?(?:ate|had|drank|eaten) (?:(?:way|far|so|waaay) )?(.+)$/,
  // English
  /\bhow (?:much|many) (.+?) (?:did|do|have|had|has) (?:i|we) (?:eat|eaten|ate|have|had|drink|drunk|drank|consume|consumed|get|got|log|logged|snack|snacked|munch|munched|nibble|nibbled|go through|gone through|get through|got through|polish off|polished off|put away|scoff|scoffed)\b/,
  /\bhow (?:much|many) (.+?) (?:i|we) (?:ate|had|drank|eat|have|drink|consumed|logged|snacked|munched)\b/,
  /\b(?:did|have|do|had) (?:i|we) (?:last |ever |already |really |actually |even |just )?(?:eat|eaten|ate|have|had|drink|drunk|drank|consume|consumed|log|logged|get|got|(?:go|gone|went) (?:mad|overboard|crazy|nuts|heavy) on|overdo|overdid|overdone|pig out on|pigged out on|binge on|binged on) (.+)$/,
  /\b(?:did|does|do) (.+?) (?:give|contribute|provide|add|have|contain)\b/,
  /\b(?:show|list|give)(?: me)? (?:my |the |all )*(.+?) (?:entries|logs|intake)\b/,
  /\b(?:am|are|was|were) (?:i|we) (?:eating|drinking|having|getting|consuming|logging) (.+)$/,
  /\b(?:was|were|is|are) there (.+)$/,
  /\bintake of (.+)$/,
  /\b(?:get|got|getting|come|came|comes|coming) from (.+)$/,
  /\b(\S+(?: \S+)?) intake\b/,
  // Spanish
  /\b(?:cuant(?:o|a|os|as)|que tant(?:o|a|os|as)) (.+?) (?:he |hemos |habia |habre )?(?:comi|comido|comimos|tome|tomado|tomamos|bebi|bebido|consumi|consumido|meti|metido|llevo|cene|desayune|almorce|merende|zampe|zampado|zampamos|jale|papee|trague|tragado|morfe|morfado|eche|jarte)\b/,
  /\b(?:muestrame|ensename|dame|lista) (?:mis |las |todas )*(?:entradas|registros) de (.+)$/,
  /\b(?:comi|comimos|he comido|hemos comido|tome|he tomado|bebi|he bebido|consumi|he consumido|cene|desayune|almorce|merende|me zampe|me he zampado|me jale) (.+)$/,
  /\b(?:consumo|ingesta) de (.+)$/,
  /\bme (?:pase|excedi|passe) (?:de|con|en) (.+)$/,
  /\b(?:habia|hubo|hay) (.+)$/,
  /\b(?:me dio|me dieron|me aporto|me aportaron|saque|obtuve|vino|vinieron|viene|vienen) (?:de )?(.+)$/,
];

/** With a tracked nutrient named, where it came from: "calories from the bagels", "proteína del pollo", "sodio tenía el pan". */
const sourcePatterns: readonly RegExp[] = [
  /\b(?:was|were|in) (?:the|my|that|those|these) (.+)$/,
  /\bfrom (.+)$/,
  /\b(?:del|de la|de los|de las) (.+)$/,
  /\b(?:tenia|tenian|tiene|tienen|llevaba|llevaban|lleva|llevan) (.+)$/,
];

/** Words a phrase stops before: they start a period, a comparison or another clause. */
const cutWords = new Set([
  // English (auxiliaries and pronouns too: "how much pizza did I eat" ends at "did")
  'did',
  'do',
  'does',
  'i',
  'we',
  'than',
  'then',
  'in',
  'on',
  'at',
  'for',
  'during',
  'between',
  'around',
  'after',
  'before',
  'over',
  'since',
  'from',
  'to',
  'by',
  'per',
  'each',
  'every',
  'this',
  'that',
  'these',
  'last',
  'past',
  'previous',
  'yesterday',
  'today',
  'tonight',
  'so',
  'compared',
  'vs',
  'versus',
  'yet',
  'when',
  'while',
  'because',
  'if',
  'instead',
  'should',
  'would',
  'could',
  'can',
  'must',
  'under',
  'above',
  'below',
  'as',
  'like',
  'was',
  'were',
  'through',
  'tenia',
  'tenian',
  'llevaba',
  'llevaban',
  'thru',
  'lately',
  'recently',
  'nowadays',
  // Spanish
  'que',
  'en',
  'durante',
  'entre',
  'antes',
  'despues',
  'desde',
  'hasta',
  'para',
  'por',
  'cada',
  'al',
  'esta',
  'este',
  'estos',
  'estas',
  'ese',
  'esa',
  'hoy',
  'ayer',
  'anoche',
  'anteayer',
  'me',
  'nos',
  'te',
  'se',
  'le',
  'cuando',
  'mientras',
  'porque',
  'si',
  'comparado',
  'frente',
  'debo',
  'deberia',
  'debi',
  'puedo',
  'como',
  'sobre',
  'bajo',
  'encima',
  'debajo',
  // an eating verb ends a food ("casi no comí, q comí al final")
  'comi',
  'cene',
  'desayune',
  'almorce',
  'merende',
  'bebi',
  'llevo',
  'ultimamente',
  'recientemente',
]);

/** Words of amount ("enough", "mucho", "algún"): no food alone, and not part of the food's name before it. */
const amountWords: readonly string[] = [
  'suficiente',
  'suficientes',
  'mucho',
  'mucha',
  'muchos',
  'muchas',
  'demasiado',
  'demasiada',
  'demasiados',
  'demasiadas',
  'poco',
  'poca',
  'pocos',
  'pocas',
  'lots',
  'lot',
  'algun',
  'alguna',
  'algunos',
  'algunas',
  'more',
  'less',
  'mas',
  'menos',
  'any',
  'some',
  'enough',
  'much',
  'many',
  'too',
  'algo',
];

/** Words that, alone, name no food: amounts, judgements, "anything", the diary's own words. */
const notFoods = new Set([
  ...amountWords,
  'with',
  'without',
  'most',
  'least',
  'highest',
  'lowest',
  'food',
  'foods',
  'thing',
  'things',
  'stuff',
  'anything',
  'something',
  'anywhere',
  'somewhere',
  // texted "qué" and forms of address ("chamo, ¿cuántas arepas…?", "che", "wey")
  'q',
  'k',
  'chamo',
  'che',
  'wey',
  'guey',
  'bro',
  'dude',
  'oye',
  'hey',
  'boludo',
  'parce',
  'pana',
  'mija',
  'mijo',
  'still',
  'open',
  'everything',
  'nothing',
  'entries',
  'entry',
  'items',
  'item',
  'dish',
  'dishes',
  'meal',
  'meals',
  'well',
  'good',
  'ok',
  'okay',
  'right',
  'healthy',
  'healthily',
  'healthier',
  'badly',
  'bad',
  'better',
  'worse',
  'best',
  'worst',
  'total',
  'totals',
  'overall',
  'intake',
  'eaten',
  'macros',
  'macro',
  'nutrients',
  'nutrient',
  'consumption',
  'all',
  'little',
  'times',
  'grams',
  'gram',
  'g',
  'kg',
  'portions',
  'portion',
  'servings',
  'serving',
  'amount',
  'daily',
  'weekly',
  'average',
  'usual',
  'normal',
  'late',
  'early',
  'out',
  'clean',
  'properly',
  'regularly',
  'again',
  'comida',
  'comidas',
  'alimento',
  'alimentos',
  'cosa',
  'cosas',
  'nada',
  'todo',
  'bien',
  'mal',
  'mejor',
  'peor',
  'sano',
  'sana',
  'sanos',
  'sanas',
  'entradas',
  'entrada',
  'platos',
  'plato',
  'veces',
  'gramos',
  'gramo',
  'porciones',
  'porcion',
  'raciones',
  'racion',
  'cantidad',
  'ingesta',
  'diario',
  'diaria',
  'consumo',
  'nutrientes',
]);

/** Words after "de" that start another thing ("el jamón de la cena"): "de" then ends the phrase; "tortillas de maíz" keeps it. */
const afterOf = new Set(['la', 'las', 'los', 'el', 'mi', 'mis', 'su', 'sus', 'esta', 'este', 'ese', 'esa', 'aquel', 'aquella']);

/**
 * Words of the diary's own frame (days, targets, meals, habits): a phrase holding one ("a day I went over", "my
 * biggest meal", "a balanced diet", "a lo largo del mes") is about the diary, not a food.
 */
const frameWords = new Set([
  // a kind of meal, an occasion or a place, not a food: "a chinese takeaway", "a bday party", "del gym"
  'takeaway',
  'party',
  'bday',
  'birthday',
  'wedding',
  'office',
  'gym',
  'fiesta',
  'cumple',
  'boda',
  'oficina',
  'gimnasio',
  'takeaways',
  'takeout',
  'delivery',
  'day',
  'days',
  'week',
  'weeks',
  'month',
  'months',
  'year',
  'years',
  'weekend',
  'weekends',
  'target',
  'targets',
  'goal',
  'goals',
  'limit',
  'limits',
  'diet',
  'same',
  'pattern',
  'habits',
  'hours',
  'time',
  'times',
  'biggest',
  'largest',
  'smallest',
  'meal',
  'meals',
  'high',
  'low',
  'balanced',
  'dia',
  'dias',
  'semana',
  'semanas',
  'mes',
  'meses',
  'ano',
  'anos',
  'finde',
  'meta',
  'metas',
  'objetivo',
  'objetivos',
  'limite',
  'limites',
  'dieta',
  'mismo',
  'misma',
  'mismos',
  'horas',
  'hora',
  'vez',
  'veces',
  'largo',
  'tarde',
  'temprano',
  'alto',
  'alta',
  'bajo',
  'baja',
  'equilibrada',
  'balanceada',
]);

/** Units a food is counted in ("grams of dal", "gramos de queso", "two cups of rice"): before "of"/"de", not the food. */
const unitWords = new Set([
  'units',
  'unit',
  'grams',
  'gram',
  'g',
  'kg',
  'cups',
  'cup',
  'pieces',
  'piece',
  'servings',
  'serving',
  'portions',
  'portion',
  'slices',
  'slice',
  'bowls',
  'bowl',
  'glasses',
  'glass',
  'spoons',
  'tablespoons',
  'teaspoons',
  'gramos',
  'gramo',
  'tazas',
  'taza',
  'piezas',
  'pieza',
  'porciones',
  'porcion',
  'raciones',
  'racion',
  'rebanadas',
  'rebanada',
  'vasos',
  'vaso',
  'platos',
  'plato',
  'cucharadas',
  'cucharada',
]);

/** Articles and possessives a phrase may start with ("the paneer", "mi queso"): not part of the food's name. */
const leadingWords = new Set([
  ...amountWords,
  'how',
  'cuanto',
  'cuanta',
  'cuantos',
  'cuantas',
  'the',
  'a',
  'an',
  'my',
  'our',
  'of',
  'el',
  'la',
  'los',
  'las',
  'un',
  'una',
  'unos',
  'unas',
  'mi',
  'mis',
  'de',
  'del',
]);

/** Most words a food phrase keeps: a name, not a sentence. */
const maxPhraseWords = 4;

/** The phrase's words up to the first cut word, each part of "x and y" / "x y z" on its own. */
function phrasesIn(captured: string): string[] {
  const words = captured.split(' ').filter((word) => word !== '');
  const kept: string[] = [];
  for (const [index, word] of words.entries()) {
    if (word === '§' || cutWords.has(word)) break;
    const counted = index > 0 && unitWords.has(words[index - 1] as string);
    const started = kept.some((earlier) => !leadingWords.has(earlier) && !unitWords.has(earlier));
    // Once the phrase has a word of its own, "del" ends it ("pan bimbo del desayuno"), and "de" before another thing.
    const ofAnother = word === 'del' || (word === 'de' && afterOf.has(words[index + 1] as string));
    if (ofAnother && started && !counted) break;
    kept.push(word);
  }
  const parts: string[][] = [[]];
  for (const word of kept) {
    if (word === 'and' || word === 'y' || word === 'e' || word === 'or' || word === 'o' || word === 'u') parts.push([]);
    else parts[parts.length - 1]?.push(word);
  }
  return parts.flatMap((part) => {
    const strip = () => {
      while (part.length > 0 && leadingWords.has(part[0] as string)) part.shift();
      while (part.length > 0 && (stopWords.has(part[part.length - 1] as string) || leadingWords.has(part[part.length - 1] as string))) part.pop();
    };
    strip();
    // "grams of dal", "dos tazas de arroz": the unit and its "of" go.
    if (unitWords.has(part[0] as string) && ['of', 'de', 'del'].includes(part[1] as string)) part.splice(0, 2);
    strip();
    if (part.length === 0 || part.length > maxPhraseWords) return [];
    // "diet" frames a phrase only at its end ("a balanced diet"); "diet coke" is a drink.
    const framed = part.some((word, index) => frameWords.has(word) && (word !== 'diet' || index === part.length - 1));
    if (part.every((word) => notFoods.has(word) || stopWords.has(word)) || framed) return [];
    const phrase = part.join(' ');
    if (mealsOf(phrase).length > 0) return [];
    // A nutrient alone is not a food; a food named with one is ("coconut water", "protein bars").
    if (
      namedNutrients(phrase)
        .rest.split(' ')
        .every((word) => word === '' || notFoods.has(word) || stopWords.has(word))
    )
      return [];
    return [phrase];
  });
}

/**
 * The food phrases a question names (folded, at most three, in the order written), with the periods it names
 * blanked first (`spans`: offsets in the folded question, as period-phrases.ts reports them).
 */
export function foodPhrases(question: string, spans: ReadonlyArray<{ start: number; end: number }> = []): string[] {
  let text = foldText(question);
  // From the last span back, so a span's blank never moves the offsets of the ones before it.
  for (const span of [...spans].sort((left, right) => right.start - left.start)) text = `${text.slice(0, span.start)} § ${' '.repeat(Math.max(0, span.end - span.start - 3))}${text.slice(span.end)}`;
  text = ` ${text
    .replace(/[¿?¡!;:()"“”«».—–]/g, ' § ')
    .replace(/,/g, ' and ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^(?:§ )+/, '')} `;
  const found: string[] = [];
  const patterns = namedNutrients(question).tracked.length > 0 ? [...phrasePatterns, ...sourcePatterns] : phrasePatterns;
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (!match?.[1]) continue;
    for (const phrase of phrasesIn(match[1].trim())) if (!found.includes(phrase)) found.push(phrase);
  }
  return found.slice(0, 3);
}
