import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import { z } from 'zod';
import type { Role } from '../api/context.js';
import { AppError } from '../core/errors.js';

const issuer = 'cita';
const audience = 'cita-local-api';
const algorithm = 'HS256';

/** The longest a token may live (from its issue to its expiry): a forgotten token stops working within a month. */
export const maxTokenLifetimeSeconds = 30 * 24 * 3600;
/** Lifetime of a token unless asked otherwise. */
export const defaultTokenLifetimeSeconds = 12 * 3600;
/** Clocks of one machine agree; this only absorbs the second a token is minted in. */
const clockToleranceSeconds = 60;
/** Tokens whose signature was checked, kept so a client's every request does not pay for the check again. */
export const verifiedTokenCacheSize = 64;

export interface TokenClaims {
  role: Role;
  profile?: string;
}

/** A token that passed every check: its claims, its id (for revocation) and when it stops working. */
export interface VerifiedToken extends TokenClaims {
  id: string;
  /** Seconds since the epoch. */
  expiresAt: number;
}

export interface TokenService {
  /** A token with these claims, living `ttlSeconds` (at most maxTokenLifetimeSeconds). */
  sign(claims: TokenClaims, ttlSeconds?: number): Promise<string>;
  /**
   * The verified token, or null for anything else: bad signature, algorithm, issuer or audience; expired; issued in
   * the future or living longer than the maximum; without an id; revoked.
   */
  verify(token: string): Promise<VerifiedToken | null>;
}

const claimsSchema = z.object({
  role: z.enum(['viewer', 'editor']),
  profile: z.string().optional(),
  jti: z.string().min(16).max(64),
  iat: z.number().int(),
  exp: z.number().int(),
});

/** Where a data directory keeps its signing secret and its list of revoked tokens. */
export function secretFileOf(dataDir: string): string {
  return join(dataDir, 'api-secret');
}
function revokedFileOf(dataDir: string): string {
  return join(dataDir, 'api-revoked.json');
}

/** Reads the per-install secret, creating it (0600) on first use. */
export function loadOrCreateSecret(dataDir: string): Uint8Array {
  const file = secretFileOf(dataDir);
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
  } else if ((statSync(file).mode & 0o077) !== 0) {
    chmodSync(file, 0o600);
  }
  const hex = readFileSync(file, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) throw new Error(`The API secret ${file} is damaged; delete it to mint a new one (old tokens stop working).`);
  return Buffer.from(hex, 'hex');
}

/** Writes a small owner-only file under its final name only once complete. */
function writePrivateFile(file: string, text: string): void {
  const partial = `${file}.partial-${process.pid}`;
  writeFileSync(partial, text, { mode: 0o600 });
  chmodSync(partial, 0o600);
  renameSync(partial, file);
}

/** Replaces the signing secret: every token signed before stops working, in running servers too. */
export function rotateSecret(dataDir: string): void {
  writePrivateFile(secretFileOf(dataDir), randomBytes(32).toString('hex'));
  // Ids revoked one by one are moot now.
  writePrivateFile(revokedFileOf(dataDir), `${JSON.stringify({ revoked: {} })}\n`);
}

const revokedFileSchema = z.object({ revoked: z.record(z.string(), z.number()) });

/** The revoked token ids of a data directory (id → expiry); a file that is not cita's revokes nothing and is rewritten. */
function readRevoked(dataDir: string): Record<string, number> {
  const file = revokedFileOf(dataDir);
  if (!existsSync(file)) return {};
  try {
    return revokedFileSchema.parse(JSON.parse(readFileSync(file, 'utf8'))).revoked;
  } catch {
    return {};
  }
}

/** Revokes one token until it would have expired; the list keeps only ids that have not expired yet. */
export function revokeToken(dataDir: string, token: VerifiedToken, now = Math.floor(Date.now() / 1000)): void {
  const kept = Object.fromEntries(Object.entries(readRevoked(dataDir)).filter(([, expiresAt]) => expiresAt > now));
  writePrivateFile(revokedFileOf(dataDir), `${JSON.stringify({ revoked: { ...kept, [token.id]: token.expiresAt } })}\n`);
}

/** A file's contents, read again only when the file changed (another process rotated or revoked). */
function watchedFile<T>(file: string, read: () => T): () => T {
  let cache: { stamp: string; value: T } | undefined;
  return () => {
    let stamp = 'missing';
    try {
      // Asked on every request: a missing file (no token revoked yet) is an answer, not an exception to build.
      const stat = statSync(file, { throwIfNoEntry: false });
      if (stat) stamp = `${stat.ino}:${stat.size}:${stat.mtimeMs}`;
    } catch {
      // Unreadable: read() decides what that means.
    }
    if (cache?.stamp !== stamp) cache = { stamp, value: read() };
    return cache.value;
  };
}

/**
 * The token service of a data directory: its secret and its revocations are read from the directory and followed
 * while running, so `cita token revoke` takes effect in a running `cita serve` at its next request.
 */
export function createDataDirTokenService(dataDir: string): TokenService {
  loadOrCreateSecret(dataDir);
  const secret = watchedFile(secretFileOf(dataDir), () => loadOrCreateSecret(dataDir));
  const revoked = watchedFile(revokedFileOf(dataDir), () => readRevoked(dataDir));
  return createTokenService(secret, { isRevoked: (id) => Object.prototype.hasOwnProperty.call(revoked(), id) });
}

/**
 * HS256 tokens with the algorithm pinned; issuer, audience, expiry, issue time (not in the future, not older than the
 * maximum lifetime) and id always checked. `secret` may be a function, to follow a secret that is rotated.
 */
export function createTokenService(secret: Uint8Array | (() => Uint8Array), options: { isRevoked?: (id: string) => boolean } = {}): TokenService {
  const key = typeof secret === 'function' ? secret : () => secret;
  const verified = createVerifiedTokens(verifiedTokenCacheSize);
  return {
    async sign(claims, ttlSeconds = defaultTokenLifetimeSeconds) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > maxTokenLifetimeSeconds) {
        throw new AppError('invalid_input', `A token lives from 1 second to ${maxTokenLifetimeSeconds} seconds (30 days).`);
      }
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims })
        .setProtectedHeader({ alg: algorithm, typ: 'JWT' })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject('local-user')
        .setJti(randomBytes(16).toString('base64url'))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .sign(key());
    },
    async verify(token) {
      const signingKey = key();
      const known = verified.get(token, signingKey);
      if (known) return inTime(known.issuedAt, known.token.expiresAt) && !options.isRevoked?.(known.token.id) ? known.token : null;
      try {
        const { payload } = await jwtVerify(token, signingKey, {
          algorithms: [algorithm],
          issuer,
          audience,
          requiredClaims: ['exp', 'iat', 'jti'],
          // Rejects an issue time in the future as well as one older than the longest lifetime.
          maxTokenAge: maxTokenLifetimeSeconds,
          clockTolerance: clockToleranceSeconds,
        });
        const claims = claimsSchema.safeParse(payload);
        if (!claims.success) return null;
        const { role, profile, jti, iat, exp } = claims.data;
        // A token minted to live longer than the maximum is refused even while young.
        if (exp - iat > maxTokenLifetimeSeconds) return null;
        if (options.isRevoked?.(jti)) return null;
        const checked: VerifiedToken = Object.freeze({ role, ...(profile !== undefined ? { profile } : {}), id: jti, expiresAt: exp });
        verified.set(token, signingKey, { token: checked, issuedAt: iat });
        return checked;
      } catch {
        return null;
      }
    },
  };
}

/**
 * jwtVerify's time checks with the same tolerance (jose's jwt_claims_set.js): not expired, not older than the longest
 * lifetime. The other checks of a token do not change with time, or only turn a refusal into an acceptance (an
 * issue time in the future), and only accepted tokens are remembered.
 */
function inTime(issuedAt: number, expiresAt: number, now = Math.floor(Date.now() / 1000)): boolean {
  return expiresAt > now - clockToleranceSeconds && now - issuedAt - clockToleranceSeconds <= maxTokenLifetimeSeconds;
}

interface VerifiedEntry {
  token: VerifiedToken;
  issuedAt: number;
}

/**
 * Tokens that passed every check, with the secret that checked them: a rotated secret (a new key object) finds
 * nothing, so the token is checked again, and fails. Revocation and time are checked on every use by the caller.
 * Keyed by the token's SHA-256, so looking a presented token up compares digests, not the secret-bearing strings.
 */
function createVerifiedTokens(capacity: number) {
  const entries = new Map<string, VerifiedEntry & { key: Uint8Array }>();
  const digestOf = (token: string) => createHash('sha256').update(token).digest('base64');
  return {
    get(token: string, key: Uint8Array): VerifiedEntry | undefined {
      const digest = digestOf(token);
      const entry = entries.get(digest);
      if (entry?.key !== key) return undefined;
      // Most recently used last, so the oldest is the one forgotten.
      entries.delete(digest);
      entries.set(digest, entry);
      return entry;
    },
    set(token: string, key: Uint8Array, entry: VerifiedEntry): void {
      const digest = digestOf(token);
      entries.delete(digest);
      entries.set(digest, { ...entry, key });
      if (entries.size > capacity) entries.delete(entries.keys().next().value as string);
    },
  };
}
