/**
 * The single source of truth for nutrient keys: SQL columns and views, the planner's vocabulary, the
 * sanitizer, the context format and the UI all read this list.
 */
export interface NutrientDefinition {
  key: string;
  unit: 'kcal' | 'kJ' | 'g' | 'mg';
  labels: { en: string; es: string };
  /** Words a person uses for it (folded: lowercase, no accents), for the rule-based planner. */
  synonyms: { en: readonly string[]; es: readonly string[] };
  /**
   * What a daily target of it means: a `goal` to reach (protein, fibre) or a `limit` to stay under (WHO guidance on
   * sodium, free sugars and saturated fat). A new key needs its column in foods, in diary_targets' CHECK and in the
   * diary views: a numbered migration (as 0013_saturated_fat.sql did), which tests hold equal to this list.
   */
  target: 'goal' | 'limit';
}

export const nutrients = [
  {
    key: 'energy_kcal',
    unit: 'kcal',
    labels: { en: 'Energy', es: 'Energía' },
    synonyms: { en: ['calories', 'calorie', 'kcal', 'energy'], es: ['calorias', 'caloria', 'kcal', 'energia'] },
    target: 'goal',
  },
  { key: 'energy_kj', unit: 'kJ', labels: { en: 'Energy (kJ)', es: 'Energía (kJ)' }, synonyms: { en: ['kilojoules', 'kj'], es: ['kilojulios', 'kj'] }, target: 'goal' },
  { key: 'protein', unit: 'g', labels: { en: 'Protein', es: 'Proteína' }, synonyms: { en: ['protein', 'proteins'], es: ['proteina', 'proteinas'] }, target: 'goal' },
  { key: 'fat', unit: 'g', labels: { en: 'Fat', es: 'Grasa' }, synonyms: { en: ['fat', 'fats', 'lipids'], es: ['grasa', 'grasas', 'lipidos'] }, target: 'goal' },
  // IFCT 2017's `fasat` (saturated fatty acids, g per 100 g), published for all 542 foods. The synonyms are longer
  // than fat's, and the planner matches the longest phrase first, so "saturated fat" is never read as fat.
  {
    key: 'saturated_fat',
    unit: 'g',
    labels: { en: 'Saturated fat', es: 'Grasas saturadas' },
    synonyms: { en: ['saturated fat', 'saturated fats', 'sat fat', 'saturates', 'saturated fatty acids'], es: ['grasas saturadas', 'grasa saturada', 'acidos grasos saturados'] },
    target: 'limit',
  },
  {
    key: 'carbohydrate',
    unit: 'g',
    labels: { en: 'Carbohydrate', es: 'Carbohidratos' },
    synonyms: { en: ['carbohydrate', 'carbohydrates', 'carbs', 'carb'], es: ['carbohidratos', 'carbohidrato', 'hidratos', 'carbos'] },
    target: 'goal',
  },
  { key: 'fibre', unit: 'g', labels: { en: 'Fibre', es: 'Fibra' }, synonyms: { en: ['fibre', 'fiber'], es: ['fibra'] }, target: 'goal' },
  {
    key: 'free_sugars',
    unit: 'g',
    labels: { en: 'Free sugars', es: 'Azúcares libres' },
    synonyms: { en: ['sugar', 'sugars', 'free sugars'], es: ['azucar', 'azucares', 'azucares libres'] },
    target: 'limit',
  },
  { key: 'sodium', unit: 'mg', labels: { en: 'Sodium', es: 'Sodio' }, synonyms: { en: ['sodium', 'salt'], es: ['sodio', 'sal'] }, target: 'limit' },
  { key: 'potassium', unit: 'mg', labels: { en: 'Potassium', es: 'Potasio' }, synonyms: { en: ['potassium'], es: ['potasio'] }, target: 'goal' },
  { key: 'calcium', unit: 'mg', labels: { en: 'Calcium', es: 'Calcio' }, synonyms: { en: ['calcium'], es: ['calcio'] }, target: 'goal' },
  { key: 'iron', unit: 'mg', labels: { en: 'Iron', es: 'Hierro' }, synonyms: { en: ['iron'], es: ['hierro'] }, target: 'goal' },
  { key: 'vitamin_c', unit: 'mg', labels: { en: 'Vitamin C', es: 'Vitamina C' }, synonyms: { en: ['vitamin c', 'ascorbic acid'], es: ['vitamina c', 'acido ascorbico'] }, target: 'goal' },
] as const satisfies readonly NutrientDefinition[];

export type NutrientKey = (typeof nutrients)[number]['key'];

export const nutrientKeys = nutrients.map((nutrient) => nutrient.key) as readonly NutrientKey[];

/** True when `key` is a known nutrient key. */
export function isNutrientKey(key: string): key is NutrientKey {
  return (nutrientKeys as readonly string[]).includes(key);
}

/** The definition of a nutrient key. */
export function nutrientOf(key: NutrientKey): NutrientDefinition {
  return nutrients.find((nutrient) => nutrient.key === key) as NutrientDefinition;
}

/** Whether a daily target of `key` is a goal to reach or a limit to stay under. */
export function targetKindOf(key: NutrientKey): 'goal' | 'limit' {
  return nutrientOf(key).target;
}

/** Nutrients per 100 g of a food; a missing key means "not measured", never zero. */
export type Per100g = Partial<Record<NutrientKey, number>>;
