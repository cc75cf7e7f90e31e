/**
 * The cosine distance of two float32 vectors, summed in float64 in index order. Each store's engine computes its own
 * distances in float32 with its own summation order (the SIMD kernel's lanes, sqlite-vec's loop, pgvector's), so two
 * stores holding the same vectors disagree in the seventh or eighth digit: enough to order two near-equal chunks
 * differently and move a card in a fused ranking (a CI run of 2026-12-05 had a question answered from another third
 * card on PostgreSQL than on SQLite). The same float32 inputs summed here give the same bits on every store.
 */
export function cosineDistance(query: Float32Array, vector: Float32Array): number {
  let dot = 0;
  let queryNorm = 0;
  let vectorNorm = 0;
  for (let index = 0; index < query.length; index += 1) {
    const a = query[index] as number;
    const b = vector[index] as number;
    dot += a * b;
    queryNorm += a * a;
    vectorNorm += b * b;
  }
  const norms = Math.sqrt(queryNorm) * Math.sqrt(vectorNorm);
  // A vector without a direction is near nothing (pgvector and sqlite-vec answer NaN). Clamped as pgvector clamps:
  // a vector and itself can sum to 1 − 1e-16.
  return norms === 0 ? Number.NaN : Math.min(2, Math.max(0, 1 - dot / norms));
}

/**
 * Rows a store asks its engine for beyond the k it returns: the engine's own float32 distances decide which rows are
 * found, so two near-equal rows at the k-th place could fall either side on two stores; asked with this margin and
 * cut to k after the rescoring, they fall the same side. It also covers rows without a direction, which are dropped.
 */
export const rescoreMargin = 16;

/**
 * The k nearest of the rows a store's engine found (asked for k + rescoreMargin), with their distances computed by
 * cosineDistance from their vectors, nearest first, ties by id; a row whose vector is not at hand, or has no
 * direction, is left out.
 */
export function exactlyRescored(
  query: Float32Array,
  itemIds: readonly number[],
  vectorOf: (itemId: number) => Float32Array | undefined,
  k: number = itemIds.length,
): Array<{ itemId: number; distance: number }> {
  // (A VectorNeighbour, spelled out: vector-store.ts imports this file.)
  const rescored: Array<{ itemId: number; distance: number }> = [];
  for (const itemId of itemIds) {
    const vector = vectorOf(itemId);
    const distance = vector ? cosineDistance(query, vector) : Number.NaN;
    if (Number.isFinite(distance)) rescored.push({ itemId, distance });
  }
  return rescored.sort((a, b) => a.distance - b.distance || a.itemId - b.itemId).slice(0, k);
}

/**
 * A pgvector value in its binary form (`vector_send`: the dimension count and a reserved word, 16 bits each, then the
 * float32 values, big-endian), as the float32 values it holds; undefined when the bytes are not that form. Read 8
 * times faster than the printed form (1.9 vs 15 ms for the KB's 190 vectors of 384 dimensions).
 */
export function vectorFromPgBinary(bytes: Uint8Array): Float32Array | undefined {
  if (bytes.length < 4) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dimensions = view.getUint16(0);
  if (bytes.length !== 4 + 4 * dimensions) return undefined;
  const vector = new Float32Array(dimensions);
  for (let index = 0; index < dimensions; index += 1) vector[index] = view.getFloat32(4 + 4 * index);
  return vector;
}
