/**
 * USE-multilingual-v3 as installed by `npm run model:fetch` (trimmed graph + derived tokenizer), run in the shared
 * model worker: Spanish and English texts that say the same thing meet, and a broken install is refused clearly.
 */
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Embedder } from '../../main/embedding/embedder.js';
import { createMultilingualEmbedder, multilingualEmbedderId } from '../../main/embedding/multilingual-embedder.js';
import { loadMultilingualManifest } from '../../main/embedding/multilingual-manifest.js';
import { createMultilingualService } from '../../main/embedding/multilingual-service.js';
import { defaultSettings } from '../../shared/settings.js';
import { multilingualDir, realMultilingualTests } from '../helpers/model.js';
import { useTempDirs } from '../helpers/temp.js';

const run = realMultilingualTests('multilingual embedder');
const tempDir = useTempDirs();

function cosine(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < a.length; index++) sum += (a[index] ?? 0) * (b[index] ?? 0);
  return sum;
}

describe.runIf(run)('the multilingual embedder (USE-multilingual-v3)', () => {
  let embedder: Embedder;

  beforeAll(async () => {
    embedder = await createMultilingualEmbedder({ modelDir: multilingualDir });
  });

  afterAll(async () => {
    await embedder?.close();
  });

  it('gives L2-normalised vectors of the pinned size under its pinned id', async () => {
    const [vector] = await embedder.embedDocuments(['hígado de pollo']);
    expect(embedder.id).toBe(multilingualEmbedderId(loadMultilingualManifest()));
    expect(vector).toHaveLength(512);
    expect(Math.sqrt(cosine(vector as Float32Array, vector as Float32Array))).toBeCloseTo(1, 5);
  });

  it('puts each Spanish phrase nearest its English translation among eight', async () => {
    const spanish = ['hígado de pollo', 'tensión arterial alta', 'saldo vencido', 'pescado azul como la caballa', 'harina de trigo', 'dolor de pecho', 'leche de vaca', 'tipo de cambio'];
    const english = ['chicken liver', 'high blood pressure', 'overdue balance', 'oily fish such as mackerel', 'wheat flour', 'chest pain', 'cow milk', 'exchange rate'];
    const queries = await embedder.embedDocuments(spanish);
    const passages = await embedder.embedDocuments(english);
    const nearest = queries.map((query) => {
      const scores = passages.map((passage) => cosine(query, passage));
      return scores.indexOf(Math.max(...scores));
    });
    expect(nearest).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it('embeds a query exactly as the same text as a passage (the model is symmetric), whatever the spacing', async () => {
    const query = await embedder.embedQuery('  pescado   azul ');
    const [passage] = await embedder.embedDocuments(['pescado azul']);
    expect(cosine(query, passage as Float32Array)).toBeCloseTo(1, 5);
  });
});

describe.runIf(run)('a broken multilingual install', () => {
  it('is refused with the file and the fix named, and the path is off instead of failing searches', async () => {
    const manifest = loadMultilingualManifest();
    const directory = join(tempDir(), 'use-multilingual-v3');
    mkdirSync(join(directory, 'onnx'), { recursive: true });
    for (const file of manifest.files) if (file.path !== 'onnx/model.onnx') copyFileSync(join(multilingualDir, file.path), join(directory, file.path));
    writeFileSync(join(directory, 'onnx', 'model.onnx'), 'not an onnx graph');
    await expect(createMultilingualEmbedder({ modelDir: directory })).rejects.toThrow(/onnx\/model\.onnx has \d+ bytes where the manifest pins/);
    const service = createMultilingualService({ modelDir: directory, settings: defaultSettings });
    expect(service.describe().mode).toBe('keyword-only');
    expect(service.describe().problem).toMatch(/no cross-language search: .*model:fetch -- --only multilingual/);
    expect(await service.get()).toBeNull();
  });
});
