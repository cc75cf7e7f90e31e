import { request } from 'node:http';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { startHttpServer, type RunningServer } from '../../../main/server/http-server.js';
import { createTokenService, loadOrCreateSecret, type TokenService } from '../../../main/server/tokens.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
let services: Services;
let server: RunningServer;
let tokens: TokenService;

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir() });
  tokens = createTokenService(loadOrCreateSecret(services.dataDir));
  server = await startHttpServer({
    dispatcher: services.dispatcher,
    tokens,
    events: services.events,
    rendererDir: `${repositoryRoot}/dist/renderer`,
    port: 0,
    maxBodyBytes: 10_000,
    maxAuthFailuresPerMinute: 5,
  });
});

afterEach(async () => {
  await server.close();
  await services.close();
});

interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A raw HTTP request, so Host and Origin can be forged like an attacker would. */
function send(path: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const outgoing = request({ host: '127.0.0.1', port: server.port, path, method: options.method ?? 'POST', headers: { 'Content-Type': 'application/json', ...options.headers } }, (response) => {
      let body = '';
      response.on('data', (chunk) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    outgoing.on('error', reject);
    outgoing.end(options.body ?? '{}');
  });
}

describe('the local HTTP API', () => {
  it('listens on 127.0.0.1 only', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('answers an operation for a valid token', async () => {
    const token = await tokens.sign({ role: 'viewer' });
    const reply = await send('/api/status', { headers: { Authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(200);
    expect(JSON.parse(reply.body)).toMatchObject({ ok: true, value: { app: { schema_version: expect.any(Number) } } });
  });

  it('refuses a missing, forged or expired token', async () => {
    expect((await send('/api/status')).status).toBe(401);
    const other = createTokenService(new Uint8Array(32).fill(7));
    const forged = await other.sign({ role: 'editor' });
    expect((await send('/api/status', { headers: { Authorization: `Bearer ${forged}` } })).status).toBe(401);
    // Minted five minutes ago to live one: expired now, beyond the minute of clock tolerance.
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() - 300_000 });
    const expired = await tokens.sign({ role: 'editor' }, 60);
    vi.useRealTimers();
    expect((await send('/api/status', { headers: { Authorization: `Bearer ${expired}` } })).status).toBe(401);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const unsigned = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ role: 'editor', iss: 'cita', aud: 'cita-local-api', iat: now, exp: now + 60 })}.`;
    expect((await send('/api/status', { headers: { Authorization: `Bearer ${unsigned}` } })).status).toBe(401);
  });

  it('lets a viewer read but not write', async () => {
    const viewer = await tokens.sign({ role: 'viewer' });
    const write = await send('/api/settings.update', { headers: { Authorization: `Bearer ${viewer}` }, body: '{"foods":{"max_dist":0.5}}' });
    expect(write.status).toBe(403);
    const editor = await tokens.sign({ role: 'editor' });
    const allowed = await send('/api/settings.update', { headers: { Authorization: `Bearer ${editor}` }, body: '{"foods":{"max_dist":0.5}}' });
    expect(allowed.status).toBe(200);
    expect(services.settings.get().foods.max_dist).toBe(0.5);
  });

  it('refuses a foreign Host header (DNS rebinding) and a foreign Origin', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const rebinding = await send('/api/status', { headers: { Authorization: `Bearer ${token}`, Host: `evil.example:${server.port}` } });
    expect(rebinding.status).toBe(403);
    const crossOrigin = await send('/api/status', { headers: { Authorization: `Bearer ${token}`, Origin: 'https://evil.example' } });
    expect(crossOrigin.status).toBe(403);
    expect(crossOrigin.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('refuses an oversized body and malformed JSON without changing anything', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const big = await send('/api/settings.update', { headers: { Authorization: `Bearer ${token}` }, body: JSON.stringify({ llm: { model: 'x'.repeat(20_000) } }) });
    expect(big.status).toBe(413);
    const garbled = await send('/api/settings.update', { headers: { Authorization: `Bearer ${token}` }, body: '{"ui":' });
    expect(garbled.status).toBe(400);
    expect(services.settings.get().llm.model).toBe('');
  });

  it('slows down repeated failed authentications without locking out a valid token', async () => {
    for (let attempt = 0; attempt < 5; attempt += 1) await send('/api/status', { headers: { Authorization: 'Bearer nope' } });
    expect((await send('/api/status', { headers: { Authorization: 'Bearer nope' } })).status).toBe(429);
    const token = await tokens.sign({ role: 'editor' });
    expect((await send('/api/status', { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('serves the renderer at / with a strict CSP', async () => {
    const page = await send('/', { method: 'GET', body: '' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root">');
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
  });

  it('does not serve files outside the renderer', async () => {
    const escape = await send('/..%2F..%2Fpackage.json', { method: 'GET', body: '' });
    expect(escape.status).toBe(404);
  });
});
