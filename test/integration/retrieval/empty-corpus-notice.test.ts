import { describe, expect, it } from 'vitest';
import type { SearchOutput } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const openServices = useServices();
const tempDir = useTempDirs();

async function noticeCodes(services: Services): Promise<string[]> {
  const result = await services.dispatcher.call('search', { corpus: 'kb', query: 'warfarin and ibuprofen', strategy: 'hybrid', k: 5, rerank: false }, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return (result.value as SearchOutput).notices.map((notice) => notice.code);
}

describe('a search of a corpus with no vectors', () => {
  it('says the corpus is empty, and how to load it, when nothing is loaded; "no vectors yet" once rows wait for another embedder', async () => {
    const dataDir = tempDir();
    // Closed here, before the second opens the same data directory.
    const first = await createServices({ dataDir, embedder: createWordHashEmbedder({ id: 'test:first' }), multilingual: null });
    const empty = await noticeCodes(first);
    expect(empty).toContain('empty_corpus');
    expect(empty).not.toContain('no_vectors');
    await ingestCorpus(first, first.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect(await noticeCodes(first)).not.toContain('empty_corpus');
    await first.close();

    // The same rows under another embedder: they wait for `cita reembed`, which is what the notice says.
    const second = await openServices({ dataDir, embedder: createWordHashEmbedder({ id: 'test:second' }), multilingual: null });
    const waiting = await noticeCodes(second);
    expect(waiting).toContain('no_vectors');
    expect(waiting).not.toContain('empty_corpus');
  });
});
