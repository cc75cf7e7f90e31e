import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Role } from '../api/context.js';

const issuer = 'cita';
const audience = 'cita-local-api';
const algorithm = 'HS256';

export interface TokenClaims {
  role: Role;
  profile?: string;
}

export interface TokenService {
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  /** The claims of a valid token, or null for anything else (bad signature, algorithm, issuer, audience, expired). */
  verify(token: string): Promise<TokenClaims | null>;
}

const claimsSchema = z.object({ role: z.enum(['viewer', 'editor']), profile: z.string().optional() });

/** Reads the per-install secret, creating it (0600) on first use. */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = join(dataDir, 'api-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } else if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`The API secret ${file} is damaged; delete it to mint a new one (old tokens stop working).`);
  return Buffer.from(hex, 'hex');
}

/** HS256 tokens with the algorithm pinned and exp, iss and aud always checked. */
export function createTokenService(secret: Uint8Array): TokenService {
  return {
    async sign(claims, ttlSeconds = 12 * 3600) {
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('local-user')
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(secret);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: [algorithm],
          issuer,
          audience,
          requiredClaims: ['exp', 'iat'],
        });
        const claims = claimsSchema.safeParse(payload);
        return claims.success ? claims.data : null;
      } catch {
        return null;
      }
    },
  };
}
