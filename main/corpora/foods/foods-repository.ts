import type { Database } from 'better-sqlite3';
import type { Food } from '../../../shared/contract.js';
import { nutrientKeys, type NutrientKey, type Per100g } from '../../../shared/nutrients.js';
import { embedHash } from '../../retrieval/embedding-text.js';

/** Version of the embedded-text formula; changing the formula must change this (and so every vector's hash). */
export const foodsFormula = 'foods:name+brand:v1';

/** The seed's fixed formula: exactly `name + ' ' + brand`. */
export function foodEmbedText(name: string, brand: string): string {
  return `${name} ${brand}`;
}

export interface FoodRow {
  id: number;
  code: string;
  owner: string | null;
  name: string;
  brand: string;
  food_group: string;
  scientific_name: string;
  local_names: string;
  source: string;
  embed_text: string;
  embed_hash: string;
  [nutrient: string]: unknown;
}

export interface NewFood {
  code?: string;
  owner: string | null;
  name: string;
  brand: string;
  group: string;
  /** Only the shared base has these (from IFCT); a profile's own foods leave them empty. */
  scientificName?: string;
  localNames?: string;
  source: string;
  per100g: Per100g;
}

export interface FoodsRepository {
  /** Inserts or refreshes the shared base by code; returns what changed. */
  upsertShared(foods: readonly NewFood[]): { inserted: number; updated: number; unchanged: number; rows: FoodRow[] };
  insertOwn(food: NewFood): FoodRow;
  updateOwn(owner: string, code: string, patch: { name?: string; brand?: string; per100g?: Per100g }): FoodRow | undefined;
  /** A food the profile may see: shared, or its own. */
  visibleByCode(profile: string, code: string): FoodRow | undefined;
  byIds(ids: readonly number[]): Map<number, FoodRow>;
  /** The foods of these groups the profile can see (shared ones and its own), in id order. */
  visibleInGroups(profile: string, groups: readonly string[]): FoodRow[];
  all(): FoodRow[];
  count(): number;
  /** `id:updated_at` per row in id order: changes whenever a row is added, edited or removed. */
  rowVersions(): Iterable<string>;
}

const nutrientColumns = nutrientKeys.join(', ');
const nutrientParams = nutrientKeys.map((key) => `@${key}`).join(', ');

function nutrientValues(per100g: Per100g): Record<NutrientKey, number | null> {
  return Object.fromEntries(nutrientKeys.map((key) => [key, per100g[key] ?? null])) as Record<NutrientKey, number | null>;
}

/** The contract's view of a row. */
export function toFood(row: FoodRow): Food {
  const per100g: Record<string, number> = {};
  for (const key of nutrientKeys) {
    const value = row[key];
    if (typeof value === 'number') per100g[key] = value;
  }
  return {
    code: row.code,
    name: row.name,
    brand: row.brand,
    owner: row.owner,
    food_group: row.food_group,
    scientific_name: row.scientific_name,
    local_names: row.local_names,
    source: row.source,
    per100g,
  };
}

/** All SQL about foods. */
export function createFoodsRepository(db: Database): FoodsRepository {
  const selectByCode = db.prepare<[string], FoodRow>('SELECT * FROM foods WHERE code = ?');
  const selectVisible = db.prepare<[string, string], FoodRow>('SELECT * FROM foods WHERE code = ? AND (owner IS NULL OR owner = ?)');
  const selectById = db.prepare<[number], FoodRow>('SELECT * FROM foods WHERE id = ?');
  const selectAll = db.prepare<[], FoodRow>('SELECT * FROM foods ORDER BY id');
  const selectVisibleInGroups = db.prepare<[string, string], FoodRow>('SELECT * FROM foods WHERE food_group IN (SELECT value FROM json_each(?)) AND (owner IS NULL OR owner = ?) ORDER BY id');
  const selectCount = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM foods');
  const selectVersions = db.prepare<[], { version: string }>("SELECT id || ':' || updated_at AS version FROM foods ORDER BY id");
  const insert = db.prepare(
    `INSERT INTO foods (code, owner, name, brand, food_group, scientific_name, local_names, source, ${nutrientColumns}, embed_text, embed_hash)
     VALUES (@code, @owner, @name, @brand, @food_group, @scientific_name, @local_names, @source, ${nutrientParams}, @embed_text, @embed_hash)`,
  );
  const update = db.prepare(
    `UPDATE foods SET name = @name, brand = @brand, food_group = @food_group, scientific_name = @scientific_name,
       local_names = @local_names, source = @source,
       ${nutrientKeys.map((key) => `${key} = @${key}`).join(', ')}, embed_text = @embed_text, embed_hash = @embed_hash,
       updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
     WHERE id = @id`,
  );
  const setCode = db.prepare<[string, number]>('UPDATE foods SET code = ? WHERE id = ?');

  function parameters(food: NewFood, code: string) {
    const embedText = foodEmbedText(food.name, food.brand);
    return {
      code,
      owner: food.owner,
      name: food.name,
      brand: food.brand,
      food_group: food.group,
      scientific_name: food.scientificName ?? '',
      local_names: food.localNames ?? '',
      source: food.source,
      ...nutrientValues(food.per100g),
      embed_text: embedText,
      embed_hash: embedHash(foodsFormula, embedText),
    };
  }

  function sameContent(row: FoodRow, next: ReturnType<typeof parameters>): boolean {
    return (
      row.name === next.name &&
      row.brand === next.brand &&
      row.food_group === next.food_group &&
      row.scientific_name === next.scientific_name &&
      row.local_names === next.local_names &&
      row.source === next.source &&
      row.embed_hash === next.embed_hash &&
      nutrientKeys.every((key) => (row[key] ?? null) === next[key])
    );
  }

  const upsertShared = db.transaction((foods: readonly NewFood[]) => {
    const counts = { inserted: 0, updated: 0, unchanged: 0, rows: [] as FoodRow[] };
    for (const food of foods) {
      const code = food.code as string;
      const next = parameters({ ...food, owner: null }, code);
      const existing = selectByCode.get(code);
      if (!existing) {
        insert.run(next);
        counts.inserted += 1;
      } else if (sameContent(existing, next)) {
        counts.unchanged += 1;
      } else {
        update.run({ ...next, id: existing.id });
        counts.updated += 1;
      }
      counts.rows.push(selectByCode.get(code) as FoodRow);
    }
    return counts;
  });

  const insertOwn = db.transaction((food: NewFood): FoodRow => {
    const provisional = `new:${process.hrtime.bigint()}`;
    const id = Number(insert.run(parameters(food, provisional)).lastInsertRowid);
    setCode.run(`U${id}`, id);
    return selectById.get(id) as FoodRow;
  });

  return {
    upsertShared: (foods) => upsertShared(foods),
    insertOwn: (food) => insertOwn(food),
    updateOwn(owner, code, patch) {
      const existing = selectByCode.get(code);
      if (!existing || existing.owner !== owner) return undefined;
      const current = toFood(existing);
      const next = parameters(
        {
          owner,
          name: patch.name ?? existing.name,
          brand: patch.brand ?? existing.brand,
          group: existing.food_group,
          scientificName: existing.scientific_name,
          localNames: existing.local_names,
          source: existing.source,
          per100g: patch.per100g ?? current.per100g,
        },
        code,
      );
      update.run({ ...next, id: existing.id });
      return selectById.get(existing.id);
    },
    visibleByCode: (profile, code) => selectVisible.get(code, profile),
    byIds(ids) {
      const found = new Map<number, FoodRow>();
      for (const id of ids) {
        const row = selectById.get(id);
        if (row) found.set(id, row);
      }
      return found;
    },
    visibleInGroups: (profile, groups) => selectVisibleInGroups.all(JSON.stringify(groups), profile),
    all: () => selectAll.all(),
    count: () => (selectCount.get() as { n: number }).n,
    *rowVersions() {
      for (const row of selectVersions.iterate()) yield row.version;
    },
  };
}
