import { pairFormulaVersion } from '../inference/pair-encoding.js';
import type { RerankerManifest } from './reranker-manifest.js';

/** Pairs longer than this are truncated longest-first: ~190 words of passage next to a short query. */
export const defaultRerankerMaxTokens = 256;

/**
 * Pairs per inference call. The shipped model is dynamically quantised: every MatMul scales its int8 activations over
 * the whole batch tensor, padding included, so a pair's logit moves with its batch neighbours (by up to ~0.5 on
 * mid-range logits, measured). One pair per call keeps a score a function of (query, passage) alone, and on the
 * 2-core target with one thread it is no slower (measured: batches of 16 were 0-10% slower per pair).
 */
export const defaultRerankerBatchSize = 1;

/**
 * The local reranker's id, known without loading the model: provider, model, dtype, max tokens and pair-formula
 * version. A batch size above 1 changes the logits (see defaultRerankerBatchSize), so it gets its own id.
 */
export function localRerankerId(manifest: Pick<RerankerManifest, 'model' | 'dtype'>, options: { maxTokens?: number; batchSize?: number } = {}): string {
  const maxTokens = options.maxTokens ?? defaultRerankerMaxTokens;
  const batchSize = options.batchSize ?? defaultRerankerBatchSize;
  const batchTag = batchSize > 1 ? `:batch${batchSize}` : '';
  return `local:${manifest.model}:${manifest.dtype}:max${maxTokens}${batchTag}:${pairFormulaVersion}`;
}
