/**
 * Re-embedding covers the cross-language path's space too: rows loaded before the multilingual model was present,
 * rows whose text changed while the path was off, and a re-embed cancelled half-way all end with one current
 * multilingual vector per row. Real SQLite, the shipped IFCT foods, small deterministic embedders.
 */
import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { Embedder } from '../../../main/embedding/embedder.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const openServices = useServices();
const multilingualId = 'test:fake-multilingual:48';

/** A stand-in multilingual embedder ("caballa" is "mackerel" in its space) that records every text it embeds. */
function fakeMultilingual(onBatch?: (texts: readonly string[]) => void): Embedder & { embedded: string[] } {
  const inner = createWordHashEmbedder({ id: multilingualId, dimensions: 48 });
  const translate = (text: string) => text.toLowerCase().replace(/\bcaballa\b/g, 'mackerel');
  const embedded: string[] = [];
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    embedded,
    async embedDocuments(texts, signal) {
      embedded.push(...texts);
      onBatch?.(texts);
      return inner.embedDocuments(texts.map(translate), signal);
    },
    embedQuery: (text, signal) => inner.embedQuery(translate(text), signal),
    close: () => inner.close(),
  };
}

/** A data directory whose foods were loaded with the main embedder only (no multilingual model at the time). */
async function foodsWithoutCrossLanguageVectors(): Promise<string> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: createWordHashEmbedder(), multilingual: null });
  try {
    await ingestCorpus(services, services.module('foods')!);
  } finally {
    await services.close();
  }
  return dataDir;
}

async function call<T>(services: Services, operation: string, input: unknown, role: 'viewer' | 'editor' = 'editor'): Promise<T> {
  const result = await services.dispatcher.call(operation as never, input as never, { transport: 'cli', role });
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value as T;
}

async function reembed(services: Services, onStarted?: (job: string) => void): Promise<{ state: string; message: string; done: number }> {
  const job = await call<{ job: string }>(services, 'jobs.start', { kind: 'reembed' });
  onStarted?.(job.job);
  return services.jobs.wait(job.job);
}

function crossLanguageCounts(services: Services) {
  return services.module('foods')!.crossLanguage!.counts();
}

describe('re-embedding the cross-language space', () => {
  it('fills the multilingual space of rows loaded before the model was present, and status counts them', async () => {
    const dataDir = await foodsWithoutCrossLanguageVectors();
    const multilingual = fakeMultilingual();
    const services = await openServices({ dataDir, embedder: createWordHashEmbedder(), multilingual });
    services.settings.update({ language: { glossary: false } });
    expect(crossLanguageCounts(services)).toMatchObject({ rows: 542, vectors: 0, missing: 542 });

    const finished = await reembed(services);
    expect(finished.state, finished.message).toBe('done');
    expect(finished.message).toMatch(/foods \(cross-language\): 542 embedded/);

    const status = await call<{ multilingual: { corpora: Array<{ corpus: string; vectors: number; stale: number; missing: number }> } }>(services, 'status', {}, 'viewer');
    expect(status.multilingual.corpora.find((corpus) => corpus.corpus === 'foods')).toMatchObject({ vectors: 542, stale: 0, missing: 0 });
    const output = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'caballa', k: 10 }, 'viewer');
    expect(output.hits.find((hit) => hit.id === 'P034')?.explain.paths).toContain('multilingual');
  });

  it('re-embeds a row whose text changed while the path was off, and only that row', async () => {
    const multilingual = fakeMultilingual();
    const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), multilingual });
    services.settings.update({ language: { glossary: false } });
    await ingestCorpus(services, services.module('foods')!);
    services.profiles.ensure('ana', 'Ana');
    const added = await call<{ code: string }>(services, 'foods.add', { profile: 'ana', name: 'Grilled fish', per100g: { protein: 20 } });
    services.settings.update({ language: { cross_language: false } });
    await call(services, 'foods.update', { profile: 'ana', code: added.code, name: 'Grilled caballa' });
    services.settings.update({ language: { cross_language: true } });
    expect(crossLanguageCounts(services)).toMatchObject({ rows: 543, vectors: 543, stale: 1 });

    multilingual.embedded.length = 0;
    const finished = await reembed(services);
    expect(finished.state, finished.message).toBe('done');
    expect(multilingual.embedded.map((text) => text.trim())).toEqual(['Grilled caballa']);
    expect(crossLanguageCounts(services)).toMatchObject({ vectors: 543, stale: 0, missing: 0 });
    // The new vector is the new text's: "caballa" now finds the renamed food through the path.
    const output = await call<SearchOutput>(services, 'search', { corpus: 'foods', query: 'caballa', k: 10, profile: 'ana' }, 'viewer');
    expect(output.hits.find((hit) => hit.title === 'Grilled caballa')).toBeDefined();
  });

  it('resumes a cancelled re-embed without recomputing a vector it already wrote', async () => {
    const dataDir = await foodsWithoutCrossLanguageVectors();
    let cancel: () => void = () => {};
    const first = fakeMultilingual(() => cancel());
    const services = await openServices({ dataDir, embedder: createWordHashEmbedder(), multilingual: first });
    const stopped = await reembed(services, (job) => {
      cancel = () => void services.jobs.cancel(job);
    });
    expect(stopped.state).toBe('cancelled');
    const afterCancel = crossLanguageCounts(services);
    expect(afterCancel.vectors).toBeGreaterThan(0);
    expect(afterCancel.missing).toBeGreaterThan(0);
    await services.close();

    const second = fakeMultilingual();
    const resumed = await openServices({ dataDir, embedder: createWordHashEmbedder(), multilingual: second });
    const finished = await reembed(resumed);
    expect(finished.state, finished.message).toBe('done');
    expect(second.embedded).toHaveLength(afterCancel.missing);
    expect(crossLanguageCounts(resumed)).toMatchObject({ vectors: 542, stale: 0, missing: 0 });
  });

  it('without the multilingual model, re-embeds the corpus and says why the cross-language space was skipped', async () => {
    const dataDir = tempDir();
    const services = await openServices({ dataDir, embedder: null, multilingual: null });
    await ingestCorpus(services, services.module('foods')!);
    await services.close();
    const reopened = await openServices({ dataDir, embedder: createWordHashEmbedder(), multilingualDir: `${tempDir()}/no-multilingual-model` });
    const finished = await reembed(reopened);
    expect(finished.state, finished.message).toBe('done');
    expect(finished.message).toMatch(/^foods: 542 embedded/);
    expect(finished.message).toMatch(/foods \(cross-language\): skipped \(no cross-language search: .*no-multilingual-model/);
    expect(reopened.module('foods')!.retriever!.counts()).toMatchObject({ vectors: 542, missing: 0 });
  });
});
