import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadModelManifest, parseModelManifest, type ModelManifest } from '../../../main/embedding/model-manifest.js';
import { checkRowwiseGraph, deriveRowwiseGraph, rowwiseModelFileName } from '../../../main/embedding/rowwise-graph.js';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const quantized = randomBytes(2048);
const derived = Buffer.from(quantized).reverse();
/** Records its arguments and succeeds: stands in for `python3 -m pip`. */
const fakePip = (log: string) => [process.execPath, '-e', `require('fs').appendFileSync(${JSON.stringify(log)}, process.argv.slice(1).join(' ') + '\\n')`];

function manifest(pinned: Buffer = derived): ModelManifest {
  return parseModelManifest({
    model: 'tiny-model',
    dimensions: 4,
    pooling: 'cls',
    queryPrefix: '',
    files: [{ path: 'onnx/model_quantized.onnx', sha256: sha256(quantized), bytes: quantized.length, package: 'p', entry: 'q.onnx' }],
    rowwiseGraph: {
      path: 'onnx/model_rowwise_quantized.onnx',
      sha256: sha256(pinned),
      bytes: pinned.length,
      from: 'onnx/model_quantized.onnx',
      purpose: 'test',
      script: 'test/fixtures/rowwise/fake_derive.py',
      pythonPackages: ['onnx==1.23.2'],
    },
  });
}

let work: string;
let modelDir: string;
let pipLog: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'cita-rowwise-'));
  modelDir = join(work, 'model');
  mkdirSync(join(modelDir, 'onnx'), { recursive: true });
  writeFileSync(join(modelDir, 'onnx', 'model_quantized.onnx'), quantized);
  pipLog = join(work, 'pip.log');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

describe('the rowwise graph derived at fetch time', () => {
  it('installs the pinned packages once, derives the graph and installs it when its SHA-256 is the pin', async () => {
    const options = { modelDir, manifest: manifest(), cacheDir: join(work, 'cache'), pipCommand: fakePip(pipLog) };
    expect(checkRowwiseGraph(modelDir, options.manifest)).toEqual({ ok: false, problem: 'onnx/model_rowwise_quantized.onnx is missing' });
    const fetched = await deriveRowwiseGraph(options);
    expect(fetched.files).toEqual([{ path: 'onnx/model_rowwise_quantized.onnx', sha256: sha256(derived), bytes: derived.length }]);
    expect(readFileSync(join(modelDir, 'onnx', 'model_rowwise_quantized.onnx')).equals(derived)).toBe(true);
    expect(checkRowwiseGraph(modelDir, options.manifest)).toEqual({ ok: true, fileName: 'model_rowwise' });
    expect(readFileSync(pipLog, 'utf8')).toMatch(/^install --no-deps --only-binary=:all: .* --target \S+tiny-model-rowwise onnx==1\.23\.2\n$/);

    // Present and verified: nothing is run again; forced: derived again with the cached packages (pip not called).
    expect((await deriveRowwiseGraph(options)).source).toBe('already present');
    await deriveRowwiseGraph({ ...options, force: true });
    expect(readFileSync(pipLog, 'utf8').split('\n').filter(Boolean)).toHaveLength(1);
  });

  it('refuses a derived graph whose SHA-256 is not the pin, installing nothing and leaving no partial file', async () => {
    const options = { modelDir, manifest: manifest(randomBytes(derived.length)), cacheDir: join(work, 'cache'), pipCommand: fakePip(pipLog) };
    await expect(deriveRowwiseGraph(options)).rejects.toThrow(
      new RegExp(`made onnx/model_rowwise_quantized.onnx with ${derived.length} bytes and SHA-256 ${sha256(derived)}, where the manifest pins .*; not installed`),
    );
    expect(readdirSync(join(modelDir, 'onnx'))).toEqual(['model_quantized.onnx']);
  });

  it('reports a derivation that fails, and one without python, installing nothing and leaving no partial file', async () => {
    const failing = manifest();
    failing.rowwiseGraph = { ...failing.rowwiseGraph!, script: 'test/fixtures/rowwise/no-such-script.py' };
    await expect(deriveRowwiseGraph({ modelDir, manifest: failing, cacheDir: join(work, 'cache'), pipCommand: fakePip(pipLog) })).rejects.toThrow(/no-such-script\.py.* exited with 2/);
    // A partial file an earlier run was killed before removing is cleared too.
    writeFileSync(join(modelDir, 'onnx', 'model_rowwise_quantized.onnx.123-abcd.partial'), 'half');
    const previous = process.env.CITA_PYTHON;
    process.env.CITA_PYTHON = join(work, 'no-python-here');
    try {
      await expect(deriveRowwiseGraph({ modelDir, manifest: manifest(), cacheDir: join(work, 'cache-2') })).rejects.toThrow(
        /^deriving the batching graph needs python3 with pip \(.*no-python-here could not be run\); without it cita embeds every q8 text alone, with the same vectors$/,
      );
      // With the packages in place, the script itself cannot be run either.
      await expect(deriveRowwiseGraph({ modelDir, manifest: manifest(), cacheDir: join(work, 'cache'), pipCommand: fakePip(pipLog) })).rejects.toThrow(/needs python3 with pip/);
    } finally {
      if (previous === undefined) delete process.env.CITA_PYTHON;
      else process.env.CITA_PYTHON = previous;
    }
    expect(readdirSync(join(modelDir, 'onnx'))).toEqual(['model_quantized.onnx']);
  });

  it('derives only from the verified q8 graph, and says to fetch the embedder when it is not', async () => {
    writeFileSync(join(modelDir, 'onnx', 'model_quantized.onnx'), randomBytes(quantized.length));
    await expect(deriveRowwiseGraph({ modelDir, manifest: manifest(), cacheDir: join(work, 'cache'), pipCommand: fakePip(pipLog) })).rejects.toThrow(
      /derived from the verified embedder: onnx\/model_quantized\.onnx has SHA-256 .*run `npm run model:fetch -- --only embedder`/,
    );
    expect(existsSync(pipLog)).toBe(false);
  });

  it('pins the shipped graph under the name transformers.js loads for q8, derived from the shipped q8 file', () => {
    const shipped = loadModelManifest();
    expect(rowwiseModelFileName(shipped.rowwiseGraph)).toBe('model_rowwise');
    expect(shipped.files.map((file) => file.path)).toContain(shipped.rowwiseGraph?.from);
    expect(rowwiseModelFileName({ ...manifest().rowwiseGraph!, path: 'onnx/model_rowwise.onnx' })).toBeUndefined();
  });
});
