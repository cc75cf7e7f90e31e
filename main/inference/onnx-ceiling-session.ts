/**
 * The ceiling `cita bench` compares the embedder with: the same model file run by onnxruntime-node directly, with the
 * same tokenizer and session options, and none of cita's layers (no pipeline, no message to a worker, no copies).
 * It lives in the model worker thread like every ONNX session (model-worker-protocol.ts) and times itself there.
 */
import { join } from 'node:path';
import { AutoTokenizer, env } from '@huggingface/transformers';
import * as ort from 'onnxruntime-node';
import type { WorkerSession } from './worker-session.js';

export interface OnnxCeilingSessionConfig {
  /** Parent directory of the model directory, as for the embedding session. */
  modelRoot: string;
  modelName: string;
  dtype: 'q8' | 'fp32';
  threads: number;
  dimensions: number;
}

export interface OnnxCeilingInput {
  /** Each call is timed on its own; its texts run in batches of `batchSize`, sorted by token length. */
  calls: string[][];
  batchSize: number;
}

export interface OnnxCeilingOutput {
  /** Wall milliseconds of each call: tokenization, inference, CLS pooling and normalisation. */
  milliseconds: Float64Array;
  /** Tokens of every text (special tokens included, before padding), in call order. */
  tokens: Int32Array;
  /** CLS-pooled, L2-normalised vectors of every text in call order, to check cita gives the same ones. */
  vectors: Float32Array;
}

/** The model file transformers.js reads for a dtype (its `model_quantized.onnx` naming for q8). */
export function onnxFileOf(dtype: 'q8' | 'fp32'): string {
  return dtype === 'q8' ? 'model_quantized.onnx' : 'model.onnx';
}

/** Opens the model file with onnxruntime-node itself and the model's tokenizer through transformers.js. */
export async function openOnnxCeilingSession(config: OnnxCeilingSessionConfig): Promise<WorkerSession<OnnxCeilingInput, OnnxCeilingOutput>> {
  env.localModelPath = config.modelRoot; // read while the tokenizer loads; loads never overlap (the worker's queue)
  const tokenizer = await AutoTokenizer.from_pretrained(config.modelName);
  const session = await ort.InferenceSession.create(join(config.modelRoot, config.modelName, 'onnx', onnxFileOf(config.dtype)), {
    intraOpNumThreads: config.threads,
    interOpNumThreads: 1,
    // The embedding session's options (embedding-session.ts), so only cita's own overhead differs.
    extra: { session: { intra_op: { allow_spinning: '0' } } },
  });
  const { dimensions } = config;

  async function embedBatch(texts: string[], vectors: Float32Array, tokens: Int32Array, offsets: number[]): Promise<void> {
    const encoded = tokenizer(texts, { padding: true, truncation: true }) as Record<string, { data: BigInt64Array; dims: number[] }>;
    const feeds: Record<string, ort.Tensor> = {};
    for (const name of session.inputNames) {
      const input = encoded[name];
      if (!input) throw new Error(`the tokenizer gives no ${name}`);
      feeds[name] = new ort.Tensor('int64', input.data, input.dims);
    }
    const output = await session.run(feeds);
    const hidden = output[session.outputNames[0] as string];
    if (!hidden) throw new Error('the model returned no output');
    const values = hidden.data as Float32Array;
    const [rows, length, width] = hidden.dims as number[];
    if (rows !== texts.length || width !== dimensions || length === undefined) throw new Error(`unexpected output dims ${hidden.dims.join('×')}`);
    const mask = encoded.attention_mask?.data;
    texts.forEach((_, row) => {
      // CLS pooling: the first token's hidden state, L2-normalised.
      const cls = values.subarray(row * length * width, row * length * width + width);
      let norm = 0;
      for (const value of cls) norm += value * value;
      norm = Math.sqrt(norm) || 1;
      const offset = offsets[row] as number;
      for (let index = 0; index < width; index++) vectors[offset * width + index] = (cls[index] as number) / norm;
      let count = 0;
      for (let position = 0; position < length; position++) if (mask?.[row * length + position]) count++;
      tokens[offset] = count;
    });
    hidden.dispose();
  }

  return {
    async run({ calls, batchSize }, isCancelled) {
      const total = calls.reduce((sum, call) => sum + call.length, 0);
      const vectors = new Float32Array(total * dimensions);
      const tokens = new Int32Array(total);
      const milliseconds = new Float64Array(calls.length);
      let first = 0;
      for (const [callIndex, call] of calls.entries()) {
        if (isCancelled()) return undefined;
        const started = performance.now();
        // Sorted by token length, as a good embedder would, so a batch pads little.
        const lengths = call.map((text) => tokenizer.encode(text).length);
        const order = call.map((_, index) => index).sort((a, b) => (lengths[a] ?? 0) - (lengths[b] ?? 0));
        for (let start = 0; start < order.length; start += batchSize) {
          const indices = order.slice(start, start + batchSize);
          await embedBatch(
            indices.map((index) => call[index] ?? ''),
            vectors,
            tokens,
            indices.map((index) => first + index),
          );
        }
        milliseconds[callIndex] = performance.now() - started;
        first += call.length;
      }
      return { output: { milliseconds, tokens, vectors }, transfer: [vectors.buffer] };
    },
    async dispose() {
      await session.release();
    },
  };
}
