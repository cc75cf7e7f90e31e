import type { ModelManifest } from './model-manifest.js';

/** Bumped whenever the query prefix or its use changes, so old query/document vector pairs are never mixed. */
export const queryPrefixVersion = 'bgeq1';

/**
 * The local embedder's id, known without loading the model: provider, model, dims, dtype, prefix version.
 * Batched q8 inference gives slightly different vectors from one-at-a-time, so it gets its own id.
 */
export function localEmbedderId(manifest: Pick<ModelManifest, 'model' | 'dimensions'>, dtype: 'q8' | 'fp32', batchSize = dtype === 'q8' ? 1 : 16): string {
  const batchTag = dtype === 'q8' && batchSize > 1 ? `:batch${batchSize}` : '';
  return `local:${manifest.model}:${manifest.dimensions}:${dtype}${batchTag}:${queryPrefixVersion}`;
}
