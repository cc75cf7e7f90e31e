/**
 * An API key never leaves through a side door: not in the CLI's output or progress lines, not in error messages
 * (even when the provider echoes the key back in its 401), not in the database, its backups, or the status and
 * settings the app shows. The key reaches cita through the environment and through the data directory's secrets
 * file; the provider is the local stand-in of the cloud-embedder tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../main/app/bootstrap.js';
import { createFileSecretStore } from '../../main/core/secrets.js';
import { startCloudStandIn, type StandIn } from '../integration/embedding/cloud-stand-in.js';
import { runCitaChild } from '../integration/crash/harness.js';
import { useTempDirs } from '../helpers/temp.js';

const key = 'pa-SECRET-never-print-7f3a9c21d4';
const tempDir = useTempDirs();
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startCloudStandIn({ voyage: key });
});
afterAll(async () => standIn?.close());

/** A data directory with the foods loaded, the Voyage embedder selected and the key stored in its secrets file. */
async function voyageDataDir(): Promise<string> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: null });
  await services.module('foods')?.ingest?.({});
  services.settings.update({ embedder: { provider: 'voyage', cloud_batch_size: 20, cloud_pause_ms: 0 } });
  await services.close();
  createFileSecretStore(dataDir, {}).set('voyage_api_key', key);
  return dataDir;
}

/** Every byte of every file under a directory, as text, to search for the key. */
function everyFileUnder(directory: string): Array<{ file: string; text: string }> {
  return readdirSync(directory, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((file) => ({ file, text: readFileSync(file).toString('latin1') }));
}

const environment = () => ({ CITA_VOYAGE_API_KEY: key, CITA_VOYAGE_BASE_URL: standIn.url, CITA_MODEL_DIR: '/nonexistent/cita-model' });

function expectNoKey(text: string, where: string): void {
  expect(text.includes(key), `the API key appeared in ${where}`).toBe(false);
  // Not even most of it (a key cut for display is still a leak).
  expect(text.includes(key.slice(0, 16)), `a prefix of the API key appeared in ${where}`).toBe(false);
}

describe('API keys', () => {
  it.each(['ok', 'unauthorized'] as const)(
    'never appear in the output of the commands that use them (provider answering %s)',
    async (mode) => {
      const dataDir = await voyageDataDir();
      standIn.mode = mode;
      try {
        for (const args of [
          ['status', '--json'],
          ['reembed', '--corpus', 'foods'],
          ['search', '--corpus', 'foods', '--query', 'rice', '--strategy', 'vector', '--json'],
          ['search', '--corpus', 'foods', '--query', 'rice', '--strategy', 'hybrid'],
          ['ingest', '--corpus', 'kb'],
        ]) {
          const run = await runCitaChild([...args, '--data-dir', dataDir], { env: environment() });
          expectNoKey(run.stdout, `stdout of cita ${args.join(' ')}`);
          expectNoKey(run.stderr, `stderr of cita ${args.join(' ')}`);
        }
      } finally {
        standIn.mode = 'ok';
      }
      // The provider did see the key: the commands really used it.
      expect(standIn.requests.some((request) => JSON.stringify(request.headers).includes(key))).toBe(true);
    },
    180_000,
  );

  it('never reach the database, its WAL, a backup or a profile export', async () => {
    const dataDir = await voyageDataDir();
    await runCitaChild(['reembed', '--corpus', 'foods', '--data-dir', dataDir], { env: environment() });
    const backup = await runCitaChild(['backup', '--data-dir', dataDir, '--json'], { env: environment() });
    expect(backup.code, backup.stderr).toBe(0);
    const exported = await runCitaChild(['export', '--profile', 'default', '--out', join(dataDir, 'export'), '--data-dir', dataDir], { env: environment() });
    expect(exported.code, exported.stderr).toBe(0);
    const files = everyFileUnder(dataDir).filter(({ file }) => !file.endsWith('secrets.json'));
    expect(files.some(({ file }) => file.startsWith(join(dataDir, 'backups')))).toBe(true);
    expect(files.some(({ file }) => file.startsWith(join(dataDir, 'export')))).toBe(true);
    for (const { file, text } of files) expectNoKey(text, file);
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(true);
  }, 120_000);

  it('are not part of the settings or the status the app shows', async () => {
    const dataDir = await voyageDataDir();
    const previous = { key: process.env.CITA_VOYAGE_API_KEY, url: process.env.CITA_VOYAGE_BASE_URL };
    process.env.CITA_VOYAGE_API_KEY = key;
    process.env.CITA_VOYAGE_BASE_URL = standIn.url;
    try {
      const services = await createServices({ dataDir });
      try {
        for (const name of ['settings.get', 'status', 'jobs.list'] as const) {
          expectNoKey(JSON.stringify(await services.dispatcher.call(name, {}, { transport: 'http', role: 'viewer' })), name);
        }
        standIn.mode = 'unauthorized';
        const search = await services.dispatcher.call('search', { corpus: 'foods', query: 'rice', strategy: 'vector' }, { transport: 'http', role: 'viewer' });
        expectNoKey(JSON.stringify(search), 'a search whose embedder call was refused');
      } finally {
        standIn.mode = 'ok';
        await services.close();
      }
    } finally {
      if (previous.key === undefined) delete process.env.CITA_VOYAGE_API_KEY;
      else process.env.CITA_VOYAGE_API_KEY = previous.key;
      if (previous.url === undefined) delete process.env.CITA_VOYAGE_BASE_URL;
      else process.env.CITA_VOYAGE_BASE_URL = previous.url;
    }
  }, 120_000);
});
