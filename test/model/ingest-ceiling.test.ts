/**
 * The long-passage ingest `cita bench` measures against onnxruntime-node: the ingest the app runs (both models' vectors
 * of every chunk), with the data directory's one-time preparation paid before the timed ingest and reported apart.
 * Needs bge-small and the multilingual model (`npm run model:fetch`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { benchIngestCeiling } from '../../main/bench/ingest-ceiling-bench.js';
import { multilingualDir, modelDir, realModelTests, realMultilingualTests } from '../helpers/model.js';

const passagesFile = join(fileURLToPath(new URL('../..', import.meta.url)), 'test', 'fixtures', 'scifact-subset', 'corpus.jsonl');
const workDirs: string[] = [];
afterAll(() => {
  for (const dir of workDirs) rmSync(dir, { recursive: true, force: true });
});

describe.runIf(realModelTests('the ingest ceiling bench') && realMultilingualTests('the ingest ceiling bench'))('the ingest ceiling bench', () => {
  it('times the chunks of every abstract but the first (the preparation ingest), embedded by both models, against both models run directly', async () => {
    const workDir = mkdtempSync(join(tmpdir(), 'cita-ingest-ceiling-'));
    workDirs.push(workDir);
    const result = await benchIngestCeiling({ workDir, modelDir, multilingualDir, passagesFile, documents: 4, threads: 1, cores: 2 });

    // The timed ingest embedded every chunk of the four abstracts but the first abstract's (the preparation's).
    const lines = readFileSync(passagesFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    const firstId = (JSON.parse(lines[0] as string) as { _id: string })._id;
    const db = new Database(join(workDir, 'ingest', 'cita.sqlite'), { readonly: true });
    const count = (sql: string, ...values: string[]) => (db.prepare(sql).get(...values) as { n: number }).n;
    const total = count('SELECT count(*) AS n FROM kb_chunks');
    const firstChunks = count('SELECT count(*) AS n FROM kb_chunks WHERE card_id = ?', firstId);
    db.close();
    expect(firstChunks).toBeGreaterThan(0);
    expect(result.chunks).toBe(total - firstChunks);

    // One abstract is all the preparation ingest holds, so a timed ingest of it has nothing left to embed.
    const aloneDir = mkdtempSync(join(tmpdir(), 'cita-ingest-ceiling-'));
    workDirs.push(aloneDir);
    const alone = await benchIngestCeiling({ workDir: aloneDir, modelDir, multilingualDir, passagesFile, documents: 1, threads: 1, cores: 1 }).catch((error: Error) => error);
    expect(alone).toBeInstanceOf(Error);
    expect((alone as Error).message).toBe('the ingest embedded nothing');

    expect(result.documents).toBe(4);
    // Every chunk had its cross-language vector made, and the ceiling holds both models' time.
    expect(result.crossLanguage).toEqual({ chunks: result.chunks, problem: null });
    expect(result.ceiling.embedderSeconds).toBeGreaterThan(0);
    expect(result.ceiling.multilingualSeconds).toBeGreaterThan(0);
    expect(Math.abs(result.ceiling.seconds - (result.ceiling.embedderSeconds + result.ceiling.multilingualSeconds))).toBeLessThanOrEqual(0.002);
    expect(result.preparationSeconds).toBeGreaterThan(0);
  }, 300_000);
});
