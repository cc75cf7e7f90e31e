/** Which texts of a q8 call share an inference of the rowwise graph (main/embedding/rowwise-graph.ts). */

/** Tokens in one rowwise batch (its activations grow with them): 64 texts of 64 tokens. */
const rowwiseBatchTokens = 4096;
/** A rowwise batch of this many tokens or fewer runs on one thread (faster there, as a short text alone is). */
export const rowwiseOneThreadTokens = 256;

/**
 * The fewest texts of one token length worth a rowwise batch, or Infinity. The rowwise graph costs more per token than
 * the original and a batch saves each text's fixed cost of an inference, so short texts gain from 4, longer ones from
 * 8, long ones not at all. Measured on the 2-core target (2026-12-06), texts of L tokens in batches of B against the
 * best of 1 or 2 threads alone: L 6 B 4 1.64 ×, L 16 B 4 1.11 ×; B 8: L 24 1.03 ×, L 32 1.09 ×, L 48-192 1.14-1.20 ×;
 * L 256 0.96-1.00 × at any B. Batches from 2 or 3 gained in isolation (L 6 B 2 1.20 ×) but lost within the bench's calls
 * of short texts: calls of 16 259 texts/s with them against 302 one at a time, 297 with these minimums against 310;
 * calls of 64 368 against 308 and 404 against 331 (same process, in turns).
 */
export function rowwiseMinimumBatch(tokens: number): number {
  if (tokens <= 16) return 4;
  return tokens <= 192 ? 8 : Number.POSITIVE_INFINITY;
}

/**
 * The inferences of a call through the rowwise graph, as indices of its texts: texts of one token length share
 * batches when there are rowwiseMinimumBatch of them, split evenly so none has over rowwiseBatchTokens tokens; every
 * other text is a batch of its own. Equal lengths need no padding, so each text's vector is its vector alone.
 */
export function equalLengthBatches(lengths: readonly number[]): number[][] {
  const byLength = new Map<number, number[]>();
  lengths.forEach((length, index) => {
    const group = byLength.get(length);
    if (group) group.push(index);
    else byLength.set(length, [index]);
  });
  const batches: number[][] = [];
  for (const [length, indices] of byLength) {
    if (indices.length < rowwiseMinimumBatch(length)) {
      for (const index of indices) batches.push([index]);
      continue;
    }
    const count = Math.ceil(indices.length / Math.max(1, Math.floor(rowwiseBatchTokens / length)));
    for (let part = 0; part < count; part++) batches.push(indices.slice(Math.round((part * indices.length) / count), Math.round(((part + 1) * indices.length) / count)));
  }
  return batches;
}
