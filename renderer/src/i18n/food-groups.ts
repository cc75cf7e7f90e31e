import type { Language } from './index';

/** IFCT 2017's food groups in Spanish (the catalog publishes them in English only). */
const spanishGroups: Record<string, string> = {
  'Animal Meat': 'Carnes',
  'Cereals and Millets': 'Cereales y mijos',
  'Condiments and Spices': 'Condimentos y especias',
  'Edible Oils and Fats': 'Aceites y grasas',
  'Egg and Egg Products': 'Huevos y derivados',
  'Fresh Water Fish and Shellfish': 'Pescado y marisco de agua dulce',
  Fruits: 'Frutas',
  'Grain Legumes': 'Legumbres',
  'Green Leafy Vegetables': 'Verduras de hoja verde',
  'Marine Fish': 'Pescado de mar',
  'Marine Mollusks': 'Moluscos de mar',
  'Marine Shellfish': 'Marisco de mar',
  'Milk and Milk Products': 'Leche y lácteos',
  'Miscellaneous Foods': 'Otros alimentos',
  Mushrooms: 'Setas',
  'Nuts and Oil Seeds': 'Frutos secos y semillas oleaginosas',
  'Other Vegetables': 'Otras hortalizas',
  Poultry: 'Aves',
  'Roots and Tubers': 'Raíces y tubérculos',
  Sugars: 'Azúcares',
};

/** A food group in the UI language ('' stays ''; a group the table does not know is shown as published). */
export function foodGroupLabel(group: string, language: Language): string {
  return language === 'es' ? (spanishGroups[group] ?? group) : group;
}
