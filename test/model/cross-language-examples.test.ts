/**
 * Issue 20's two examples with the real models (bge-small-en-v1.5 and USE-multilingual-v3), glossary off:
 * "pescado azul" and "oily fish" put at least 3 oily fish in the foods top 10 (the concept path), and
 * "overdue loan balance" puts Saldo vencido in the catalog top 3.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../shared/contract.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { ingestCorpus } from '../../main/app/ingest.js';
import { modelDir, multilingualDir, realModelTests, realMultilingualTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realModelTests('issue 20 examples') && realMultilingualTests('issue 20 examples');
const tempDir = useTempDirs();

/** IFCT's sardine, hilsa, salmon, mackerels, tunas and anchovies (the list), by their IFCT codes. */
const oilyFish = new Set(['P071', 'P017', 'P068', 'P034', 'P087', 'P084', 'P085', 'P028', 'P003', 'P027']);

describe.runIf(run)('the cross-language examples of issue 20 with the real models', () => {
  let services: Services;

  beforeAll(async () => {
    services = await createServices({ dataDir: tempDir(), modelDir, multilingualDir });
    services.settings.update({ language: { glossary: false } });
    await ingestCorpus(services, services.module('foods')!);
    await ingestCorpus(services, services.module('catalog')!);
  }, 300_000);

  afterAll(async () => {
    await services?.close();
  });

  async function search(corpus: 'foods' | 'catalog', query: string): Promise<SearchOutput> {
    const result = await services.dispatcher.call('search', { corpus, query, k: 10, strategy: 'hybrid' }, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    return result.value as SearchOutput;
  }

  it.each(['pescado azul', 'oily fish'])('"%s" puts at least 3 oily fish in the foods top 10', async (query) => {
    const output = await search('foods', query);
    const oily = output.hits.filter((hit) => oilyFish.has(hit.id));
    expect(oily.length, output.hits.map((hit) => hit.title).join(', ')).toBeGreaterThanOrEqual(3);
  });

  it('"overdue loan balance" puts Saldo vencido in the catalog top 3', async () => {
    const output = await search('catalog', 'overdue loan balance');
    const top3 = output.hits.slice(0, 3).map((hit) => hit.id);
    expect(top3, output.hits.map((hit) => hit.title).join(', ')).toContain('creditos.CRT_SALDO_VENCIDO_MN');
  });
});
