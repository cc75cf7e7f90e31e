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

describe('status warns when a corpus outgrows the embedded store', () => {
  it('warns for the KB once its vectors pass the limit, and not below it', async () => {
    const dataDir = tempDir();
    const services = await open({ dataDir, embedder: createWordHashEmbedder(), reranker: null, storeComfortVectors: 50 });
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
    const status = await statusOf(services);
    const kb = status.corpora.find((corpus) => corpus.corpus === 'kb');
    expect(kb?.vectors).toBeGreaterThan(50);
    expect(status.warnings).toEqual([expect.objectContaining({ code: 'store_size', corpus: 'kb', vectors: kb?.vectors, limit: 50 })]);

    const roomy = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null, storeComfortVectors: 1_000_000 });
    await ingestCorpus(roomy, roomy.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect((await statusOf(roomy)).warnings).toEqual([]);
  });

  it('prints the warning in cita status', async () => {
    const services = await open({ dataDir: tempDir(), embedder: createWordHashEmbedder(), reranker: null, storeComfortVectors: 50 });
    await ingestCorpus(services, services.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect(formatStatus(await statusOf(services))).toMatch(/\nwarning: The kb corpus has \d+ vectors; past 50 .*PostgreSQL/);
  });
});
