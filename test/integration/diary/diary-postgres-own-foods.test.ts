/**
 * A profile's own foods and units on the PostgreSQL diary (issue #21). Their codes are local to one data directory
 * (an own food is `U<row id>`, an own unit a row id): two servers with data directories of their own, sharing one
 * database, give the same code to different foods, so an entry of one would read as the other's food. Until foods
 * move to PostgreSQL, logging one is refused in one line and nothing is written; shipped foods and units, whose
 * codes every data directory shares, are logged and read the same by both servers. SQLite logs own foods as before.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import type { DiaryDay, DiaryEntry, Food, Portion } from '../../../shared/contract.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, testToday, value } from './diary-helpers.js';

const run = postgresTests("a profile's own foods on the PostgreSQL diary");
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

async function server(url: string): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'Ana');
  return services;
}

const per100g = (kcal: number) => ({ energy_kcal: kcal, protein: 1, fat: 1, carbohydrate: 1 });
const refused = (what: RegExp) => ({
  ok: false,
  error: {
    code: 'conflict',
    message: expect.stringMatching(
      new RegExp(
        `^${what.source}, and a profile's own foods and units cannot be logged yet while the diary is on PostgreSQL: their codes belong to one data directory \\(issue #21\\); nothing was written\\.$`,
      ),
    ),
  },
});
const base = { profile: 'ana', date: testToday, meal: 'lunch' };

describe.runIf(run)("a profile's own foods on the PostgreSQL diary", () => {
  it('two data directories give one own-food code to different foods: logging it is refused, nothing is written', async () => {
    const url = await freshDatabase();
    const [a, b] = [await server(url), await server(url)];
    const granola = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g: per100g(450) });
    const cola = await value<Food>(b, 'foods.add', { profile: 'ana', name: 'Cola', per100g: per100g(40) });
    expect(cola.code).toBe(granola.code);

    expect(await call(a, 'diary.add', { ...base, food: granola.code, grams: 100 })).toEqual(refused(new RegExp(`Food "${granola.code}" is profile "ana"'s own`)));
    const csv = `date,meal,food_code,grams\n${testToday},lunch,A015,80\n${testToday},dinner,${granola.code},100\n`;
    expect(await call(a, 'diary.import', { profile: 'ana', csv })).toMatchObject(refused(/Food "U\d+" is profile "ana"'s own/));
    expect(await count(url, 'diary_entries')).toBe(0);
    expect(await count(url, 'diary_imports')).toBe(0);

    // A shipped food reads the same on both servers.
    const entry = await value<DiaryEntry>(a, 'diary.add', { ...base, food: 'A015', grams: 80 });
    const onB = await value<DiaryDay>(b, 'diary.day', { profile: 'ana', date: testToday });
    expect(onB.meals.flatMap((meal) => meal.entries)).toEqual([entry]);
  });

  it("a profile's own unit is refused on an add and on an update; the shipped units still log", async () => {
    const url = await freshDatabase();
    const services = await server(url);
    const katori = await value<Portion>(services, 'foods.portions.add', { profile: 'ana', code: 'B013', name: 'katori', grams: 150 });
    const ownUnit = new RegExp(`The unit ${katori.id} of "B013" is profile "ana"'s own`);
    expect(await call(services, 'diary.add', { ...base, food: 'B013', portion: { id: katori.id, quantity: 1 } })).toEqual(refused(ownUnit));
    expect(await count(url, 'diary_entries')).toBe(0);

    const entry = await value<DiaryEntry>(services, 'diary.add', { ...base, food: 'B013', grams: 80 });
    expect(await call(services, 'diary.update', { profile: 'ana', id: entry.id, portion: { id: katori.id, quantity: 2 } })).toEqual(refused(ownUnit));
    const day = await value<DiaryDay>(services, 'diary.day', { profile: 'ana', date: testToday });
    expect(day.meals.flatMap((meal) => meal.entries)).toEqual([entry]);

    const [shipped] = await value<Portion[]>(services, 'foods.portions', { profile: 'ana', code: 'B013' });
    expect(shipped?.own).toBe(false);
    expect(await call(services, 'diary.update', { profile: 'ana', id: entry.id, portion: { id: shipped?.id, quantity: 1 } })).toMatchObject({ ok: true, value: { portion: { id: shipped?.id } } });
  });
});

describe("a profile's own foods on the SQLite diary", () => {
  it('are logged as before: the refusal is the PostgreSQL diary’s only', async () => {
    const services = await diaryServices(tempDir());
    services.profiles.ensure('ana', 'Ana');
    const granola = await value<Food>(services, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g: per100g(450) });
    const katori = await value<Portion>(services, 'foods.portions.add', { profile: 'ana', code: 'B013', name: 'katori', grams: 150 });
    expect(await call(services, 'diary.add', { ...base, food: granola.code, grams: 100 })).toMatchObject({ ok: true, value: { food: { code: granola.code } } });
    expect(await call(services, 'diary.add', { ...base, food: 'B013', portion: { id: katori.id, quantity: 1 } })).toMatchObject({ ok: true, value: { grams: 150 } });
    expect(entryCount(services, 'ana')).toBe(2);
    await services.close();
  });
});
