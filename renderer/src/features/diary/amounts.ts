import type { DiaryEntry, Food, LoggedFood, Portion } from '../../../../shared/contract';
import type { Language } from '../../i18n';
import { formatNumber } from '../../i18n/format';

/** The unit chosen in the amount field: one of the food's portions (by id) or plain grams. */
export type UnitChoice = { kind: 'grams' } | { kind: 'portion'; portion: Portion };

/** "large egg (50 g)": a unit as the picker lists it. */
export function portionOption(portion: Portion, language: Language): string {
  return `${portion.name[language]} (${formatNumber(portion.grams, language)} g)`;
}

/** The fractions a kitchen measure is written with ("½ cup"), by their value. */
const kitchenFractions: ReadonlyArray<readonly [number, string]> = [
  [1 / 4, '¼'],
  [1 / 3, '⅓'],
  [1 / 2, '½'],
  [2 / 3, '⅔'],
  [3 / 4, '¾'],
];

/** A count of units as people write it: "2", "½", "1½"; any other fraction as a decimal in `language` ("0,3"). */
export function formatQuantity(quantity: number, language: Language): string {
  const whole = Math.floor(quantity);
  const fraction = kitchenFractions.find(([value]) => Math.abs(quantity - whole - value) < 0.005)?.[1];
  if (fraction === undefined) return formatNumber(quantity, language, 2);
  return whole === 0 ? fraction : `${formatNumber(whole, language)}${fraction}`;
}

/** "2 × large egg", "½ × cup": an entry's amount in the unit it was logged in, or its grams. */
export function entryAmount(entry: Pick<DiaryEntry, 'grams' | 'portion'>, language: Language): string {
  if (!entry.portion) return `${formatNumber(entry.grams, language)} g`;
  return `${formatQuantity(entry.portion.quantity, language)} × ${entry.portion.name[language]}`;
}

/** The food's name as lists show it, with its brand. */
export function foodName(food: Pick<Food, 'name' | 'brand'>): string {
  return food.brand ? `${food.name} (${food.brand})` : food.name;
}

/** Lowercase without accents, so "platano" finds "Plátano". */
export function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

/** The logged foods whose name or brand holds every word of the query (recent ones first, each food once). */
export function matchingLogged(logged: readonly LoggedFood[], query: string): LoggedFood[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  const seen = new Set<string>();
  return logged.filter((item) => {
    if (seen.has(item.food.code)) return false;
    const text = fold(`${item.food.name} ${item.food.brand} ${item.food.local_names}`);
    const matches = words.length > 0 && words.every((word) => text.includes(word));
    if (matches) seen.add(item.food.code);
    return matches;
  });
}

/** The unit to offer first for a food: the one it was last logged in, else its usual portion, else grams. */
export function defaultUnit(portions: readonly Portion[], last: LoggedFood | undefined): UnitChoice {
  if (last) {
    const lastPortion = last.last_portion ? portions.find((portion) => portion.id === last.last_portion?.id) : undefined;
    if (lastPortion) return { kind: 'portion', portion: lastPortion };
    return { kind: 'grams' };
  }
  const first = portions[0];
  return first ? { kind: 'portion', portion: first } : { kind: 'grams' };
}

/** The quantity to offer first: the last one logged in that unit, else 1 portion (or an empty grams field). */
export function defaultQuantity(unit: UnitChoice, last: LoggedFood | undefined, language: Language): string {
  if (unit.kind === 'portion') return last?.last_portion?.id === unit.portion.id ? formatNumber(last.last_portion.quantity, language, 2) : '1';
  return last && !last.last_portion ? formatNumber(last.last_grams, language) : '';
}

/** kcal of `grams` of a food, or null when the food's energy is not measured. */
export function energyOf(food: Pick<Food, 'per100g'>, grams: number): number | null {
  const per100g = food.per100g.energy_kcal;
  return per100g === undefined ? null : (per100g * grams) / 100;
}
