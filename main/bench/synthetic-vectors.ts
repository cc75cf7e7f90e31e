/** Deterministic vectors for the KNN benchmarks: realistic in spread and anisotropy, reproducible from a seed. */

/** A seeded generator of uniform [0, 1) numbers (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(random: () => number): number {
  const u = random() || Number.MIN_VALUE;
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Scales to unit length in place. */
export function normalize(vector: Float32Array): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum) || 1;
  for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] as number) / norm;
  return vector;
}

/**
 * `count` unit vectors spread like real sentence embeddings around the given real ones: each is a random convex
 * mix of two base vectors plus a little Gaussian noise. Real embeddings share a dominant direction (bge-small's
 * random pairs have cosine ~0.57), which this keeps and which isotropic random vectors would miss.
 */
export function vectorsAround(base: readonly Float32Array[], count: number, seed: number, noise = 0.35): Float32Array[] {
  if (base.length < 2) throw new Error('vectorsAround needs at least two base vectors');
  const random = seededRandom(seed);
  const dimensions = (base[0] as Float32Array).length;
  const scale = noise / Math.sqrt(dimensions);
  return Array.from({ length: count }, () => {
    const first = base[Math.floor(random() * base.length)] as Float32Array;
    const second = base[Math.floor(random() * base.length)] as Float32Array;
    const mix = random();
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++) {
      vector[index] = mix * (first[index] as number) + (1 - mix) * (second[index] as number) + scale * gaussian(random);
    }
    return normalize(vector);
  });
}

/**
 * Base vectors when no model is available: spread around a shared direction, tuned so random pairs have a cosine
 * of about 0.57, as measured on bge-small-en-v1.5 embeddings of the IFCT names and short generated texts.
 */
export function syntheticBase(count: number, dimensions: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  const shared = normalize(Float32Array.from({ length: dimensions }, () => gaussian(random)));
  return Array.from({ length: count }, () => {
    const own = normalize(Float32Array.from({ length: dimensions }, () => gaussian(random)));
    const vector = new Float32Array(dimensions);
    for (let index = 0; index < dimensions; index++) vector[index] = 0.77 * (shared[index] as number) + 0.67 * (own[index] as number);
    return normalize(vector);
  });
}

/** Mean cosine of `pairs` random pairs: how anisotropic a set of unit vectors is (0 = isotropic). */
export function meanPairCosine(vectors: readonly Float32Array[], pairs: number, seed: number): number {
  const random = seededRandom(seed);
  let sum = 0;
  for (let pair = 0; pair < pairs; pair++) {
    const a = vectors[Math.floor(random() * vectors.length)] as Float32Array;
    const b = vectors[Math.floor(random() * vectors.length)] as Float32Array;
    let dot = 0;
    for (let index = 0; index < a.length; index++) dot += (a[index] as number) * (b[index] as number);
    sum += dot;
  }
  return sum / pairs;
}
