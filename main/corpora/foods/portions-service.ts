import type { Portion } from '../../../shared/contract/foods.js';
import { AppError } from '../../core/errors.js';
import type { FoodsRepository } from './foods-repository.js';
import type { PortionRow, PortionsRepository } from './portions-repository.js';

/** The contract's view of a portion row. */
export function toPortion(row: PortionRow): Portion {
  return { id: row.id, food: row.food_code, name: { en: row.name_en, es: row.name_es }, grams: row.grams, source: row.source, own: row.owner !== null };
}

/** foods.portions and foods.portions.add: household units of the foods a profile can see. */
export function createPortionsService(deps: { portions: PortionsRepository; foods: FoodsRepository; requireProfile: (profile: string) => void }) {
  function requireFood(profile: string, code: string): void {
    deps.requireProfile(profile);
    if (!deps.foods.visibleByCode(profile, code)) throw new AppError('not_found', `No food with code "${code}" is visible to profile "${profile}".`);
  }
  return {
    /** The food's shipped portions and the profile's own. */
    list(input: { profile: string; code: string }): Portion[] {
      requireFood(input.profile, input.code);
      return deps.portions.ofFood(input.profile, input.code).map(toPortion);
    },
    /** Adds one of the profile's own portions to a food it can see. */
    add(input: { profile: string; code: string; name: string; grams: number }): Portion {
      requireFood(input.profile, input.code);
      const row = deps.portions.insertOwn({ owner: input.profile, code: input.code, name: input.name, grams: input.grams });
      if (!row) throw new AppError('conflict', `Food "${input.code}" already has a portion called "${input.name}" in profile "${input.profile}"; nothing was written.`);
      return toPortion(row);
    },
  };
}
