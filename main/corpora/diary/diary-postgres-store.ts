import type pg from 'pg';
import { meals as allMeals, type Meal } from '../../../shared/contract/diary.js';
import { nutrientKeys } from '../../../shared/nutrients.js';
import { AppError } from '../../core/errors.js';
import type { PostgresDatabase } from '../../db/postgres/postgres-database.js';
import type { EntryExportRow, OwnFoodRow } from '../../db/repositories/profile-data-repository.js';
import type { FoodsRepository } from '../foods/foods-repository.js';
import { insertOwnFoodOn, isOwnPortionId } from '../foods/own-foods-postgres.js';
import type { PortionsRepository } from '../foods/portions-repository.js';
import type {
  DailyTotalsRow,
  DayEntryRow,
  DayTargetRow,
  DiaryRangeRow,
  EntryChange,
  EntryRow,
  FoodTotalsRow,
  LoggedFoodRow,
  MealSubtotalsRow,
  NewEntry,
  NewTarget,
  PeriodSummaryRow,
  PreviousImport,
  TargetDaysRow,
} from './diary-repository.js';
import type { DiaryRows, DiaryStore } from './diary-store.js';

/** `@name` placeholders as `$n` (each name bound once, however often it is used), with the values in their order. */
function positional(text: string, values: Record<string, unknown>): { text: string; values: unknown[] } {
  const order: string[] = [];
  const sql = text.replace(/@([a-z0-9_]+)/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`diary on PostgreSQL: no value for @${name}`);
    if (!order.includes(name)) order.push(name);
    return `$${order.indexOf(name) + 1}`;
  });
  return { text: sql, values: order.map((name) => values[name]) };
}

const sums = nutrientKeys.map((key) => `sum(${key}) AS ${key}`).join(', ');
const entryColumns = `entry_id, profile, date, meal, food_id, food_code, food_name, food_brand, food_owner, grams, ${nutrientKeys.join(', ')}`;

/**
 * The SQLite views of migrations/0013_saturated_fat.sql over one profile's rows, as common table expressions. The
 * shipped foods and units are the data directory's, bound as arrays; the profile's own are the database's
 * (migrations/postgres/0008_own_foods.sql, an own food's id negated as the foods store gives it). An entry of a food
 * neither has for the profile has no nutrients, and so is left out, as the SQLite view's join leaves it out. The
 * daily totals are over `@meals` (all four: the view diary_daily_totals).
 */
const views = `WITH
  foods AS (
    SELECT * FROM unnest(@food_id::bigint[], @food_code::text[], @food_name::text[], @food_brand::text[], @food_owner::text[], ${nutrientKeys.map((key) => `@food_${key}::float8[]`).join(', ')})
      AS f (id, code, name, brand, owner, ${nutrientKeys.join(', ')})
    UNION ALL
    SELECT -id, code, name, brand, owner, ${nutrientKeys.join(', ')} FROM own_foods WHERE owner = @profile
  ),
  portions AS (
    SELECT * FROM unnest(@portion_id::bigint[], @portion_name_en::text[], @portion_name_es::text[], @portion_grams::float8[]) AS p (id, name_en, name_es, grams)
    UNION ALL
    SELECT id, name_en, name_es, grams FROM own_food_portions WHERE owner = @profile
  ),
  diary_entry_nutrients AS (
    SELECT e.id AS entry_id, e.profile, e.date, e.meal, f.id AS food_id, f.code AS food_code, f.name AS food_name, f.brand AS food_brand, f.owner AS food_owner, e.grams,
      ${nutrientKeys.map((key) => `e.grams * f.${key} / 100.0 AS ${key}`).join(', ')}
    FROM diary_entries e JOIN foods f ON f.code = e.food_code WHERE e.profile = @profile
  ),
  diary_daily_totals AS (
    SELECT profile, date, count(*) AS entries, sum(grams) AS grams, ${sums}, ${nutrientKeys.map((key) => `count(*) FILTER (WHERE ${key} IS NULL) AS ${key}_unmeasured`).join(', ')}
    FROM diary_entry_nutrients WHERE meal = ANY (@meals::text[]) GROUP BY profile, date
  ),
  diary_target_periods AS (
    SELECT profile, nutrient, amount, effective_from, lead(effective_from) OVER (PARTITION BY nutrient ORDER BY effective_from) AS effective_until
    FROM diary_targets WHERE profile = @profile
  )`;

const dayEntrySelect = `SELECT ${entryColumns
  .split(', ')
  .map((column) => `n.${column}`)
  .join(', ')}, e.portion_id, e.portion_quantity, p.name_en AS portion_name_en, p.name_es AS portion_name_es, p.grams AS portion_grams
  FROM diary_entry_nutrients n JOIN diary_entries e ON e.id = n.entry_id LEFT JOIN portions p ON p.id = e.portion_id`;

const statements = {
  entry: `${dayEntrySelect} WHERE n.entry_id = @id`,
  day: `${dayEntrySelect} WHERE n.date = @date
    ORDER BY CASE n.meal WHEN 'breakfast' THEN 1 WHEN 'lunch' THEN 2 WHEN 'dinner' THEN 3 ELSE 4 END, n.entry_id`,
  mealSubtotals: `SELECT meal, count(*) AS entries, sum(grams) AS grams, ${sums} FROM diary_entry_nutrients WHERE date = @date GROUP BY meal ORDER BY meal`,
  // As SQLite's: the latest entry of each food (by day, then by id) gives the amount the picker suggests next time.
  loggedFoods: (order: string, window: string) => `,
    used AS (
      SELECT food_code, count(*) AS uses, max(date) AS last_date, max(id) AS last_id FROM diary_entries
      WHERE profile = @profile ${window} GROUP BY food_code
    ),
    latest AS (
      SELECT food_code, grams, portion_id, portion_quantity, row_number() OVER (PARTITION BY food_code ORDER BY date DESC, id DESC) AS position
      FROM diary_entries WHERE profile = @profile
    )
    SELECT f.id AS food_id, used.uses, used.last_date, latest.grams AS last_grams,
           portion.id AS last_portion_id, latest.portion_quantity AS last_portion_quantity,
           portion.name_en AS last_portion_name_en, portion.name_es AS last_portion_name_es
    FROM used JOIN foods f ON f.code = used.food_code JOIN latest ON latest.food_code = used.food_code AND latest.position = 1
    LEFT JOIN portions portion ON portion.id = latest.portion_id
    ORDER BY ${order} LIMIT @limit`,
  dailyTotals: 'SELECT * FROM diary_daily_totals WHERE date BETWEEN @from AND @to ORDER BY date',
  // SQLite's recursive list of days starts with @from even when @to is before it. Days as date + n, written from a
  // timestamp without time zone: a series of timestamptz follows the session's time zone, and where a clock change
  // skips midnight (America/Havana) it loses the last day.
  targetsByDay: `SELECT days.date, periods.nutrient, periods.amount
    FROM (SELECT to_char((@from::date + n)::timestamp, 'YYYY-MM-DD') AS date FROM generate_series(0, greatest(0, @to::date - @from::date)) AS n) days
    JOIN diary_target_periods periods ON periods.effective_from <= days.date AND (periods.effective_until IS NULL OR days.date < periods.effective_until)
    ORDER BY days.date, periods.nutrient`,
  entries: `SELECT ${entryColumns} FROM diary_entry_nutrients WHERE date BETWEEN @from AND @to AND meal = ANY (@meals::text[])
    ORDER BY energy_kcal IS NULL, energy_kcal DESC, date, entry_id LIMIT @limit`,
  foodTotals: `SELECT food_id, food_name, food_brand, count(*) AS entries, sum(grams) AS grams, ${sums}
    FROM diary_entry_nutrients WHERE date BETWEEN @from AND @to AND meal = ANY (@meals::text[])
    GROUP BY food_id, food_name, food_brand ORDER BY sum(energy_kcal) IS NULL, sum(energy_kcal) DESC, food_name COLLATE "C" LIMIT @limit`,
  // Sums of whole numbers are numeric in PostgreSQL: as float8 they read back as numbers, as SQLite's integers do.
  summary: `SELECT count(*) AS days_with_entries, ${nutrientKeys
    .map((key) => `sum(${key}) AS total_${key}, avg(${key}) AS average_${key}, sum(${key}_unmeasured)::float8 AS unmeasured_${key}`)
    .join(', ')}
    FROM diary_daily_totals WHERE date BETWEEN @from AND @to`,
  // SQLite's view diary_daily_nutrients, a row per day and nutrient, with the target in force that day.
  targetDays: `SELECT daily.nutrient, count(*) AS days_with_target, count(*) FILTER (WHERE daily.amount > periods.amount) AS days_over_target,
      count(*) FILTER (WHERE daily.amount < periods.amount) AS days_under_target
    FROM diary_daily_totals d CROSS JOIN LATERAL (VALUES ${nutrientKeys.map((key) => `('${key}', d.${key})`).join(', ')}) AS daily (nutrient, amount)
    JOIN diary_target_periods periods ON periods.nutrient = daily.nutrient AND periods.effective_from <= d.date AND (periods.effective_until IS NULL OR d.date < periods.effective_until)
    WHERE d.date BETWEEN @from AND @to AND daily.amount IS NOT NULL
    GROUP BY daily.nutrient ORDER BY daily.nutrient COLLATE "C"`,
};

/** An own food or unit removed (with its profile, by any server) between its lookup and the write: nothing was written. */
function removedMeanwhile(what: string): AppError {
  return new AppError('not_found', `${what} was removed while the entry was being written; nothing was written.`);
}

/**
 * The profile's bulk writes take turns (a transaction-scoped advisory lock): CSV imports, another app's import, a
 * profile import, the demo diary and a profile's removal. The key is the one the CSV import has taken since the diary
 * came to PostgreSQL, so a server of that version and this one wait for each other.
 */
async function lockProfile(client: pg.PoolClient, profile: string): Promise<void> {
  await client.query("SELECT pg_advisory_xact_lock(hashtext('cita diary import'), hashtext($1))", [profile]);
}

async function rowsOn(client: pg.PoolClient, profile: string): Promise<DiaryRows> {
  const { rows } = await client.query<DiaryRows>(
    `SELECT (SELECT count(*) FROM own_foods WHERE owner = $1)::int AS foods, (SELECT count(*) FROM diary_entries WHERE profile = $1)::int AS entries,
       (SELECT count(*) FROM diary_targets WHERE profile = $1)::int AS targets`,
    [profile],
  );
  return rows[0] as DiaryRows;
}

/** Sets a target (a day's amount from then on); with `demo` false a demo target the user sets becomes theirs, as on SQLite. */
async function upsertTargetOn(client: { query(text: string, values: unknown[]): Promise<unknown> }, target: NewTarget, demo = false): Promise<void> {
  await client.query(
    `INSERT INTO diary_targets (profile, nutrient, amount, effective_from, demo) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (profile, nutrient, effective_from) ${demo ? 'DO NOTHING' : 'DO UPDATE SET amount = excluded.amount, demo = false'}`,
    [target.profile, target.nutrient, target.amount, target.effective_from, demo],
  );
}

const mealsOf = (meals: readonly Meal[] | undefined): string[] => (meals && meals.length > 0 ? [...meals] : [...allMeals]);

/**
 * The food diary on PostgreSQL (migrations/postgres/0004_diary.sql): entries, targets and CSV imports in the shared
 * database, so every cita process adds to the same diary; each entry is its own row, inserted in its own statement,
 * so concurrent writers never overwrite one another. The shipped foods and units and the profiles stay in this data
 * directory's SQLite file, the profile's own foods and units are the database's (0008_own_foods.sql): a read binds
 * the shipped foods and units the profile's entries name, then runs the statement the SQLite repository runs over its
 * views (joined with the own ones there), in one snapshot (REPEATABLE READ), so a writer committing meanwhile is seen
 * whole or not at all.
 */
export function createDiaryPostgresStore(deps: { database: PostgresDatabase; foods: Pick<FoodsRepository, 'byIds' | 'visibleByCode'>; portions: Pick<PortionsRepository, 'visible'> }): DiaryStore {
  const { database } = deps;

  /** The shipped foods and units the profile's entries name, as SQLite has them, bound for `views`. */
  async function foodsOf(client: pg.PoolClient, profile: string): Promise<Record<string, unknown>> {
    const { rows } = await client.query<{ codes: string[]; portions: number[] }>(
      `SELECT coalesce(array_agg(DISTINCT food_code), '{}') AS codes, coalesce(array_agg(DISTINCT portion_id::int) FILTER (WHERE portion_id IS NOT NULL), '{}') AS portions
       FROM diary_entries WHERE profile = $1`,
      [profile],
    );
    // Shipped foods and units only: the profile's own are the database's (`views`). A SQLite own food or unit of this
    // data directory is never one of an entry here: its code or id is local to one data directory.
    const foods = (rows[0]?.codes ?? []).flatMap((code) => deps.foods.visibleByCode(profile, code) ?? []).filter((food) => food.owner === null);
    const portions = (rows[0]?.portions ?? [])
      .filter((id) => !isOwnPortionId(id))
      .flatMap((id) => deps.portions.visible(profile, id) ?? [])
      .filter((portion) => portion.owner === null);
    return {
      food_id: foods.map((food) => food.id),
      food_code: foods.map((food) => food.code),
      food_name: foods.map((food) => food.name),
      food_brand: foods.map((food) => food.brand),
      food_owner: foods.map((food) => food.owner),
      ...Object.fromEntries(nutrientKeys.map((key) => [`food_${key}`, foods.map((food) => food[key] ?? null)])),
      portion_id: portions.map((portion) => portion.id),
      portion_name_en: portions.map((portion) => portion.name_en),
      portion_name_es: portions.map((portion) => portion.name_es),
      portion_grams: portions.map((portion) => portion.grams),
    };
  }

  /** One statement over the views of the profile's rows, on `client` (in its transaction). */
  async function readOn<Row extends pg.QueryResultRow>(client: pg.PoolClient, profile: string, statement: string, values: Record<string, unknown> = {}): Promise<Row[]> {
    const query = positional(`${views} ${statement}`, { meals: [...allMeals], ...(await foodsOf(client, profile)), ...values, profile });
    return (await client.query<Row>(query.text, query.values)).rows;
  }

  /** One statement over the views of the profile's rows, in a read-only snapshot. */
  function read<Row extends pg.QueryResultRow>(profile: string, statement: string, values: Record<string, unknown> = {}): Promise<Row[]> {
    return database.transaction(
      async (client) => {
        await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
        return readOn<Row>(client, profile, statement, values);
      },
      { readOnly: true },
    );
  }

  /** A statement on the diary's own tables (no foods needed). */
  const query = <Row extends pg.QueryResultRow>(statement: string, values: Record<string, unknown>) => {
    const bound = positional(statement, values);
    return database.query<Row>(bound.text, bound.values);
  };

  /**
   * The food codes of the entries' food ids, checked on `client` in the write's transaction: a shipped food by its row
   * id in this data directory (its code is the same in every one), a profile's own by the database's id (negated, as
   * the foods store gives it), which must still be the entry's profile's; its row is share-locked until the commit, so
   * a removal of the profile meanwhile waits. Own units likewise.
   */
  async function codesOf(client: pg.PoolClient, entries: readonly NewEntry[]): Promise<string[]> {
    const ids = [...new Set(entries.map((entry) => entry.foodId))];
    const shipped = deps.foods.byIds(ids.filter((id) => id > 0));
    const own = ids.filter((id) => id < 0).map((id) => -id);
    const owned = new Map<number, { code: string; owner: string }>();
    if (own.length > 0) {
      const { rows } = await client.query<{ id: number; code: string; owner: string }>('SELECT id, code, owner FROM own_foods WHERE id = ANY($1::bigint[]) ORDER BY id FOR KEY SHARE', [own]);
      for (const row of rows) owned.set(-row.id, row);
    }
    await checkUnits(client, entries);
    return entries.map((entry) => {
      if (entry.foodId < 0) {
        const food = owned.get(entry.foodId);
        if (!food || food.owner !== entry.profile) throw removedMeanwhile(`A food of profile "${entry.profile}"`);
        return food.code;
      }
      const food = shipped.get(entry.foodId);
      if (!food) throw new Error(`diary on PostgreSQL: no food with id ${entry.foodId}`);
      if (food.owner !== null) throw new Error(`diary on PostgreSQL: the food "${food.code}" is one of this data directory's own foods, not the database's`);
      return food.code;
    });
  }

  /** The entries' own units, still the profile's (share-locked until the commit, as their foods). */
  async function checkUnits(client: pg.PoolClient, entries: readonly { profile: string; portion?: { id: number } | null | undefined }[]): Promise<void> {
    const ids = [...new Set(entries.flatMap((entry) => (entry.portion && isOwnPortionId(entry.portion.id) ? [entry.portion.id] : [])))];
    if (ids.length === 0) return;
    const { rows } = await client.query<{ id: number; owner: string }>('SELECT id, owner FROM own_food_portions WHERE id = ANY($1::bigint[]) ORDER BY id FOR KEY SHARE', [ids]);
    const owners = new Map(rows.map((row) => [row.id, row.owner]));
    for (const entry of entries) {
      if (entry.portion && isOwnPortionId(entry.portion.id) && owners.get(entry.portion.id) !== entry.profile) throw removedMeanwhile(`The unit ${entry.portion.id} of profile "${entry.profile}"`);
    }
  }

  /** Entries in one statement, in their order (`demo`: written by the demo diary); own foods and units refused first. */
  async function insertBatch(client: pg.PoolClient, entries: readonly NewEntry[], demo = false): Promise<void> {
    if (entries.length === 0) return;
    const codes = await codesOf(client, entries);
    await client.query(
      `INSERT INTO diary_entries (profile, date, meal, food_code, grams, portion_id, portion_quantity, demo)
       SELECT profile, date, meal, food_code, grams, portion_id, portion_quantity, $8
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::float8[], $6::bigint[], $7::float8[]) WITH ORDINALITY
         AS v (profile, date, meal, food_code, grams, portion_id, portion_quantity, ord)
       ORDER BY ord`,
      [
        entries.map((entry) => entry.profile),
        entries.map((entry) => entry.date),
        entries.map((entry) => entry.meal),
        codes,
        entries.map((entry) => entry.grams),
        entries.map((entry) => entry.portion?.id ?? null),
        entries.map((entry) => entry.portion?.quantity ?? null),
        demo,
      ],
    );
  }

  /** The English name of a shipped unit, as the SQLite export joins it (a profile's own units do not travel). */
  function shippedUnitName(profile: string): (id: number | null) => string | null {
    const names = new Map<number, string | null>();
    return (id) => {
      if (id === null || isOwnPortionId(id)) return null;
      if (!names.has(id)) {
        const portion = deps.portions.visible(profile, id);
        names.set(id, portion && portion.owner === null ? portion.name_en : null);
      }
      return names.get(id) ?? null;
    };
  }

  async function insertAll(client: pg.PoolClient, entries: readonly NewEntry[]): Promise<number[]> {
    const codes = await codesOf(client, entries);
    // One row per statement, in order: the ids come back in the entries' order.
    const ids: number[] = [];
    for (const [index, entry] of entries.entries()) {
      const { rows } = await client.query<{ id: number }>(
        'INSERT INTO diary_entries (profile, date, meal, food_code, grams, portion_id, portion_quantity) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id',
        [entry.profile, entry.date, entry.meal, codes[index], entry.grams, entry.portion?.id ?? null, entry.portion?.quantity ?? null],
      );
      ids.push(rows[0]?.id as number);
    }
    return ids;
  }

  /** The entry as `entry` reads it, on `client`. */
  async function entryOn(client: pg.PoolClient, profile: string, id: number): Promise<DayEntryRow | undefined> {
    return (await readOn<DayEntryRow>(client, profile, statements.entry, { id }))[0];
  }

  /** The last committed import of one of `digests` into the profile, read on `client`. */
  async function previousImportOn(client: pg.PoolClient, profile: string, digests: readonly string[]): Promise<PreviousImport | undefined> {
    for (const sha256 of digests) {
      const { rows } = await client.query<PreviousImport>('SELECT rows, imported_at FROM diary_imports WHERE profile = $1 AND sha256 = $2 ORDER BY id DESC LIMIT 1', [profile, sha256]);
      if (rows[0]) return rows[0];
    }
    return undefined;
  }

  async function writeChange(client: pg.PoolClient, profile: string, id: number, change: EntryChange): Promise<void> {
    await client.query('UPDATE diary_entries SET date = $3, meal = $4, grams = $5, portion_id = $6, portion_quantity = $7 WHERE id = $1 AND profile = $2', [
      id,
      profile,
      change.date,
      change.meal,
      change.grams,
      change.portion?.id ?? null,
      change.portion?.quantity ?? null,
    ]);
  }

  return {
    kind: 'postgres',
    label: `PostgreSQL ${database.label}`,
    // The insert and its read back in one transaction: a connection lost before COMMIT keeps no entry, so the retry
    // the error asks for adds it once.
    addEntry: (entry) =>
      database.transaction(async (client) => {
        const [id] = await insertAll(client, [entry]);
        return (await entryOn(client, entry.profile, id as number)) as DayEntryRow;
      }),
    // The entry's row is locked (FOR UPDATE) from its read to the update: a concurrent change waits and then reads
    // this one's result, a concurrent remove makes this not found.
    changeEntry: (profile, id, change) =>
      database.transaction(async (client) => {
        const { rows } = await client.query('SELECT id FROM diary_entries WHERE id = $1 AND profile = $2 FOR UPDATE', [id, profile]);
        const current = rows.length > 0 ? await entryOn(client, profile, id) : undefined;
        if (!current) return undefined;
        const next = change(current);
        await checkUnits(client, [{ profile, portion: next.portion }]);
        await writeChange(client, profile, id, next);
        return entryOn(client, profile, id);
      }),
    // The profile's imports take turns (lockProfile), so the guard reads every import committed before: two identical
    // imports at once import once.
    importUnlessSeen: (profile, digests, entries, options) =>
      database.transaction(async (client) => {
        await lockProfile(client, profile);
        const previous = await previousImportOn(client, profile, digests);
        if ((previous && !options.allowRepeat) || !options.write) return { previous };
        await insertBatch(client, entries);
        await client.query('INSERT INTO diary_imports (profile, sha256, rows) VALUES ($1, $2, $3)', [profile, digests[0], entries.length]);
        return { previous };
      }),
    exportRows: (profile) =>
      database.transaction(
        async (client) => {
          await client.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
          const entries = await client.query<{ date: string; meal: string; food_code: string; grams: number; portion_id: number | null; portion_quantity: number | null }>(
            'SELECT date, meal, food_code, grams, portion_id, portion_quantity FROM diary_entries WHERE profile = $1 ORDER BY date, id',
            [profile],
          );
          const targets = await client.query<{ nutrient: string; amount: number; effective_from: string }>(
            'SELECT nutrient, amount, effective_from FROM diary_targets WHERE profile = $1 ORDER BY nutrient, effective_from',
            [profile],
          );
          const foods = await client.query<Record<string, unknown>>(`SELECT code, name, brand, ${nutrientKeys.join(', ')} FROM own_foods WHERE owner = $1 ORDER BY id`, [profile]);
          const unitName = shippedUnitName(profile);
          return {
            foods: foods.rows.map((row) => ({
              code: String(row.code),
              name: String(row.name),
              brand: String(row.brand),
              nutrients: Object.fromEntries(nutrientKeys.map((key) => [key, typeof row[key] === 'number' ? row[key] : null])) as OwnFoodRow['nutrients'],
            })),
            entries: entries.rows.map((row): EntryExportRow => {
              const portion = unitName(row.portion_id);
              return { date: row.date, meal: row.meal, food_code: row.food_code, grams: row.grams, portion, quantity: portion === null ? null : row.portion_quantity };
            }),
            targets: targets.rows,
          };
        },
        { readOnly: true },
      ),
    profileRows: (profile) => database.transaction((client) => rowsOn(client, profile), { readOnly: true }),
    // Under the profile's lock from the emptiness check to the commit: two imports of one profile at once, from any
    // server, import once (the second finds the first's rows).
    importProfile: (profile, work) =>
      database.transaction(async (client) => {
        await lockProfile(client, profile);
        work.requireEmpty(await rowsOn(client, profile));
        await work.write({
          food: (food) => insertOwnFoodOn(client, food, false),
          entries: (batch) => insertBatch(client, batch),
          target: (target) => upsertTargetOn(client, target),
          record: async (sha256, rows) => {
            await client.query('INSERT INTO diary_imports (profile, sha256, rows) VALUES ($1, $2, $3)', [profile, sha256, rows]);
          },
        });
        work.beforeCommit();
      }),
    removeProfile: (profile) =>
      database.transaction(async (client) => {
        await lockProfile(client, profile);
        // Its own units and foods first (their vectors go with them: ON DELETE CASCADE): an add logging one of them
        // holds it share-locked, so these deletes wait for that add to commit, and the entries' delete below, a later
        // statement, then sees its entry. An add coming after finds the food gone ("removed meanwhile").
        await client.query('DELETE FROM own_food_portions WHERE owner = $1', [profile]);
        const foods = await client.query('DELETE FROM own_foods WHERE owner = $1', [profile]);
        const entries = await client.query('DELETE FROM diary_entries WHERE profile = $1', [profile]);
        const targets = await client.query('DELETE FROM diary_targets WHERE profile = $1', [profile]);
        await client.query('DELETE FROM diary_imports WHERE profile = $1', [profile]);
        return { foods: foods.rowCount ?? 0, entries: entries.rowCount ?? 0, targets: targets.rowCount ?? 0 };
      }),
    // Every row here was written after the demo marks (0007_diary_demo.sql): none is of unknown origin.
    unmarkedRows: async () => ({ entries: 0, targets: 0 }),
    // Under the profile's lock: two servers loading the demo at once write it once (the second replaces the first's
    // rows with the same ones, or, on a first start, finds them and leaves them).
    replaceDemoDiary: (profile, entries, targets, options = {}) =>
      database.transaction(async (client) => {
        await lockProfile(client, profile);
        const kept = async () => Number((await client.query<{ n: number }>('SELECT count(*) AS n FROM diary_entries WHERE profile = $1 AND NOT demo', [profile])).rows[0]?.n);
        if (options.unlessLoaded) {
          const { rows } = await client.query<{ n: number }>(
            'SELECT (SELECT count(*) FROM diary_entries WHERE profile = $1 AND demo) + (SELECT count(*) FROM diary_targets WHERE profile = $1 AND demo) AS n',
            [profile],
          );
          if (Number(rows[0]?.n) > 0) return { entries: 0, kept: await kept(), loaded: false };
        }
        await client.query('DELETE FROM diary_entries WHERE profile = $1 AND demo', [profile]);
        await client.query('DELETE FROM diary_targets WHERE profile = $1 AND demo', [profile]);
        await insertBatch(
          client,
          entries.map((entry) => ({ ...entry, profile })),
          true,
        );
        for (const target of targets) await upsertTargetOn(client, { ...target, profile }, true);
        return { entries: entries.length, kept: await kept(), loaded: true };
      }),
    removeEntry: async (profile, id) => (await query('DELETE FROM diary_entries WHERE id = @id AND profile = @profile RETURNING id', { id, profile })).length > 0,
    entriesOfDay: (profile, date) => read<DayEntryRow>(profile, statements.day, { date }),
    mealSubtotals: (profile, date) => read<MealSubtotalsRow>(profile, statements.mealSubtotals, { date }),
    loggedFoods: (profile, by, limit) =>
      read<LoggedFoodRow>(
        profile,
        by === 'recent'
          ? statements.loggedFoods('used.last_id DESC', '')
          : statements.loggedFoods(
              'used.uses DESC, used.last_date DESC, f.id',
              "AND date >= to_char(((SELECT max(date) FROM diary_entries WHERE profile = @profile)::date - 90)::timestamp, 'YYYY-MM-DD')",
            ),
        { limit },
      ),
    dailyTotals: (profile, from, to, meals) => read<DailyTotalsRow>(profile, statements.dailyTotals, { from, to, meals: mealsOf(meals) }),
    targetsByDay: (profile, from, to) => read<DayTargetRow>(profile, statements.targetsByDay, { from, to }),
    entries: (profile, from, to, limit, meals) => read<EntryRow>(profile, statements.entries, { from, to, limit, meals: mealsOf(meals) }),
    async countEntries(profile, from, to, meals) {
      const [row] = await query<{ count: number }>('SELECT count(*) AS count FROM diary_entries WHERE profile = @profile AND date BETWEEN @from AND @to AND meal = ANY (@meals::text[])', {
        profile,
        from,
        to,
        meals: mealsOf(meals),
      });
      return row?.count ?? 0;
    },
    foodTotals: (profile, from, to, limit, meals) => read<FoodTotalsRow>(profile, statements.foodTotals, { from, to, limit, meals: mealsOf(meals) }),
    async countFoods(profile, from, to, meals) {
      const [row] = await query<{ count: number }>(
        'SELECT count(DISTINCT food_code) AS count FROM diary_entries WHERE profile = @profile AND date BETWEEN @from AND @to AND meal = ANY (@meals::text[])',
        { profile, from, to, meals: mealsOf(meals) },
      );
      return row?.count ?? 0;
    },
    summary: async (profile, from, to, meals) => (await read<PeriodSummaryRow>(profile, statements.summary, { from, to, meals: mealsOf(meals) }))[0] as PeriodSummaryRow,
    async diaryRange(profile) {
      const [row] = await query<DiaryRangeRow>('SELECT min(date) AS first_date, max(date) AS last_date, count(*) AS entries FROM diary_entries WHERE profile = @profile', { profile });
      return row as DiaryRangeRow;
    },
    targetDays: (profile, from, to) => read<TargetDaysRow>(profile, statements.targetDays, { from, to }),
    upsertTarget: (target) => upsertTargetOn(database, target),
    async entryCount(profile) {
      const [row] = await database.query<{ n: number }>('SELECT count(*) AS n FROM diary_entries WHERE $1::text IS NULL OR profile = $1', [profile ?? null]);
      return row?.n ?? 0;
    },
  };
}
