/**
 * The manuals' cross-language path: a Spanish question meets the English passages and summaries in the
 * multilingual space, fused by RRF with the other paths, flat and in the tree; an English question does not run it.
 * A stand-in multilingual embedder reads a few Spanish words as their English ones.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

const glossary: Record<string, string> = { estantes: 'shelves', postes: 'posts', piezas: 'pieces', esmaltadas: 'glazed', horno: 'kiln', tapa: 'lid' };

function fakeMultilingual(): Embedder {
  const inner = createWordHashEmbedder({ id: 'test:fake-multilingual:48', dimensions: 48 });
  const translate = (text: string) => text.toLowerCase().replace(/\p{L}+/gu, (word) => glossary[word] ?? word);
  return {
    id: inner.id,
    dimensions: inner.dimensions,
    embedDocuments: (texts, signal) => inner.embedDocuments(texts.map(translate), signal),
    embedQuery: (text, signal) => inner.embedQuery(translate(text), signal),
    close: () => inner.close(),
  };
}

async function servicesWithManual(multilingual: Embedder | null): Promise<Services> {
  const folder = join(tempDir(), 'manuals');
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    join(folder, 'kiln-manual.md'),
    '---\ntitle: Kiln manual\nsource_name: Test publisher\nsource_url: https://example.org/kiln\n---\n\n' +
      '## Firing\n\nBisque firing reaches cone 04 over eight hours. Glaze firing climbs faster after red heat. Never open the lid above two hundred degrees. Let it cool a full day.\n\n' +
      '## Loading\n\nRest shelves on three posts so they never rock. Keep glazed pieces a finger apart. Wipe glaze off every foot. Stilts hold pieces glazed underneath.\n\n' +
      '## Wiring\n\nThe elements draw thirty amperes on a dedicated circuit. An electrician checks the breaker every year. Replace a sagging element before it touches a shelf.\n',
  );
  const services = await openServices({ dataDir: tempDir(), embedder: createWordHashEmbedder(), multilingual });
  await ingestCorpus(services, services.module('manuals')!, { from: folder });
  return services;
}

async function search(services: Services, input: Record<string, unknown>): Promise<SearchOutput> {
  const result = await services.dispatcher.call('search', { corpus: 'manuals', ...input }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as SearchOutput;
}

const spanish = '¿Cómo se colocan los estantes sobre los postes y las piezas esmaltadas dentro del horno?';

describe("the manuals' cross-language path", () => {
  it('finds the English section of a Spanish question, flat and in the tree, through the multilingual space', async () => {
    const services = await servicesWithManual(fakeMultilingual());
    const status = (await services.dispatcher.call('status', {}, { transport: 'cli', role: 'viewer' })) as {
      ok: true;
      value: { multilingual: { corpora: Array<{ corpus: string; vectors: number; missing: number }> } };
    };
    for (const name of ['manuals', 'manual-sections']) expect(status.value.multilingual.corpora.find((corpus) => corpus.corpus === name)).toMatchObject({ vectors: 3, missing: 0 });

    const flat = await search(services, { query: spanish, k: 5 });
    expect(flat.hits[0]?.manual?.section_key).toBe('kiln-manual#Loading');
    expect(flat.hits[0]?.explain.paths).toContain('multilingual');
    const tree = await search(services, { query: spanish, k: 5, tree_branches: 1 });
    expect(tree.hits.map((hit) => hit.manual?.section_key)).toEqual(['kiln-manual#Loading']);
    expect(tree.hits[0]?.explain.paths).toContain('multilingual');

    const english = await search(services, { query: 'How do I rest the shelves on their posts?', k: 5 });
    expect(english.hits.flatMap((hit) => hit.explain.paths)).not.toContain('multilingual');
  });
});
