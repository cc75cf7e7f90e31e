import { afterEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { createMemorySecretStore } from '../../../main/core/secrets.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

const editor = { transport: 'ipc', role: 'editor' } as const;

describe('API keys through the contract', () => {
  it('stores a key, reports only that it exists, and forgets it', async () => {
    const store = createMemorySecretStore();
    services = await createServices({ dataDir: tempDir(), embedder: null, secrets: store });
    const key = 'AIzaSyTESTKEY-1234567890';
    expect(await services.dispatcher.call('secrets.set', { name: 'gemini_api_key', value: key }, editor)).toEqual({
      ok: true,
      value: { name: 'gemini_api_key', stored: true },
    });
    expect(store.get('gemini_api_key')).toBe(key);
    const status = await services.dispatcher.call('secrets.status', {}, editor);
    expect(status).toMatchObject({ ok: true, value: { gemini_api_key: true, voyage_api_key: false } });
    expect(JSON.stringify(status)).not.toContain(key);
    await services.dispatcher.call('secrets.set', { name: 'gemini_api_key', value: null }, editor);
    expect(store.get('gemini_api_key')).toBeUndefined();
  });

  it('refuses a malformed key without echoing it and stores nothing', async () => {
    const store = createMemorySecretStore();
    services = await createServices({ dataDir: tempDir(), embedder: null, secrets: store });
    const result = await services.dispatcher.call('secrets.set', { name: 'voyage_api_key', value: 'bad key with spaces' }, editor);
    expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
    expect(JSON.stringify(result)).not.toContain('bad key with spaces');
    expect(store.get('voyage_api_key')).toBeUndefined();
  });

  it('needs the editor role to store a key', async () => {
    services = await createServices({ dataDir: tempDir(), embedder: null, secrets: createMemorySecretStore() });
    const result = await services.dispatcher.call('secrets.set', { name: 'voyage_api_key', value: 'pa-0123456789abcdef' }, { transport: 'http', role: 'viewer' });
    expect(result).toMatchObject({ ok: false, error: { code: 'forbidden' } });
  });
});
