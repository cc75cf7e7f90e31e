/**
 * The cross-language path inside real searches (real SQLite, the shipped IFCT rows and catalog), with small
 * deterministic embedders: the "multilingual" one maps a few Spanish words onto their English ones before hashing,
 * so a Spanish query and an English row meet in its space and nowhere else.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();

const spanishToEnglish: Record<string, string> = { litio: 'lithium', toxicidad: 'toxicity', caballa: 'mackerel', sardinas: 'sardine', pulpo: 'octopus', saldo: 'balance', vencido: 'overdue' };

/** A stand-in multilingual embedder: Spanish words of the table become their English word, then words are hashed. */
function fakeMultilingual(): Embedder {
  const inner = createWordHashEmbedder({ id: 'test:fake-multilingual:64' });
  const translate = (text: string) =>
    text
      .toLowerCase()
      .split(/\s+/)
      .map((word) => spanishToEnglish[word] ?? word)
      .join(' ');
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    embedDocuments: (texts, signal) => inner.embedDocuments(texts.map(translate), signal),
    embedQuery: (text, signal) => inner.embedQuery(translate(text), signal),
    close: () => inner.close(),
  };
}

async function seeded(multilingual: Embedder | null, options: { multilingualDir?: string } = {}): Promise<Services> {
  const services = await openServices({
    dataDir: tempDir(),
    embedder: createWordHashEmbedder(),
    ...(options.multilingualDir ? { multilingualDir: options.multilingualDir } : { multilingual }),
  });
  services.settings.update({ language: { glossary: false } });
  await ingestCorpus(services, services.module('foods')!);
  return services;
}

async function search(services: Services, query: string): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'foods', query, k: 10 }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as SearchOutput;
}

describe('the cross-language path in a foods search', () => {
  it('finds the English row of a Spanish word no other path knows, and explains the hit by that path', async () => {
    const services = await seeded(fakeMultilingual());
    // "caballa" (mackerel): no stem or spelling of it reaches an IFCT name ("sardinas" now does, through stemming).
    const output = await search(services, 'caballa');
    const mackerel = output.hits.find((hit) => hit.id === 'P034');
    expect(mackerel, JSON.stringify(output.hits.map((hit) => hit.title))).toBeDefined();
    expect(mackerel?.explain.paths).toContain('multilingual');
    expect(mackerel?.explain.multilingual_distance).toBeTypeOf('number');
    expect(mackerel?.found_by).not.toBe('keyword');
  });

  it('gives the rows vectors in the multilingual space at ingest, and status counts them', async () => {
    const services = await seeded(fakeMultilingual());
    const status = await services.dispatcher.call('status', {}, { transport: 'cli', role: 'viewer' });
    if (!status.ok) throw new Error(status.error.message);
    const value = status.value as { multilingual?: { id: string | null; corpora: Array<{ corpus: string; vectors: number; missing: number }> } };
    expect(value.multilingual?.id).toBe('test:fake-multilingual:64');
    expect(value.multilingual?.corpora.find((corpus) => corpus.corpus === 'foods')).toMatchObject({ vectors: 542, missing: 0 });
  });

  it('gives a food a profile adds its multilingual vector at once', async () => {
    const services = await seeded(fakeMultilingual());
    services.profiles.ensure('ana', 'Ana');
    const added = await services.dispatcher.call('foods.add', { profile: 'ana', name: 'Octopus salad', per100g: { protein: 15 } }, { transport: 'cli', role: 'editor' });
    if (!added.ok) throw new Error(added.error.message);
    const foods = services.module('foods')?.crossLanguage?.counts();
    expect(foods).toMatchObject({ rows: 543, vectors: 543, missing: 0 });
    const result = await services.dispatcher.call('search', { corpus: 'foods', query: 'pulpo', k: 10, profile: 'ana' }, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(result.error.message);
    const titles = (result.value as SearchOutput).hits.filter((hit) => hit.explain.paths.includes('multilingual')).map((hit) => hit.title);
    expect(titles).toEqual(expect.arrayContaining(['Octopus', 'Octopus salad']));
  });

  it('does not run when switched off in the settings, and says nothing about it', async () => {
    const services = await seeded(fakeMultilingual());
    services.settings.update({ language: { cross_language: false } });
    const output = await search(services, 'caballa');
    expect(output.hits.some((hit) => hit.explain.paths.includes('multilingual'))).toBe(false);
    expect(output.notices.map((notice) => notice.code)).not.toContain('cross_language_unavailable');
  });

  it('does not run for a query IFCT reads word for word', async () => {
    const services = await seeded(fakeMultilingual());
    const output = await search(services, 'sardine');
    expect(output.hits[0]?.id).toBe('P071');
    expect(output.hits.some((hit) => hit.explain.paths.includes('multilingual'))).toBe(false);
  });

  it('works as without it, with a notice naming what is missing, when the multilingual model is absent', async () => {
    const services = await seeded(null, { multilingualDir: `${tempDir()}/no-multilingual-model` });
    const output = await search(services, 'caballa');
    expect(output.hits.some((hit) => hit.explain.paths.includes('multilingual'))).toBe(false);
    const notice = output.notices.find((item) => item.code === 'cross_language_unavailable');
    expect(notice?.message).toMatch(/no-multilingual-model/);
    expect(notice?.message).toMatch(/model:fetch -- --only multilingual/);
  });
});

describe('the cross-language path in a clinical KB search', () => {
  async function kbSearch(glossary: boolean): Promise<SearchOutput> {
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), multilingual: fakeMultilingual() });
    services.settings.update({ language: { glossary } });
    await ingestCorpus(services, services.module('kb')!);
    const result = await services.dispatcher.call('search', { corpus: 'kb', query: '¿qué es la toxicidad por litio?', k: 5, rerank: false }, { transport: 'cli', role: 'viewer' });
    if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
    return result.value as SearchOutput;
  }

  it('runs only with the glossary off (with it, the glossary English ranked Spanish questions better)', async () => {
    const withGlossary = await kbSearch(true);
    expect(withGlossary.hits.some((hit) => hit.explain.paths.includes('multilingual'))).toBe(false);
    const without = await kbSearch(false);
    expect(without.hits.some((hit) => hit.explain.paths.includes('multilingual'))).toBe(true);
  });
});
