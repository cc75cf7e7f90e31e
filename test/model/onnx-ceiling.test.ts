/**
 * The ceiling `cita bench` measures the embedder against: onnxruntime-node run directly on the same model file must
 * give the embedder's own vectors, or the ratio would compare different work. Needs the model (`npm run model:fetch`).
 */
import { basename, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPassages } from '../../main/bench/ceiling-bench.js';
import type { Embedder } from '../../main/embedding/embedder.js';
import { createLocalEmbedder } from '../../main/embedding/local-embedder.js';
import { sharedModelWorker, type ModelSessionHandle } from '../../main/inference/model-worker.js';
import { modelDir, realModelTests } from '../helpers/model.js';

const repositoryRoot = fileURLToPath(new URL('../..', import.meta.url));
const passagesFile = join(repositoryRoot, 'test', 'fixtures', 'scifact-subset', 'corpus.jsonl');

describe.runIf(realModelTests('onnxruntime-node run directly on the embedding model'))('onnxruntime-node run directly on the embedding model (the bench ceiling)', () => {
  let embedder: Embedder;
  let ceiling: ModelSessionHandle<'ceiling'>;
  const host = sharedModelWorker();

  beforeAll(async () => {
    embedder = await createLocalEmbedder({ modelDir });
    ceiling = await host.open('ceiling', { modelRoot: dirname(modelDir), modelName: basename(modelDir), dtype: 'q8', threads: 1, dimensions: 384 });
  });
  afterAll(async () => {
    await embedder?.close();
    if (ceiling) await host.release(ceiling);
  });

  it('gives the embedder vectors for short texts and long passages, one text per inference', async () => {
    const texts = ['Masala dosa with sambar', 'egg', ...readPassages(passagesFile, 3)];
    const output = await host.run(ceiling, { calls: [texts.slice(0, 2), texts.slice(2)], batchSize: 1 }, undefined);
    const expected = await embedder.embedDocuments(texts);
    expect(output.milliseconds.length).toBe(2);
    expect(output.vectors.length).toBe(texts.length * 384);
    expected.forEach((vector, row) => {
      const direct = output.vectors.subarray(row * 384, (row + 1) * 384);
      vector.forEach((value, index) => expect(Math.abs(value - (direct[index] as number)), `text ${row}, dimension ${index}`).toBeLessThan(1e-5));
    });
  });

  it('counts tokens per text, special tokens included, truncated at 512', async () => {
    const long = readPassages(passagesFile, 40).sort((a, b) => b.length - a.length)[0] as string;
    const output = await host.run(ceiling, { calls: [['egg', long.repeat(3)]], batchSize: 2 }, undefined);
    expect(output.tokens[0]).toBe(3); // [CLS] egg [SEP]
    expect(output.tokens[1]).toBe(512);
  });
});

describe('the long passages of the bench', () => {
  it('are title and abstract of the first documents of a BEIR corpus', () => {
    const [first] = readPassages(passagesFile, 1);
    expect(first).toMatch(/^Targeting A20 Decreases Glioma Stem Cell Survival and Tumor Growth\n\nGlioblastomas are deadly cancers/);
    expect(readPassages(passagesFile, 5)).toHaveLength(5);
  });
});
