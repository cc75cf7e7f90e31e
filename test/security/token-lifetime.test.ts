/**
 * A bearer token of the local API lives at most 30 days from a time that has passed, and can be revoked: one token,
 * or every token minted so far, with a running `cita serve` following at once.
 */
import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, loadOrCreateSecret } from '../../main/server/tokens.js';
import { startServe } from '../helpers/browser.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();
const now = () => Math.floor(Date.now() / 1000);
const day = 24 * 3600;

/** A token with exactly these times, signed with the data directory's own secret (as someone holding it could). */
function craft(secret: Uint8Array, times: { iat: number; exp: number }): Promise<string> {
  return new SignJWT({ role: 'editor', jti: randomBytes(16).toString('base64url') })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('cita')
    .setAudience('cita-local-api')
    .setIssuedAt(times.iat)
    .setExpirationTime(times.exp)
    .sign(secret);
}

describe('a token', () => {
  it('issued in the future is refused', async () => {
    const secret = loadOrCreateSecret(tempDir());
    const token = await craft(secret, { iat: now() + 3600, exp: now() + 7200 });
    expect(await createTokenService(secret).verify(token)).toBeNull();
  });

  it('minted to live longer than 30 days is refused, even while young', async () => {
    const secret = loadOrCreateSecret(tempDir());
    const token = await craft(secret, { iat: now() - 60, exp: now() + 365 * day });
    expect(await createTokenService(secret).verify(token)).toBeNull();
  });

  it('is not minted by cita token to live longer than 30 days', () => {
    const run = runCita(['token', '--ttl', String(31 * day), '--data-dir', tempDir()]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
  });
});

describe('cita token revoke', () => {
  async function statusWith(url: string, token: string): Promise<number> {
    const response = await fetch(new URL('api/status', url), { method: 'POST', headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' }, body: '{}' });
    await response.arrayBuffer();
    return response.status;
  }

  it('makes one token stop working in a running cita serve, and only that one', async () => {
    const dataDir = tempDir();
    const serve = await startServe(dataDir, { CITA_MODEL_DIR: '/nonexistent-model' });
    try {
      const revoked = runCita(['token', '--role', 'viewer', '--data-dir', dataDir]).stdout.trim();
      const kept = runCita(['token', '--role', 'viewer', '--data-dir', dataDir]).stdout.trim();
      expect(await statusWith(serve.url, revoked)).toBe(200);
      const run = runCita(['token', 'revoke', revoked, '--data-dir', dataDir]);
      expect(run.status, run.stderr).toBe(0);
      expect(await statusWith(serve.url, revoked)).toBe(401);
      expect(await statusWith(serve.url, kept)).toBe(200);
    } finally {
      await serve.stop();
    }
  });

  it('--all makes every token minted so far stop working in a running cita serve', async () => {
    const dataDir = tempDir();
    const serve = await startServe(dataDir, { CITA_MODEL_DIR: '/nonexistent-model' });
    try {
      const minted = runCita(['token', '--role', 'editor', '--data-dir', dataDir]).stdout.trim();
      expect(await statusWith(serve.url, serve.token)).toBe(200);
      const run = runCita(['token', 'revoke', '--all', '--data-dir', dataDir]);
      expect(run.status, run.stderr).toBe(0);
      expect(await statusWith(serve.url, serve.token)).toBe(401);
      expect(await statusWith(serve.url, minted)).toBe(401);
      const fresh = runCita(['token', '--role', 'viewer', '--data-dir', dataDir]).stdout.trim();
      expect(await statusWith(serve.url, fresh)).toBe(200);
    } finally {
      await serve.stop();
    }
  });
});
