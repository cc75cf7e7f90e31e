import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultSettings, settingsPatchSchema, settingsSchema, type Settings } from '../../../shared/settings.js';
import { AppError } from '../../../main/core/errors.js';
import { createMemorySecretStore, type SecretStore } from '../../../main/core/secrets.js';
import { geminiEmbedderId } from '../../../main/embedding/cloud/gemini-embedder.js';
import { voyageEmbedderId } from '../../../main/embedding/cloud/voyage-embedder.js';
import { embedderThreads, queryWorkers } from '../../../main/embedding/embedder-threads.js';
import { createEmbeddingService } from '../../../main/embedding/embedding-service.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const key = 'test-key-0123456789';

function service(embedder: Partial<Settings['embedder']>, secrets: SecretStore = createMemorySecretStore()) {
  let settings = settingsSchema.parse({ embedder });
  const built = createEmbeddingService({
    modelDir: join(tempDir(), 'no-model-here'),
    settings: () => settings,
    secrets,
    cloudBaseUrls: { gemini: 'http://127.0.0.1:9', voyage: 'http://127.0.0.1:9' },
  });
  return Object.assign(built, { change: (next: Partial<Settings['embedder']>) => (settings = settingsSchema.parse({ embedder: { ...settings.embedder, ...next } })) });
}

describe('the embedder factory', () => {
  it('is keyword-only when the settings switch semantic search off', async () => {
    const embedding = service({ provider: 'none' });
    expect(embedding.describe()).toMatchObject({ id: null, mode: 'keyword-only', problem: 'semantic search is switched off in the settings' });
    expect(await embedding.get()).toBeNull();
  });

  it('is keyword-only, saying why, when the local model is missing', async () => {
    const embedding = service({ provider: 'local' });
    const description = embedding.describe();
    expect(description.mode).toBe('keyword-only');
    expect(description.problem).toContain('no model directory');
    expect(description.problem).toContain('model:fetch');
    expect(await embedding.get()).toBeNull();
  });

  it('uses Gemini when it is chosen and a key is stored, with the pacing from the settings', async () => {
    const embedding = service({ provider: 'gemini', cloud_batch_size: 7, cloud_pause_ms: 1234 }, createMemorySecretStore({ gemini_api_key: key }));
    expect(embedding.describe()).toEqual({ id: geminiEmbedderId, mode: 'cloud', modelPath: null, modelSha256: null, problem: null, choice: { provider: 'gemini', reason: 'settings' } });
    const embedder = await embedding.get();
    expect(embedder?.id).toBe(geminiEmbedderId);
    expect(embedder?.pacing).toEqual({ batchSize: 7, pauseMs: 1234 });
  });

  it('uses Voyage when it is chosen and a key is stored', async () => {
    const embedding = service({ provider: 'voyage' }, createMemorySecretStore({ voyage_api_key: key }));
    expect(embedding.describe().id).toBe(voyageEmbedderId);
    expect((await embedding.get())?.id).toBe(voyageEmbedderId);
  });

  it('falls back to the local model without a key, and says so (keyword-only here, as the model is missing too)', async () => {
    const embedding = service({ provider: 'gemini' }, createMemorySecretStore({ voyage_api_key: key }));
    const description = embedding.describe();
    expect(description.mode).toBe('keyword-only');
    expect(description.problem).toContain('no Gemini API key is configured (set CITA_GEMINI_API_KEY');
    expect(description.problem).toContain('no model directory');
    expect(await embedding.get()).toBeNull();
  });

  it('treats an unreadable key store like a missing key, passing on its reason', () => {
    const broken: SecretStore = {
      ...createMemorySecretStore(),
      get: () => {
        throw new AppError('unavailable', 'Refusing to read /x/secrets.json: its mode is 644');
      },
    };
    const description = service({ provider: 'voyage' }, broken).describe();
    expect(description.mode).toBe('keyword-only');
    expect(description.problem).toContain('Refusing to read /x/secrets.json');
  });

  it('never puts the key in what it describes', () => {
    const embedding = service({ provider: 'gemini' }, createMemorySecretStore({ gemini_api_key: key }));
    expect(JSON.stringify(embedding.describe())).not.toContain(key);
  });

  it('follows a key stored while running, and a change of settings, with a new embedder', async () => {
    const secrets = createMemorySecretStore();
    const embedding = service({ provider: 'voyage' }, secrets);
    expect(embedding.describe().mode).toBe('keyword-only');
    secrets.set('voyage_api_key', key);
    const first = await embedding.get();
    expect(first?.id).toBe(voyageEmbedderId);
    expect(await embedding.get()).toBe(first);
    secrets.set('voyage_api_key', `${key}-rotated`);
    expect(await embedding.get()).not.toBe(first);
    embedding.change({ provider: 'gemini' });
    expect(embedding.describe().mode).toBe('keyword-only');
    secrets.set('gemini_api_key', key);
    expect((await embedding.get())?.id).toBe(geminiEmbedderId);
  });

  it('keeps the shipped defaults: automatic (local q8 on every core up to 4 without a Voyage key), cloud re-embedding 20 per batch with 65 s pauses', () => {
    expect(defaultSettings().embedder).toEqual({ provider: 'auto', dtype: 'q8', threads: 'auto', query_workers: 'auto', cloud_batch_size: 20, cloud_pause_ms: 65_000, cloud_timeout_ms: 15_000 });
  });

  describe('automatic, as the KB decision record has it: Voyage when a Voyage key is stored, the local model otherwise', () => {
    it('uses Voyage once a Voyage key is stored, and the local model again when it is forgotten', async () => {
      const secrets = createMemorySecretStore();
      const embedding = service({ provider: 'auto' }, secrets);
      // The local branch: the model is missing here, so keyword-only, with the local model's reason and no note
      // about a cloud key (not having one is the ordinary case).
      const offline = embedding.describe();
      expect(offline.mode).toBe('keyword-only');
      expect(offline.problem).toContain('no model directory');
      expect(offline.problem).not.toContain('API key');
      secrets.set('voyage_api_key', key);
      expect(embedding.describe()).toEqual({ id: voyageEmbedderId, mode: 'cloud', modelPath: null, modelSha256: null, problem: null, choice: { provider: 'voyage', reason: 'voyage_key' } });
      expect((await embedding.get())?.id).toBe(voyageEmbedderId);
      secrets.delete('voyage_api_key');
      expect(embedding.describe().mode).toBe('keyword-only');
    });

    it('is not switched by a Gemini key, nor when the user chose the local model explicitly', () => {
      expect(service({ provider: 'auto' }, createMemorySecretStore({ gemini_api_key: key })).describe().mode).toBe('keyword-only');
      expect(service({ provider: 'local' }, createMemorySecretStore({ voyage_api_key: key })).describe().mode).toBe('keyword-only');
    });

    it('says what selected the embedder: the stored Voyage key, the missing key, or the choice in the settings', async () => {
      const voyage = service({ provider: 'auto' }, createMemorySecretStore({ voyage_api_key: key }));
      expect(voyage.describe().choice).toEqual({ provider: 'voyage', reason: 'voyage_key' });
      expect((await voyage.get())?.id).toBe(voyageEmbedderId);

      const chosenLocal = service({ provider: 'local' }, createMemorySecretStore({ voyage_api_key: key }));
      expect(chosenLocal.describe().choice).toEqual({ provider: 'local', reason: 'settings' });
      expect(chosenLocal.describe().id).not.toBe(voyageEmbedderId);
      expect(await chosenLocal.get()).toBeNull(); // the local model, missing here; never Voyage

      const noKey = service({ provider: 'auto' });
      expect(noKey.describe().choice).toEqual({ provider: 'local', reason: 'no_voyage_key' });
      expect(await noKey.get()).toBeNull();

      expect(service({ provider: 'none' }, createMemorySecretStore({ voyage_api_key: key })).describe().choice).toEqual({ provider: 'none', reason: 'settings' });
      expect(service({ provider: 'gemini' }).describe().choice).toEqual({ provider: 'local', reason: 'fallback' });
    });

    it('passes on why an unreadable key store kept the local model', () => {
      const broken: SecretStore = {
        ...createMemorySecretStore(),
        get: () => {
          throw new AppError('unavailable', 'Refusing to read /x/secrets.json: its mode is 644');
        },
      };
      expect(service({ provider: 'auto' }, broken).describe().problem).toContain('Refusing to read /x/secrets.json');
    });
  });

  it('takes a thread count of 1 to 64 or auto, nothing else', () => {
    expect(settingsPatchSchema.parse({ embedder: { threads: 3 } })).toEqual({ embedder: { threads: 3 } });
    expect(settingsPatchSchema.parse({ embedder: { threads: 'auto' } })).toEqual({ embedder: { threads: 'auto' } });
    for (const threads of [0, 1.5, 65, 'all']) expect(settingsPatchSchema.safeParse({ embedder: { threads } }).success, String(threads)).toBe(false);
  });

  it('resolves auto to every core up to 4, and a number to itself', () => {
    expect([1, 2, 3, 4, 8, 64].map((cores) => embedderThreads('auto', cores))).toEqual([1, 2, 3, 4, 4, 4]);
    expect(embedderThreads(6, 2)).toBe(6);
  });

  it('takes a query pool of 1 to 16 workers or auto, and resolves auto to one worker (no extra process) until a measurement shows a gain', () => {
    expect(settingsPatchSchema.parse({ embedder: { query_workers: 2 } })).toEqual({ embedder: { query_workers: 2 } });
    for (const workers of [0, 1.5, 17, 'all']) expect(settingsPatchSchema.safeParse({ embedder: { query_workers: workers } }).success, String(workers)).toBe(false);
    // Sized by measurement: the only one (2 cores) found no gain from a second worker, so `auto` is one everywhere.
    expect(queryWorkers('auto')).toBe(1);
    expect(queryWorkers(3)).toBe(3);
  });

  it('says nothing of threads for a cloud embedder', () => {
    const embedding = service({ provider: 'gemini', threads: 3 }, createMemorySecretStore({ gemini_api_key: key }));
    expect(embedding.describe()).not.toHaveProperty('threads');
  });

  it('changes only what a settings patch names (switching provider keeps the pacing the user chose)', () => {
    expect(settingsPatchSchema.parse({ embedder: { provider: 'voyage' } })).toEqual({ embedder: { provider: 'voyage' } });
    expect(settingsPatchSchema.parse({ kb: { strategy: 'keyword' } })).toEqual({ kb: { strategy: 'keyword' } });
  });
});
