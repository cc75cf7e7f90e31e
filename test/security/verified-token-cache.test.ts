/**
 * A bearer token's signature is checked once and remembered (tokens.ts), and a remembered token is still refused
 * the moment a fresh check would refuse it: expired, revoked, or signed with a secret that has been rotated.
 */
import { randomBytes } from 'node:crypto';
import type * as Jose from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataDirTokenService, createTokenService, revokeToken, rotateSecret, verifiedTokenCacheSize } from '../../main/server/tokens.js';
import { useTempDirs } from '../helpers/temp.js';

const signatureChecks = vi.hoisted(() => ({ count: 0 }));
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof Jose>();
  return {
    ...jose,
    jwtVerify: (token: string, key: Uint8Array, options?: Jose.JWTVerifyOptions) => (signatureChecks.count++, jose.jwtVerify(token, key, options)),
  };
});

const tempDir = useTempDirs();
beforeEach(() => {
  signatureChecks.count = 0;
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a remembered token', () => {
  it('is not checked again on its next requests, and keeps its role and profile', async () => {
    const tokens = createTokenService(randomBytes(32));
    const token = await tokens.sign({ role: 'viewer', profile: 'alice' });
    const first = await tokens.verify(token);
    const again = await tokens.verify(token);
    expect(again).toEqual(first);
    expect(again).toMatchObject({ role: 'viewer', profile: 'alice' });
    expect(signatureChecks.count).toBe(1);
  });

  it('is refused once expired, at the same second as a token checked afresh (a minute of clock tolerance)', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const secret = randomBytes(32);
    const tokens = createTokenService(secret);
    const token = await tokens.sign({ role: 'editor' }, 5);
    const verified = await tokens.verify(token);
    expect(verified).not.toBeNull();
    const expiresAtMs = (verified?.expiresAt ?? 0) * 1000;
    vi.setSystemTime(expiresAtMs + 59_000);
    expect(await tokens.verify(token)).not.toBeNull();
    expect(await createTokenService(secret).verify(token)).not.toBeNull();
    vi.setSystemTime(expiresAtMs + 60_000);
    expect(await tokens.verify(token)).toBeNull();
    expect(await createTokenService(secret).verify(token)).toBeNull();
  });

  it('is refused once revoked, in a service that follows its data directory', async () => {
    const dataDir = tempDir();
    const tokens = createDataDirTokenService(dataDir);
    const token = await tokens.sign({ role: 'editor' });
    const verified = await tokens.verify(token);
    expect(verified).not.toBeNull();
    revokeToken(dataDir, verified as NonNullable<typeof verified>);
    expect(await tokens.verify(token)).toBeNull();
  });

  it('is refused once the secret was rotated', async () => {
    const dataDir = tempDir();
    const tokens = createDataDirTokenService(dataDir);
    const token = await tokens.sign({ role: 'editor' });
    expect(await tokens.verify(token)).not.toBeNull();
    rotateSecret(dataDir);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(await tokens.sign({ role: 'editor' }))).not.toBeNull();
  });

  it('is forgotten once more tokens than the cache holds have been used since', async () => {
    const tokens = createTokenService(randomBytes(32));
    const minted = await Promise.all(Array.from({ length: verifiedTokenCacheSize + 1 }, () => tokens.sign({ role: 'viewer' })));
    for (const token of minted) await tokens.verify(token);
    expect(signatureChecks.count).toBe(minted.length);
    await tokens.verify(minted[minted.length - 1] as string);
    expect(signatureChecks.count).toBe(minted.length);
    await tokens.verify(minted[0] as string);
    expect(signatureChecks.count).toBe(minted.length + 1);
  });

  it('is never a token that failed its check: a forged one is checked, and refused, every time', async () => {
    const tokens = createTokenService(randomBytes(32));
    const forged = await createTokenService(randomBytes(32)).sign({ role: 'editor' });
    expect(await tokens.verify(forged)).toBeNull();
    expect(await tokens.verify(forged)).toBeNull();
    expect(signatureChecks.count).toBe(2);
  });
});
