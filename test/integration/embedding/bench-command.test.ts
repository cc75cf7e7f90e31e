/** `cita bench` as a command: its sections, its JSON and its degraded mode (never its timings). */
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { BenchReport } from '../../../main/bench/run-bench.js';
import { runCli } from '../../../main/cli/main.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
const savedModelDir = process.env.CITA_MODEL_DIR;
afterEach(() => {
  if (savedModelDir === undefined) delete process.env.CITA_MODEL_DIR;
  else process.env.CITA_MODEL_DIR = savedModelDir;
});

async function cita(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await runCli(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { status, stdout, stderr };
}

describe('cita bench', () => {
  it('rejects an unknown section as a usage error', async () => {
    const run = await cita(['bench', '--only', 'knn,warp']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--only takes embedding, ceiling, knn, keyword, hybrid, serve, concurrency, kb, crosslang, catalog (got "warp")');
  });

  it('without the model measures KNN on synthetic vectors and says which sections it skipped', async () => {
    process.env.CITA_MODEL_DIR = join(tempDir(), 'no-model');
    const run = await cita(['bench', '--quick', '--only', 'knn,keyword,hybrid', '--json']);
    expect(run.status, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as BenchReport;
    expect(report.quick).toBe(true);
    expect(report.knn?.vectors).toMatch(/^synthetic clusters \(no model: no model directory/);
    expect(report.knn?.results.map((result) => result.vectors)).toEqual([10_000]);
    expect(report.knn?.results[0]?.binary.runs.every((run) => run.recallAt10 >= 0 && run.recallAt10 <= 1)).toBe(true);
    expect(report.keyword?.keywordIndex.documents).toBe(10_000);
    expect(report.skipped).toEqual([{ section: 'hybrid', reason: expect.stringContaining('no model directory') }]);
    expect(report.embedding).toBeUndefined();
    const knnTarget = report.targets.find((target) => target.name === 'KNN 100k float32 p95');
    expect(knnTarget).toMatchObject({ met: null, note: 'not measured with --quick' });
    expect(report.machine.cpus).toBeGreaterThan(0);
  }, 120_000);
});
