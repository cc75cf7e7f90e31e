import { describe, expect, it } from 'vitest';
import type { Status } from '../../../shared/contract.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import type { Services } from '../../../main/app/bootstrap.js';
import { formatStatus } from '../../../main/cli/commands/status.js';
import { createWordHashEmbedder } from '../../helpers/fake-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const open = useServices();

async function statusOf(services: Services): Promise<Status> {
  const result = await services.dispatcher.call('status', {}, { transport: 'cli', role: 'viewer' });
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Status;
}

// The test embedder's vectors have 64 dimensions: a budget of 50 of them.
const fifty = 50 * 64;

describe('status warns when a corpus outgrows the embedded store', () => {
  it('warns for the KB once its vectors pass the limit, and not below it', async () => {
    const dataDir = tempDir();
    const services = await open({ dataDir, embedder: createWordHashEmbedder(), reranker: null, storeComfortValues: fifty });
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
    const status = await statusOf(services);
    const kb = status.corpora.find((corpus) => corpus.corpus === 'kb');
    expect(kb?.vectors).toBeGreaterThan(50);
    expect(status.warnings).toEqual([expect.objectContaining({ code: 'store_size', corpus: 'kb', vectors: kb?.vectors, dimensions: 64, limit: 50 })]);

    const roomy = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null, storeComfortValues: 1_000_000 * 64 });
    await ingestCorpus(roomy, roomy.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect((await statusOf(roomy)).warnings).toEqual([]);
  });

  it("reads the limit from the dimensions of the corpus's space: the same budget holds four times as many 16-d vectors as 64-d ones", async () => {
    const budget = 100 * 64;
    const wide = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder({ dimensions: 64 }), reranker: null, storeComfortValues: budget });
    await ingestCorpus(wide, wide.module('kb') as NonNullable<ReturnType<Services['module']>>);
    const kb = (await statusOf(wide)).corpora.find((corpus) => corpus.corpus === 'kb');
    expect(kb?.vectors).toBeGreaterThan(100);
    expect(kb?.vectors).toBeLessThan(400);
    expect((await statusOf(wide)).warnings).toEqual([expect.objectContaining({ corpus: 'kb', dimensions: 64, limit: 100 })]);

    const narrow = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder({ dimensions: 16 }), reranker: null, storeComfortValues: budget });
    await ingestCorpus(narrow, narrow.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect((await statusOf(narrow)).warnings).toEqual([]);
  });

  it('prints the warning in cita status', async () => {
    const services = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null, storeComfortValues: fifty });
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect(formatStatus(await statusOf(services))).toMatch(/\nwarning: The kb corpus has \d+ vectors of 64 dimensions; past 50 .*PostgreSQL \+ pgvector.*README "PostgreSQL \(teams\)"/);
  });
});
