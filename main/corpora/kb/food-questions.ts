import { foldText } from '../../core/text-folding.js';
import type { ClinicalLexicon, ClinicalMention } from './clinical-lexicon.js';
import type { KbQuery } from './kb-query.js';
import { affirmedInEnglish, distinctMentions } from './aspect-questions.js';

/**
 * A question naming a medicine and something eaten or drunk asks what that food or drink does with the medicine:
 * "Can he keep eating spinach on Coumadin?", "¿Puedo tomar café con el litio?", "Does a greasy meal make Viagra
 * kick in later?", "¿Xarelto con comida o en ayunas?". The card about the medicine reads close to such a question
 * (the cross-encoder and the embedder both see the medicine on both sides), yet only a card about the medicine that
 * names the food, or the kind of food, answers it: the warfarin cards say nothing of greens, so "spinach on
 * warfarin" is refused rather than answered with the NSAID card. The question is answered when a relevant card about
 * one of its medicines names a food of one of the kinds it asks about (the check in kb-search.ts).
 *
 * Each kind lists how questions name it, in English and Spanish (read on the folded question and its English form:
 * the glossary leaves many Spanish food words as they are), and the English words a card uses for it. The kinds are
 * the food and drink questions people ask about medicines (vitamin K greens, grapefruit, alcohol, caffeine, dairy,
 * potassium-rich food, salt, tyramine-rich food, meals and an empty stomach), written once, not per question.
 */
export interface FoodKind {
  /** How the kind is named to the user ("leafy greens"), in English and in Spanish. */
  label: string;
  labelEs: string;
  /** Names of the kind in questions (folded text). */
  asked: RegExp;
  /** Words a card uses for it (folded card text). */
  spoken: RegExp;
}

const words = (alternatives: readonly string[]) => new RegExp(`\\b(${alternatives.join('|')})\\b`);

export const foodKinds: readonly FoodKind[] = [
  {
    label: 'leafy greens and vitamin K',
    labelEs: 'las verduras de hoja verde y la vitamina K',
    asked: words([
      'spinach', 'kale', 'broccoli', 'lettuce', 'salads?', 'greens', 'leafy', 'collards?', 'brussels sprouts', 'cabbage', 'vitamin k',
      'espinacas?', 'brocolis?', 'lechugas?', 'ensaladas?', 'verduras? verdes?', 'vegetales verdes', 'acelgas?', 'nopal(es)?', 'repollo', 'coles', 'vitamina k',
    ]),
    spoken: words(['spinach', 'kale', 'broccoli', 'lettuce', 'salads?', 'greens', 'leafy', 'vegetables?', 'vitamin k', 'cabbage']),
  },
  {
    label: 'grapefruit',
    labelEs: 'el pomelo (toronja)',
    asked: words(['grapefruits?', 'toronjas?', 'pomelos?']),
    spoken: words(['grapefruits?']),
  },
  {
    label: 'cranberry',
    labelEs: 'el arándano rojo',
    asked: words(['cranberr(y|ies)', 'arandanos? rojos?', 'arandanos?']),
    spoken: words(['cranberr(y|ies)']),
  },
  {
    label: 'alcohol',
    labelEs: 'el alcohol',
    asked: words([
      'alcohol', 'alcoholic', 'booze', 'beers?', 'wines?', 'liquor', 'pints?', 'whisk(e)?y', 'vodka', 'gin', 'rum', 'tequila', 'cocktails?', 'hangover', 'drunk',
      'cervezas?', 'chelas?', 'birras?', 'vinos', '(un|el|de|con|tomar|toma|tomo|beber|bebe|bebo) vino', 'tragos?', 'copas?', 'licor(es)?', 'pisco', 'aguardiente', 'ron', 'cubatas?', 'guaro', 'borracher(a|as)', 'resaca',
    ]),
    spoken: words(['alcohol\\w*', 'beers?', 'wines?', 'drinking']),
  },
  {
    label: 'coffee and caffeine',
    labelEs: 'el café y la cafeína',
    asked: new RegExp(
      `${words(['coffees?', 'caffeine', 'decaf', 'espresso', 'lattes?', 'cappuccinos?', 'flat whites?', 'energy drinks?', 'coke', 'red bull', 'cafes?', 'cafeina', 'cafecito', 'yerba mate', 'bebidas? energeticas?'].map((word) => (word.startsWith('coffee') ? `${word}(?![- ]grounds?)` : word))).source}|\\b(un|el|tomar|toma|tomo|tomando) mate\\b`,
    ),
    spoken: /\b(coffee(?![- ]grounds?)|caffeine|espresso)\b/,
  },
  {
    label: 'tea',
    labelEs: 'el té',
    asked: words(['tea', 'green tea', 'black tea', 'herbal tea', 'te verde', 'te negro', 'tisanas?']),
    spoken: words(['tea', 'herbal']),
  },
  {
    label: 'milk and dairy',
    labelEs: 'la leche y los lácteos',
    asked: words(['milk', 'dairy', 'yog(h)?urts?', 'cheeses?', 'leche', 'lacteos?', 'yogur(es)?', 'quesos?']),
    spoken: words(['milk', 'dairy', 'yog(h)?urts?', 'cheeses?', 'calcium']),
  },
  {
    label: 'potassium-rich food',
    labelEs: 'los alimentos ricos en potasio',
    asked: words([
      'bananas?', 'avocados?', 'potato(es)?', 'tomato(es)?', 'oranges?', 'dried fruits?', 'coconut water', 'fruits?',
      'platanos?', 'bananos?', 'bananas?', 'aguacates?', 'paltas?', 'patatas?', 'tomates?', 'naranjas?', 'frutas?( secas)?', 'agua de coco',
    ]),
    // Not "salt substitutes": the ACE inhibitor card names them (and potassium supplements) and no food, so it does not
    // say which fruits to cut ("¿el plátano, la palta?"); a question about salt substitutes is a salt question.
    spoken: words(['bananas?', 'avocados?', 'potato(es)?', 'oranges?', 'fruits?', 'juices?', 'potassium[- ]rich', '(high|rich) in potassium']),
  },
  {
    label: 'salt',
    labelEs: 'la sal',
    asked: words(['salt', 'salty', 'sodium', 'low[- ]salt', 'sal', 'salado', 'sodio', 'sin sal']),
    spoken: words(['salt', 'sodium']),
  },
  {
    label: 'aged, cured or fermented food',
    labelEs: 'los alimentos curados o fermentados',
    asked: words([
      'aged cheeses?', 'cured meats?', 'salami', 'pepperoni', 'soy sauce', 'sauerkraut', 'kimchi', 'fermented', 'marmite', 'vegemite', 'yeast extract', 'fava beans?', 'broad beans?', 'tap beer',
      'quesos? (curados?|anejos?|madurados?)', 'embutidos?', 'salsa de soja', 'salsa de soya', 'fermentad[oa]s?', 'habas',
    ]),
    spoken: words(['aged', 'cured', 'fermented', 'soy', 'sauerkraut', 'yeast', 'fava', 'tyramine', 'cheeses?', 'beers?']),
  },
  {
    label: 'meals and an empty stomach',
    labelEs: 'las comidas y el ayuno',
    // Asked outright, not a meal of the story ("after lunch his face drooped", "se lo toma con el desayuno"): with or
    // without food, an empty stomach, a heavy meal, before or after meals.
    asked: words([
      '(with|without) (a |any )?(food|meals?)', '(before|after) (food|meals)', 'empty stomach', 'greasy', 'fatty (meals?|foods?)', '(heavy|big|large|fatty) (meals?|dinners?|lunch(es)?)',
      '(con|sin) (la |las |los )?(comidas?|alimentos?)', '(antes|despues) de (las )?comidas', 'en ayunas', '(comidas?|cenas?|almuerzos?) (grasosas?|grasientas?|pesad[oa]s?|copios[oa]s?|abundantes?|con mucha grasa)',
      // "si ceno fuerte antes", "comer pesado": a heavy meal said with the verb.
      '(ceno|cene|cenar|cenamos|comi|comer|almuerzo|almorzar) (muy )?(fuerte|pesado|abundante|copioso)',
    ]),
    spoken: words(['food', 'foods', 'meals?', 'breakfast', 'lunch', 'dinner', 'empty stomach', 'snacks?', 'eat', 'eating', 'fasting']),
  },
];

/**
 * The kinds of food or drink a question names, each once. A Spanish question is read as asked, with the Spanish names
 * above: its English form is word by word, and the glossary's "vino" is "wine" even where it is "came".
 */
export function foodsAsked(query: { question: string; english: string; language: string }): FoodKind[] {
  const texts = query.language === 'es' ? [foldText(query.question)] : [foldText(query.question), foldText(query.english)];
  return foodKinds.filter((kind) => texts.some((text) => kind.asked.test(text)));
}

/** Whether a card's text names a food or drink of one of these kinds. */
export function speaksOfFood(text: string, kinds: readonly FoodKind[]): boolean {
  const folded = foldText(text);
  return kinds.some((kind) => kind.spoken.test(folded));
}

const nothingByMouth = /\b(do not|don't|never|nothing|nil)\b[^.;\n]{0,40}\bby mouth\b/;

/**
 * Whether a card says to give nothing by mouth ("Do not give food, drink or medicines by mouth" in a stroke; "cannot
 * safely swallow: do not give food or drink by mouth").
 */
export function saysNothingByMouth(text: string): boolean {
  return nothingByMouth.test(foldText(text));
}

// "Mam wants to give him an aspirin and a cup of tea", "¿le doy una aspirina con agüita?": someone asks whether to
// give another person something, not when to take a medicine with meals.
const givingWording = /\b(give|gives|giving)\b|\b(darle|darles|dale|le doy|les doy|le damos|les damos|le das|le di|le dimos|le demos|le de)\b/;

/**
 * Whether a question asks whether to give someone a food or drink: a card saying to give nothing by mouth answers
 * that, with whatever medicine (the check in kb-search.ts), and not when to take one's own medicine with food ("¿el
 * Xarelto en ayunas o con comida? ¿Da igual?", "si ceno fuerte, ¿la pastilla tarda más?").
 */
export function asksToGive(query: Pick<KbQuery, 'question' | 'english' | 'language'>): boolean {
  // A Spanish question is read as asked: its word-by-word English form reads "da igual" as "give same".
  return givingWording.test(foldText(query.question)) || (query.language !== 'es' && givingWording.test(foldText(query.english)));
}

/** The foods a question asks about and the medicines (drugs or classes) it names, each once; null when it names no food or no medicine. */
export interface FoodAsked {
  kinds: FoodKind[];
  medicines: ClinicalMention[];
}

export function foodAsked(query: Pick<KbQuery, 'question' | 'english' | 'language' | 'mentions' | 'ruledOut'>, lexicon: ClinicalLexicon): FoodAsked | null {
  const kinds = foodsAsked(query);
  if (kinds.length === 0) return null;
  const medicines = distinctMentions([...query.mentions, ...affirmedInEnglish(query, lexicon.find(query.english))].filter((mention) => mention.kind !== 'condition'));
  return medicines.length === 0 ? null : { kinds, medicines };
}
