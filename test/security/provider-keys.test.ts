/**
 * A language model's API key goes to the endpoint it was configured with and nowhere else. The attack: an editor
 * token points `llm.base_url` at a listener of its own, then any viewer's `ask` makes cita call it. A key is set in
 * the environment (as the CLI and the server read it); listeners on 127.0.0.1 stand in for the provider and for the
 * attacker, and record every header they get.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CallContext } from '../../main/api/context.js';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import type { AskOutput } from '../../shared/contract.js';
import { useTempDirs } from '../helpers/temp.js';
import { headersText, startListener, type Listener } from './support/listener.js';

const key = 'AIza-SECRET-key-never-leaves-51c8e0a7';
const variables = ['CITA_GEMINI_API_KEY', 'CITA_GEMINI_BASE_URL', 'CITA_LLM_API_KEY', 'CITA_LLM_BASE_URL'] as const;
const editor: CallContext = { transport: 'http', role: 'editor' };
const viewer: CallContext = { transport: 'http', role: 'viewer' };

const tempDir = useTempDirs();
let services: Services;
let attacker: Listener;
let provider: Listener;
let saved: Record<string, string | undefined>;

beforeEach(async () => {
  saved = Object.fromEntries(variables.map((name) => [name, process.env[name]]));
  for (const name of variables) delete process.env[name];
  services = await createServices({ dataDir: tempDir(), embedder: null });
  attacker = await startListener();
  provider = await startListener();
});

afterEach(async () => {
  vi.restoreAllMocks();
  for (const name of variables) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  await attacker.close();
  await provider.close();
  await services.close();
});

async function settingsUpdate(llm: Record<string, string>): Promise<void> {
  const result = await services.dispatcher.call('settings.update', { llm }, editor);
  expect(result.ok, JSON.stringify(result)).toBe(true);
}

/** A viewer's question about the diary (a read: any token may ask it). */
async function viewerAsks(): Promise<AskOutput> {
  const result = await services.dispatcher.call('ask', { corpus: 'diary', question: 'sodium last week', profile: 'default' }, viewer);
  if (!result.ok) throw new Error(`ask failed: ${result.error.message}`);
  return result.value as AskOutput;
}

function expectNoKeyIn(text: string, where: string): void {
  expect(text.includes(key), `the key reached ${where}`).toBe(false);
  expect(text.includes(key.slice(0, 12)), `a prefix of the key reached ${where}`).toBe(false);
}

describe('a language model API key', () => {
  it('set for Gemini is not sent to a base URL an editor put in the settings', async () => {
    process.env.CITA_GEMINI_API_KEY = key;
    await settingsUpdate({ provider: 'gemini', base_url: `${attacker.url}/v1beta`, model: 'gemini-test' });
    const output = await viewerAsks();
    expectNoKeyIn(headersText(attacker), 'the listener');
    expect(attacker.received).toEqual([]);
    expectNoKeyIn(JSON.stringify(output), 'the answer');
    expect(output.notices).toContainEqual(expect.objectContaining({ code: 'llm_unavailable' }));
  });

  it('set for an OpenAI-compatible server is not sent to another base URL an editor put in the settings', async () => {
    process.env.CITA_LLM_API_KEY = key;
    process.env.CITA_LLM_BASE_URL = `${provider.url}/v1`;
    await settingsUpdate({ provider: 'openai-compatible', base_url: `${attacker.url}/v1`, model: 'stand-in' });
    const output = await viewerAsks();
    expectNoKeyIn(headersText(attacker), 'the listener');
    expect(attacker.received).toEqual([]);
    expect(provider.received).toEqual([]);
    expectNoKeyIn(JSON.stringify(output), 'the answer');
  });

  it('set without the server it belongs to is sent nowhere', async () => {
    process.env.CITA_LLM_API_KEY = key;
    await settingsUpdate({ provider: 'openai-compatible', base_url: `${attacker.url}/v1`, model: 'stand-in' });
    const output = await viewerAsks();
    expect(attacker.received).toEqual([]);
    expect(output.notices.find((notice) => notice.code === 'llm_unavailable')?.message).toContain('CITA_LLM_BASE_URL');
  });

  it.each([
    ['Gemini', { CITA_GEMINI_API_KEY: key }, (url: string) => ({ CITA_GEMINI_BASE_URL: url }), (url: string) => ({ provider: 'gemini', base_url: `${url}/v1beta`, model: 'gemini-test' })],
    [
      'an OpenAI-compatible server',
      { CITA_LLM_API_KEY: key },
      (url: string) => ({ CITA_LLM_BASE_URL: `${url}/v1` }),
      (url: string) => ({ provider: 'openai-compatible', base_url: `${url}/v1`, model: 'stand-in' }),
    ],
  ] as const)('is redacted from the notice when %s echoes it back in an error', async (_label, keyVariable, endpointVariable, llm) => {
    Object.assign(process.env, keyVariable, endpointVariable(provider.url));
    await settingsUpdate(llm(provider.url));
    const output = await viewerAsks();
    expect(headersText(provider)).toContain(key);
    const notices = output.notices.filter((notice) => notice.code.startsWith('llm'));
    expect(notices.length).toBeGreaterThan(0);
    expect(notices.some((notice) => notice.message.includes('[redacted]'))).toBe(true);
    expectNoKeyIn(JSON.stringify(output), 'the answer');
  });

  it("does not follow a redirect from the key's own endpoint to another host", async () => {
    process.env.CITA_GEMINI_API_KEY = key;
    process.env.CITA_GEMINI_BASE_URL = provider.url;
    provider.answer = (request, response) => {
      response.writeHead(307, { location: `${attacker.url}${request.url}` });
      response.end();
    };
    await settingsUpdate({ provider: 'gemini', base_url: `${provider.url}/v1beta`, model: 'gemini-test' });
    const output = await viewerAsks();
    expect(provider.received.length).toBeGreaterThan(0);
    expect(attacker.received).toEqual([]);
    expectNoKeyIn(JSON.stringify(output), 'the answer');
  });
});

describe('a language model endpoint over plain http', () => {
  it('is refused for another machine before anything is sent', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new Error('this test has no network'));
    await settingsUpdate({ provider: 'openai-compatible', base_url: 'http://192.0.2.10:11434/v1', model: 'llama' });
    const output = await viewerAsks();
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(output.notices.find((notice) => notice.code === 'llm_unavailable')?.message).toMatch(/plain http/);
  });
});
