import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Status } from '../../../shared/contract.js';
import { createServices, type Services } from '../../../main/app/bootstrap.js';
import { runCli } from '../../../main/cli/main.js';
import { createSharedWordReranker } from '../../helpers/fake-reranker.js';
import { rerankerDir, rerankerPresent } from '../../helpers/model.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();
let services: Services | undefined;
afterEach(async () => {
  await services?.close();
  services = undefined;
});

const viewer = { transport: 'cli', role: 'viewer' } as const;

async function status(options: Parameters<typeof createServices>[0]): Promise<Status> {
  services = await createServices(options);
  const result = await services.dispatcher.call('status', {}, viewer);
  if (!result.ok) throw new Error(result.error.message);
  return result.value as Status;
}

describe('status reports the reranker', () => {
  it('as off, with the reason and what to run, when its model directory is missing', async () => {
    const missing = join(tempDir(), 'no-reranker-here');
    const value = await status({ dataDir: tempDir(), embedder: null, rerankerDir: missing });
    expect(value.reranker).toMatchObject({ id: null, mode: 'off', model_path: missing, model_sha256: null });
    expect(value.reranker.problem).toContain('npm run model:fetch');
    expect(await services?.reranker.get()).toBeNull();
  });

  it('as the injected reranker when a test passes one', async () => {
    const value = await status({ dataDir: tempDir(), embedder: null, reranker: createSharedWordReranker() });
    expect(value.reranker).toEqual({ id: 'test:shared-words:1', mode: 'local', model_path: null, model_sha256: null, problem: null });
  });

  it.runIf(rerankerPresent)('as local, with its id, path and SHA-256, when the real model is installed', async () => {
    const value = await status({ dataDir: tempDir(), embedder: null, rerankerDir });
    expect(value.reranker).toMatchObject({ id: 'local:ms-marco-MiniLM-L-12-v2:q8:max256:pair1', mode: 'local', model_path: rerankerDir, problem: null });
    expect(value.reranker.model_sha256).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('cita status', () => {
  async function cita(args: string[]): Promise<{ status: number; stdout: string }> {
    let stdout = '';
    const code = await runCli(args, { stdout: (text) => void (stdout += text), stderr: () => undefined });
    return { status: code, stdout };
  }

  it('prints the reranker line and its problem, and the reranker object with --json', async () => {
    const saved = process.env.CITA_RERANKER_DIR;
    process.env.CITA_RERANKER_DIR = join(tempDir(), 'no-reranker-here');
    try {
      const dataDir = tempDir();
      const human = await cita(['status', '--data-dir', dataDir]);
      expect(human.status).toBe(0);
      expect(human.stdout).toContain('reranker: none (off)');
      expect(human.stdout).toMatch(/note: reranking is off: no model directory at .*no-reranker-here/);
      const json = await cita(['status', '--data-dir', dataDir, '--json']);
      const document = JSON.parse(json.stdout) as Status;
      expect(document.reranker).toMatchObject({ id: null, mode: 'off', model_path: process.env.CITA_RERANKER_DIR });
    } finally {
      if (saved === undefined) delete process.env.CITA_RERANKER_DIR;
      else process.env.CITA_RERANKER_DIR = saved;
    }
  });
});
