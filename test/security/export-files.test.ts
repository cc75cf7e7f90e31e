/**
 * `cita export` writes its files only where nobody else can interfere: into a directory of the user's that others
 * cannot write, each file created exclusively (never through a file or symbolic link someone left at its
 * temporary or final name).
 */
import { chmodSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../main/app/bootstrap.js';
import { exportFiles, exportProfile } from '../../main/app/profile-transfer.js';
import { useTempDirs } from '../helpers/temp.js';

const tempDir = useTempDirs();
let services: Services;

beforeEach(async () => {
  services = await createServices({ dataDir: tempDir(), embedder: null });
  services.profiles.ensure('ana', 'Ana');
  await services.dispatcher.call('foods.add', { profile: 'ana', name: 'Arepa', per100g: { energy_kcal: 220 } }, { transport: 'cli', role: 'editor' });
});

afterEach(async () => {
  await services.close();
});

describe('cita export', () => {
  it.each([exportFiles.diary, exportFiles.foods])('does not write through a symbolic link planted at %s.partial', async (name) => {
    const out = join(tempDir(), 'export');
    mkdirSync(out, { mode: 0o700 });
    const victim = join(tempDir(), 'victim.txt');
    writeFileSync(victim, 'precious\n');
    symlinkSync(victim, join(out, `${name}.partial`));
    await expect(exportProfile(services, 'ana', out)).rejects.toMatchObject({ code: 'conflict' });
    expect(readFileSync(victim, 'utf8')).toBe('precious\n');
  });

  it('refuses a directory anyone may write into', async () => {
    const out = join(tempDir(), 'shared');
    mkdirSync(out);
    chmodSync(out, 0o777);
    await expect(exportProfile(services, 'ana', out)).rejects.toMatchObject({ code: 'forbidden' });
  });
});
