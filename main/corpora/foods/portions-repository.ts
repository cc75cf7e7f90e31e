import type { Database } from 'better-sqlite3';

/** A row of food_portions. */
export interface PortionRow {
  id: number;
  food_code: string;
  owner: string | null;
  name_en: string;
  name_es: string;
  grams: number;
  source: string;
}

/** All SQL about household units (migration 0011); every read is bound to one profile. */
export interface PortionsRepository {
  /** The shipped portions of a food (in the migration's order: the usual one first) and then the profile's own. */
  ofFood(profile: string, code: string): PortionRow[];
  /** One portion the profile may use, by id (shipped, or its own). */
  visible(profile: string, id: number): PortionRow | undefined;
  /** Adds a profile's own portion; undefined when the profile already has one of that name for the food. */
  insertOwn(portion: { owner: string; code: string; name: string; grams: number }): PortionRow | undefined;
}

const columns = 'id, food_code, owner, name_en, name_es, grams, source';

/** Builds the portions repository; statements are prepared once. */
export function createPortionsRepository(db: Database): PortionsRepository {
  const selectOfFood = db.prepare<[{ profile: string; code: string }], PortionRow>(
    `SELECT ${columns} FROM food_portions WHERE food_code = @code AND (owner IS NULL OR owner = @profile)
     ORDER BY owner IS NOT NULL, id`,
  );
  const selectVisible = db.prepare<[{ profile: string; id: number }], PortionRow>(`SELECT ${columns} FROM food_portions WHERE id = @id AND (owner IS NULL OR owner = @profile)`);
  const insert = db.prepare<[{ owner: string; code: string; name: string; grams: number }]>(
    `INSERT INTO food_portions (food_code, owner, name_en, name_es, grams, source) VALUES (@code, @owner, @name, @name, @grams, 'user')
     ON CONFLICT DO NOTHING`,
  );
  const selectById = db.prepare<[number], PortionRow>(`SELECT ${columns} FROM food_portions WHERE id = ?`);
  return {
    ofFood: (profile, code) => selectOfFood.all({ profile, code }),
    visible: (profile, id) => selectVisible.get({ profile, id }),
    insertOwn(portion) {
      const result = insert.run(portion);
      return result.changes === 0 ? undefined : selectById.get(Number(result.lastInsertRowid));
    },
  };
}
