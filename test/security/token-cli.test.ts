import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { createTokenService, loadOrCreateSecret } from '../../main/server/tokens.js';
import { runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();

describe('cita token', () => {
  it('mints an editor token with the asked lifetime that this install verifies', async () => {
    const dataDir = tempDir();
    const run = runCita(['token', '--role', 'editor', '--ttl', '60', '--data-dir', dataDir, '--json']);
    expect(run.status).toBe(0);
    const { token, role } = run.json() as { token: string; role: string };
    expect(role).toBe('editor');
    const claims = decodeJwt(token);
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(60);
    expect(await createTokenService(loadOrCreateSecret(dataDir)).verify(token)).toMatchObject({ role: 'editor' });
  });

  it('mints a viewer token when no role is given', async () => {
    const dataDir = tempDir();
    const run = runCita(['token', '--data-dir', dataDir]);
    expect(run.status).toBe(0);
    expect(await createTokenService(loadOrCreateSecret(dataDir)).verify(run.stdout.trim())).toMatchObject({ role: 'viewer' });
  });

  it('binds a token to a profile', async () => {
    const dataDir = tempDir();
    const run = runCita(['token', '--role', 'viewer', '--profile', 'alice', '--data-dir', dataDir]);
    expect(await createTokenService(loadOrCreateSecret(dataDir)).verify(run.stdout.trim())).toMatchObject({ role: 'viewer', profile: 'alice' });
  });

  it('is not accepted by another install', async () => {
    const run = runCita(['token', '--role', 'editor', '--data-dir', tempDir()]);
    expect(await createTokenService(loadOrCreateSecret(tempDir())).verify(run.stdout.trim())).toBeNull();
  });

  it.each([
    ['an unknown role', ['--role', 'admin']],
    ['a zero lifetime', ['--ttl', '0']],
    ['a negative lifetime', ['--ttl', '-5']],
    ['a lifetime over a year', ['--ttl', String(366 * 24 * 3600)]],
    ['a lifetime that is not a number', ['--ttl', '1h']],
    ['a profile with spaces', ['--profile', 'a b']],
    ['a profile that looks like a path', ['--profile', '../other']],
  ])('refuses %s with exit 2 and mints nothing', (_label, flags) => {
    const run = runCita(['token', ...flags, '--data-dir', tempDir()]);
    expect(run.status).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });
});
