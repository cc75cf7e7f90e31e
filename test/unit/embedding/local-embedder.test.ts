import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../../main/core/errors.js';
import { createLocalEmbedder } from '../../../main/embedding/local-embedder.js';

let work: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'cita-local-embedder-'));
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('createLocalEmbedder without a usable model', () => {
  it('fails with an actionable error when the model directory is absent', async () => {
    const failure = createLocalEmbedder({ modelDir: join(work, 'bge-small-en-v1.5') });
    await expect(failure).rejects.toBeInstanceOf(AppError);
    await expect(failure).rejects.toMatchObject({ code: 'unavailable', message: expect.stringContaining('npm run model:fetch') });
  });

  it('fails naming the file when the model directory is incomplete or corrupt', async () => {
    const modelDir = join(work, 'bge-small-en-v1.5');
    mkdirSync(join(modelDir, 'onnx'), { recursive: true });
    writeFileSync(join(modelDir, 'config.json'), '{}');
    await expect(createLocalEmbedder({ modelDir })).rejects.toThrow(/config\.json has 2 bytes where the manifest pins/);
  });
});
