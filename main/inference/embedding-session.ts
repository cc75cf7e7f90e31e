/** The embedder's side of the model worker thread: bge-small feature extraction, CLS-pooled and L2-normalised. */
import { env, pipeline } from '@huggingface/transformers';
import { equalLengthBatches, rowwiseMinimumBatch, rowwiseOneThreadTokens } from './equal-length-batches.js';
import type { MergeGroup, WorkerSession } from './worker-session.js';

export interface EmbeddingSessionConfig {
  /** Parent directory of the model directory: transformers.js resolves `modelRoot/modelName/...`. */
  modelRoot: string;
  modelName: string;
  dtype: 'q8' | 'fp32';
  threads: number;
  batchSize: number;
  dimensions: number;
  /**
   * q8 only: the `model_file_name` of the verified rowwise graph (main/embedding/rowwise-graph.ts), which quantizes each
   * sequence of a batch on its own. Texts of one token length then share an inference and keep their bytes alone.
   */
  rowwiseFileName?: string;
}

/** A text this long or shorter (about 64 tokens of English) counts as short: a query, a food name. */
export const shortTextCharacters = 256;

/**
 * The rowwise graph's sessions (every thread, and one), when configured. It is optional: one that fails to load (an
 * onnxruntime that rejects it, no memory) leaves every q8 text running alone, with a warning, never the embedder down.
 */
async function loadRowwise<T extends { dispose(): Promise<unknown> }>(
  config: EmbeddingSessionConfig,
  load: (threads: number, modelFileName?: string) => Promise<T>,
): Promise<{ rowwise?: T; rowwiseSingle?: T }> {
  if (config.dtype !== 'q8' || !config.rowwiseFileName) return {};
  let rowwise: T | undefined;
  try {
    rowwise = await load(config.threads, config.rowwiseFileName);
    return { rowwise, rowwiseSingle: config.threads > 1 ? await load(1, config.rowwiseFileName) : rowwise };
  } catch (error) {
    await rowwise?.dispose();
    process.emitWarning(`The batching graph ${config.rowwiseFileName} failed to load (${(error as Error).message}); q8 texts are embedded one at a time.`);
    return {};
  }
}

/** Loads the model from its local directory (the worker has remote loading off). */
export async function openEmbeddingSession(config: EmbeddingSessionConfig): Promise<WorkerSession<string[], Float32Array>> {
  env.localModelPath = config.modelRoot; // read while the pipeline loads; loads never overlap (the worker's queue)
  const load = (threads: number, modelFileName?: string) =>
    pipeline('feature-extraction', config.modelName, {
      dtype: config.dtype,
      ...(modelFileName ? { model_file_name: modelFileName } : {}),
      session_options: {
        intraOpNumThreads: threads,
        interOpNumThreads: 1,
        // Spinning intra-op threads made inference ~3x slower on the 2-core target; idle threads must sleep.
        extra: { session: { intra_op: { allow_spinning: '0' } } },
      },
    });
  const extractor = await load(config.threads);
  // A lone short text (a query) ran ~10% faster on one thread than on two in every `cita bench --only ceiling` run
  // on the 2-core target (onnxruntime-node itself, e.g. 6.2 vs 6.8 ms); long passages gain from every core. The
  // vectors do not depend on the thread count, so which session embeds a text changes nothing but time.
  const single = config.threads > 1 ? await load(1) : extractor;
  const { rowwise, rowwiseSingle } = await loadRowwise(config, load);
  const { batchSize, dimensions } = config;
  type Extractor = typeof extractor;
  // Which session runs which texts. A batch of several q8 texts only ever comes from equalLengthBatches (the rowwise graph).
  const inferences = (texts: readonly string[]): { indices: number[]; session: Extractor }[] => {
    const alone = (index: number) => ({ indices: [index], session: (texts[index]?.length ?? 0) <= shortTextCharacters ? single : extractor });
    if (rowwise && rowwiseSingle && texts.length > 1) {
      const lengths = texts.map((text) => extractor.tokenizer.encode(text).length);
      return equalLengthBatches(lengths).map((indices) =>
        indices.length === 1 ? alone(indices[0] as number) : { indices, session: indices.length * (lengths[indices[0] as number] ?? 0) <= rowwiseOneThreadTokens ? rowwiseSingle : rowwise },
      );
    }
    // Similar token lengths share a batch so little padding is computed; a stable sort keeps batches reproducible.
    // One text per batch pads nothing, so it skips the extra tokenization.
    const lengths = batchSize > 1 && texts.length > batchSize ? texts.map((text) => extractor.tokenizer.encode(text).length) : texts.map(() => 0);
    const order = texts.map((_, index) => index).sort((a, b) => (lengths[a] ?? 0) - (lengths[b] ?? 0));
    const batches: { indices: number[]; session: Extractor }[] = [];
    for (let start = 0; start < order.length; start += batchSize) {
      const indices = order.slice(start, start + batchSize);
      batches.push(indices.length === 1 ? alone(indices[0] as number) : { indices, session: extractor });
    }
    return batches;
  };
  /**
   * q8: queued queries share a call only with queries of their token length, which the rowwise graph batches into one
   * inference without changing a vector; with no rowwise graph every q8 query runs alone. fp32 merges any queries.
   */
  const mergeGroup = (texts: readonly string[]): MergeGroup | undefined => {
    const text = texts.length === 1 ? texts[0] : undefined;
    if (!rowwise || text === undefined || text.length > shortTextCharacters) return undefined;
    const tokens = extractor.tokenizer.encode(text).length;
    const minimum = rowwiseMinimumBatch(tokens);
    return Number.isFinite(minimum) ? { key: tokens, minimum } : undefined;
  };
  return {
    ...(config.dtype === 'q8' ? { mergeGroup } : {}),
    async run(texts, isCancelled) {
      const data = new Float32Array(texts.length * dimensions);
      for (const { indices, session } of inferences(texts)) {
        if (isCancelled()) return undefined;
        const output = await session(
          indices.map((index) => texts[index] ?? ''),
          { pooling: 'cls', normalize: true },
        );
        const values = output.data as Float32Array;
        if (values.length !== indices.length * dimensions) {
          throw new Error(`the model returned ${values.length / indices.length} dimensions, expected ${dimensions}`);
        }
        indices.forEach((inputIndex, row) => data.set(values.subarray(row * dimensions, (row + 1) * dimensions), inputIndex * dimensions));
        output.dispose();
      }
      return { output: data, transfer: [data.buffer] };
    },
    async dispose() {
      if (rowwiseSingle !== rowwise) await rowwiseSingle?.dispose();
      await rowwise?.dispose();
      if (single !== extractor) await single.dispose();
      await extractor.dispose();
    },
  };
}
