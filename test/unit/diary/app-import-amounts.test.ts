import { describe, expect, it } from 'vitest';
import { gramsOfAmount, searchTextOf } from '../../../main/corpora/diary/app-import.js';
import type { PortionRow } from '../../../main/corpora/foods/portions-repository.js';
import { findPortion, massGrams, parseAmountText } from '../../../shared/portions.js';

const portion = (id: number, en: string, es: string, grams: number): PortionRow => ({ id, food_code: 'X', owner: null, name_en: en, name_es: es, grams, source: '' });
const egg = [portion(1, 'large egg', 'huevo grande', 50), portion(2, 'medium egg', 'huevo mediano', 44)];
const milk = [portion(3, 'cup (240 ml)', 'taza (240 ml)', 244)];
const oil = [portion(4, 'tablespoon', 'cucharada', 13.6), portion(5, 'teaspoon', 'cucharadita', 4.5)];

describe('amounts as diary apps write them', () => {
  it('splits a quantity from its unit, fractions and decimal commas included', () => {
    expect(parseAmountText('2.00 large')).toEqual({ quantity: 2, unit: 'large' });
    expect(parseAmountText('150g')).toEqual({ quantity: 150, unit: 'g' });
    expect(parseAmountText('1 1/2 cup')).toEqual({ quantity: 1.5, unit: 'cup' });
    expect(parseAmountText('1/2 cup')).toEqual({ quantity: 0.5, unit: 'cup' });
    expect(parseAmountText('½ taza')).toEqual({ quantity: 0.5, unit: 'taza' });
    expect(parseAmountText('0,5 taza')).toEqual({ quantity: 0.5, unit: 'taza' });
    expect(parseAmountText('8.00 fl oz')).toEqual({ quantity: 8, unit: 'fl oz' });
    expect(parseAmountText('a handful')).toBeNull();
    expect(parseAmountText('')).toBeNull();
  });

  it('converts weights to grams and leaves other units alone', () => {
    expect(massGrams(150, 'g')).toBe(150);
    expect(massGrams(1, 'oz')).toBe(28.3);
    expect(massGrams(0.5, 'lb')).toBe(226.8);
    expect(massGrams(1, 'cup')).toBeNull();
  });

  it("finds the food's unit a word names, in English or Spanish, short or plural, usual unit first", () => {
    const named = (rows: PortionRow[]) => rows.map((row) => ({ ...row, name: { en: row.name_en, es: row.name_es } }));
    expect(findPortion(named(egg), 'large')?.id).toBe(1);
    expect(findPortion(named(egg), 'eggs')?.id).toBe(1);
    expect(findPortion(named(egg), 'medium')?.id).toBe(2);
    expect(findPortion(named(egg), 'huevo mediano')?.id).toBe(2);
    expect(findPortion(named(oil), 'tbsp')?.id).toBe(4);
    expect(findPortion(named(oil), 'tsp')?.id).toBe(5);
    expect(findPortion(named(milk), 'cups')?.id).toBe(3);
    expect(findPortion(named(milk), 'taza')?.id).toBe(3);
    expect(findPortion(named(egg), 'cup')).toBeUndefined();
    expect(findPortion(named(egg), '')).toBeUndefined();
  });

  it('reads an amount as grams of the food: weights, its household units, bracketed weights and volumes through a measured cup', () => {
    expect(gramsOfAmount('2.00 large', egg)).toMatchObject({ grams: 100, portion: { row: { id: 1 }, quantity: 2 } });
    expect(gramsOfAmount('80.00 g', egg)).toEqual({ grams: 80, portion: null });
    expect(gramsOfAmount('1 container (150g)', [])).toEqual({ grams: 150, portion: null });
    expect(gramsOfAmount('1 medium (7" long)', egg)).toMatchObject({ grams: 44, portion: { row: { id: 2 } } });
    expect(gramsOfAmount('8.00 fl oz', milk)).toEqual({ grams: 240.5, portion: null });
    expect(gramsOfAmount('1 tbsp', oil)).toMatchObject({ grams: 13.6 });
  });

  it('says why an amount has no weight: a serving, a volume of a food without a measured unit, no number', () => {
    expect(gramsOfAmount('1.00 serving', egg)).toEqual({ problem: '"1.00 serving" has no weight cita knows for this food; give its grams' });
    expect(gramsOfAmount('250 ml', egg)).toEqual({ problem: '"250 ml" is a volume, and this food has no unit that says its weight per millilitre; give its grams' });
    expect(gramsOfAmount('some', egg)).toEqual({ problem: 'the amount "some" is not a number and a unit' });
  });

  it('searches the food without its MyFitnessPal brand, bracketed notes or percentages', () => {
    expect(searchTextOf('Great Value - Whole Milk')).toBe('Whole Milk');
    expect(searchTextOf('Milk, Whole, 3.25% milkfat')).toBe('Milk, Whole, milkfat');
    expect(searchTextOf('Paneer (homemade)')).toBe('Paneer');
    expect(searchTextOf('Banana')).toBe('Banana');
    expect(searchTextOf('(x)')).toBe('(x)');
  });
});
