/**
 * The long-passage ingest `cita bench` measures against onnxruntime-node: the ingest the app runs (both models' vectors
 * of every chunk), with the data directory's one-time preparation paid before the timed ingest and reported apart.
 * Needs bge-small and the multilingual model (`npm run model:fetch`).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
    const result = await benchIngestCeiling({ workDir, modelDir, multilingualDir, passagesFile, documents: 4, threads: 1, cores: 1 });

    // The same four abstracts ingested alone: the timed ingest embedded all their chunks but the first abstract's.
    const lines = readFileSync(passagesFile, 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '');
    expect(lines.length).toBeGreaterThan(4);
    const aloneDir = mkdtempSync(join(tmpdir(), 'cita-ingest-ceiling-'));
    workDirs.push(aloneDir);
    const alone = await benchIngestCeiling({ workDir: aloneDir, modelDir, multilingualDir, passagesFile, documents: 1, threads: 1, cores: 1 }).catch((error: Error) => error);
    // One abstract is all the preparation ingest holds, so the timed ingest has nothing left to embed.
    expect(alone).toBeInstanceOf(Error);
    expect((alone as Error).message).toBe('the ingest embedded nothing');

    expect(result.documents).toBe(4);
    expect(result.chunks).toBeGreaterThanOrEqual(3);
    expect(result.crossLanguage).toEqual({ chunks: result.chunks, problem: null });
    expect(result.ceiling.embedderSeconds).toBeGreaterThan(0);
    expect(result.ceiling.multilingualSeconds).toBeGreaterThan(0);
    expect(result.ceiling.seconds).toBeCloseTo(result.ceiling.embedderSeconds + result.ceiling.multilingualSeconds, 1);
    expect(result.preparationSeconds).toBeGreaterThan(0);
    expect(result.ratio).toBeGreaterThan(0);
    expect(Number.isFinite(result.ratio)).toBe(true);
  }, 300_000);
});
