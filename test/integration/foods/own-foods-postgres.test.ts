/**
 * The foods side of the profiles' own foods on PostgreSQL (issue #21, README "Own foods there"): what the store hands
 * out by id, what a search reads after this server's own writes, what an add embeds, and a search while the database
 * does not answer. The SQLite store is held to the same visibility.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type { Services } from '../../../main/app/bootstrap.js';
import { exportProfile, importProfile } from '../../../main/app/profile-transfer.js';
import { seedShippedData } from '../../../main/app/seed.js';
import { createFoodsStore } from '../../../main/corpora/foods/foods-stores.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import type { Food, SearchOutput } from '../../../shared/contract.js';
import { call, value } from '../diary/diary-helpers.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { postgresTests, usePostgresDatabases } from '../../helpers/postgres.js';
import { useServices } from '../../helpers/services.js';
import { cuttableRoute } from '../../helpers/tcp-relay.js';
import { useTempDirs } from '../../helpers/temp.js';

const run = postgresTests('the foods side of own foods on PostgreSQL');
const tempDir = useTempDirs();
const openServices = useServices();
const freshDatabase = usePostgresDatabases();

/** Services with the IFCT foods and two profiles, keyword-only unless given an embedder; own foods on PostgreSQL when given a URL. */
async function server(url?: string, embedder: Embedder | null = null): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder, multilingual: null, reranker: null, ...(url ? { databaseUrl: url } : {}) });
  await services.module('foods')?.ingest?.({});
  services.profiles.ensure('ana', 'Ana');
  services.profiles.ensure('ben', 'Ben');
  return services;
}

const per100g = { energy_kcal: 450, protein: 10, fat: 1, carbohydrate: 60 };

/** Another profile's own food asked for by id is not handed out; the profile's own and the shipped ones are. */
async function checkVisibleByIds(services: Services): Promise<void> {
  const store = createFoodsStore(services);
  const granola = await value<Food>(services, 'foods.add', { profile: 'ana', name: 'Granola casera', per100g });
  const own = await store.visibleByCode('ana', granola.code);
  const shipped = await store.visibleByCode('ben', 'A015');
  if (!own || !shipped) throw new Error('the foods just added or shipped are not visible');
  const ids = [own.id, shipped.id];
  const codes = async (profile: string) => [...(await store.visibleByIds(profile, ids)).values()].map((row) => row.code).sort();
  expect(await codes('ana')).toEqual(['A015', granola.code].sort());
  expect(await codes('ben')).toEqual(['A015']);
}

/** The codes a keyword search of `profile` finds. */
async function keywordCodes(services: Services, query: string, profile = 'ana'): Promise<string[]> {
  return (await value<SearchOutput>(services, 'search', { corpus: 'foods', query, k: 5, strategy: 'keyword', profile })).hits.map((hit) => hit.id);
}

/** Counts the statements that read every own food back (the keyword index's reload) from here on. */
function countReloads(services: Services): () => number {
  if (!services.postgres) throw new Error('these services have no PostgreSQL');
  const query = vi.spyOn(services.postgres, 'query');
  const before = query.mock.calls.length;
  return () => query.mock.calls.slice(before).filter(([text]) => / FROM own_foods ORDER BY id\b/.test(text)).length;
}

describe.runIf(run)('own foods on PostgreSQL, the foods side', () => {
  it("hands out a food by id only to a profile that may see it: another profile's own food is left out", async () => {
    await checkVisibleByIds(await server(await freshDatabase()));
  });

  it("a search after this server's own add or change reads nothing back; after another server's, it reads and finds it", async () => {
    const url = await freshDatabase();
    const [a, b] = [await server(url), await server(url)];
    expect(await keywordCodes(a, 'zanahoriaquesadilla')).toEqual([]);
    const reloads = countReloads(a);
    const own = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Zanahoriaquesadilla', per100g });
    expect(await keywordCodes(a, 'zanahoriaquesadilla')).toEqual([own.code]);
    await value<Food>(a, 'foods.update', { profile: 'ana', code: own.code, name: 'Remolachatortilla' });
    expect(await keywordCodes(a, 'remolachatortilla')).toEqual([own.code]);
    expect(await keywordCodes(a, 'zanahoriaquesadilla')).toEqual([]);
    expect(reloads()).toBe(0);

    const other = await value<Food>(b, 'foods.add', { profile: 'ana', name: 'Berenjenapizza', per100g });
    expect(await keywordCodes(a, 'berenjenapizza')).toEqual([other.code]);
    expect(reloads()).toBe(1);
    // Another server's write, then this one's: the signature this server holds is not the database's, so it reads.
    await value<Food>(b, 'foods.update', { profile: 'ana', code: other.code, name: 'Calabacinarepa' });
    await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Pimientopaella', per100g });
    expect(await keywordCodes(a, 'calabacinarepa')).toEqual([other.code]);
    expect(reloads()).toBe(2);
  });
});

/** The `foods (own)` line of `status`: the own foods on PostgreSQL and their vectors under the server's embedder. */
async function ownFoodsStatus(services: Services): Promise<{ rows: number; vectors: number; missing: number } | undefined> {
  const status = await value<{ corpora: Array<{ corpus: string; rows: number; vectors: number; missing: number }> }>(services, 'status', {});
  const line = status.corpora.find((corpus) => corpus.corpus === 'foods (own)');
  return line && { rows: line.rows, vectors: line.vectors, missing: line.missing };
}

describe.runIf(run)('embedding own foods on PostgreSQL', () => {
  it('an add embeds the food it adds, not the other own foods still without a vector', async () => {
    const url = await freshDatabase();
    const keywordOnly = await server(url);
    await value<Food>(keywordOnly, 'foods.add', { profile: 'ben', name: 'Granola casera', per100g });
    const embedder = createWordHashEmbedder();
    const a = await server(url, embedder);
    const before = embedder.calls.documents;
    const own = await value<Food>(a, 'foods.add', { profile: 'ana', name: 'Zanahoriaquesadilla', brand: 'Casa', per100g });
    expect(embedder.calls.documents - before).toBe(1);
    expect(await ownFoodsStatus(a)).toEqual({ rows: 2, vectors: 1, missing: 1 });
    const hits = await value<SearchOutput>(a, 'search', { corpus: 'foods', query: 'zanahoriaquesadilla casa', k: 3, strategy: 'vector', profile: 'ana' });
    expect(hits.hits[0]?.id).toBe(own.code);
    // The rest wait for `cita seed` or `cita reembed`, which embed every own food without a vector.
    await seedShippedData(a, { demo: false });
    expect(await ownFoodsStatus(a)).toEqual({ rows: 2, vectors: 2, missing: 0 });
  });

  it('a profile import embeds the own foods it brings, once committed', async () => {
    const sqlite = await server();
    for (const name of ['Pan de masa madre', 'Mermelada casera']) await value<Food>(sqlite, 'foods.add', { profile: 'ana', name, per100g });
    const directory = join(tempDir(), 'export');
    await exportProfile(sqlite, 'ana', directory);
    const url = await freshDatabase();
    const a = await server(url, createWordHashEmbedder());
    expect(await importProfile(a, 'eva', directory)).toMatchObject({ foods: 2 });
    expect(await ownFoodsStatus(a)).toEqual({ rows: 2, vectors: 2, missing: 0 });
    const hits = await value<SearchOutput>(a, 'search', { corpus: 'foods', query: 'mermelada casera', k: 3, strategy: 'vector', profile: 'eva' });
    expect(hits.hits[0]).toMatchObject({ title: 'Mermelada casera', source: 'profile:eva' });
  });
});

describe.runIf(run)('a food search while the own foods’ database does not answer', () => {
  it('gives the shipped foods by every strategy, first saying the own foods could not be read', async () => {
    const route = await cuttableRoute(await freshDatabase());
    const services = await server(route.url, createWordHashEmbedder());
    await seedShippedData(services, { demo: false });
    const own = await value<Food>(services, 'foods.add', { profile: 'ana', name: 'Rice pudding casero', per100g });
    const search = (query: string, strategy: string) => value<SearchOutput>(services, 'search', { corpus: 'foods', query, k: 50, strategy, profile: 'ana' });
    expect((await search('rice', 'keyword')).hits.map((hit) => hit.id)).toContain(own.code);

    await route.cut();
    for (const [query, strategy] of [
      ['rice', 'keyword'],
      ['rice pudding', 'vector'],
      ['rice', 'hybrid'],
      ['oily fish', 'hybrid'],
    ] as const) {
      const output = await search(query, strategy);
      expect(output.notices[0], `${query} by ${strategy}`).toEqual({
        code: 'own_foods_unavailable',
        message: 'Your own foods could not be read (the PostgreSQL database does not answer): these results are the shipped foods only.',
      });
      expect(output.hits.length, `${query} by ${strategy}`).toBeGreaterThan(0);
      expect(output.hits.filter((hit) => hit.source !== 'IFCT 2017')).toEqual([]);
    }
    // The concept path still reads its members from the shipped foods.
    expect((await search('oily fish', 'hybrid')).notices.map((notice) => notice.code)).toContain('concept');
    // What needs the database still fails, as one line.
    expect(await call(services, 'foods.add', { profile: 'ana', name: 'Arroz con leche', per100g })).toMatchObject({ ok: false, error: { code: 'unavailable' } });
  });
});

describe('own foods on SQLite, the foods side', () => {
  it("hands out a food by id only to a profile that may see it: another profile's own food is left out", async () => {
    await checkVisibleByIds(await server());
  });
});
