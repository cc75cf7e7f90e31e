import type { EmbedderPacing } from '../embedder.js';
import { CloudEmbedderError } from './cloud-http.js';

/** What every cloud embedder is built from. */
export interface CloudEmbedderOptions {
  apiKey: string;
  /** Without a trailing slash; tests point it at a local stand-in. */
  baseUrl?: string;
  timeoutMs?: number;
  /** What the re-embed job uses unless told otherwise (free tiers: 20 per batch, 65 s apart). */
  pacing?: EmbedderPacing;
  /** Retries for passages (the re-embed job); queries never retry, they fall back to keyword results. */
  documentRetry?: RetryPolicy;
  /** Which setting or variable holds the key, for the message when it is refused. */
  keyHint?: string;
}

/** L2-normalises in place and returns the vector; a zero vector is a provider bug, not something to divide by. */
export function normalizeInPlace(vector: Float32Array, provider: string): Float32Array {
  let sum = 0;
  for (const value of vector) sum += value * value;
  const norm = Math.sqrt(sum);
  if (!(norm > 0) || !Number.isFinite(norm)) throw new CloudEmbedderError('bad_response', `${provider} returned a zero or invalid vector.`);
  for (let index = 0; index < vector.length; index++) vector[index] = (vector[index] as number) / norm;
  return vector;
}

/** Reads `values` as a vector of exactly `dimensions` finite numbers. */
export function toVector(values: unknown, dimensions: number, provider: string): Float32Array {
  if (!Array.isArray(values) || values.length !== dimensions || !values.every((value) => typeof value === 'number' && Number.isFinite(value))) {
    const got = Array.isArray(values) ? `${values.length} values` : typeof values;
    throw new CloudEmbedderError('bad_response', `${provider} returned a malformed embedding (${got}, expected ${dimensions} numbers).`);
  }
  return Float32Array.from(values as number[]);
}

export interface RetryPolicy {
  /** Further attempts after a 429 or 5xx; 0 = fail at once (queries: a slow answer is worse than keyword results). */
  retries: number;
  /** Wait when the provider does not say (doubled each time), capped by maxWaitMs. */
  baseWaitMs: number;
  /** The longest wait; a Retry-After beyond it fails at once. */
  maxWaitMs: number;
}

/** Runs `call`, retrying quota and server errors as the policy allows; waits honour Retry-After and the signal. */
export async function withRetries<T>(call: () => Promise<T>, policy: RetryPolicy, signal?: AbortSignal): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      const retriable = error instanceof CloudEmbedderError && (error.failure === 'rate_limit' || error.failure === 'server');
      if (!retriable || attempt >= policy.retries || signal?.aborted) throw error;
      const asked = error.retryAfterSeconds === undefined ? undefined : error.retryAfterSeconds * 1000;
      // A provider asking for a long wait is a quota reset: fail now (the re-embed job resumes on its next run)
      // rather than hold a write or a job for minutes.
      if (asked !== undefined && asked > policy.maxWaitMs) throw error;
      await sleep(Math.min(policy.maxWaitMs, asked ?? policy.baseWaitMs * 2 ** attempt), signal);
    }
  }
}

/** Passages: two short retries, so a re-embed survives a passing 429 or 503 without holding a write for long. */
export const defaultDocumentRetry: RetryPolicy = { retries: 2, baseWaitMs: 1000, maxWaitMs: 10_000 };
/** Queries: none. */
export const noRetry: RetryPolicy = { retries: 0, baseWaitMs: 0, maxWaitMs: 0 };

function sleep(milliseconds: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
