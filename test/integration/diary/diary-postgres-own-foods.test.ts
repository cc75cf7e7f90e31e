/**
 * A profile's own foods and units on the PostgreSQL diary (issue #21). They are kept in the database
 * (migrations/postgres/0008_own_foods.sql) under codes and unit ids it gives, so two servers with data directories of
 * their own, sharing one database, read the same own food under one code: one server adds it, the other logs it, and
 * both show the same name and nutrients in the day, the series, Ask your log and the search. SQLite logs own foods as
 * before.
 */
import { describe, expect, it } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { seedShippedData } from '../../../main/app/seed.js';
import type { DiaryDay, DiaryEntry, DiarySeries, Food, Portion, SearchOutput } from '../../../shared/contract.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { count, withClient } from '../../helpers/postgres-cuts.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { call, diaryServices, entryCount, testToday, value } from './diary-helpers.js';

const run = postgresTests("a profile's own foods on the PostgreSQL diary");
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

async function server(url: string, options: { vectors?: boolean } = {}): Promise<Services> {
  const embedder = options.vectors ? createWordHashEmbedder({ dimensions: 64 }) : null;
  const services = await openServices({ dataDir: tempDir(), embedder, multilingual: null, reranker: null, databaseUrl: url });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'Ana');
  services.profiles.ensure('ben', 'Ben');
  return services;
}

const per100g = (kcal: number) => ({ energy_kcal: kcal, protein: 10, fat: 1, carbohydrate: 60 });
const base = { profile: 'ana', date: testToday, meal: 'lunch' };
const entriesOf = (day: DiaryDay) => day.meals.flatMap((meal) => meal.entries);

describe.runIf(run)("a profile's own foods on the PostgreSQL diary", () => {
  it('one server adds an own food, another with its own data directory logs it: both read the same food', async () => {
    const url = await freshDatabase();
    const [a, b] = [await server(url), await server(url)];
    const granola = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g: per100g(450) });
    const cola = await value<Food>(b, 'foods.add', { profile: 'ana', name: 'Cola', per100g: per100g(40) });
    // The database gives the codes: two foods, two codes, whichever server added them.
    expect(granola.code).toMatch(/^UP\d+$/);
    expect(cola.code).toMatch(/^UP\d+$/);
    expect(cola.code).not.toBe(granola.code);
    expect(await value<Food>(b, 'foods.get', { profile: 'ana', code: granola.code })).toEqual(granola);

    const logged = await value<DiaryEntry>(b, 'diary.add', { ...base, food: granola.code, grams: 50 });
    expect(logged).toMatchObject({ food: { code: granola.code, name: 'Granola casera', owner: 'ana' }, grams: 50, nutrients: { energy_kcal: 225, protein: 5 } });
    await value<DiaryEntry>(a, 'diary.add', { ...base, meal: 'dinner', food: cola.code, grams: 330 });
    const onA = await value<DiaryDay>(a, 'diary.day', { profile: 'ana', date: testToday });
    const onB = await value<DiaryDay>(b, 'diary.day', { profile: 'ana', date: testToday });
    expect(onA).toEqual(onB);
    expect(entriesOf(onA).map((entry) => entry.food.name)).toEqual(['Granola casera', 'Cola']);
    expect(onA.totals.nutrients.energy_kcal).toBeCloseTo(225 + 132, 9);

    const series = { profile: 'ana', date_from: testToday, date_to: testToday, nutrients: ['energy_kcal', 'protein'] };
    expect(await value<DiarySeries>(a, 'diary.series', series)).toEqual(await value<DiarySeries>(b, 'diary.series', series));
    const question = { corpus: 'diary', profile: 'ana', question: 'what did I eat today?', today: testToday };
    const answerA = await value<{ answer: string }>(a, 'ask', question);
    expect(answerA.answer).toContain('Granola casera');
    expect(await value(b, 'ask', question)).toEqual(await value(a, 'ask', question));

    // A change through one server is what the other reads next.
    await value<Food>(b, 'foods.update', { profile: 'ana', code: granola.code, name: 'Granola de avena' });
    expect(entriesOf(await value<DiaryDay>(a, 'diary.day', { profile: 'ana', date: testToday }))[0]?.food.name).toBe('Granola de avena');

    // A CSV and the recent foods, through either server.
    const csv = `date,meal,food_code,grams\n${testToday},snack,${granola.code},30\n`;
    expect(await value(a, 'diary.import', { profile: 'ana', csv })).toMatchObject({ added: 1 });
    const recent = await value<{ recent: Array<{ food: Food }> }>(b, 'diary.recent', { profile: 'ana', limit: 5 });
    expect(recent.recent.map((item) => item.food.code)).toEqual([granola.code, cola.code]);
    expect(await count(url, 'diary_entries')).toBe(3);
  });

  it('an unknown own food, or another profile’s, is one line and nothing is written', async () => {
    const url = await freshDatabase();
    const [a, b] = [await server(url), await server(url)];
    const granola = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g: per100g(450) });
    expect(await call(b, 'diary.add', { ...base, food: 'UP999999', grams: 50 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No food with code "UP999999" is visible to profile "ana".' },
    });
    expect(await call(b, 'diary.add', { ...base, profile: 'ben', food: granola.code, grams: 50 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: `No food with code "${granola.code}" is visible to profile "ben".` },
    });
    const csv = `date,meal,food_code,grams\n${testToday},lunch,A015,80\n${testToday},dinner,UP999999,100\n`;
    expect(await call(b, 'diary.import', { profile: 'ana', csv })).toMatchObject({ ok: false, error: { code: 'invalid_input', details: [expect.stringMatching(/^line 3: .*UP999999/)] } });
    expect(await count(url, 'diary_entries')).toBe(0);
  });

  it('one server adds an own unit, the other logs and changes entries in it', async () => {
    const url = await freshDatabase();
    const [a, b] = [await server(url), await server(url)];
    const katori = await value<Portion>(a, 'foods.portions.add', { profile: 'ana', code: 'B013', name: 'katori', grams: 150 });
    expect(katori).toMatchObject({ own: true, grams: 150 });
    expect(katori.id).toBeGreaterThan(1_000_000_000);
    expect((await value<Portion[]>(b, 'foods.portions', { profile: 'ana', code: 'B013' })).at(-1)).toEqual(katori);
    expect(await value<Portion[]>(b, 'foods.portions', { profile: 'ben', code: 'B013' })).not.toContainEqual(katori);

    const entry = await value<DiaryEntry>(b, 'diary.add', { ...base, food: 'B013', portion: { id: katori.id, quantity: 2 } });
    expect(entry).toMatchObject({ grams: 300, portion: { id: katori.id, name: { en: 'katori' }, quantity: 2, grams_each: 150 } });
    expect(entriesOf(await value<DiaryDay>(a, 'diary.day', { profile: 'ana', date: testToday }))).toEqual([entry]);
    expect(await value<DiaryEntry>(a, 'diary.update', { profile: 'ana', id: entry.id, portion: { id: katori.id, quantity: 1 } })).toMatchObject({ grams: 150 });
    // Another profile's unit is not this one's.
    expect(await call(b, 'diary.add', { ...base, profile: 'ben', food: 'B013', portion: { id: katori.id, quantity: 1 } })).toMatchObject({ ok: false, error: { code: 'not_found' } });
  });

  it('the search of either server finds an own food added through the other, by keyword and by vector', async () => {
    const url = await freshDatabase();
    const [a, b] = [await server(url, { vectors: true }), await server(url, { vectors: true })];
    const search = async (services: Services, query: string, strategy: string, profile = 'ana') =>
      (await value<SearchOutput>(services, 'search', { corpus: 'foods', query, k: 5, strategy, profile })).hits.map((hit) => hit.id);
    expect(await search(b, 'zanahoriaquesadilla', 'keyword')).toEqual([]);
    const own = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Zanahoriaquesadilla', brand: 'Casa', per100g: per100g(200) });
    expect(await search(b, 'zanahoriaquesadilla', 'keyword')).toEqual([own.code]);
    expect((await search(b, 'zanahoriaquesadilla casa', 'vector'))[0]).toBe(own.code);
    // Another profile's search does not see it.
    expect(await search(b, 'zanahoriaquesadilla', 'keyword', 'ben')).toEqual([]);
    // Renamed through one server: the other's next search finds it by its new name only.
    await value<Food>(a, 'foods.update', { profile: 'ana', code: own.code, name: 'Remolachatortilla' });
    expect(await search(b, 'remolachatortilla', 'keyword')).toEqual([own.code]);
    expect(await search(b, 'zanahoriaquesadilla', 'keyword')).toEqual([]);
    expect(await search(b, 'zanahoriaquesadilla casa', 'vector', 'ben')).not.toContain(own.code);

    // A rename committed after a later add took its revision from the sequence before that add's: the count and the
    // highest revision are as they were, and the other server must still see the new name. Done here by hand: the
    // later food's revision is raised first (b reads it), then the rename takes a revision below it.
    const later = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Berenjenapizza', per100g: per100g(150) });
    await withClient(url, (client) => client.query('UPDATE own_foods SET revision = revision + 1000 WHERE code = $1', [later.code]));
    expect(await search(b, 'berenjenapizza', 'keyword')).toEqual([later.code]);
    await withClient(url, (client) => client.query("UPDATE own_foods SET name = 'Calabacinarepa', revision = revision + 1 WHERE code = $1", [own.code]));
    expect(await search(b, 'calabacinarepa', 'keyword')).toEqual([own.code]);
  });
});

describe.runIf(run)("the demo's packaged foods on PostgreSQL", () => {
  it('are embedded there by the seed, counted by status, and found by a vector search through another server', async () => {
    const url = await freshDatabase();
    const a = await server(url, { vectors: true });
    const seeded = await seedShippedData(a, { demo: true, today: testToday });
    expect(seeded.demo.diary).toMatchObject({ foods: 7 });
    const status = await value<{ corpora: Array<{ corpus: string; rows: number; vectors: number; stale: number; missing: number; store?: string }> }>(a, 'status', {});
    expect(status.corpora.find((corpus) => corpus.corpus === 'foods (own)')).toEqual({
      corpus: 'foods (own)',
      rows: 7,
      vectors: 7,
      stale: 0,
      missing: 0,
      store: expect.stringMatching(/^PostgreSQL postgres:\/\//),
    });
    // Profiles are each data directory's: the other server has one called demo too.
    const b = await server(url, { vectors: true });
    b.profiles.ensureDemo('demo', 'Demo');
    const hits = (await value<SearchOutput>(b, 'search', { corpus: 'foods', query: 'Sopa instantánea de fideos', k: 3, strategy: 'vector', profile: 'demo' })).hits;
    expect(hits[0]).toMatchObject({ title: 'Sopa instantánea de fideos (Maruchan)', source: 'profile:demo' });
    expect(hits[0]?.id).toMatch(/^UP\d+$/);
    // Removed through one server (demo.remove), gone from the other's keyword index at its next search.
    const keyword = async () =>
      (await value<SearchOutput>(b, 'search', { corpus: 'foods', query: 'Maruchan', k: 3, strategy: 'keyword', profile: 'demo' })).hits
        .filter((hit) => hit.source === 'profile:demo')
        .map((hit) => hit.id);
    expect(await keyword()).toEqual([hits[0]?.id]);
    await value(a, 'demo.remove', {});
    expect(await keyword()).toEqual([]);
  });
});

describe("a profile's own foods on the SQLite diary", () => {
  it('are logged as before', async () => {
    const services = await diaryServices(tempDir());
    services.profiles.ensure('ana', 'Ana');
    const granola = await value<Food>(services, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g: per100g(450) });
    expect(granola.code).toMatch(/^U\d+$/);
    const katori = await value<Portion>(services, 'foods.portions.add', { profile: 'ana', code: 'B013', name: 'katori', grams: 150 });
    expect(await call(services, 'diary.add', { ...base, food: granola.code, grams: 100 })).toMatchObject({ ok: true, value: { food: { code: granola.code } } });
    expect(await call(services, 'diary.add', { ...base, food: 'B013', portion: { id: katori.id, quantity: 1 } })).toMatchObject({ ok: true, value: { grams: 150 } });
    expect(await call(services, 'diary.add', { ...base, food: 'U999999', grams: 50 })).toEqual({
      ok: false,
      error: { code: 'not_found', message: 'No food with code "U999999" is visible to profile "ana".' },
    });
    expect(entryCount(services, 'ana')).toBe(2);
    await services.close();
  });
});
