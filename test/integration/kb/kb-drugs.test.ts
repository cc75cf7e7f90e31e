import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KbDrugName } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

describe('kb.drugs: the drug names of the cards, for autocomplete', () => {
  let services: Services;
  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), embedder: null, reranker: null });
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
  }, 120_000);
  afterAll(async () => services?.close());

  async function drugs(): Promise<KbDrugName[]> {
    const result = await services.dispatcher.call('kb.drugs', {}, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    return result.value as KbDrugName[];
  }

  it('lists the generics and classes the cards name, with brands, Spanish names and the cards that name them', async () => {
    const names = await drugs();
    const warfarin = names.find((entry) => entry.name === 'warfarin');
    expect(warfarin).toMatchObject({ kind: 'drug', brands: expect.arrayContaining(['Coumadin']), spanish: expect.arrayContaining(['warfarina']) });
    expect(warfarin?.cards).toContain('ddi-warfarin-nsaids');
    expect(names.find((entry) => entry.name === 'nsaid')?.kind ?? names.find((entry) => entry.kind === 'class')?.kind).toBe('class');
    // Sorted by name, each once, and nothing no card names (the lexicon lists far more medicines than the cards).
    expect(names.map((entry) => entry.name)).toEqual([...new Set(names.map((entry) => entry.name))].sort((a, b) => a.localeCompare(b)));
    expect(names.find((entry) => entry.name === 'isotretinoin')).toBeUndefined();
    expect(names.length).toBeGreaterThan(20);
    // Conditions are not drug names.
    expect(names.every((entry) => entry.kind === 'drug' || entry.kind === 'class')).toBe(true);
  });
});
