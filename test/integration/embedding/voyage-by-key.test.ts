/**
 * The KB decision record's embedder factory through the app: a stored Voyage key selects Voyage unless the user chose
 * a provider in the settings, `status` says which and why, and an unreachable Voyage leaves search working. Every
 * Voyage call goes to a local stand-in or to a closed local port; nothing here reaches the network.
 */
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchOutput, Status } from '../../../shared/contract.js';
import { createServices, type ServiceOptions, type Services } from '../../../main/app/bootstrap.js';
import { ingestCorpus } from '../../../main/app/ingest.js';
import { formatStatus } from '../../../main/cli/commands/status.js';
import { createMemorySecretStore } from '../../../main/core/secrets.js';
import { openDatabase } from '../../../main/db/connection.js';
import { voyageEmbedderId } from '../../../main/embedding/cloud/voyage-embedder.js';
import { useServices } from '../../helpers/services.js';
import { useTempDirs } from '../../helpers/temp.js';
import { startCloudStandIn, type StandIn } from './cloud-stand-in.js';

const voyageKey = 'pa-INTEGRATION-voyage-by-key-0123456789';
const tempDir = useTempDirs();
const open = useServices();
const saved = process.env.CITA_VOYAGE_BASE_URL;
// A local port nothing listens on (one the system just freed): the connection is refused at once, as with no network.
let unreachable: string;
let standIn: StandIn;

async function freedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  standIn = await startCloudStandIn({ voyage: voyageKey });
  unreachable = `http://127.0.0.1:${await freedPort()}`;
  process.env.CITA_VOYAGE_BASE_URL = unreachable;
});
afterAll(async () => {
  if (saved === undefined) delete process.env.CITA_VOYAGE_BASE_URL;
  else process.env.CITA_VOYAGE_BASE_URL = saved;
  await standIn.close();
});

/** Services without local models (so "local" shows as keyword-only) and with the given keys. */
function services(dataDir: string, keys: { voyage_api_key?: string } = {}): Promise<Services> {
  const options: ServiceOptions = { dataDir, modelDir: join(dataDir, 'no-model'), reranker: null, multilingual: null, secrets: createMemorySecretStore(keys) };
  return open(options);
}

async function call<T>(app: Services, name: Parameters<Services['dispatcher']['call']>[0], input: unknown): Promise<T> {
  const result = await app.dispatcher.call(name, input, { transport: 'cli', role: 'editor' });
  if (!result.ok) throw new Error(`${name} failed: ${result.error.message}`);
  return result.value as T;
}

/** The notices about the embedder (the reranker is absent in these tests, and says so). */
function embedderNotices(output: SearchOutput): SearchOutput['notices'] {
  return output.notices.filter((notice) => notice.code !== 'reranker_unavailable');
}

/** A data directory whose settings were saved before "auto" existed: every section whole, the embedder "local". */
function directorySavedBeforeAutomatic(): string {
  const dataDir = tempDir();
  const db = openDatabase(join(dataDir, 'cita.sqlite'), { upTo: 13 });
  db.prepare("INSERT INTO settings (section, value) VALUES ('embedder', ?), ('ui', ?)").run(
    JSON.stringify({ provider: 'local', dtype: 'q8', threads: 'auto', cloud_batch_size: 20, cloud_pause_ms: 65_000, cloud_timeout_ms: 15_000 }),
    JSON.stringify({ language: 'es', theme: 'system' }),
  );
  db.close();
  return dataDir;
}

describe('a stored Voyage key selects Voyage for the KB unless the user chose otherwise', () => {
  it('selects Voyage on a directory whose user never chose, and says why in status', async () => {
    const app = await services(directorySavedBeforeAutomatic(), { voyage_api_key: voyageKey });
    const status = await call<Status>(app, 'status', {});
    expect(status.embedder).toMatchObject({ id: voyageEmbedderId, mode: 'cloud', problem: null, choice: { provider: 'voyage', reason: 'voyage_key' } });
    expect(formatStatus(status)).toContain('\nselected: Voyage (a Voyage key is stored)\n');
    expect(JSON.stringify(status)).not.toContain(voyageKey);
  });

  it('keeps the local model the user chose in the settings, with the key stored, across a restart', async () => {
    const dataDir = tempDir();
    // Closed here, before the restart, so not through useServices.
    const app = await createServices({ dataDir, modelDir: join(dataDir, 'no-model'), reranker: null, multilingual: null, secrets: createMemorySecretStore({ voyage_api_key: voyageKey }) });
    await call(app, 'settings.update', { embedder: { provider: 'local' } });
    const status = await call<Status>(app, 'status', {});
    expect(status.embedder.choice).toEqual({ provider: 'local', reason: 'settings' });
    expect(status.embedder.id).not.toBe(voyageEmbedderId);
    expect(formatStatus(status)).toContain('\nselected: local (chosen in settings)\n');
    await app.close();
    const reopened = await services(dataDir, { voyage_api_key: voyageKey });
    expect((await call<Status>(reopened, 'status', {})).embedder.choice).toEqual({ provider: 'local', reason: 'settings' });
  });

  it('uses the local model without a key, saying it was automatic', async () => {
    const status = await call<Status>(await services(directorySavedBeforeAutomatic()), 'status', {});
    expect(status.embedder.choice).toEqual({ provider: 'local', reason: 'no_voyage_key' });
    expect(formatStatus(status)).toContain('\nselected: local (automatic: no Voyage key is stored)\n');
  });

  it('switches when a key is stored while running, and back when it is forgotten', async () => {
    const app = await services(tempDir());
    expect((await call<Status>(app, 'status', {})).embedder.choice?.provider).toBe('local');
    await call(app, 'secrets.set', { name: 'voyage_api_key', value: voyageKey });
    expect((await call<Status>(app, 'status', {})).embedder).toMatchObject({ id: voyageEmbedderId, choice: { provider: 'voyage', reason: 'voyage_key' } });
    await call(app, 'secrets.set', { name: 'voyage_api_key', value: null });
    expect((await call<Status>(app, 'status', {})).embedder.choice).toEqual({ provider: 'local', reason: 'no_voyage_key' });
  });
});

describe('with a Voyage key and Voyage unreachable, KB search still answers', () => {
  it('before the KB has Voyage vectors: keyword results, a notice to re-embed, and no call to Voyage', async () => {
    const app = await services(tempDir(), { voyage_api_key: voyageKey });
    await call(app, 'settings.update', { embedder: { cloud_pause_ms: 0, cloud_timeout_ms: 1000 } });
    const counts = await ingestCorpus(app, app.module('kb') as NonNullable<ReturnType<Services['module']>>);
    expect(counts.embedded).toBe(0);
    standIn.requests.length = 0;
    process.env.CITA_VOYAGE_BASE_URL = standIn.url;
    let output: SearchOutput;
    try {
      output = await call<SearchOutput>(app, 'search', { corpus: 'kb', query: 'warfarin and ibuprofen', strategy: 'hybrid' });
    } finally {
      process.env.CITA_VOYAGE_BASE_URL = unreachable;
    }
    expect(standIn.requests).toEqual([]);
    expect(output.hits.length).toBeGreaterThan(0);
    expect(output.embedder).toBe(voyageEmbedderId);
    expect(embedderNotices(output).map((notice) => notice.code)).toEqual(['no_vectors']);
    expect(embedderNotices(output)[0]?.message).toContain('run "cita reembed"');
  });

  it('after a re-embed with Voyage: keyword results with a notice naming Voyage when it cannot be reached, never an error', async () => {
    const app = await services(tempDir(), { voyage_api_key: voyageKey });
    await call(app, 'settings.update', { embedder: { cloud_pause_ms: 0, cloud_timeout_ms: 1000 } });
    process.env.CITA_VOYAGE_BASE_URL = standIn.url;
    try {
      const counts = await ingestCorpus(app, app.module('kb') as NonNullable<ReturnType<Services['module']>>);
      expect(counts.embedded).toBeGreaterThan(0);
      const online = await call<SearchOutput>(app, 'search', { corpus: 'kb', query: 'warfarin and ibuprofen', strategy: 'hybrid' });
      expect(embedderNotices(online)).toEqual([]);
    } finally {
      process.env.CITA_VOYAGE_BASE_URL = unreachable;
    }
    const keywordOnly = await call<SearchOutput>(app, 'search', { corpus: 'kb', query: 'lithium toxicity', strategy: 'keyword' });
    const offline = await call<SearchOutput>(app, 'search', { corpus: 'kb', query: 'lithium toxicity', strategy: 'hybrid' });
    expect(offline.hits.map((hit) => hit.id)).toEqual(keywordOnly.hits.map((hit) => hit.id));
    expect(offline.hits.length).toBeGreaterThan(0);
    expect(embedderNotices(offline).map((notice) => notice.code)).toEqual(['embedder_failed']);
    expect(embedderNotices(offline)[0]?.message).toMatch(/Voyage could not be reached \(.*ECONNREFUSED/);
    expect(JSON.stringify(offline)).not.toContain(voyageKey);
  });
});
