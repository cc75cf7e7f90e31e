/**
 * Units a figure may carry, each with the spellings people and models use (English and Spanish). The
 * grounding check compares canonical units, so "409.5 mg" and "409,5 miligramos" carry the same unit.
 */
const unitAliases: ReadonlyArray<readonly [canonical: string, aliases: readonly string[]]> = [
  ['kcal', ['kcal', 'kilocalories', 'kilocalorie', 'kilocalorías', 'kilocalorias', 'kilocaloría', 'calories', 'calorie', 'calorías', 'calorias', 'caloría', 'cal']],
  ['kJ', ['kj', 'kilojoules', 'kilojoule', 'kilojulios', 'kilojulio']],
  ['mEq/L', ['meq/l']],
  ['mmol/L', ['mmol/l']],
  ['mg/dL', ['mg/dl']],
  ['mg/kg', ['mg/kg']],
  ['µg', ['µg', 'μg', 'mcg', 'ug', 'micrograms', 'microgram', 'microgramos', 'microgramo']],
  ['mg', ['mg', 'milligrams', 'milligram', 'miligramos', 'miligramo']],
  ['kg', ['kg', 'kilograms', 'kilogram', 'kilogramos', 'kilogramo', 'kilos', 'kilo']],
  ['g', ['g', 'gr', 'grams', 'gram', 'gramos', 'gramo']],
  ['mL', ['ml', 'millilitres', 'milliliters', 'millilitre', 'milliliter', 'mililitros', 'mililitro']],
  ['L', ['l', 'litres', 'liters', 'litre', 'liter', 'litros', 'litro']],
  ['mmHg', ['mmhg']],
  ['bpm', ['bpm']],
  ['IU', ['iu', 'ui']],
  ['%', ['%', 'percent', 'per cent', 'por ciento']],
  ['h', ['h', 'hrs', 'hr', 'hours', 'hour', 'horas', 'hora']],
  ['min', ['min', 'minutes', 'minute', 'minutos', 'minuto']],
  ['days', ['days', 'day', 'días', 'dias', 'día', 'dia']],
  ['weeks', ['weeks', 'week', 'semanas', 'semana']],
  ['months', ['months', 'month', 'meses', 'mes']],
  ['years', ['years', 'year', 'años', 'anos', 'año']],
];

const canonicalByAlias = new Map<string, string>(unitAliases.flatMap(([canonical, aliases]) => aliases.map((alias) => [alias, canonical] as const)));

/** Aliases longest first, so "mg/dl" wins over "mg" and "grams" over "g". */
const aliasesLongestFirst = [...canonicalByAlias.keys()].sort((left, right) => right.length - left.length);

const letter = /\p{L}/u;

/**
 * The unit written at `position` of `text` (no leading space), as `{unit, length}`, or null. A
 * unit made of letters must end at a non-letter, so "5 gives" has no unit and "5 grams" has "g".
 */
export function unitAt(text: string, position: number): { unit: string; length: number } | null {
  const rest = text.slice(position, position + 24).toLowerCase();
  for (const alias of aliasesLongestFirst) {
    if (!rest.startsWith(alias)) continue;
    const after = rest.charAt(alias.length);
    if (letter.test(alias.charAt(alias.length - 1)) && after !== '' && letter.test(after)) continue;
    return { unit: canonicalByAlias.get(alias) as string, length: alias.length };
  }
  return null;
}

/**
 * The unit a CSV column header names, read from its words right to left: "sodium_mg" → mg,
 * "grams" → g, "days_over_target" → days, "date" → null.
 */
export function unitOfHeader(header: string): string | null {
  const words = header
    .trim()
    .toLowerCase()
    .split(/[\s_()[\]]+/)
    .filter((word) => word !== '');
  for (let index = words.length - 1; index >= 0; index -= 1) {
    const unit = canonicalByAlias.get(words[index] as string);
    if (unit) return unit;
  }
  return null;
}
