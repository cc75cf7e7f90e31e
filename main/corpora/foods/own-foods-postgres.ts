import type pg from 'pg';
import { nutrientKeys } from '../../../shared/nutrients.js';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import { embedHash } from '../../retrieval/embedding-text.js';
import { foodEmbedText, foodsFormula, toFood, type FoodRow, type FoodsRepository, type NewFood } from './foods-repository.js';
import type { FoodsStore, VisibleFoods } from './foods-store.js';
import type { PortionRow, PortionsRepository } from './portions-repository.js';

/** Own units' ids start above this (migrations/postgres/0008_own_foods.sql); the shipped ones are all below it. */
export const firstOwnPortionId = 1_000_000_001;

/** Whether a unit id is one of the database's own units (else a shipped unit of the data directory). */
export const isOwnPortionId = (id: number): boolean => id >= firstOwnPortionId;

/** The food row of an own food: its id negated, so it never meets a row id of the data directory's SQLite file. */
const foodColumns = `-id AS id, code, owner, name, brand, food_group, '' AS scientific_name, '' AS local_names, source, embed_text, embed_hash, ${nutrientKeys.join(', ')}`;
const portionColumns = 'id, food_code, owner, name_en, name_es, grams, source';

/**
 * An own food as the database holds it: every insert and update gives it a new revision, and `term` is its part of the
 * signature (PostgreSQL's 64-bit `hashint8extended` of its database id, seeded with its revision), in decimal: the
 * pool reads int8 as a number, which would round it, and a bigint would not survive a row's JSON.
 */
export type OwnFoodRow = FoodRow & { revision: number; term: string };

/**
 * What a set of own foods is, for telling whether it changed: how many, and the sum (exact, unbounded) of their terms.
 * A sum, not a hash of the list, so a server can put its own write into the signature it holds without reading the
 * table back (own-foods-sync.ts).
 */
export interface OwnFoodsSignature {
  count: number;
  sum: bigint;
}

/** An own food's columns with its revision and term. */
const ownColumns = `${foodColumns}, revision, hashint8extended(id, revision)::text AS term`;

/** The PostgreSQL side of the foods store, with what the foods corpus needs to search the own foods there. */
export interface OwnFoodsPostgres extends FoodsStore {
  readonly kind: 'postgres';
  readonly database: PostgresDatabase;
  /** The own food added, with its revision. */
  insertOwn(food: NewFood & { owner: string }): Promise<OwnFoodRow>;
  /** The own food changed, with its new revision; undefined when the owner has no food of that code. */
  updateOwn(owner: string, code: string, patch: { name?: string; brand?: string; per100g?: NewFood['per100g'] }): Promise<OwnFoodRow | undefined>;
  /** Changes whenever an own food is added, changed or removed, by any server: every id and revision counts. */
  signature(): Promise<OwnFoodsSignature>;
  /** Every profile's own foods with their revisions (the keyword index holds them all, as SQLite's holds every profile's). */
  allOwn(): Promise<OwnFoodRow[]>;
}

type Queryable = Pick<pg.PoolClient, 'query'>;

function parameters(food: NewFood) {
  const embedText = foodEmbedText(food.name, food.brand);
  const per100g = food.per100g as Record<string, number | undefined>;
  return {
    name: food.name,
    brand: food.brand,
    group: food.group,
    source: food.source,
    nutrients: nutrientKeys.map((key) => per100g[key] ?? null),
    embedText,
    embedHash: embedHash(foodsFormula, embedText),
  };
}

/** Adds a profile's own food on `client` (in its transaction): its code is `UP` and the database's id. */
export async function insertOwnFoodOn(client: Queryable, food: NewFood & { owner: string }, demo: boolean): Promise<OwnFoodRow> {
  const values = parameters(food);
  const nutrientParams = nutrientKeys.map((_, index) => `$${index + 9}`).join(', ');
  const { rows } = await client.query<OwnFoodRow>(
    `WITH next AS (SELECT nextval(pg_get_serial_sequence('own_foods', 'id')) AS id)
     INSERT INTO own_foods (id, code, owner, name, brand, food_group, source, embed_text, embed_hash, demo, ${nutrientKeys.join(', ')})
     OVERRIDING SYSTEM VALUE
     SELECT next.id, 'UP' || next.id, $1, $2, $3, $4, $5, $6, $7, $8, ${nutrientParams} FROM next
     RETURNING ${ownColumns}`,
    [food.owner, values.name, values.brand, values.group, values.source, values.embedText, values.embedHash, demo, ...values.nutrients],
  );
  return rows[0] as OwnFoodRow;
}

/**
 * Own foods and units in PostgreSQL (migrations/postgres/0008_own_foods.sql), shipped ones from the data directory's
 * SQLite file. Codes (`UP<n>`) and unit ids (above 1,000,000,000) are the database's, so every server sharing it
 * reads the same own food under one code; the profile's own foods and units are read in one query each per operation.
 */
export function createOwnFoodsPostgres(deps: { database: PostgresDatabase; foods: FoodsRepository; portions: PortionsRepository }): OwnFoodsPostgres {
  const { database } = deps;
  const shippedFood = (row: FoodRow | undefined) => (row && row.owner === null ? row : undefined);
  const shippedPortion = (row: PortionRow | undefined) => (row && row.owner === null ? row : undefined);

  const ownOf = async (profile: string) => database.query<FoodRow>(`SELECT ${foodColumns} FROM own_foods WHERE owner = $1 ORDER BY id`, [profile]);
  const ownPortionsOf = async (profile: string) => database.query<PortionRow>(`SELECT ${portionColumns} FROM own_food_portions WHERE owner = $1 ORDER BY id`, [profile]);

  return {
    kind: 'postgres',
    database,
    async visibleTo(profile): Promise<VisibleFoods> {
      const [own, ownPortions] = await Promise.all([ownOf(profile), ownPortionsOf(profile)]);
      const byCode = new Map(own.map((row) => [row.code, row]));
      const portionById = new Map(ownPortions.map((row) => [row.id, row]));
      return {
        food: (code) => byCode.get(code) ?? shippedFood(deps.foods.visibleByCode(profile, code)),
        portion: (id) => (isOwnPortionId(id) ? portionById.get(id) : shippedPortion(deps.portions.visible(profile, id))),
        portionsOf: (code) => [...deps.portions.ofFood(profile, code).filter((row) => row.owner === null), ...ownPortions.filter((row) => row.food_code === code)],
      };
    },
    async visibleByCode(profile, code) {
      const [own] = await database.query<FoodRow>(`SELECT ${foodColumns} FROM own_foods WHERE code = $1 AND owner = $2`, [code, profile]);
      return own ?? shippedFood(deps.foods.visibleByCode(profile, code));
    },
    async visibleByIds(profile, ids) {
      const found = new Map<number, FoodRow>();
      for (const [id, row] of deps.foods.byIds(ids.filter((id) => id > 0))) if (row.owner === null) found.set(id, row);
      const own = ids.filter((id) => id < 0).map((id) => -id);
      if (own.length > 0) {
        for (const row of await database.query<FoodRow>(`SELECT ${foodColumns} FROM own_foods WHERE id = ANY($1::bigint[]) AND owner = $2`, [own, profile])) found.set(row.id, row);
      }
      return found;
    },
    insertOwn: (food) => database.transaction((client) => insertOwnFoodOn(client, food, false)),
    async ensureOwn(food, options = {}) {
      // Under a lock of the owner's foods: two servers adding the demo's foods at once add each one once.
      return database.transaction(async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtext('cita own foods'), hashtext($1))", [food.owner]);
        const { rows } = await client.query<OwnFoodRow>(`SELECT ${ownColumns} FROM own_foods WHERE owner = $1 AND name = $2 AND brand = $3 ORDER BY id LIMIT 1`, [food.owner, food.name, food.brand]);
        const existing = rows[0];
        return existing ? { row: existing, created: false } : { row: await insertOwnFoodOn(client, food, options.demo === true), created: true };
      });
    },
    async updateOwn(owner, code, patch) {
      return database.transaction(async (client) => {
        const { rows } = await client.query<FoodRow>(`SELECT ${foodColumns} FROM own_foods WHERE code = $1 AND owner = $2 FOR UPDATE`, [code, owner]);
        const existing = rows[0];
        if (!existing) return undefined;
        const values = parameters({
          owner,
          name: patch.name ?? existing.name,
          brand: patch.brand ?? existing.brand,
          group: existing.food_group,
          source: existing.source,
          per100g: patch.per100g ?? toFood(existing).per100g,
        });
        const updated = await client.query<OwnFoodRow>(
          `UPDATE own_foods SET name = $2, brand = $3, embed_text = $4, embed_hash = $5, ${nutrientKeys.map((key, index) => `${key} = $${index + 6}`).join(', ')},
             revision = nextval('own_foods_revision'), updated_at = now()
           WHERE id = $1 RETURNING ${ownColumns}`,
          [-existing.id, values.name, values.brand, values.embedText, values.embedHash, ...values.nutrients],
        );
        return updated.rows[0];
      });
    },
    async insertOwnPortion(portion, options = {}) {
      const [row] = await database.query<PortionRow>(
        `INSERT INTO own_food_portions (food_code, owner, name_en, name_es, grams, source, demo) VALUES ($1, $2, $3, $3, $4, 'user', $5)
         ON CONFLICT DO NOTHING RETURNING ${portionColumns}`,
        [portion.code, portion.owner, portion.name, portion.grams, options.demo === true],
      );
      return row;
    },
    async visibleInGroups(profile, groups) {
      const own = await database.query<FoodRow>(`SELECT ${foodColumns} FROM own_foods WHERE owner = $1 AND food_group = ANY($2::text[]) ORDER BY id`, [profile, [...groups]]);
      return [...deps.foods.visibleInGroups(profile, groups).filter((row) => row.owner === null), ...own];
    },
    ownFoods: ownOf,
    async signature() {
      // Every food's id and revision, not a count and a maximum: revisions come from a sequence and transactions commit
      // out of its order, so a rename committed after a later add (or a removal netted by an import) leaves the count
      // and the maximum as they were. sum(bigint) is numeric: exact, never overflowing.
      const [row] = await database.query<{ count: number; sum: string }>('SELECT count(*) AS count, coalesce(sum(hashint8extended(id, revision)), 0)::text AS sum FROM own_foods');
      return { count: row?.count ?? 0, sum: BigInt(row?.sum ?? '0') };
    },
    allOwn: () => database.query<OwnFoodRow>(`SELECT ${ownColumns} FROM own_foods ORDER BY id`),
  };
}
