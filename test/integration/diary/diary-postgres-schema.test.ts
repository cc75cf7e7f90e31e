/**
 * The PostgreSQL diary's own checks (migrations/postgres/0004_diary.sql), as diary-schema.test.ts has them for
 * SQLite: a row with an impossible date, an unknown meal or grams out of range is refused by the database itself,
 * whatever wrote it, and in a session whose time zone is not UTC (a date check that went through a timestamp with a
 * time zone would shift or refuse days there).
 */
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../../main/db/postgres/postgres-database.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { withClient } from '../../helpers/postgres-cuts.js';
import { nutrientKeys } from '../../../shared/nutrients.js';

const run = postgresTests('the PostgreSQL diary schema');
const freshDatabase = usePostgresDatabases();

/** A fresh database with cita's schema, and `work` on a session in `timeZone`. */
async function inTimeZone(timeZone: string, work: (client: pg.Client) => Promise<void>): Promise<void> {
  const url = await freshDatabase();
  await (await openPostgres(url)).close();
  await withClient(url, async (client) => {
    await client.query(`SET TIME ZONE '${timeZone}'`);
    await work(client);
  });
}

/** The SQLSTATE the statement failed with, or 'ok'. */
async function outcome(client: pg.Client, text: string, values: unknown[]): Promise<string> {
  try {
    await client.query(text, values);
    return 'ok';
  } catch (error) {
    return String((error as { code?: unknown }).code);
  }
}

const insertEntry = "INSERT INTO diary_entries (profile, date, meal, food_code, grams) VALUES ('ana', $1, $2, 'A015', $3)";
const insertTarget = "INSERT INTO diary_targets (profile, nutrient, amount, effective_from) VALUES ('ana', 'sodium', 2000, $1)";

describe.runIf(run)('the PostgreSQL diary schema', () => {
  for (const timeZone of ['Pacific/Apia', 'America/Havana', 'Asia/Kathmandu']) {
    it(`refuses impossible dates, unknown meals and grams out of range, and takes every real day, in ${timeZone}`, async () => {
      await inTimeZone(timeZone, async (client) => {
        expect((await client.query<{ zone: string }>("SELECT current_setting('TimeZone') AS zone")).rows[0]?.zone).toBe(timeZone);
        const refused: [string, string, number][] = [
          ['1999-12-31', 'lunch', 10],
          ['2100-01-01', 'lunch', 10],
          ['2026-7-2', 'lunch', 10],
          ['2024-1-01', 'lunch', 10],
          ['2026-07-02', 'brunch', 10],
          ['2026-07-02', 'Lunch', 10],
          ['2026-07-02', 'lunch', 0],
          ['2026-07-02', 'lunch', -1],
          ['2026-07-02', 'lunch', 5001],
        ];
        for (const row of refused) expect(await outcome(client, insertEntry, row), row.join(' ')).toBe('23514');
        // Not a day at all: the date cast refuses it (22008) before the check compares it; the contract refuses it first.
        expect(await outcome(client, insertEntry, ['2026-02-30', 'lunch', 10])).toMatch(/^(23514|22008)$/);
        for (const date of ['1999-12-31', '2100-01-01', '2024-1-01']) expect(await outcome(client, insertTarget, [date]), date).toBe('23514');

        // Days a time zone skips (Apia's 2011-12-30, Havana's midnight of 2024-03-10) are diary days like any other.
        const taken: [string, string, number][] = [
          ['2000-01-01', 'breakfast', 0.1],
          ['2011-12-30', 'lunch', 10],
          ['2024-03-10', 'dinner', 10],
          ['2024-02-29', 'snack', 10],
          ['2099-12-31', 'lunch', 5000],
        ];
        for (const row of taken) expect(await outcome(client, insertEntry, row), row.join(' ')).toBe('ok');
        for (const date of ['2011-12-30', '2024-03-10']) expect(await outcome(client, insertTarget, [date]), date).toBe('ok');
        const { rows } = await client.query<{ date: string }>('SELECT date FROM diary_entries ORDER BY date');
        expect(rows.map((row) => row.date)).toEqual(taken.map(([date]) => date).sort());
      });
    });
  }

  it("keeps a profile's own foods with a column for every nutrient, codes UP<n> and unit ids above the shipped ones (0008_own_foods.sql)", async () => {
    const url = await freshDatabase();
    await (await openPostgres(url)).close();
    await withClient(url, async (client) => {
      const columns = (
        await client.query<{ name: string }>("SELECT column_name AS name FROM information_schema.columns WHERE table_name = 'own_foods' AND data_type = 'double precision' ORDER BY ordinal_position")
      ).rows;
      expect(columns.map((column) => column.name)).toEqual([...nutrientKeys]);
      const food = (code: string, kcal: number) =>
        outcome(client, "INSERT INTO own_foods (id, code, owner, name, source, embed_text, embed_hash, energy_kcal) OVERRIDING SYSTEM VALUE VALUES ($1, $2, 'ana', 'Pan', 'user', 'Pan ', 'h', $3)", [
          Number(code.replace(/\D/g, '')) || 1,
          code,
          kcal,
        ]);
      expect(await food('U5', 100)).toBe('23514');
      expect(await food('A015', 100)).toBe('23514');
      expect(await food('UP7', -1)).toBe('23514');
      expect(await food('UP7', 100)).toBe('ok');
      const unit = "INSERT INTO own_food_portions (food_code, owner, name_en, name_es, grams) VALUES ('UP7', 'ana', $1, $1, $2) RETURNING id";
      expect(await outcome(client, unit, ['rebanada', 0])).toBe('23514');
      const { rows } = await client.query<{ id: string }>(unit, ['rebanada', 35]);
      expect(Number(rows[0]?.id)).toBeGreaterThan(1_000_000_000);
      expect(await outcome(client, unit, ['rebanada', 40])).toBe('23505');
    });
  });
});
