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
}

export const nutrients = [
  { key: 'energy_kcal', unit: 'kcal', labels: { en: 'Energy', es: 'Energía' }, synonyms: { en: ['calories', 'calorie', 'kcal', 'energy'], es: ['calorias', 'caloria', 'kcal', 'energia'] } },
  { key: 'energy_kj', unit: 'kJ', labels: { en: 'Energy (kJ)', es: 'Energía (kJ)' }, synonyms: { en: ['kilojoules', 'kj'], es: ['kilojulios', 'kj'] } },
  { key: 'protein', unit: 'g', labels: { en: 'Protein', es: 'Proteína' }, synonyms: { en: ['protein', 'proteins'], es: ['proteina', 'proteinas'] } },
  { key: 'fat', unit: 'g', labels: { en: 'Fat', es: 'Grasa' }, synonyms: { en: ['fat', 'fats', 'lipids'], es: ['grasa', 'grasas', 'lipidos'] } },
  { key: 'carbohydrate', unit: 'g', labels: { en: 'Carbohydrate', es: 'Carbohidratos' }, synonyms: { en: ['carbohydrate', 'carbohydrates', 'carbs', 'carb'], es: ['carbohidratos', 'carbohidrato', 'hidratos', 'carbos'] } },
  { key: 'fibre', unit: 'g', labels: { en: 'Fibre', es: 'Fibra' }, synonyms: { en: ['fibre', 'fiber'], es: ['fibra'] } },
  { key: 'free_sugars', unit: 'g', labels: { en: 'Free sugars', es: 'Azúcares libres' }, synonyms: { en: ['sugar', 'sugars', 'free sugars'], es: ['azucar', 'azucares', 'azucares libres'] } },
  { key: 'sodium', unit: 'mg', labels: { en: 'Sodium', es: 'Sodio' }, synonyms: { en: ['sodium', 'salt'], es: ['sodio', 'sal'] } },
  { key: 'potassium', unit: 'mg', labels: { en: 'Potassium', es: 'Potasio' }, synonyms: { en: ['potassium'], es: ['potasio'] } },
  { key: 'calcium', unit: 'mg', labels: { en: 'Calcium', es: 'Calcio' }, synonyms: { en: ['calcium'], es: ['calcio'] } },
  { key: 'iron', unit: 'mg', labels: { en: 'Iron', es: 'Hierro' }, synonyms: { en: ['iron'], es: ['hierro'] } },
  { key: 'vitamin_c', unit: 'mg', labels: { en: 'Vitamin C', es: 'Vitamina C' }, synonyms: { en: ['vitamin c', 'ascorbic acid'], es: ['vitamina c', 'acido ascorbico'] } },
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

/** Nutrients per 100 g of a food; a missing key means "not measured", never zero. */
export type Per100g = Partial<Record<NutrientKey, number>>;
