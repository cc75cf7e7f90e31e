import type { FoodRow, FoodsRepository, NewFood } from './foods-repository.js';
import type { PortionRow, PortionsRepository } from './portions-repository.js';

/** What one profile can see of the foods and their units, for the synchronous readers of one operation (a CSV's lines). */
export interface VisibleFoods {
  /** A food the profile may log, by code: shipped, or its own. */
  food(code: string): FoodRow | undefined;
  /** A unit the profile may use, by id: shipped, or its own. */
  portion(id: number): PortionRow | undefined;
  /** The food's shipped units (the usual one first) and then the profile's own. */
  portionsOf(code: string): PortionRow[];
}

/** A profile's own unit, as `foods.portions.add` takes it. */
export interface NewOwnPortion {
  owner: string;
  code: string;
  name: string;
  grams: number;
}

/**
 * Where a profile's own foods and units are kept: the data directory's SQLite file beside the shipped ones (the
 * embedded default), or PostgreSQL (own-foods-postgres.ts) when the diary is there, so every server sharing the
 * database reads the same own food under one code. The shipped foods and units (IFCT 2017, the same codes and unit ids
 * in every data directory) stay in SQLite on both. A food's `id` is the key of search hits and vectors: a row id of
 * the data directory, or, on PostgreSQL, minus the database's id of an own food (never a row id of SQLite).
 */
export interface FoodsStore {
  readonly kind: 'sqlite' | 'postgres';
  /** The profile's foods and units, its own read once here (on PostgreSQL, in one query each). */
  visibleTo(profile: string): Promise<VisibleFoods>;
  /** A food the profile may see, by code. */
  visibleByCode(profile: string, code: string): Promise<FoodRow | undefined>;
  /**
   * Foods the profile may see, by id (hits of a search, foods its entries name): shipped, or its own. Another profile's
   * own food is left out even when asked for by id, whatever the caller checked before.
   */
  visibleByIds(profile: string, ids: readonly number[]): Promise<Map<number, FoodRow>>;
  /** Adds a profile's own food. */
  insertOwn(food: NewFood & { owner: string }): Promise<FoodRow>;
  /**
   * The owner's food of this name and brand, or a new one (`created`), checked where no other writer adds one
   * meanwhile: two servers adding the demo's foods at once add each once, and only the one that added it says so.
   * `demo`: a new food is the demo's, marked so.
   */
  ensureOwn(food: NewFood & { owner: string }, options?: { demo?: boolean }): Promise<{ row: FoodRow; created: boolean }>;
  updateOwn(owner: string, code: string, patch: { name?: string; brand?: string; per100g?: NewFood['per100g'] }): Promise<FoodRow | undefined>;
  /** Adds a profile's own unit of a food it can see; undefined when it has one of that name for the food already. */
  insertOwnPortion(portion: NewOwnPortion, options?: { demo?: boolean }): Promise<PortionRow | undefined>;
  /** The foods of these groups the profile can see, shipped then own, in id order within each. */
  visibleInGroups(profile: string, groups: readonly string[]): Promise<FoodRow[]>;
  /** The profile's own foods, in the order they were added. */
  ownFoods(profile: string): Promise<FoodRow[]>;
}

/** The SQLite store: the repositories' statements, unchanged, behind the store's promises. */
export function createFoodsSqliteStore(foods: FoodsRepository, portions: PortionsRepository): FoodsStore {
  return {
    kind: 'sqlite',
    async visibleTo(profile) {
      return {
        food: (code) => foods.visibleByCode(profile, code),
        portion: (id) => portions.visible(profile, id),
        portionsOf: (code) => portions.ofFood(profile, code),
      };
    },
    visibleByCode: async (profile, code) => foods.visibleByCode(profile, code),
    async visibleByIds(profile, ids) {
      const found = new Map<number, FoodRow>();
      for (const [id, row] of foods.byIds(ids)) if (row.owner === null || row.owner === profile) found.set(id, row);
      return found;
    },
    insertOwn: async (food) => foods.insertOwn(food),
    async ensureOwn(food) {
      // One connection, and no await between the look and the insert: no other writer of this process comes between.
      const existing = foods.all().find((row) => row.owner === food.owner && row.name === food.name && row.brand === food.brand);
      return existing ? { row: existing, created: false } : { row: foods.insertOwn(food), created: true };
    },
    updateOwn: async (owner, code, patch) => foods.updateOwn(owner, code, patch),
    insertOwnPortion: async (portion) => portions.insertOwn(portion),
    visibleInGroups: async (profile, groups) => foods.visibleInGroups(profile, groups),
    ownFoods: async (profile) => foods.all().filter((row) => row.owner === profile),
  };
}
