import { createTokenService, loadOrCreateSecret } from '../../server/tokens.js';
import { ensureWritableDirectory } from '../../db/connection.js';
import { profileIdSchema } from '../../../shared/contract.js';
import { integerFlag, UsageError, type Command } from '../command.js';

/** `cita token`: mints a bearer token for the local API. */
export const tokenCommand: Command = {
  words: ['token'],
  summary: 'Mint a bearer token for the local HTTP API',
  usage: 'cita token [--role viewer|editor] [--ttl SECONDS] [--profile P] [--data-dir DIR] [--json]',
  options: { role: { type: 'string' }, ttl: { type: 'string' }, profile: { type: 'string' } },
  async run(context) {
    const role = (context.values.role as string | undefined) ?? 'viewer';
    if (role !== 'viewer' && role !== 'editor') throw new UsageError(`--role must be viewer or editor (got "${role}")`);
    const ttl = integerFlag(context.values, 'ttl', { min: 1, max: 365 * 24 * 3600 }) ?? 12 * 3600;
    const profileFlag = context.values.profile as string | undefined;
    const profile = profileFlag === undefined ? undefined : profileIdSchema.safeParse(profileFlag);
    if (profile && !profile.success) throw new UsageError(`--profile: ${profile.error.issues[0]?.message}`);
    ensureWritableDirectory(context.dataDir);
    const tokens = createTokenService(loadOrCreateSecret(context.dataDir));
    const token = await tokens.sign({ role, ...(profile?.success ? { profile: profile.data } : {}) }, ttl);
    context.print({ token, role, ttl_seconds: ttl }, token);
    return 0;
  },
};
