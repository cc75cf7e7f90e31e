/**
 * The re-embed job survives kill -9: a child `cita reembed` is SIGKILLed mid-way, a second run completes, and the
 * database ends with exactly one current vector per row, none of those written before the kill recomputed.
 * The embedder is the Voyage client talking to a local stand-in, so the run is deterministic and needs no model.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import * as sqliteVec from 'sqlite-vec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServices } from '../../../main/app/bootstrap.js';
import { createFoodsRepository } from '../../../main/corpora/foods/foods-repository.js';
import { voyageEmbedderId } from '../../../main/embedding/cloud/voyage-embedder.js';
import { repositoryRoot } from '../../helpers/cli.js';
import { useTempDirs } from '../../helpers/temp.js';
import { startCloudStandIn, type StandIn } from './cloud-stand-in.js';

const voyageKey = 'pa-CRASH-TEST-0123456789';
const syntheticFoods = 2000;
const tempDir = useTempDirs();
let standIn: StandIn;

beforeAll(async () => {
  standIn = await startCloudStandIn({ voyage: voyageKey });
});
afterAll(async () => standIn.close());

/** A data directory with the IFCT foods plus synthetic ones, none embedded, the Voyage embedder selected. */
async function prepareDataDir(): Promise<{ dataDir: string; rows: number }> {
  const dataDir = tempDir();
  const services = await createServices({ dataDir, embedder: null });
  try {
    await services.module('foods')?.ingest?.({});
    const synthetic = Array.from({ length: syntheticFoods }, (_, index) => ({
      code: `SYN${String(index).padStart(5, '0')}`,
      owner: null,
      name: `Synthetic food ${index} ${['rice', 'lentil', 'mango', 'spinach', 'millet'][index % 5]}`,
      brand: index % 3 === 0 ? 'Test kitchen' : '',
      group: 'Synthetic',
      source: 'test',
      per100g: { energy_kcal: index % 400 },
    }));
    createFoodsRepository(services.db).upsertShared(synthetic);
    services.settings.update({ embedder: { provider: 'voyage', cloud_batch_size: 20, cloud_pause_ms: 0 } });
    const rows = (services.db.prepare('SELECT count(*) AS n FROM foods').get() as { n: number }).n;
    return { dataDir, rows };
  } finally {
    await services.close();
  }
}

interface ChildRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  progressLines: string[];
  stdout: string;
}

/** Runs the built `cita reembed`; `killWhen` decides, on each progress line, whether to SIGKILL it. */
function runReembed(dataDir: string, killWhen?: (progressLines: string[]) => boolean): Promise<ChildRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [join(repositoryRoot, 'bin', 'cita.mjs'), 'reembed', '--corpus', 'foods', '--data-dir', dataDir], {
      cwd: repositoryRoot,
      env: { ...process.env, CITA_VOYAGE_API_KEY: voyageKey, CITA_VOYAGE_BASE_URL: standIn.url, CITA_MODEL_DIR: join(dataDir, 'no-model') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const progressLines: string[] = [];
    let stdout = '';
    let pending = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      progressLines.push(...lines.filter((line) => line.startsWith('reembed ')));
      if (killWhen?.(progressLines) && child.exitCode === null) child.kill('SIGKILL');
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, progressLines, stdout }));
  });
}

function openReadOnly(dataDir: string) {
  const db = new BetterSqlite3(join(dataDir, 'cita.sqlite'), { readonly: true });
  sqliteVec.load(db);
  const table = (db.prepare('SELECT table_name FROM vector_spaces WHERE corpus = ? AND embedder_id = ?').get('foods', voyageEmbedderId) as { table_name: string } | undefined)?.table_name;
  return {
    integrity: () => (db.pragma('integrity_check') as { integrity_check: string }[]).map((row) => row.integrity_check),
    vectors: (): Map<number, Buffer> =>
      new Map(table ? (db.prepare(`SELECT item_id, embedding FROM ${table}`).all() as { item_id: number; embedding: Buffer }[]).map((row) => [row.item_id, row.embedding]) : []),
    /** Rows with no vector, vectors whose text changed, and vectors of rows that do not exist. */
    defects: () =>
      db
        .prepare(
          `SELECT (SELECT count(*) FROM foods f WHERE f.id NOT IN (SELECT item_id FROM ${table})) AS missing,
                  (SELECT count(*) FROM ${table} v JOIN foods f ON f.id = v.item_id WHERE v.content_hash != f.embed_hash) AS stale,
                  (SELECT count(*) FROM ${table} v WHERE v.item_id NOT IN (SELECT id FROM foods)) AS orphans`,
        )
        .get() as { missing: number; stale: number; orphans: number },
    textsOf: (ids: number[]) => {
      const statement = db.prepare<[number], { embed_text: string }>('SELECT embed_text FROM foods WHERE id = ?');
      return ids.map((id) => statement.get(id)?.embed_text ?? '');
    },
    allIds: () => (db.prepare('SELECT id FROM foods ORDER BY id').all() as { id: number }[]).map((row) => row.id),
    close: () => db.close(),
  };
}

describe('re-embedding after kill -9', () => {
  it('resumes where it stopped: one current vector per row, nothing written before the kill recomputed', async () => {
    const { dataDir, rows } = await prepareDataDir();
    expect(rows).toBeGreaterThan(2500);
    standIn.delayMs = 25;
    standIn.generation = 0;

    // Run 1: killed once it has reported progress twice and the stand-in has answered a few batches.
    const killed = await runReembed(dataDir, (lines) => lines.length >= 2 && standIn.embedded.length >= 200);
    expect(killed.signal, `the first run ended by itself: ${killed.progressLines.join(' | ')}`).toBe('SIGKILL');
    expect(killed.progressLines.length).toBeGreaterThanOrEqual(2);

    const afterKill = openReadOnly(dataDir);
    expect(afterKill.integrity()).toEqual(['ok']);
    const before = afterKill.vectors();
    expect(before.size).toBeGreaterThan(0);
    expect(before.size).toBeLessThan(rows);
    // Whole batches only: a batch is written in one transaction or not at all.
    expect(afterKill.defects()).toMatchObject({ stale: 0, orphans: 0 });
    const missingTexts = afterKill.textsOf(afterKill.allIds().filter((id) => !before.has(id)));
    afterKill.close();

    // Run 2: the stand-in now answers different vectors, so anything recomputed would differ byte for byte.
    standIn.generation = 1;
    standIn.delayMs = 0;
    standIn.embedded.length = 0;
    const resumed = await runReembed(dataDir);
    expect(resumed.code, resumed.stdout).toBe(0);
    expect(resumed.stdout).toContain(`foods: ${rows - before.size} embedded`);

    const done = openReadOnly(dataDir);
    try {
      expect(done.integrity()).toEqual(['ok']);
      expect(done.defects()).toEqual({ missing: 0, stale: 0, orphans: 0 });
      const after = done.vectors();
      expect(after.size).toBe(rows);
      // The second run embedded exactly the rows the first had not reached.
      expect(standIn.embedded.length).toBe(rows - before.size);
      expect([...standIn.embedded].sort()).toEqual([...missingTexts].sort());
      for (const [id, blob] of before) expect(after.get(id)?.equals(blob), `vector of row ${id} was rewritten`).toBe(true);
    } finally {
      done.close();
    }
  }, 240_000);
});
