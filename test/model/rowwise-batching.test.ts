/**
 * The q8 embedder batching texts of one token length through the derived rowwise graph (main/embedding/rowwise-graph.ts):
 * every vector must keep the bytes it has when its text is embedded alone. Needs bge-small and its rowwise graph
 * (`npm run model:fetch`); under CI=true a missing graph fails.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { AutoTokenizer, env } from '@huggingface/transformers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemorySecretStore } from '../../main/core/secrets.js';
import type { Embedder } from '../../main/embedding/embedder.js';
import { createEmbeddingService } from '../../main/embedding/embedding-service.js';
import { createLocalEmbedder } from '../../main/embedding/local-embedder.js';
import { loadModelManifest } from '../../main/embedding/model-manifest.js';
import { checkRowwiseGraph } from '../../main/embedding/rowwise-graph.js';
import { equalLengthBatches } from '../../main/inference/equal-length-batches.js';
import { settingsSchema } from '../../shared/settings.js';
import { modelDir, realModelTests } from '../helpers/model.js';

const inCi = process.env.CI === 'true';
const modelPresent = realModelTests('rowwise batching');
const graph = modelPresent ? checkRowwiseGraph(modelDir, loadModelManifest()) : { ok: false as const, problem: 'no model' };
if (modelPresent && !graph.ok && !inCi) {
  const line = '!'.repeat(100);
  console.warn(`\n${line}\n!!! SKIPPING rowwise batching: ${graph.problem}. Run \`npm run model:fetch\`; under CI=true this fails.\n${line}\n`);
}

describe.runIf(modelPresent && inCi)('the rowwise graph in CI', () => {
  it('is installed and verified next to the embedder', () => {
    expect(graph).toEqual({ ok: true, fileName: 'model_rowwise' });
  });
});

const bytesOf = (vector: Float32Array) => Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);

/** Food-diary-like texts: many share a token length (short ones in small and large groups), some are long. */
function texts(): string[] {
  const words = 'apple bread cheese grilled chicken salad brown rice greek yogurt honey oat milk almond butter toast banana lentil soup'.split(' ');
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const phrase = (count: number, from = words) => Array.from({ length: count }, () => from[Math.floor(next() * from.length)]).join(' ');
  const short = Array.from({ length: 120 }, () => phrase(2 + Math.floor(next() * 9)));
  // Notes of 34 or 35 one-token words: groups of 8 or more at one length run on every thread (over 256 tokens a batch).
  const oneToken = 'apple bread cheese chicken salad brown rice greek honey milk almond butter toast banana soup'.split(' ');
  const notes = Array.from({ length: 24 }, () => phrase(34 + Math.floor(next() * 2), oneToken));
  const long = Array.from({ length: 3 }, () => phrase(220));
  return [...short, ...notes, ...long, ''];
}

describe.runIf(modelPresent && graph.ok)('q8 texts of one token length batched through the rowwise graph', () => {
  let batched: Embedder;
  let alone: Embedder;
  beforeAll(async () => {
    batched = await createLocalEmbedder({ modelDir, threads: 2 });
    alone = await createLocalEmbedder({ modelDir, threads: 2, rowwise: false });
  });
  afterAll(async () => {
    await batched?.close();
    await alone?.close();
  });

  it('gives every text the bytes it has alone, in one call of all of them and in calls of 16', async () => {
    const all = texts();
    const reference = await alone.embedDocuments(all);
    const inOneCall = await batched.embedDocuments(all);
    const inCalls: Float32Array[] = [];
    for (let start = 0; start < all.length; start += 16) inCalls.push(...(await batched.embedDocuments(all.slice(start, start + 16))));
    const differing = (vectors: Float32Array[]) => all.filter((_, index) => !bytesOf(vectors[index] as Float32Array).equals(bytesOf(reference[index] as Float32Array)));
    expect(differing(inOneCall)).toEqual([]);
    expect(differing(inCalls)).toEqual([]);
  });

  it('would batch most of these texts (the comparison above is not of texts that all ran alone)', async () => {
    env.localModelPath = dirname(modelDir);
    env.allowRemoteModels = false;
    const tokenizer = await AutoTokenizer.from_pretrained(basename(modelDir));
    const lengths = texts().map((text) => tokenizer.encode(text).length);
    const batches = equalLengthBatches(lengths);
    const inBatches = batches.filter((batch) => batch.length > 1).reduce((sum, batch) => sum + batch.length, 0);
    expect(inBatches / lengths.length).toBeGreaterThan(0.6);
    expect(batches.some((batch) => batch.length > 1 && batch.length * (lengths[batch[0] as number] ?? 0) > 256)).toBe(true);
  });

  it('is needed: the original q8 graph in batches of 16 changes some of the same vectors', async () => {
    const padded = await createLocalEmbedder({ modelDir, threads: 2, batchSize: 16, rowwise: false });
    try {
      const all = texts();
      const reference = await alone.embedDocuments(all);
      const vectors = await padded.embedDocuments(all);
      const changed = all.filter((_, index) => !bytesOf(vectors[index] as Float32Array).equals(bytesOf(reference[index] as Float32Array)));
      expect(changed.length).toBeGreaterThan(all.length / 2);
    } finally {
      await padded.close();
    }
  });
});

describe.runIf(modelPresent && graph.ok)('what cita status says of the batching', () => {
  it('names equal-length batching with the graph, and one at a time, with what to run, without it', () => {
    const settings = () => settingsSchema.parse({ embedder: { provider: 'local' } });
    const secrets = createMemorySecretStore();
    expect(createEmbeddingService({ modelDir, settings, secrets }).describe().batching).toEqual({ mode: 'equal-length', problem: null });

    // The same model files, linked into a directory without the derived graph.
    const bare = mkdtempSync(join(tmpdir(), 'cita-no-batching-'));
    try {
      for (const file of loadModelManifest().files) {
        mkdirSync(dirname(join(bare, file.path)), { recursive: true });
        symlinkSync(join(modelDir, file.path), join(bare, file.path));
      }
      const described = createEmbeddingService({ modelDir: bare, settings, secrets }).describe();
      expect(described.mode).toBe('local');
      expect(described.batching?.mode).toBe('one-at-a-time');
      expect(described.batching?.problem).toMatch(/^onnx\/model_rowwise_quantized\.onnx is missing; run `npm run model:fetch -- --only batching`, then restart cita/);
    } finally {
      rmSync(bare, { recursive: true, force: true });
    }
  });
});
