import { describe, expect, it } from 'vitest';
import { phraseNamesFood } from '../../../main/corpora/diary/food-matching.js';

describe('phraseNamesFood', () => {
  it('matches every word of the phrase to a word of the name or brand, plural or singular', () => {
    expect(phraseNamesFood('eggs', 'Egg, poultry, whole, boiled')).toBe(true);
    expect(phraseNamesFood('almonds', 'Almond')).toBe(true);
    expect(phraseNamesFood('tomatoes', 'Tomato, ripe, hybrid')).toBe(true);
    expect(phraseNamesFood('tortilla', 'Tortillas de harina')).toBe(true);
    expect(phraseNamesFood('queso', 'Queso fresco')).toBe(true);
    expect(phraseNamesFood('jamon', 'Jamón de pavo')).toBe(true);
    expect(phraseNamesFood('valentina', 'Salsa picante', 'Valentina')).toBe(true);
    expect(phraseNamesFood('pan integral', 'Pan integral', 'Bimbo')).toBe(true);
  });

  it('matches Spanish food words to the English names of the IFCT catalog', () => {
    expect(phraseNamesFood('huevos', 'Egg, poultry, whole, boiled')).toBe(true);
    expect(phraseNamesFood('pollo', 'Chicken, poultry, breast, skinless')).toBe(true);
    expect(phraseNamesFood('leche', 'Milk, whole, Cow')).toBe(true);
    expect(phraseNamesFood('garbanzos', 'Bengal gram, dal')).toBe(true);
  });

  it('does not match a food whose name lacks a word of the phrase, or shares only a long-cut stem', () => {
    expect(phraseNamesFood('oatmeal', 'Oats')).toBe(false);
    expect(phraseNamesFood('cabbage', 'Cauliflower')).toBe(false);
    expect(phraseNamesFood('queso manchego', 'Queso fresco')).toBe(false);
    // Spanish Snowball stems "paneer" to "pan": bread is not paneer.
    expect(phraseNamesFood('paneer', 'Pan integral', 'Bimbo')).toBe(false);
    expect(phraseNamesFood('paneer', 'Paneer')).toBe(true);
    expect(phraseNamesFood('', 'Paneer')).toBe(false);
    // Short shared stems are not one word: "coco" and "coca", "col" (cabbage) and "cola".
    expect(phraseNamesFood('coco', 'Coca-Cola')).toBe(false);
    expect(phraseNamesFood('col', 'Refresco de cola')).toBe(false);
  });

  it('reads a colour or state after the comma as a qualifier, never as the food', () => {
    expect(phraseNamesFood('oranges', 'Carrot, orange')).toBe(false);
    expect(phraseNamesFood('naranjas', 'Carrot, orange')).toBe(false);
    expect(phraseNamesFood('oranges', 'Orange, pulp')).toBe(true);
    expect(phraseNamesFood('integral', 'Milk, whole, Cow')).toBe(false);
    expect(phraseNamesFood('whole milk', 'Milk, whole, Cow')).toBe(true);
    expect(phraseNamesFood('brown rice', 'Rice, raw, brown')).toBe(true);
    expect(phraseNamesFood('dal', 'Bengal gram, dal')).toBe(true);
  });
});
