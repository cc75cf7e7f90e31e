import { processTerm } from '../../retrieval/keyword-index.js';
import { foldText } from '../../core/text-folding.js';
import { differingPositions, letterDropped, neighboursSwapped } from './food-spelling.js';

/**
 * Everyday Spanish food words (Spain and Latin America) and the English words the IFCT 2017 catalog uses for them,
 * so a Spanish query reaches an English catalog: the keyword index and bge-small-en only read English. Keys are
 * singular and folded the way the keyword index folds terms ("plátano" → "platano"); values are IFCT's own
 * vocabulary where it differs from a dictionary ("garbanzo" → "bengal gram", "gamba" → "prawn", "okra" →
 * "ladies finger"). A word with two meanings takes the food one ("lima" is the fruit). Our own list, written from
 * general vocabulary, not from any evaluation set.
 */
const words: Record<string, string> = {
  // Cereals, flours, bread
  arroz: 'rice',
  trigo: 'wheat',
  harina: 'flour',
  avena: 'oat',
  cebada: 'barley',
  centeno: 'rye',
  maiz: 'maize',
  elote: 'maize',
  choclo: 'maize',
  mijo: 'millet',
  sorgo: 'sorghum',
  quinoa: 'quinoa',
  salvado: 'bran',
  semola: 'semolina',
  fideo: 'vermicelli',
  pan: 'bread',
  amaranto: 'amaranth',
  integral: 'whole',
  inflado: 'puffed',
  // Pulses
  lenteja: 'lentil',
  garbanzo: 'bengal gram',
  frijol: 'bean',
  judia: 'bean',
  alubia: 'bean',
  poroto: 'bean',
  haba: 'broad bean',
  soja: 'soya bean',
  soya: 'soya bean',
  guisante: 'peas',
  arveja: 'peas',
  chicharo: 'peas',
  legumbre: 'legumes',
  cacahuete: 'groundnut',
  cacahuate: 'groundnut',
  mani: 'groundnut',
  // Vegetables
  verdura: 'vegetables',
  hortaliza: 'vegetables',
  espinaca: 'spinach',
  acelga: 'chard',
  lechuga: 'lettuce',
  col: 'cabbage',
  repollo: 'cabbage',
  coliflor: 'cauliflower',
  brocoli: 'broccoli',
  tomate: 'tomato',
  jitomate: 'tomato',
  cebolla: 'onion',
  ajo: 'garlic',
  puerro: 'leek',
  zanahoria: 'carrot',
  patata: 'potato',
  papa: 'potato',
  boniato: 'sweet potato',
  batata: 'sweet potato',
  camote: 'sweet potato',
  yuca: 'tapioca',
  mandioca: 'tapioca',
  remolacha: 'beet',
  betabel: 'beet',
  rabano: 'radish',
  nabo: 'turnip',
  calabaza: 'pumpkin',
  zapallo: 'pumpkin',
  calabacin: 'zucchini',
  pepino: 'cucumber',
  berenjena: 'brinjal',
  pimiento: 'capsicum',
  chile: 'chillies',
  aji: 'chillies',
  guindilla: 'chillies',
  quimbombo: 'ladies finger',
  okra: 'ladies finger',
  apio: 'celery',
  champinon: 'mushroom',
  seta: 'mushroom',
  hongo: 'mushroom',
  hoja: 'leaves',
  tallo: 'stalk',
  raiz: 'root',
  tuberculo: 'tuber',
  brote: 'sprouts',
  germinado: 'sprouted',
  // Fruits
  fruta: 'fruits',
  citrico: 'citrus',
  citrica: 'citrus',
  naranja: 'orange',
  limon: 'lemon',
  lima: 'lime',
  mandarina: 'orange',
  pomelo: 'pummelo',
  toronja: 'pummelo',
  manzana: 'apple',
  pera: 'pear',
  platano: 'banana',
  banana: 'banana',
  banano: 'banana',
  uva: 'grapes',
  pasa: 'raisins',
  fresa: 'strawberry',
  frutilla: 'strawberry',
  frambuesa: 'raspberry',
  cereza: 'cherries',
  ciruela: 'plum',
  melocoton: 'peach',
  durazno: 'peach',
  albaricoque: 'apricot',
  damasco: 'apricot',
  mango: 'mango',
  pina: 'pineapple',
  papaya: 'papaya',
  guayaba: 'guava',
  granada: 'pomegranate',
  sandia: 'water melon',
  melon: 'musk melon',
  coco: 'coconut',
  datil: 'dates',
  higo: 'fig',
  aguacate: 'avocado',
  palta: 'avocado',
  kiwi: 'kiwi',
  maracuya: 'passion fruit',
  carambola: 'star fruit',
  chirimoya: 'custard apple',
  tamarindo: 'tamarind',
  maduro: 'ripe',
  verde: 'green',
  crudo: 'raw',
  cruda: 'raw',
  fresco: 'fresh',
  fresca: 'fresh',
  seco: 'dry',
  seca: 'dry',
  zumo: 'juice',
  jugo: 'juice',
  pulpa: 'pulp',
  semilla: 'seeds',
  pepita: 'seeds',
  // Nuts and seeds
  almendra: 'almond',
  nuez: 'walnut',
  anacardo: 'cashew',
  maranon: 'cashew',
  pistacho: 'pistachio',
  avellana: 'hazelnut',
  sesamo: 'gingelly',
  ajonjoli: 'gingelly',
  linaza: 'flax',
  lino: 'flax',
  girasol: 'sunflower',
  mostaza: 'mustard',
  fruto: 'nuts',
  // Meat, poultry, eggs
  carne: 'meat',
  pollo: 'chicken',
  gallina: 'hen',
  pavo: 'turkey',
  pato: 'duck',
  codorniz: 'quail',
  huevo: 'egg',
  yema: 'yolk',
  clara: 'white',
  cabra: 'goat',
  cordero: 'lamb',
  oveja: 'sheep',
  carnero: 'mutton',
  cerdo: 'pork',
  res: 'beef',
  vaca: 'beef',
  ternera: 'calf',
  higado: 'liver',
  rinon: 'kidneys',
  corazon: 'heart',
  sesos: 'brain',
  lengua: 'tongue',
  pechuga: 'breast',
  muslo: 'thigh',
  pierna: 'leg',
  ala: 'wing',
  piel: 'skin',
  // Fish and seafood
  pescado: 'fish',
  pez: 'fish',
  marisco: 'shellfish',
  gamba: 'prawns',
  camaron: 'prawns',
  langostino: 'prawns',
  cangrejo: 'crab',
  jaiba: 'crab',
  langosta: 'lobster',
  calamar: 'squid',
  pulpo: 'octopus',
  sepia: 'cuttle fish',
  almeja: 'clam',
  mejillon: 'mussel',
  ostra: 'oyster',
  atun: 'tuna',
  sardina: 'sardine',
  caballa: 'mackerel',
  salmon: 'salmon',
  anchoa: 'anchovy',
  boqueron: 'anchovy',
  arenque: 'herring',
  carpa: 'carp',
  bagre: 'cat fish',
  // Dairy and fats
  leche: 'milk',
  lacteo: 'milk',
  queso: 'paneer',
  requeson: 'paneer',
  yogur: 'curd',
  cuajada: 'curd',
  mantequilla: 'butter',
  manteca: 'butter',
  aceite: 'oil',
  grasa: 'fats',
  oliva: 'olive',
  // Spices, sweeteners, drinks
  especia: 'spices',
  condimento: 'condiments',
  jengibre: 'ginger',
  curcuma: 'turmeric',
  comino: 'cumin',
  pimienta: 'pepper',
  canela: 'cinnamon',
  clavo: 'cloves',
  cilantro: 'coriander',
  culantro: 'coriander',
  menta: 'mint',
  hierbabuena: 'mint',
  albahaca: 'basil',
  eneldo: 'dill',
  hinojo: 'fennel',
  cardamomo: 'cardamom',
  azafran: 'saffron',
  alholva: 'fenugreek',
  fenogreco: 'fenugreek',
  azucar: 'sugar',
  panela: 'jaggery',
  piloncillo: 'jaggery',
  miel: 'honey',
  cana: 'sugarcane',
  agua: 'water',
};

/** Spanish names of more than one word that mean something else than their words. */
const phrases: Array<{ words: string[]; english: string }> = [
  ['frutos secos', 'nuts'],
  ['nuez moscada', 'nutmeg'],
].map(([spanish, english]) => ({ words: (spanish as string).split(' '), english: english as string }));

const glossary = new Map<string, string>(Object.entries(words).map(([spanish, english]) => [processTerm(spanish) ?? spanish, english]));

/** A misspelt word this long or longer is read as the one glossary word it misspells ("zanahora"). */
const typoFrom = 7;

/** Letters Spanish spelling confuses because they sound alike. */
const soundAlike = new Set(['ck', 'kc', 'cz', 'zc', 'cs', 'sc', 'sz', 'zs', 'bv', 'vb', 'gj', 'jg', 'yi', 'iy']);

/**
 * Whether `typed` is `word` misspelt the way people misspell a word they know: a letter dropped ("zanahora"), two
 * neighbours swapped, or one letter for another that sounds alike ("espinaka", "calabasa"). Not an extra letter nor
 * any other change: those make other words ("especial" is not "especia", "Sevilla" not "semilla", "caballo" not
 * "caballa").
 */
function misspells(typed: string, word: string): boolean {
  if (letterDropped(word, typed) || neighboursSwapped(typed, word)) return true;
  const differ = differingPositions(typed, word);
  return differ?.length === 1 && soundAlike.has(`${word[differ[0] as number]}${typed[differ[0] as number]}`);
}

/**
 * The English a Spanish term stands for, trying the plural in -es ("limones" → "limon") after the -s one, then a
 * word of typoFrom letters or more that misspells exactly one glossary word with its first letter (misspells): the
 * notice shows the reading, so a wrong one is seen.
 */
function lookUp(term: string): string | undefined {
  const exact = glossary.get(term) ?? (term.endsWith('e') ? glossary.get(term.slice(0, -1)) : undefined);
  if (exact !== undefined || term.length < typoFrom) return exact;
  const near = [...glossary.keys()].filter((key) => key[0] === term[0] && misspells(term, key));
  return near.length === 1 ? glossary.get(near[0] as string) : undefined;
}

export interface FoodQueryTranslation {
  /** The query in the catalog's English ("hígado de pollo" → "liver chicken"). */
  english: string;
  /** What was translated, in query order, for the notice. */
  pairs: Array<{ spanish: string; english: string }>;
}

/**
 * Translates the Spanish food words of a query into IFCT's English; words it does not know (and English words)
 * are kept, stop words dropped. Null when the query has no Spanish food word, so English queries are untouched.
 */
export function translateFoodQuery(query: string): FoodQueryTranslation | null {
  const tokens = query.split(/[^\p{L}\p{N}]+/u).filter((token) => token.length > 0);
  const folded = tokens.map((token) => foldText(token));
  const pairs: FoodQueryTranslation['pairs'] = [];
  const englishParts: string[] = [];
  for (let index = 0; index < tokens.length;) {
    const phrase = phrases.find((candidate) => candidate.words.every((word, offset) => folded[index + offset] === word));
    if (phrase) {
      pairs.push({ spanish: tokens.slice(index, index + phrase.words.length).join(' '), english: phrase.english });
      englishParts.push(phrase.english);
      index += phrase.words.length;
      continue;
    }
    const token = tokens[index] as string;
    index += 1;
    const term = processTerm(token);
    if (term === null) continue;
    const english = lookUp(term);
    // A word spelled the same in both languages ("mango", "papaya"), or an English word read back as itself
    // ("condiments"), needs no translation and no notice.
    if (english === undefined || english === term || english === foldText(token)) {
      englishParts.push(token);
    } else {
      pairs.push({ spanish: token, english });
      englishParts.push(english);
    }
  }
  return pairs.length === 0 ? null : { english: englishParts.join(' '), pairs };
}
