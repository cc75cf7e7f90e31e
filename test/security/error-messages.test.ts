/**
 * Errors stay short, printable and actionable whatever the input: a flood of unknown keys gets a short answer,
 * terminal control sequences from a file are shown escaped (never obeyed), and a disk that cannot take a write
 * is named as such in one line, without a stack trace.
 */
import { spawnSync } from 'node:child_process';
import { statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createServices, databaseFileOf } from '../../main/app/bootstrap.js';
import { startHttpServer } from '../../main/server/http-server.js';
import { createTokenService, loadOrCreateSecret } from '../../main/server/tokens.js';
import { repositoryRoot, runCita } from '../helpers/cli.js';
import { useTempDirs } from '../helpers/temp.js';
import { send } from './support/http.js';

const tempDir = useTempDirs();
const editor = { transport: 'cli', role: 'editor' } as const;

afterEach(() => {
  vi.restoreAllMocks();
});

/** A data directory with one own food (code U1) of profile "default", closed again. */
async function dataDirWithFood(): Promise<string> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: null });
  const food = await services.dispatcher.call('foods.add', { name: 'Arepa', per100g: { energy_kcal: 220 } }, editor);
  if (!food.ok) throw new Error(food.error.message);
  await services.close();
  return dataDir;
}

function diaryCsv(rows: number): string {
  return ['date,meal,food_code,grams', ...Array.from({ length: rows }, (_, index) => `2024-0${1 + (index % 9)}-1${index % 10},lunch,U1,${(index % 900) + 1}`)].join('\n');
}

describe('an input with 500,000 unknown keys', () => {
  const flood = () => Object.fromEntries(Array.from({ length: 500_000 }, (_, index) => [`key${index}`, 0]));

  it.each(['status', 'diary.import'])('sent over HTTP to %s is refused with a short answer', async (name) => {
    const services = await createServices({ dataDir: tempDir(), embedder: null });
    const tokens = createTokenService(loadOrCreateSecret(services.dataDir));
    const server = await startHttpServer({ dispatcher: services.dispatcher, tokens, events: services.events, rendererDir: join(repositoryRoot, 'dist', 'renderer'), port: 0 });
    try {
      const body = JSON.stringify(flood());
      expect(body.length).toBeGreaterThan(5_000_000);
      const reply = await send(server.port, `/api/${name}`, { headers: { Authorization: `Bearer ${await tokens.sign({ role: 'editor' })}` }, body });
      expect([400, 413]).toContain(reply.status);
      expect(reply.body.length).toBeLessThan(20_000);
    } finally {
      await server.close();
      await services.close();
    }
  });

  it('passed to the dispatcher (as IPC and the CLI do) gets a short error', async () => {
    const services = await createServices({ dataDir: tempDir(), embedder: null });
    try {
      const result = await services.dispatcher.call('status', flood(), { transport: 'ipc', role: 'editor' });
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result).length).toBeLessThan(20_000);
    } finally {
      await services.close();
    }
  });
});

describe('cita diary import of a CSV holding terminal control characters', () => {
  it('shows them escaped in its errors, never raw', async () => {
    const dataDir = await dataDirWithFood();
    const file = join(tempDir(), 'hostile.csv');
    writeFileSync(file, 'date,meal,food_code,grams\n2024-01-01,\u001b[2J\u001b]0;owned\u0007,U1,80\n2024-01-02,lunch,U\u00001,80\n2024-01-03,lunch\u202e,U1,80\n');
    const run = runCita(['diary', 'import', file, '--data-dir', dataDir]);
    expect(run.status).toBe(1);
    // eslint-disable-next-line no-control-regex -- the test is that no raw control character reaches stderr
    expect(run.stderr).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F\u202E]/);
    expect(run.stderr).toContain('\\x1B');
  });
});

describe('a disk that cannot take the write during diary import', () => {
  it('is reported as a full disk through the dispatcher, with nothing written and no stack trace logged', async () => {
    const services = await createServices({ dataDir: await dataDirWithFood(), embedder: null });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const pages = services.db.pragma('page_count', { simple: true }) as number;
      services.db.pragma(`max_page_count = ${pages}`);
      const result = await services.dispatcher.call('diary.import', { csv: diaryCsv(20_000) }, editor);
      expect(result.ok).toBe(false);
      expect(!result.ok && result.error).toMatchObject({ code: 'unavailable', message: expect.stringMatching(/disk is full/) });
      expect(logged).not.toHaveBeenCalled();
      expect(services.db.prepare('SELECT count(*) AS n FROM diary_entries').get()).toEqual({ n: 0 });
    } finally {
      await services.close();
    }
  });

  it('is reported in one line by the command line (a file size limit stands in for the full disk), writing nothing', async () => {
    const dataDir = await dataDirWithFood();
    const file = join(tempDir(), 'big.csv');
    writeFileSync(file, diaryCsv(20_000));
    const database = databaseFileOf(dataDir);
    // Writes past this many KiB fail (EFBIG): the database opens, the import's WAL cannot grow.
    const limit = Math.ceil(statSync(database).size / 1024) + 64;
    const run = spawnSync('bash', ['-c', `ulimit -f ${limit}; exec "${process.execPath}" "${join(repositoryRoot, 'bin', 'cita.mjs')}" diary import "${file}" --data-dir "${dataDir}"`], {
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stderr.trim().split('\n'), run.stderr).toHaveLength(1);
    expect(run.stderr).toMatch(/disk is full|Could not write to the disk/);
    expect(run.stderr).not.toMatch(/\n\s+at /);
    const db = new BetterSqlite3(database, { readonly: true });
    expect(db.prepare('SELECT count(*) AS n FROM diary_entries').get()).toEqual({ n: 0 });
    db.close();
  });
});
