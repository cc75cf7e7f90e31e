/**
 * The multilingual embedder's side of the model worker thread: USE-multilingual-v3 with its tokenizer op removed
 * (see scripts/model/use_multilingual_trim.py), so the text is tokenized here by transformers.js and the graph is
 * fed token ids and row splits directly; the 512-d output is L2-normalised.
 */
import { basename, dirname, join } from 'node:path';
import { AutoTokenizer, env } from '@huggingface/transformers';
import * as ort from 'onnxruntime-node';
import type { WorkerSession } from './worker-session.js';

export interface MultilingualSessionConfig {
  modelDir: string;
  threads: number;
  dimensions: number;
}

/** Sentencepiece's ids of <s> and </s>, which the original graph's tokenizer op put around every text. */
const beginId = 1;
const endId = 2;

/**
 * The converted tokenizer differs from sentencepiece only on runs of whitespace and trailing whitespace (research
 * probe: 1 of 9 texts), so whitespace is collapsed and trimmed first, as sentencepiece itself normalises it.
 */
export function normaliseForMultilingual(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/** Loads the trimmed graph and its tokenizer from the verified local directory. */
export async function openMultilingualSession(config: MultilingualSessionConfig): Promise<WorkerSession<string[], Float32Array>> {
  env.localModelPath = dirname(config.modelDir); // read while the tokenizer loads; loads never overlap (the worker's queue)
  const tokenizer = await AutoTokenizer.from_pretrained(basename(config.modelDir));
  const session = await ort.InferenceSession.create(join(config.modelDir, 'onnx', 'model.onnx'), {
    intraOpNumThreads: config.threads,
    interOpNumThreads: 1,
    graphOptimizationLevel: 'all',
    logSeverityLevel: 3, // the exported graph carries unused initializers; ONNX Runtime warns about each one
    // Spinning intra-op threads made inference ~3x slower on the 2-core target (as for bge-small); idle threads sleep.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  });
  const [idsName, splitsName] = session.inputNames;
  const [outputName] = session.outputNames;
  if (!idsName || !splitsName || !outputName) throw new Error('the multilingual graph does not have the expected token-id and row-split inputs');
  const { dimensions } = config;
  return {
    async run(texts, isCancelled) {
      const data = new Float32Array(texts.length * dimensions);
      // One text per call: the graph's dynamic int8 quantisation would make a batched vector depend on its neighbours.
      for (let index = 0; index < texts.length; index++) {
        if (isCancelled()) return undefined;
        const ids = [beginId, ...tokenizer.encode(normaliseForMultilingual(texts[index] ?? ''), { add_special_tokens: false }), endId];
        const result = await session.run({
          [idsName]: new ort.Tensor('int32', Int32Array.from(ids), [ids.length]),
          [splitsName]: new ort.Tensor('int64', BigInt64Array.from([0n, BigInt(ids.length)]), [2]),
        });
        const output = result[outputName];
        const values = output?.data;
        if (!(values instanceof Float32Array) || values.length !== dimensions) {
          throw new Error(`the multilingual model returned ${values?.length ?? 0} values, expected ${dimensions}`);
        }
        let norm = 0;
        for (const value of values) norm += value * value;
        norm = Math.sqrt(norm) || 1;
        for (let dimension = 0; dimension < dimensions; dimension++) data[index * dimensions + dimension] = (values[dimension] ?? 0) / norm;
        output?.dispose();
      }
      return { output: data, transfer: [data.buffer] };
    },
    async dispose() {
      await session.release();
    },
  };
}
