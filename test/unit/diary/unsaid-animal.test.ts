import { describe, expect, it } from 'vitest';
import { readAsNamed } from '../../../main/corpora/diary/app-import.js';
import { unsaidAnimal } from '../../../main/corpora/diary/unsaid-animal.js';

describe('the animal a catalog food names and an imported name does not', () => {
  it('is buffalo for "Whole Milk" against "Milk, whole, Buffalo", and nothing against cow\'s milk', () => {
    expect(unsaidAnimal('Whole Milk', 'Milk, whole, Buffalo')).toBe('buffalo');
    expect(unsaidAnimal('Whole Milk', 'Milk, whole, Cow')).toBeNull();
  });

  it('is nothing when the name says the animal, in English or Spanish, with or without accents', () => {
    expect(unsaidAnimal('Buffalo milk', 'Milk, whole, Buffalo')).toBeNull();
    expect(unsaidAnimal('Leche de búfala', 'Milk, whole, Buffalo')).toBeNull();
    expect(unsaidAnimal('Huevo de pato', 'Egg, duck, whole, boiled')).toBeNull();
  });

  it('reads IFCT\'s spelling "quial" as quail, and the hen\'s egg as the usual one', () => {
    expect(unsaidAnimal('Hard Boiled Egg', 'Egg, quial, whole, boiled')).toBe('quail');
    expect(unsaidAnimal('Hard Boiled Egg', 'Egg, country hen, whole, boiled')).toBeNull();
    expect(unsaidAnimal('Hard Boiled Egg', 'Egg, poultry, whole, boiled')).toBeNull();
  });

  it('counts only the qualifiers after the first comma: a food that is the animal is no kind of something else', () => {
    expect(unsaidAnimal('Shoulder', 'Goat, shoulder')).toBeNull();
    expect(unsaidAnimal('Milk fish', 'Milk fish')).toBeNull();
  });
});

describe('candidates read as the imported name says', () => {
  it('puts cow\'s whole milk first and buffalo\'s behind it as weak for an unqualified "Whole Milk"', () => {
    const read = readAsNamed('Whole Milk', [
      { code: 'L001', name: 'Milk, whole, Buffalo', relevance: 'strong' },
      { code: 'L002', name: 'Milk, whole, Cow', relevance: 'strong' },
      { code: 'P037', name: 'Milk fish', relevance: 'weak' },
    ]);
    expect(read).toEqual([
      { code: 'L002', name: 'Milk, whole, Cow', relevance: 'strong' },
      { code: 'L001', name: 'Milk, whole, Buffalo', relevance: 'weak' },
      { code: 'P037', name: 'Milk fish', relevance: 'weak' },
    ]);
  });

  it('leaves the order alone when nothing names an unsaid animal', () => {
    const candidates = [
      { code: 'E009', name: 'Banana, ripe, montham', relevance: 'strong' as const },
      { code: 'E010', name: 'Banana, ripe, poovam', relevance: 'strong' as const },
    ];
    expect(readAsNamed('Banana', candidates)).toEqual(candidates);
  });
});
