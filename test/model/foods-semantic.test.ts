import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { modelDir, realModelTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('foods semantic search');
const tempDir = useTempDirs();

describe.runIf(run)('foods search with the real bge-small model', () => {
  let services: Services;

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), modelDir });
    const counts = await ingestCorpus(services, services.module('foods')!);
    expect(counts.embedded).toBe(542);
  });

  afterAll(async () => {
    await services?.close();
  });

  async function search(query: string, strategy = 'hybrid'): Promise<SearchOutput> {
    const result = await services.dispatcher.call('search', { corpus: 'foods', query, strategy, k: 10 }, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    return result.value as SearchOutput;
  }

  it('reports the local embedder it searched with', async () => {
    const output = await search('leafy greens');
    expect(output.embedder).toMatch(/^local:bge-small-en-v1\.5:384:/);
  });

  it('finds leafy vegetables for "leafy greens", a phrase no food name contains, by meaning alone', async () => {
    // The keyword path finds them too now, through the group "Green Leafy Vegetables": the vector path is tested alone.
    const output = await search('leafy greens', 'vector');
    expect(output.hits.every((hit) => hit.found_by === 'semantic')).toBe(true);
    const leafy = output.hits.filter((hit) => hit.food?.food_group === 'Green Leafy Vegetables');
    expect(leafy.length).toBeGreaterThanOrEqual(5);
  });

  it('finds the four citrus foods for "citrus fruit" in the top 10 of hybrid search', async () => {
    const output = await search('citrus fruit');
    expect(output.hits.map((hit) => hit.id)).toEqual(expect.arrayContaining(['E033', 'E034', 'E047', 'E056']));
  });

  it('keeps keyword hits in front of semantic ones', async () => {
    const output = await search('orange');
    const firstSemantic = output.hits.findIndex((hit) => hit.found_by === 'semantic');
    expect(output.hits[0]?.found_by).toBe('keyword');
    if (firstSemantic >= 0) expect(output.hits.slice(firstSemantic).every((hit) => hit.found_by === 'semantic')).toBe(true);
  });

  it('drops semantic hits beyond max_dist', async () => {
    // No keyword hit for this phrase, so every hit is semantic.
    const loose = await search('sour fruit juice');
    services.settings.update({ foods: { max_dist: 0.05 } });
    const strict = await search('sour fruit juice');
    services.settings.update({ foods: { max_dist: 0.65 } });
    expect(loose.hits.length).toBeGreaterThan(0);
    expect(strict.hits).toHaveLength(0);
  });
});
