/**
 * The cloud embedders inside the app: chosen by settings, keys from the environment, their own vector spaces,
 * re-embedding paced by the settings, and every failure turned into keyword results with a notice.
 */
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput, Status } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { foodsFormula } from '../../../main/corpora/foods/foods-repository.js';
import { geminiEmbedderId } from '../../../main/embedding/cloud/gemini-embedder.js';
import { voyageEmbedderId } from '../../../main/embedding/cloud/voyage-embedder.js';
import { useTempDirs } from '../../helpers/temp.js';
import { startCloudStandIn, type StandIn } from './cloud-stand-in.js';

const geminiKey = 'AIzaINTEGRATION-gemini-0123456789';
const voyageKey = 'pa-INTEGRATION-voyage-0123456789';
const tempDir = useTempDirs();
const variables = ['CITA_GEMINI_API_KEY', 'CITA_VOYAGE_API_KEY', 'CITA_GEMINI_BASE_URL', 'CITA_VOYAGE_BASE_URL'] as const;
const saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));

let standIn: StandIn;
let services: Services | undefined;

beforeAll(async () => {
  standIn = await startCloudStandIn({ gemini: geminiKey, voyage: voyageKey });
  Object.assign(process.env, {
    CITA_GEMINI_API_KEY: geminiKey,
    CITA_VOYAGE_API_KEY: voyageKey,
    CITA_GEMINI_BASE_URL: standIn.url,
    CITA_VOYAGE_BASE_URL: standIn.url,
  });
});
afterAll(async () => {
  for (const name of variables) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await standIn.close();
});
afterEach(async () => {
  await services?.close();
  services = undefined;
  standIn.mode = 'ok';
  standIn.requests.length = 0;
  standIn.embedded.length = 0;
});

/**
 * Services on a fresh data directory with the IFCT foods loaded (not embedded), no local model and no
 * cross-language path (a re-embed now fills that space too, whose hits would hide what the cloud embedder did).
 */
async function seededServices(): Promise<Services> {
  const dataDir = tempDir();
  services = await createServices({ dataDir, modelDir: join(dataDir, 'no-model'), multilingual: null });
  await services.module('foods')?.ingest?.({});
  return services;
}

async function call<T>(name: Parameters<Services['dispatcher']['call']>[0], input: unknown): Promise<T> {
  const result = await (services as Services).dispatcher.call(name, input, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
  return result.value as T;
}

async function reembedFoods(): Promise<void> {
  const job = await call<{ job: string }>('jobs.start', { kind: 'reembed', corpus: 'foods' });
  const finished = await (services as Services).jobs.wait(job.job);
  expect(finished.state, finished.message).toBe('done');
}

const foodsStatus = async () => (await call<Status>('status', {})).corpora.find((corpus) => corpus.corpus === 'foods');

describe('cloud embedders in the app', () => {
  it('switching embedder leaves the old vectors in their own space; status shows what the new one lacks; re-embed fills it', async () => {
    await seededServices();
    await call('settings.update', { embedder: { provider: 'gemini', cloud_pause_ms: 0 } });
    const status = await call<Status>('status', {});
    expect(status.embedder).toMatchObject({ id: geminiEmbedderId, mode: 'cloud', model_path: null, problem: null });
    const rows = (await foodsStatus())?.rows ?? 0;
    expect(rows).toBeGreaterThan(500);
    expect(await foodsStatus()).toMatchObject({ vectors: 0, missing: rows });

    await reembedFoods();
    expect(await foodsStatus()).toMatchObject({ vectors: rows, missing: 0, stale: 0 });
    // Paced as the settings say: at most 20 texts (the seed's batch) per request.
    const sizes = standIn.requests.map((request) => (request.body as { requests: unknown[] }).requests.length);
    expect(Math.max(...sizes)).toBe(20);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(rows);

    await call('settings.update', { embedder: { provider: 'voyage' } });
    expect((await call<Status>('status', {})).embedder.id).toBe(voyageEmbedderId);
    expect(await foodsStatus()).toMatchObject({ vectors: 0, missing: rows });
    await reembedFoods();
    expect(await foodsStatus()).toMatchObject({ vectors: rows, missing: 0 });

    const { vectors } = services as Services;
    const geminiSpace = vectors.findSpace('foods', geminiEmbedderId, foodsFormula);
    const voyageSpace = vectors.findSpace('foods', voyageEmbedderId, foodsFormula);
    expect(geminiSpace?.dimensions).toBe(768);
    expect(voyageSpace?.dimensions).toBe(1024);
    expect(vectors.count(geminiSpace as NonNullable<typeof geminiSpace>)).toBe(rows);
    expect(vectors.count(voyageSpace as NonNullable<typeof voyageSpace>)).toBe(rows);
  });

  it('embeds the query with the cloud embedder for a hybrid food search', async () => {
    await seededServices();
    await call('settings.update', { embedder: { provider: 'voyage', cloud_pause_ms: 0 } });
    await reembedFoods();
    standIn.requests.length = 0;
    const output = await call<SearchOutput>('search', { corpus: 'foods', query: 'citrus fruit', strategy: 'hybrid' });
    expect(output.embedder).toBe(voyageEmbedderId);
    expect(output.notices).toEqual([]);
    expect(standIn.requests).toHaveLength(1);
    expect(standIn.requests[0]?.body).toMatchObject({ input: ['citrus fruit'], input_type: 'query' });
  });

  it('degrades a query to keyword results with a notice when the key is refused (401), never an error, never the key', async () => {
    await seededServices();
    await call('settings.update', { embedder: { provider: 'gemini', cloud_pause_ms: 0 } });
    await reembedFoods();
    standIn.mode = 'unauthorized';
    const keywordOnly = await call<SearchOutput>('search', { corpus: 'foods', query: 'lime', strategy: 'keyword' });
    const output = await call<SearchOutput>('search', { corpus: 'foods', query: 'lime', strategy: 'hybrid' });
    expect(output.hits.map((hit) => hit.id)).toEqual(keywordOnly.hits.map((hit) => hit.id));
    expect(output.hits.length).toBeGreaterThan(0);
    expect(output.notices).toHaveLength(1);
    expect(output.notices[0]?.code).toBe('embedder_failed');
    expect(output.notices[0]?.message).toContain('Gemini refused the API key (HTTP 401)');
    expect(JSON.stringify(output)).not.toContain(geminiKey);
  });

  it('degrades a query to keyword results when the quota is exhausted (429) or the service times out', async () => {
    await seededServices();
    await call('settings.update', { embedder: { provider: 'voyage', cloud_pause_ms: 0, cloud_timeout_ms: 1000 } });
    await reembedFoods();
    standIn.mode = 'rate-limit';
    const limited = await call<SearchOutput>('search', { corpus: 'foods', query: 'lime', strategy: 'hybrid' });
    expect(limited.notices[0]?.message).toContain('quota exceeded (HTTP 429)');
    standIn.mode = 'hang';
    const slow = await call<SearchOutput>('search', { corpus: 'foods', query: 'lime', strategy: 'vector' });
    expect(slow.hits.length).toBe(0);
    expect(slow.notices[0]?.message).toContain('Voyage did not answer within 1.0 s');
  });

  it('without a key falls back to the local model, and to keyword-only with both reasons when that is missing', async () => {
    await seededServices();
    delete process.env.CITA_VOYAGE_API_KEY;
    try {
      await call('settings.update', { embedder: { provider: 'voyage' } });
      const status = await call<Status>('status', {});
      expect(status.embedder.mode).toBe('keyword-only');
      expect(status.embedder.problem).toContain('no Voyage API key is configured');
      expect(status.embedder.problem).toContain('no model directory');
      const output = await call<SearchOutput>('search', { corpus: 'foods', query: 'lime', strategy: 'hybrid' });
      expect(output.embedder).toBeNull();
      expect(output.notices[0]?.code).toBe('keyword_only');
    } finally {
      process.env.CITA_VOYAGE_API_KEY = voyageKey;
    }
  });
});
