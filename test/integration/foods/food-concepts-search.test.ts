/**
 * "pescado azul" / "oily fish" in a real foods search (real SQLite, the shipped IFCT rows, glossary off, a small
 * deterministic embedder): the concept path brings the oily fish no name says, and every such hit says why.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();

/** IFCT's sardine, hilsa, salmon, mackerels, tunas and anchovies: the "oily fish" (by their IFCT codes). */
const oilyFish = new Set(['P071', 'P017', 'P068', 'P034', 'P087', 'P084', 'P085', 'P028', 'P003', 'P027']);

async function seeded(): Promise<Services> {
  const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), multilingual: null });
  services.settings.update({ language: { glossary: false } });
  await ingestCorpus(services, services.module('foods')!);
  return services;
}

async function search(services: Services, query: string, strategy: 'keyword' | 'vector' | 'hybrid' = 'hybrid'): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'foods', query, k: 10, strategy }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as SearchOutput;
}

describe('food concepts in a foods search', () => {
  it.each(['pescado azul', 'oily fish', 'pescado graso'])('"%s" puts at least 3 oily fish in the top 10, each explained', async (query) => {
    const services = await seeded();
    const output = await search(services, query);
    const oily = output.hits.filter((hit) => oilyFish.has(hit.id));
    expect(oily.length, output.hits.map((hit) => hit.title).join(', ')).toBeGreaterThanOrEqual(3);
    for (const hit of oily) {
      expect(hit.explain.paths).toContain('concept');
      expect(hit.explain.concept).toMatch(/^oily fish: .*(UK FSA|fat)/);
      expect(hit.relevance).toBe('strong');
    }
    // The notice counts every member, not only those the top 10 had room for.
    expect(output.notices.find((notice) => notice.code === 'concept')?.message).toMatch(/oily fish.*pescado azul.*: 17 foods/);
  });

  it('leads with the concept when it is the whole query, and only fuses it in when the query says more', async () => {
    const services = await seeded();
    const whole = await search(services, 'oily fish');
    expect(whole.hits.slice(0, 3).every((hit) => hit.explain.paths.includes('concept'))).toBe(true);
    const more = await search(services, 'oily fish curry');
    expect(more.hits.some((hit) => hit.explain.paths.includes('concept'))).toBe(true);
    expect(more.hits.some((hit) => !hit.explain.paths.includes('concept'))).toBe(true);
  });

  it('is off in keyword and vector searches and when switched off in the settings', async () => {
    const services = await seeded();
    for (const strategy of ['keyword', 'vector'] as const) {
      const output = await search(services, 'oily fish', strategy);
      expect(output.hits.some((hit) => hit.explain.paths.includes('concept'))).toBe(false);
    }
    services.settings.update({ foods: { concepts: false } });
    const off = await search(services, 'pescado azul');
    expect(off.hits.some((hit) => hit.explain.paths.includes('concept'))).toBe(false);
    expect(off.notices.map((notice) => notice.code)).not.toContain('concept');
  });
});
