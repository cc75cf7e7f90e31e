import type { Portion } from '../../../shared/contract/foods.js';
import { AppError } from '../../core/errors.js';
import type { FoodsStore } from './foods-store.js';
import type { PortionRow } from './portions-repository.js';

/** The contract's view of a portion row. */
export function toPortion(row: PortionRow): Portion {
  return { id: row.id, food: row.food_code, name: { en: row.name_en, es: row.name_es }, grams: row.grams, source: row.source, own: row.owner !== null };
}

/** foods.portions and foods.portions.add: household units of the foods a profile can see (its own ones where foods-store.ts keeps them). */
export function createPortionsService(deps: { foods: FoodsStore; requireProfile: (profile: string) => void }) {
  async function visibleFood(profile: string, code: string) {
    deps.requireProfile(profile);
    const visible = await deps.foods.visibleTo(profile);
    if (!visible.food(code)) throw new AppError('not_found', `No food with code "${code}" is visible to profile "${profile}".`);
    return visible;
  }
  return {
    /** The food's shipped portions and the profile's own. */
    async list(input: { profile: string; code: string }): Promise<Portion[]> {
      return (await visibleFood(input.profile, input.code)).portionsOf(input.code).map(toPortion);
    },
    /** Adds one of the profile's own portions to a food it can see. */
    async add(input: { profile: string; code: string; name: string; grams: number }): Promise<Portion> {
      await visibleFood(input.profile, input.code);
      const row = await deps.foods.insertOwnPortion({ owner: input.profile, code: input.code, name: input.name, grams: input.grams });
      if (!row) throw new AppError('conflict', `Food "${input.code}" already has a portion called "${input.name}" in profile "${input.profile}"; nothing was written.`);
      return toPortion(row);
    },
  };
}
