/**
 * Food concepts: which queries name one, and which rows meet the shipped definition of "oily fish" (a genus on the
 * UK FSA / Seafish list, or at least the fat bar), read from the real IFCT rows' scientific names and fat.
 */
import { describe, expect, it } from 'vitest';
import { conceptMembers, conceptOfQuery, loadFoodConcepts } from '../../../main/corpora/foods/food-concepts.js';
import type { FoodRow } from '../../../main/corpora/foods/foods-repository.js';
import { readIfctFoods } from '../../../main/corpora/foods/ifct.js';
import { en } from '../../../renderer/src/i18n/en.js';

const concepts = loadFoodConcepts();
const oilyFish = concepts.find((concept) => concept.id === 'oily-fish')!;

/** The shipped IFCT rows of the concept's groups, shaped as the repository returns them. */
function ifctRows(): FoodRow[] {
  return readIfctFoods()
    .filter((food) => oilyFish.food_groups.includes(food.group))
    .map((food, index) => ({
      id: index + 1,
      code: food.code,
      owner: null,
      name: food.name,
      brand: '',
      food_group: food.group,
      scientific_name: food.scientificName,
      local_names: food.localNames,
      source: 'IFCT 2017',
      embed_text: food.name,
      embed_hash: '',
      fat: food.per100g.fat ?? null,
    }));
}

describe('a query naming a food concept', () => {
  it('is found in Spanish and English, folded, whole or inside a longer query', () => {
    expect(conceptOfQuery(concepts, 'pescado azul')).toMatchObject({ concept: { id: 'oily-fish' }, wholeQuery: true });
    expect(conceptOfQuery(concepts, 'PESCADOS AZULES')).toMatchObject({ wholeQuery: true });
    expect(conceptOfQuery(concepts, 'oily fish')).toMatchObject({ wholeQuery: true });
    expect(conceptOfQuery(concepts, 'the fatty fish')).toMatchObject({ wholeQuery: true });
    expect(conceptOfQuery(concepts, 'oily fish curry')).toMatchObject({ wholeQuery: false });
  });

  it('is not found when the words are only near it', () => {
    expect(conceptOfQuery(concepts, 'fish oil')).toBeNull();
    expect(conceptOfQuery(concepts, 'pescado blanco')).toBeNull();
    expect(conceptOfQuery(concepts, 'azul')).toBeNull();
  });
});

describe('the members of "oily fish" among the IFCT fish', () => {
  const members = conceptMembers(oilyFish, ifctRows());
  const codes = members.map((member) => member.row.code);

  it('lists the listed genera first, those also over the fat bar before the others', () => {
    expect(codes.slice(0, 4)).toEqual(['P017', 'P068', 'P071', 'P087']); // hilsa, salmon, sardine, king mackerel
    for (const code of ['P034', 'P084', 'P085', 'P028', 'P003', 'P027', 'S003']) expect(codes.slice(0, 11)).toContain(code);
  });

  it('adds fish over the fat bar that no list names, after every listed one, and never roe or shellfish', () => {
    const listed = members.filter((member) => member.namedAs !== null).length;
    const fatOnly = members.slice(listed);
    expect(fatOnly.every((member) => member.tier === 2)).toBe(true);
    expect(fatOnly.map((member) => member.row.code)).toContain('S005'); // Pangas, 16.77 g
    expect(fatOnly.every((member) => (member.fat ?? 0) >= (oilyFish.min_fat_g_per_100g ?? Infinity))).toBe(true);
    expect(codes).not.toContain('P092'); // Eggs, Cat fish
    expect(codes).not.toContain('S007'); // Crab
  });

  it('does not take a common name for a species: "Indian salmon" (a threadfin) and "Eel-tailed catfish" are not on the list', () => {
    expect(members.find((member) => member.row.code === 'P022')).toBeUndefined(); // Kalamaara, 4.54 g
    expect(members.find((member) => member.row.code === 'S001')?.namedAs ?? null).toBeNull(); // Cat fish, by fat only
  });

  it('explains each member by the criterion it meets', () => {
    const sardine = members.find((member) => member.row.code === 'P071');
    expect(sardine?.explanation).toMatch(/Sardinella longiceps \(sardine\) is on the UK FSA \/ Seafish oily-fish list; fat 8\.99 g\/100 g, at least 5/);
  });
});

it('the settings label states the fat bar the data file holds', () => {
  expect(en.settings.corpora.foodConceptsOn).toContain(`${oilyFish.min_fat_g_per_100g} g of fat per 100 g`);
});
