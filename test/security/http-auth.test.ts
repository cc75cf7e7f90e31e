import { chmodSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { startHttpServer, type RunningServer } from '../../main/server/http-server.js';
import { createTokenService, loadOrCreateSecret, type TokenService } from '../../main/server/tokens.js';
import { operationNames, operations } from '../../shared/contract.js';
import { repositoryRoot } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { resultOf, send, sendRaw } from './support/http.js';

const tempDir = useTempDirs();
let services: Services;
let server: RunningServer;
let tokens: TokenService;
let secret: Uint8Array;
const maxAuthFailures = 5;

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir(), embedder: null });
  services.profiles.ensure('alice', 'Alice');
  services.profiles.ensure('bob', 'Bob');
  secret = loadOrCreateSecret(services.dataDir);
  tokens = createTokenService(secret);
  server = await startHttpServer({
    dispatcher: services.dispatcher,
    tokens,
    events: services.events,
    rendererDir: `${repositoryRoot}/dist/renderer`,
    port: 0,
    maxBodyBytes: 10_000,
    maxAuthFailuresPerMinute: maxAuthFailures,
  });
});

afterEach(async () => {
  vi.useRealTimers();
  await server.close();
  await services.close();
});

const now = () => Math.floor(Date.now() / 1000);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A token with exactly the given header and claims, signed with this install's secret. */
async function craft(claims: Record<string, unknown>, algorithm = 'HS256'): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: algorithm, typ: 'JWT' }).sign(secret);
}

const validClaims = () => ({ role: 'editor', iss: 'cita', aud: 'cita-local-api', iat: now(), exp: now() + 600 });

async function statusWith(headers: Record<string, string>): Promise<number> {
  return (await send(server.port, '/api/status', { headers })).status;
}

describe('bearer tokens the API refuses (401)', () => {
  // Each case stays under the rate limit: a fresh server per test.
  const cases: Array<[string, () => Promise<Record<string, string>>]> = [
    ['signed with HS512 by the same secret (algorithm pinned)', async () => bearer(await craft(validClaims(), 'HS512'))],
    ['from another issuer', async () => bearer(await craft({ ...validClaims(), iss: 'someone-else' }))],
    ['for another audience', async () => bearer(await craft({ ...validClaims(), aud: 'another-api' }))],
    ['without an expiry', async () => bearer(await craft({ role: 'editor', iss: 'cita', aud: 'cita-local-api', iat: now() }))],
    ['without an issued-at time', async () => bearer(await craft({ role: 'editor', iss: 'cita', aud: 'cita-local-api', exp: now() + 600 }))],
    ['not valid yet (nbf in the future)', async () => bearer(await craft({ ...validClaims(), nbf: now() + 3600 }))],
    ['with an unknown role', async () => bearer(await craft({ ...validClaims(), role: 'admin' }))],
    ['without a role', async () => bearer(await craft({ iss: 'cita', aud: 'cita-local-api', iat: now(), exp: now() + 600 }))],
    [
      'whose payload was edited after signing (viewer → editor)',
      async () => {
        const [head, , signature] = (await tokens.sign({ role: 'viewer' })).split('.');
        const payload = Buffer.from(JSON.stringify(validClaims())).toString('base64url');
        return bearer(`${head}.${payload}.${signature}`);
      },
    ],
    ['with a bound profile that is not a string', async () => bearer(await craft({ ...validClaims(), profile: ['alice', 'bob'] }))],
    ['sent with the "Basic" scheme', async () => ({ Authorization: `Basic ${await tokens.sign({ role: 'editor' })}` })],
    ['sent with a lower-case "bearer" and extra spaces', async () => ({ Authorization: `bearer  ${await tokens.sign({ role: 'editor' })}` })],
    ['that is kilobytes of garbage', async () => bearer('a'.repeat(8_000))],
    ['that is empty', async () => ({ Authorization: 'Bearer ' })],
  ];
  it.each(cases)('a token %s', async (_label, headers) => {
    expect(await statusWith(await headers())).toBe(401);
  });

  it('a header too large for the server is refused before any check (431)', async () => {
    expect(await statusWith(bearer('a'.repeat(60_000)))).toBe(431);
  });

  it('a valid token passed in the query string instead of the header', async () => {
    const token = await tokens.sign({ role: 'editor' });
    expect((await send(server.port, `/api/status?token=${token}`)).status).toBe(401);
  });

  it('no token on the event stream', async () => {
    expect((await send(server.port, '/api/events', { method: 'GET', body: '' })).status).toBe(401);
  });
});

describe('roles', () => {
  const writes = operationNames.filter((name) => operations[name].access === 'write');
  const reads = operationNames.filter((name) => operations[name].access === 'read');

  it.each(writes)('a viewer token may not call the write "%s" (403), whatever the input', async (name) => {
    const viewer = await tokens.sign({ role: 'viewer' });
    const reply = await send(server.port, `/api/${name}`, { headers: bearer(viewer), body: '{}' });
    expect(reply.status).toBe(403);
    expect(resultOf(reply).error?.code).toBe('forbidden');
  });

  it.each(reads)('a viewer token passes the role check of the read "%s"', async (name) => {
    const viewer = await tokens.sign({ role: 'viewer' });
    const reply = await send(server.port, `/api/${name}`, { headers: bearer(viewer), body: '{}' });
    // Empty input may be invalid for the operation (400) or missing data (404/503), but never a role refusal.
    expect(reply.status).not.toBe(401);
    expect(reply.status).not.toBe(403);
  });

  it('a viewer may search', async () => {
    const viewer = await tokens.sign({ role: 'viewer' });
    const reply = await send(server.port, '/api/search', { headers: bearer(viewer), body: JSON.stringify({ corpus: 'foods', query: 'rice' }) });
    expect(reply.status).toBe(200);
  });

  it('an editor may write', async () => {
    const editor = await tokens.sign({ role: 'editor' });
    const reply = await send(server.port, '/api/foods.add', {
      headers: bearer(editor),
      body: JSON.stringify({ profile: 'alice', name: 'Tortilla de patatas', per100g: { energy_kcal: 180 } }),
    });
    expect(reply.status).toBe(200);
    expect(resultOf(reply).value).toMatchObject({ owner: 'alice' });
  });
});

describe('tokens bound to one profile', () => {
  async function aliceFood(): Promise<string> {
    const result = await services.dispatcher.call('foods.add', { profile: 'alice', name: 'Lentejas de Alicia', per100g: { energy_kcal: 116 } }, { transport: 'cli', role: 'editor' });
    if (!result.ok) throw new Error(result.error.message);
    return (result.value as { code: string }).code;
  }

  it("cannot read another profile's food", async () => {
    const code = await aliceFood();
    const bobToken = await tokens.sign({ role: 'editor', profile: 'bob' });
    const reply = await send(server.port, '/api/foods.get', { headers: bearer(bobToken), body: JSON.stringify({ profile: 'alice', code }) });
    expect(reply.status).toBe(403);
  });

  it("cannot change another profile's food", async () => {
    const code = await aliceFood();
    const bobToken = await tokens.sign({ role: 'editor', profile: 'bob' });
    const reply = await send(server.port, '/api/foods.update', { headers: bearer(bobToken), body: JSON.stringify({ profile: 'alice', code, name: 'mine now' }) });
    expect(reply.status).toBe(403);
    expect((await services.dispatcher.call('foods.get', { profile: 'alice', code }, { transport: 'cli', role: 'editor' })).ok).toBe(true);
    const food = await services.dispatcher.call('foods.get', { profile: 'alice', code }, { transport: 'cli', role: 'editor' });
    expect(food.ok && (food.value as { name: string }).name).toBe('Lentejas de Alicia');
  });

  it('acts on its own profile when the input names none', async () => {
    const code = await aliceFood();
    const aliceToken = await tokens.sign({ role: 'viewer', profile: 'alice' });
    const own = await send(server.port, '/api/foods.get', { headers: bearer(aliceToken), body: JSON.stringify({ code }) });
    expect(own.status).toBe(200);
    const bobToken = await tokens.sign({ role: 'viewer', profile: 'bob' });
    const other = await send(server.port, '/api/foods.get', { headers: bearer(bobToken), body: JSON.stringify({ code }) });
    expect(other.status).toBe(404);
  });

  it.each(['settings.update', 'ingest', 'jobs.start', 'jobs.cancel', 'profiles.list'])('may not call "%s", which reaches past its profile', async (name) => {
    const token = await tokens.sign({ role: 'editor', profile: 'alice' });
    const reply = await send(server.port, `/api/${name}`, { headers: bearer(token), body: '{}' });
    expect(reply.status).toBe(403);
  });

  it('may read the status, which holds no profile data', async () => {
    const token = await tokens.sign({ role: 'viewer', profile: 'alice' });
    expect(await statusWith(bearer(token))).toBe(200);
  });
});

describe('Host and Origin (DNS rebinding, cross-site requests)', () => {
  it.each([
    ['another name on our port', (port: number) => `evil.example:${port}`],
    ['loopback on another port', (port: number) => `127.0.0.1:${port + 1}`],
    ['loopback without a port', () => '127.0.0.1'],
    ['a name that starts like loopback', (port: number) => `127.0.0.1.evil.example:${port}`],
    ['localhost under another domain', (port: number) => `localhost.evil.example:${port}`],
  ])('refuses Host: %s', async (_label, host) => {
    const token = await tokens.sign({ role: 'editor' });
    expect(await statusWith({ ...bearer(token), Host: host(server.port) })).toBe(403);
  });

  it('refuses an empty Host header', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const status = await sendRaw(server.port, `POST /api/status HTTP/1.1\r\nHost: \r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`);
    expect(status).toBe(403);
  });

  it('refuses a request with no Host header at all (HTTP/1.0 and 1.1)', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const request = (version: string) => `POST /api/status HTTP/${version}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}`;
    expect(await sendRaw(server.port, request('1.0'))).toBe(403);
    expect(await sendRaw(server.port, request('1.1'))).toBe(400);
  });

  it('accepts both loopback names on its own port', async () => {
    const token = await tokens.sign({ role: 'viewer' });
    expect(await statusWith({ ...bearer(token), Host: `localhost:${server.port}` })).toBe(200);
    expect(await statusWith({ ...bearer(token), Host: `127.0.0.1:${server.port}` })).toBe(200);
  });

  it.each([
    ['the opaque "null" origin (sandboxed frames, file://)', 'null'],
    ['loopback on another port', 'http://127.0.0.1:1'],
    ['https on our port', 'https://127.0.0.1:PORT'],
    ['a foreign site', 'https://evil.example'],
  ])('refuses Origin: %s', async (_label, origin) => {
    const token = await tokens.sign({ role: 'editor' });
    expect(await statusWith({ ...bearer(token), Origin: origin.replace('PORT', String(server.port)) })).toBe(403);
  });

  it('accepts its own origin', async () => {
    const token = await tokens.sign({ role: 'viewer' });
    expect(await statusWith({ ...bearer(token), Origin: `http://127.0.0.1:${server.port}` })).toBe(200);
  });

  it('never answers a CORS preflight with permissions', async () => {
    const reply = await send(server.port, '/api/status', {
      method: 'OPTIONS',
      headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'POST' },
      body: '',
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.headers['access-control-allow-origin']).toBeUndefined();
    expect(reply.headers['access-control-allow-headers']).toBeUndefined();
  });
});

describe('requests that are refused before any operation runs', () => {
  it('a body over the limit without a Content-Length (chunked) gets 413', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const reply = await send(server.port, '/api/settings.update', { headers: bearer(token), body: JSON.stringify({ llm: { model: 'x'.repeat(50_000) } }), chunked: true });
    expect(reply.status).toBe(413);
    expect(services.settings.get().llm.model).toBe('');
  });

  it('a declared Content-Length over the limit gets 413 before the body is read', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const status = await sendRaw(
      server.port,
      `POST /api/status HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nAuthorization: Bearer ${token}\r\nContent-Type: application/json\r\nContent-Length: 999999999\r\n\r\n{`,
    );
    expect(status).toBe(413);
  });

  it('a body that is not declared as JSON gets 400', async () => {
    const token = await tokens.sign({ role: 'editor' });
    expect((await send(server.port, '/api/status', { headers: { ...bearer(token), 'Content-Type': 'text/plain' } })).status).toBe(400);
  });

  it('an operation called with GET gets 404', async () => {
    const token = await tokens.sign({ role: 'editor' });
    expect((await send(server.port, '/api/status', { method: 'GET', headers: bearer(token), body: '' })).status).toBe(404);
  });

  it('a broken percent-encoding in the path gets 400, not a server error', async () => {
    const token = await tokens.sign({ role: 'editor' });
    expect((await send(server.port, '/api/%E0%A4%A', { headers: bearer(token) })).status).toBe(400);
    expect((await send(server.port, '/%E0%A4%A', { method: 'GET', body: '' })).status).toBe(400);
  });

  it('an unknown operation gets 404 with its name cut short', async () => {
    const token = await tokens.sign({ role: 'editor' });
    const reply = await send(server.port, `/api/${'x'.repeat(500)}`, { headers: bearer(token) });
    expect(reply.status).toBe(404);
    expect(reply.body.length).toBeLessThan(300);
  });

  it('every answer, refusals included, carries the security headers', async () => {
    const reply = await send(server.port, '/api/status');
    expect(reply.status).toBe(401);
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
    expect(String(reply.headers['content-security-policy'])).toContain("default-src 'none'");
    expect(reply.headers['cache-control']).toBe('no-store');
  });
});

describe('rate limit on failed authentication', () => {
  it('successful calls do not count towards it', async () => {
    const token = await tokens.sign({ role: 'viewer' });
    for (let call = 0; call < maxAuthFailures * 2; call += 1) expect(await statusWith(bearer(token))).toBe(200);
  });

  it('answers further bad tokens with 429 until the minute has passed', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    for (let attempt = 0; attempt < maxAuthFailures; attempt += 1) expect(await statusWith(bearer('wrong'))).toBe(401);
    expect(await statusWith(bearer('wrong'))).toBe(429);
    vi.setSystemTime(Date.now() + 61_000);
    expect(await statusWith(bearer('wrong'))).toBe(401);
  });

  it('never locks out a valid token: another local process cannot deny the owner the API', async () => {
    for (let attempt = 0; attempt < maxAuthFailures * 2; attempt += 1) await statusWith(bearer('wrong'));
    const token = await tokens.sign({ role: 'viewer' }, 3600);
    expect(await statusWith(bearer(token))).toBe(200);
  });
});

describe('the per-install secret', () => {
  it('is 32 random bytes in a file only its owner can read', () => {
    const file = join(services.dataDir, 'api-secret');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(secret).toHaveLength(32);
    expect(loadOrCreateSecret(tempDir())).not.toEqual(secret);
  });

  it('is shut again when its permissions were loosened', () => {
    const file = join(services.dataDir, 'api-secret');
    chmodSync(file, 0o644);
    loadOrCreateSecret(services.dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it('is refused when damaged, rather than used', () => {
    writeFileSync(join(services.dataDir, 'api-secret'), 'short', { mode: 0o600 });
    expect(() => loadOrCreateSecret(services.dataDir)).toThrow(/damaged/);
  });
});
