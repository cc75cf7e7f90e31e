/**
 * `status` is a read any token may call, a token bound to one profile included. For such a token it names no path
 * on the machine and counts only the rows that profile can see: another profile's private foods do not show, not
 * even as a number.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { startHttpServer, type RunningServer } from '../../main/server/http-server.js';
import { createTokenService, loadOrCreateSecret, type TokenService } from '../../main/server/tokens.js';
import type { Status } from '../../shared/contract.js';
import { repositoryRoot } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { send } from './support/http.js';

const tempDir = useTempDirs();
const editor = { transport: 'cli', role: 'editor' } as const;
let services: Services;
let server: RunningServer;
let tokens: TokenService;
const modelDir = '/nonexistent/models/bge-small-en-v1.5';
const rerankerDir = '/nonexistent/models/reranker';

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir(), modelDir, rerankerDir });
  services.profiles.ensure('alice', 'Alice');
  services.profiles.ensure('bob', 'Bob');
  for (const name of ['Secreto uno', 'Secreto dos', 'Secreto tres']) await services.dispatcher.call('foods.add', { profile: 'bob', name, per100g: { energy_kcal: 1 } }, editor);
  await services.dispatcher.call('foods.add', { profile: 'alice', name: 'Lentejas', per100g: { energy_kcal: 116 } }, editor);
  tokens = createTokenService(loadOrCreateSecret(services.dataDir));
  server = await startHttpServer({ dispatcher: services.dispatcher, tokens, events: services.events, rendererDir: `${repositoryRoot}/dist/renderer`, port: 0 });
});

afterEach(async () => {
  await server.close();
  await services.close();
});

async function statusFor(claims: { role: 'viewer'; profile?: string }): Promise<{ text: string; status: Status }> {
  const reply = await send(server.port, '/api/status', { headers: { Authorization: `Bearer ${await tokens.sign(claims)}` }, body: '{}' });
  expect(reply.status).toBe(200);
  return { text: reply.body, status: (JSON.parse(reply.body) as { value: Status }).value };
}

describe('status for a token bound to one profile', () => {
  it('names no path on the machine', async () => {
    const { text } = await statusFor({ role: 'viewer', profile: 'alice' });
    expect(text).not.toContain(services.dataDir);
    expect(text).not.toContain(modelDir);
    expect(text).not.toContain(rerankerDir);
  });

  it("counts only the foods that profile can see, not another profile's private ones", async () => {
    const unbound = await statusFor({ role: 'viewer' });
    const alice = await statusFor({ role: 'viewer', profile: 'alice' });
    const foods = (status: Status) => status.corpora.find((corpus) => corpus.corpus === 'foods')?.rows;
    expect(foods(unbound.status)).toBe(4);
    expect(foods(alice.status)).toBe(1);
  });
});
