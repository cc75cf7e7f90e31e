import { describe, expect, it } from 'vitest';
import type { Food, LoggedFood, Portion } from '../../../shared/contract.js';
import { defaultQuantity, defaultUnit, entryAmount, formatQuantity, matchingLogged } from '../../../renderer/src/features/diary/amounts.js';
import { foodGroupLabel } from '../../../renderer/src/i18n/food-groups.js';
import { nutrientLabelWithUnit } from '../../../renderer/src/i18n/format.js';

const egg: Food = {
  code: 'M001',
  name: 'Egg, poultry, whole, raw',
  brand: '',
  owner: null,
  food_group: 'Egg and Egg Products',
  scientific_name: '',
  local_names: 'H. Anda',
  source: 'IFCT 2017',
  per100g: { energy_kcal: 134.7 },
};
const large: Portion = { id: 1, food: 'M001', name: { en: 'large egg', es: 'huevo grande' }, grams: 50, source: 'USDA', own: false };
const medium: Portion = { id: 2, food: 'M001', name: { en: 'medium egg', es: 'huevo mediano' }, grams: 44, source: 'USDA', own: false };

function logged(food: Food, lastPortion: LoggedFood['last_portion'], lastGrams: number): LoggedFood {
  return { food, uses: 1, last_date: '2026-07-02', last_portion: lastPortion, last_grams: lastGrams };
}

describe('amounts in household units', () => {
  it('writes an entry as its unit and quantity, or as grams', () => {
    expect(entryAmount({ grams: 100, portion: { id: 1, name: large.name, quantity: 2, grams_each: 50 } }, 'en')).toBe('2 × large egg');
    expect(entryAmount({ grams: 75, portion: { id: 1, name: large.name, quantity: 1.5, grams_each: 50 } }, 'es')).toBe('1½ × huevo grande');
    expect(entryAmount({ grams: 15, portion: { id: 1, name: large.name, quantity: 0.3, grams_each: 50 } }, 'es')).toBe('0,3 × huevo grande');
  });

  it('writes the fractions of a kitchen measure as people do: ½, ¼, ¾, ⅓, ⅔', () => {
    expect(formatQuantity(0.5, 'en')).toBe('½');
    expect(formatQuantity(0.25, 'es')).toBe('¼');
    expect(formatQuantity(2.75, 'en')).toBe('2¾');
    expect(formatQuantity(1 / 3, 'en')).toBe('⅓');
    expect(formatQuantity(3, 'es')).toBe('3');
    expect(formatQuantity(1.2, 'es')).toBe('1,2');
    expect(entryAmount({ grams: 45, portion: null }, 'en')).toBe('45 g');
  });

  it('offers the unit a food was last logged in, else its usual unit, else grams', () => {
    expect(defaultUnit([large, medium], undefined)).toEqual({ kind: 'portion', portion: large });
    expect(defaultUnit([large, medium], logged(egg, { id: 2, quantity: 3, name: medium.name }, 132))).toEqual({ kind: 'portion', portion: medium });
    expect(defaultUnit([large, medium], logged(egg, null, 120))).toEqual({ kind: 'grams' });
    expect(defaultUnit([], undefined)).toEqual({ kind: 'grams' });
  });

  it('offers the last quantity in that unit, else one portion, else the last grams', () => {
    expect(defaultQuantity({ kind: 'portion', portion: medium }, logged(egg, { id: 2, quantity: 3, name: medium.name }, 132), 'en')).toBe('3');
    expect(defaultQuantity({ kind: 'portion', portion: large }, undefined, 'en')).toBe('1');
    expect(defaultQuantity({ kind: 'grams' }, logged(egg, null, 120), 'en')).toBe('120');
    expect(defaultQuantity({ kind: 'grams' }, undefined, 'en')).toBe('');
  });

  it('finds logged foods by every word typed, ignoring case and accents, each food once', () => {
    const banana: Food = { ...egg, code: 'E012', name: 'Banana, ripe, robusta', local_names: 'H. Kela', food_group: 'Fruits' };
    const items = [logged(egg, null, 100), logged(banana, null, 118), logged(egg, null, 50)];
    expect(matchingLogged(items, 'EGG').map((item) => item.food.code)).toEqual(['M001']);
    expect(matchingLogged(items, 'ripe  banana').map((item) => item.food.code)).toEqual(['E012']);
    expect(matchingLogged(items, 'anda').map((item) => item.food.code)).toEqual(['M001']);
    expect(matchingLogged(items, 'milk')).toEqual([]);
    expect(matchingLogged(items, '  ')).toEqual([]);
  });
});

describe('labels', () => {
  it('names a unit once: "Energy (kJ)", not "Energy (kJ) (kJ)"', () => {
    expect(nutrientLabelWithUnit('energy_kj', 'en')).toBe('Energy (kJ)');
    expect(nutrientLabelWithUnit('sodium', 'es')).toBe('Sodio (mg)');
  });

  it("translates IFCT's food groups to Spanish and keeps English as published", () => {
    expect(foodGroupLabel('Egg and Egg Products', 'es')).toBe('Huevos y derivados');
    expect(foodGroupLabel('Egg and Egg Products', 'en')).toBe('Egg and Egg Products');
    expect(foodGroupLabel('Something new', 'es')).toBe('Something new');
  });
});
