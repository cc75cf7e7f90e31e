/** The reranker's side of the model worker thread: (query, passage) pairs through the cross-encoder, raw logits out. */
import { AutoModelForSequenceClassification, AutoTokenizer, env, Tensor } from '@huggingface/transformers';
import type { WorkerSession } from './worker-session.js';
import { encodePairBatch } from './pair-encoding.js';
import { pairTemplateOf } from './pair-template.js';

export interface RerankingSessionConfig {
  /** Parent directory of the model directory: transformers.js resolves `modelRoot/modelName/...`. */
  modelRoot: string;
  modelName: string;
  dtype: 'q8';
  threads: number;
  batchSize: number;
  maxTokens: number;
}

export interface RerankingInput {
  query: string;
  passages: string[];
}

export interface RerankingOutput {
  /** One logit per passage, in passage order. */
  scores: Float64Array;
  /** Tokens each pair was fed (special tokens included, before padding), in passage order. */
  tokens: number[];
  /** Padded length of each inference batch, in the order they ran. */
  lengths: number[];
}

/** Loads the tokenizer and the model from the local directory (the worker has remote loading off). */
export async function openRerankingSession(config: RerankingSessionConfig): Promise<WorkerSession<RerankingInput, RerankingOutput>> {
  env.localModelPath = config.modelRoot; // read while the model loads; loads never overlap (the worker's queue)
  const tokenizer = await AutoTokenizer.from_pretrained(config.modelName);
  const template = pairTemplateOf(tokenizer);
  const model = await AutoModelForSequenceClassification.from_pretrained(config.modelName, {
    dtype: config.dtype,
    session_options: {
      intraOpNumThreads: config.threads,
      interOpNumThreads: 1,
      // Spinning intra-op threads made inference ~3x slower on the 2-core target; idle threads must sleep.
      extra: { session: { intra_op: { allow_spinning: '0' } } },
    },
  });
  const { batchSize, maxTokens } = config;
  // The tokenizer's own padding (tokenizer.json says a fixed 512) and truncation are never used: pairs are built,
  // truncated and padded by encodePairBatch.
  const encode = (text: string) => tokenizer.encode(text, { add_special_tokens: false });

  return {
    async run({ query, passages }, isCancelled) {
      const queryIds = encode(query);
      const passageIds = passages.map(encode);
      const scores = new Float64Array(passages.length);
      const tokens = new Array<number>(passages.length).fill(0);
      const lengths: number[] = [];
      // Similar lengths share a batch so little padding is computed; a stable sort keeps batches reproducible.
      const order = passageIds.map((_, index) => index).sort((a, b) => (passageIds[a]?.length ?? 0) - (passageIds[b]?.length ?? 0));
      for (let start = 0; start < order.length; start += batchSize) {
        if (isCancelled()) return undefined;
        const indices = order.slice(start, start + batchSize);
        const batch = encodePairBatch(
          template,
          queryIds,
          indices.map((index) => passageIds[index] ?? []),
          maxTokens,
        );
        const dims = [batch.rows, batch.length];
        const output = (await model({
          input_ids: new Tensor('int64', batch.inputIds, dims),
          attention_mask: new Tensor('int64', batch.attentionMask, dims),
          token_type_ids: new Tensor('int64', batch.tokenTypeIds, dims),
        })) as { logits: Tensor };
        const logits = output.logits.data as Float32Array;
        if (logits.length !== indices.length) throw new Error(`the model returned ${logits.length} logits for ${indices.length} pairs`);
        indices.forEach((inputIndex, row) => {
          scores[inputIndex] = logits[row] ?? Number.NaN;
          tokens[inputIndex] = batch.tokens[row] ?? 0;
        });
        lengths.push(batch.length);
        output.logits.dispose();
      }
      return { output: { scores, tokens, lengths }, transfer: [scores.buffer] };
    },
    async dispose() {
      await model.dispose();
    },
  };
}
