import { describe, expect, it } from 'vitest';
import type { Food, SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();

async function seeded(embedder: Embedder | null): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder });
  services.profiles.ensure('ana', 'Ana');
  services.profiles.ensure('bea', 'Bea');
  await ingestCorpus(services, services.module('foods')!);
  return services;
}

async function call<T>(services: Services, name: string, input: unknown): Promise<T> {
  const result = await services.dispatcher.call(name, input, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

function foodCount(services: Services): number {
  return (services.db.prepare('SELECT count(*) AS n FROM foods').get() as { n: number }).n;
}

describe('foods catalog', () => {
  it('loads the IFCT 2017 base with its codes, idempotently', async () => {
    const services = await seeded(null);
    expect(foodCount(services)).toBe(542);
    const orange = await call<Food>(services, 'foods.get', { code: 'E047' });
    expect(orange).toMatchObject({ name: 'Orange, pulp', owner: null, source: 'IFCT 2017' });
    expect(orange.per100g.energy_kj).toBe(156);
    expect(orange.per100g.energy_kcal).toBeCloseTo(156 / 4.184, 1);
    expect(orange.per100g.vitamin_c).toBeCloseTo(42.72, 2);
    const coconutOil = await call<Food>(services, 'foods.get', { code: 'T001' });
    expect(coconutOil.per100g.fat).toBe(100);
    expect(coconutOil.per100g.energy_kcal).toBeUndefined();
    const again = await ingestCorpus(services, services.module('foods')!);
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 542 });
  });

  it('answers keyword search with IFCT codes as ids and accent-folded matching', async () => {
    const services = await seeded(null);
    await call(services, 'foods.add', { profile: 'ana', name: 'Limón criollo', per100g: { vitamin_c: 50 } });
    for (const query of ['LIMÓN criollo', 'limon criollo', 'Limón Criollo']) {
      const output = await call<SearchOutput>(services, 'search', { corpus: 'foods', query, strategy: 'keyword', profile: 'ana' });
      expect(output.hits.map((hit) => hit.title)).toEqual(['Limón criollo']);
    }
    const lemon = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'lemon', strategy: 'keyword' });
    expect(lemon.hits.map((hit) => hit.id)).toContain('E033');
    expect(lemon.hits[0]?.found_by).toBe('keyword');
  });

  it('finds IFCT foods by their scientific, Indian-language and English names and food group, name matches first', async () => {
    const services = await seeded(null);
    const codes = async (query: string) => (await call<SearchOutput>(services, 'search', { corpus: 'foods', query, strategy: 'keyword', k: 10 })).hits.map((hit) => hit.id);
    // No IFCT name says "citrus": the four citrus foods are found through "Citrus …" and the group "Fruits".
    expect((await codes('citrus fruit')).slice(0, 4).sort()).toEqual(['E033', 'E034', 'E047', 'E056']);
    expect(await codes('santra')).toContain('E047');
    expect((await codes('eggplant'))[0]).toMatch(/^D0/);
    expect(await codes('Citrus limon')).toEqual(['E033']);
    // A language tag is not a word: "Tam." and "H." before the names match nothing by themselves.
    expect(await codes('tam')).not.toContain('E047');
    const rice = await codes('rice');
    expect(rice[0]).toMatch(/^A01[1-5]$/);
    const orange = await call<Food>(services, 'foods.get', { code: 'E047' });
    expect(orange.scientific_name).toBe('Citrus aurantium');
    expect(orange.local_names).toContain('H. Santra');
    expect(orange.local_names).not.toContain('[');
  });

  it('calls a word that is only the start of a longer name a near spelling, not a match', async () => {
    const services = await seeded(null);
    const search = (query: string) => call<SearchOutput>(services, 'search', { corpus: 'foods', query, strategy: 'keyword', k: 10 });
    // "beer" is only the start of the Telugu "Beera kaya" (ridge gourd): weak, and nothing strong means refused.
    const beer = await search('beer');
    expect(beer.hits.map((hit) => hit.id)).toContain('D068');
    expect(beer.hits.every((hit) => hit.relevance === 'weak')).toBe(true);
    expect(beer.refused).toBe(true);
    // The whole word is still a strong match.
    const gourd = await search('ridge gourd');
    expect(gourd.hits[0]?.relevance).toBe('strong');
    expect(gourd.refused).toBe(false);
  });

  it('searches a Spanish query also in English, after what the words themselves found, and says so', async () => {
    const services = await seeded(null);
    const search = (query: string, profile = 'default') => call<SearchOutput>(services, 'search', { corpus: 'foods', query, strategy: 'keyword', k: 10, profile });
    const liver = await search('hígado de pollo');
    expect(liver.hits[0]?.id).toBe('N005');
    expect(liver.notices.find((notice) => notice.code === 'translated')?.message).toContain('hígado → liver, pollo → chicken');
    // A profile's own Spanish-named food comes before what the translation adds.
    await call(services, 'foods.add', { profile: 'ana', name: 'Queso fresco de cabra', per100g: { sodium: 600 } });
    const cheese = await search('queso', 'ana');
    expect(cheese.hits[0]?.title).toBe('Queso fresco de cabra');
    expect(cheese.hits.map((hit) => hit.id)).toContain('L003');
    // The translation ("paneer") is English and is looked up in English only: under the Spanish stemmer "paneer" is
    // "pan", the Hindi local name of betel leaves (C010, C011), which came back as strong keyword hits.
    const paneer = await search('queso');
    expect(paneer.hits[0]?.id).toBe('L003');
    expect(paneer.hits.map((hit) => hit.id)).not.toContain('C011');
    expect(paneer.hits.filter((hit) => hit.relevance === 'strong').map((hit) => hit.id)).toEqual(['L003']);
    // An English query is searched as typed, with no notice.
    const english = await search('chicken liver');
    expect(english.hits[0]?.id).toBe('N005');
    expect(english.notices.filter((notice) => notice.code === 'translated')).toEqual([]);
  });

  it("reads a misspelt food word as the name word it slips from, first and strong, and says so; never as a profile's own food", async () => {
    const services = await seeded(null);
    const search = (query: string, profile = 'default') => call<SearchOutput>(services, 'search', { corpus: 'foods', query, strategy: 'keyword', k: 10, profile });
    // A profile's own food exists before the first search reads the names: it must still never be a reading.
    await call(services, 'foods.add', { profile: 'ana', name: 'Zarzuelita casera', per100g: { energy_kcal: 200 } });
    // A blind user trial: "chiken" put Quinoa and Pear first, "bananna" found bananas but called them weak.
    const chicken = await search('chiken');
    expect(chicken.hits[0]?.title).toMatch(/chicken/i);
    expect(chicken.hits[0]?.relevance).toBe('strong');
    expect(chicken.refused).toBe(false);
    expect(chicken.notices.find((notice) => notice.code === 'spelling')?.message).toBe('No food name has "chiken": searched as "chicken".');
    const banana = await search('bananna');
    expect(banana.hits[0]?.title).toMatch(/^Banana/);
    expect(banana.hits[0]?.relevance).toBe('strong');
    // A word of the names, or one letter for another, is searched as typed.
    expect((await search('mutton')).notices.map((notice) => notice.code)).not.toContain('spelling');
    // Another profile's own food name is never what a word is read as.
    expect((await search('zarzuelitta', 'bea')).notices.map((notice) => notice.code)).not.toContain('spelling');
    // Plurals of name words and English words are searched as typed (the word list of the word-list package).
    expect((await search('bananas')).notices.map((notice) => notice.code)).not.toContain('spelling');
    expect((await search('triple chocolate')).notices.map((notice) => notice.code)).not.toContain('spelling');
  });

  it("lets a profile find its own foods and the shared base, never another profile's", async () => {
    const services = await seeded(createWordHashEmbedder());
    await call(services, 'foods.add', { profile: 'ana', name: 'Pan integral', brand: 'Bimbo', per100g: { energy_kcal: 250, sodium: 450 } });
    const ana = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'pan integral', profile: 'ana' });
    const bea = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'pan integral', profile: 'bea' });
    expect(ana.hits[0]?.title).toBe('Pan integral (Bimbo)');
    expect(ana.hits[0]?.source).toBe('profile:ana');
    expect(bea.hits.some((hit) => hit.food?.owner === 'ana')).toBe(false);
    const beaVector = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'pan integral bimbo', profile: 'bea', strategy: 'vector', k: 50 });
    expect(beaVector.hits.some((hit) => hit.food?.owner === 'ana')).toBe(false);
    const code = ana.hits[0]?.id as string;
    await expect(call(services, 'foods.get', { profile: 'bea', code })).rejects.toThrow(/not_found/);
    await expect(call(services, 'foods.update', { profile: 'bea', code, name: 'mine now' })).rejects.toThrow(/not_found/);
  });

  it('fills with semantic hits only below 8 keyword hits, after the keyword ones', async () => {
    const services = await seeded(createWordHashEmbedder());
    const many = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'fish', k: 10 });
    expect(many.hits.every((hit) => hit.found_by === 'keyword')).toBe(true);
    const few = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'orange pulp juice', k: 10 });
    const kinds = few.hits.map((hit) => hit.found_by);
    expect(kinds.indexOf('semantic')).toBeGreaterThan(-1);
    expect(kinds.slice(0, kinds.indexOf('semantic')).every((kind) => kind === 'keyword')).toBe(true);
    expect(new Set(few.hits.map((hit) => hit.id)).size).toBe(few.hits.length);
  });

  it('degrades to keyword results with a notice when the embedder fails', async () => {
    const services = await seeded(createWordHashEmbedder({ failQueries: true }));
    const output = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'orange pulp' });
    expect(output.hits.map((hit) => hit.id)).toContain('E047');
    expect(output.notices.map((notice) => notice.code)).toContain('embedder_failed');
  });

  it('reports keyword-only mode with embedder null and a notice', async () => {
    const services = await seeded(null);
    // Fewer than 8 keyword hits, so the semantic path would have filled in.
    const output = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'orange pulp' });
    expect(output.embedder).toBeNull();
    expect(output.notices.map((notice) => notice.code)).toContain('keyword_only');
    expect(output.hits.length).toBeGreaterThan(0);
  });

  it('still finds a food without a vector by keyword', async () => {
    const services = await seeded(null);
    await call(services, 'foods.add', { profile: 'ana', name: 'Queso fresco', per100g: { sodium: 600 } });
    const output = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'queso', profile: 'ana' });
    expect(output.hits[0]?.title).toBe('Queso fresco');
  });

  it('marks an edited food stale and re-embeds only it', async () => {
    const embedder = createWordHashEmbedder();
    const services = await seeded(embedder);
    const food = await call<Food>(services, 'foods.add', { profile: 'ana', name: 'Yogur', per100g: { protein: 4 } });
    const before = embedder.calls.documents;
    await call(services, 'foods.update', { profile: 'ana', code: food.code, name: 'Yogur griego' });
    expect(embedder.calls.documents).toBe(before + 1);
    expect(services.module('foods')!.retriever!.counts()).toMatchObject({ stale: 0, missing: 0 });
  });

  it('refuses bad food input and writes nothing', async () => {
    const services = await seeded(null);
    const before = foodCount(services);
    for (const input of [
      { name: '   ', per100g: {} },
      { name: 'Sal', per100g: { sodium: 'a lot' } },
      { name: 'Sal', per100g: { sodium: -1 } },
      { name: 'Sal', per100g: { sodium: Number.POSITIVE_INFINITY } },
      { name: 'Sal', per100g: { salt: 5 } },
      { name: 'Sal', per100g: { protein: 150 } },
      { name: 'x'.repeat(10_000), per100g: {} },
    ]) {
      const result = await services.dispatcher.call('foods.add', input, { transport: 'cli', role: 'editor' });
      expect(result.ok, JSON.stringify(input).slice(0, 60)).toBe(false);
      if (!result.ok) expect(result.error.code).toBe('invalid_input');
    }
    await expect(call(services, 'foods.add', { profile: 'nobody', name: 'Sal', per100g: {} })).rejects.toThrow(/not_found/);
    expect(foodCount(services)).toBe(before);
  });

  it('refuses an empty, oversized or unknown-strategy query', async () => {
    const services = await seeded(null);
    for (const input of [
      { corpus: 'foods', query: '' },
      { corpus: 'foods', query: 'a'.repeat(10_240) },
      { corpus: 'foods', query: 'rice', strategy: 'magic' },
      { corpus: 'recipes', query: 'rice' },
    ]) {
      const result = await services.dispatcher.call('search', input, { transport: 'cli', role: 'viewer' });
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    }
  });
});
