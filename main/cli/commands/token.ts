import { ensureWritableDirectory } from '../../db/connection.js';
import { createDataDirTokenService, defaultTokenLifetimeSeconds, maxTokenLifetimeSeconds, revokeToken, rotateSecret } from '../../server/tokens.js';
import { AppError } from '../../core/errors.js';
import { profileIdSchema } from '../../../shared/contract.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita token`: mints a bearer token for the local API. */
export const tokenCommand: Command = {
  words: ['token'],
  summary: 'Mint a bearer token for the local HTTP API (it lives 12 hours unless --ttl says otherwise, at most 30 days)',
  usage: 'cita token [--role viewer|editor] [--ttl SECONDS] [--profile P] [--data-dir DIR] [--json]',
  options: { role: { type: 'string' }, ttl: { type: 'string' }, profile: { type: 'string' } },
  async run(context) {
    if (context.positionals.length > 0) throw new UsageError(`unexpected argument "${context.positionals[0]}" (to revoke a token: cita token revoke TOKEN)`);
    const role = (context.values.role as string | undefined) ?? 'viewer';
    if (role !== 'viewer' && role !== 'editor') throw new UsageError(`--role must be viewer or editor (got "${role}")`);
    const ttl = integerFlag(context.values, 'ttl', { min: 1, max: maxTokenLifetimeSeconds }) ?? defaultTokenLifetimeSeconds;
    const profileFlag = context.values.profile as string | undefined;
    const profile = profileFlag === undefined ? undefined : profileIdSchema.safeParse(profileFlag);
    if (profile && !profile.success) throw new UsageError(`--profile: ${profile.error.issues[0]?.message}`);
    ensureWritableDirectory(context.dataDir);
    const tokens = createDataDirTokenService(context.dataDir);
    const token = await tokens.sign({ role, ...(profile?.success ? { profile: profile.data } : {}) }, ttl);
    context.print({ token, role, ttl_seconds: ttl }, token);
    return 0;
  },
};

/** `cita token revoke`: one token stops working now, or (--all) every token minted so far. */
export const tokenRevokeCommand: Command = {
  words: ['token', 'revoke'],
  summary: 'Revoke a token of the local API (TOKEN), or every token minted so far (--all); running servers follow at once',
  usage: 'cita token revoke TOKEN | --all [--data-dir DIR] [--json]',
  options: { all: { type: 'boolean' } },
  async run(context) {
    const all = context.values.all === true;
    const [token, ...extra] = context.positionals;
    if (extra.length > 0 || (all ? token !== undefined : token === undefined)) throw new UsageError('give one token to revoke, or --all (and no token)');
    ensureWritableDirectory(context.dataDir);
    if (all) {
      rotateSecret(context.dataDir);
      context.print({ revoked: 'all' }, 'every token minted so far is revoked (a new signing secret was made); mint new ones with "cita token", and restart "cita serve" for a new link');
      return 0;
    }
    const verified = await createDataDirTokenService(context.dataDir).verify(token as string);
    if (!verified) throw new AppError('not_found', 'That token is not one this data directory accepts (expired, revoked already, or from elsewhere); nothing to revoke.');
    revokeToken(context.dataDir, verified);
    context.print({ revoked: verified.id, expires_at: new Date(verified.expiresAt * 1000).toISOString() }, `revoked the ${verified.role} token ${verified.id}`);
    return 0;
  },
};
