import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CloudEmbedderError } from '../../../main/embedding/cloud/cloud-http.js';
import { createGeminiEmbedder, geminiEmbedderId } from '../../../main/embedding/cloud/gemini-embedder.js';
import { createVoyageEmbedder, voyageEmbedderId } from '../../../main/embedding/cloud/voyage-embedder.js';
import { standInVector, startCloudStandIn, type StandIn } from './cloud-stand-in.js';

const geminiKey = 'AIzaTEST-gemini-key-0123456789';
const voyageKey = 'pa-TEST-voyage-key-0123456789';
const noWait = { retries: 2, baseWaitMs: 1, maxWaitMs: 5 };

let standIn: StandIn;
beforeAll(async () => {
  standIn = await startCloudStandIn({ gemini: geminiKey, voyage: voyageKey });
});
afterAll(async () => standIn.close());
afterEach(() => {
  standIn.mode = 'ok';
  standIn.requests.length = 0;
  standIn.embedded.length = 0;
});

const norm = (vector: Float32Array) => Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
const gemini = (extra: Partial<Parameters<typeof createGeminiEmbedder>[0]> = {}) => createGeminiEmbedder({ apiKey: geminiKey, baseUrl: standIn.url, timeoutMs: 2000, documentRetry: noWait, ...extra });
const voyage = (extra: Partial<Parameters<typeof createVoyageEmbedder>[0]> = {}) => createVoyageEmbedder({ apiKey: voyageKey, baseUrl: standIn.url, timeoutMs: 2000, documentRetry: noWait, ...extra });

/** Runs the call and returns the CloudEmbedderError it must fail with. */
async function failure(call: Promise<unknown>): Promise<CloudEmbedderError> {
  const error = await call.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(CloudEmbedderError);
  return error as CloudEmbedderError;
}

describe('Gemini gemini-embedding-001', () => {
  it('pins provider, model, 768 dimensions, the task types and the renormalisation in its id', () => {
    expect(gemini().id).toBe(geminiEmbedderId);
    expect(geminiEmbedderId).toBe('gemini:gemini-embedding-001:768:retrieval_query+retrieval_document:l2');
    expect(gemini().dimensions).toBe(768);
  });

  it('embeds passages with batchEmbedContents, RETRIEVAL_DOCUMENT and output dimensionality 768, the key in a header', async () => {
    const texts = ['Orange, juice', 'Lime', 'Lemon'];
    const vectors = await gemini().embedDocuments(texts);
    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request?.path).toBe('/v1beta/models/gemini-embedding-001:batchEmbedContents');
    expect(request?.path).not.toContain(geminiKey);
    expect(request?.headers['x-goog-api-key']).toBe(geminiKey);
    const requests = (request?.body as { requests: Record<string, unknown>[] }).requests;
    expect(requests.map((entry) => entry.taskType)).toEqual(['RETRIEVAL_DOCUMENT', 'RETRIEVAL_DOCUMENT', 'RETRIEVAL_DOCUMENT']);
    expect(requests.map((entry) => entry.outputDimensionality)).toEqual([768, 768, 768]);
    expect(requests[0]).toMatchObject({ model: 'models/gemini-embedding-001', content: { parts: [{ text: 'Orange, juice' }] } });
    expect(vectors.map((vector) => vector.length)).toEqual([768, 768, 768]);
  });

  it('L2-renormalises every 768-d vector the service returns, keeping its direction', async () => {
    const [vector] = await gemini().embedDocuments(['Guava']);
    const raw = standInVector('Guava', 768);
    const rawNorm = Math.sqrt(raw.reduce((sum, value) => sum + value * value, 0));
    expect(rawNorm).toBeGreaterThan(2);
    expect(norm(vector as Float32Array)).toBeCloseTo(1, 5);
    expect((vector as Float32Array)[5]).toBeCloseTo((raw[5] as number) / rawNorm, 5);
  });

  it('embeds a query with embedContent and RETRIEVAL_QUERY, as a unit vector', async () => {
    const vector = await gemini().embedQuery('citrus fruit');
    expect(standIn.requests[0]?.path).toBe('/v1beta/models/gemini-embedding-001:embedContent');
    expect(standIn.requests[0]?.body).toMatchObject({ taskType: 'RETRIEVAL_QUERY', outputDimensionality: 768, content: { parts: [{ text: 'citrus fruit' }] } });
    expect(norm(vector)).toBeCloseTo(1, 5);
  });

  it('splits more than 100 passages into batches the API accepts, keeping their order', async () => {
    const texts = Array.from({ length: 230 }, (_, index) => `food ${index}`);
    const vectors = await gemini().embedDocuments(texts);
    expect(standIn.requests.map((request) => (request.body as { requests: unknown[] }).requests.length)).toEqual([100, 100, 30]);
    expect(standIn.embedded).toEqual(texts);
    expect(vectors).toHaveLength(230);
  });

  it('turns a refused key (401) into an auth error that names the provider and never contains the key', async () => {
    standIn.mode = 'unauthorized';
    const error = await failure(gemini().embedQuery('apple'));
    expect(error.failure).toBe('auth');
    expect(error.message).toContain('Gemini refused the API key (HTTP 401)');
    expect(error.message).toContain('CITA_GEMINI_API_KEY');
    expect(error.message).not.toContain(geminiKey);
    expect(JSON.stringify(error.toInfo())).not.toContain(geminiKey);
    expect(String(error.stack)).not.toContain(geminiKey);
  });

  it('does not retry a query that hits the quota (429): it fails at once with the wait the provider asked for', async () => {
    standIn.mode = 'rate-limit';
    const error = await failure(gemini().embedQuery('apple'));
    expect(error.failure).toBe('rate_limit');
    expect(error.code).toBe('rate_limited');
    expect(error.retryAfterSeconds).toBe(30);
    expect(standIn.requests).toHaveLength(1);
  });

  it('retries passages after a 429 that says Retry-After: 0, then succeeds', async () => {
    standIn.mode = 'rate-limit-once';
    const vectors = await gemini().embedDocuments(['Mango', 'Papaya']);
    expect(vectors).toHaveLength(2);
    expect(standIn.requests).toHaveLength(2);
  });

  it('fails passages at once when the provider asks for a longer wait than the policy allows (the job resumes later)', async () => {
    standIn.mode = 'rate-limit';
    const error = await failure(gemini().embedDocuments(['Mango']));
    expect(error.failure).toBe('rate_limit');
    expect(standIn.requests).toHaveLength(1);
  });

  it('gives up on passages after the allowed retries of a server error (503)', async () => {
    standIn.mode = 'server-error';
    const error = await failure(gemini().embedDocuments(['Mango']));
    expect(error.failure).toBe('server');
    expect(standIn.requests).toHaveLength(1 + noWait.retries);
  });

  it('fails with a timeout when the service does not answer in time', async () => {
    standIn.mode = 'hang';
    const started = Date.now();
    const error = await failure(gemini({ timeoutMs: 1000 }).embedQuery('apple'));
    expect(error.failure).toBe('timeout');
    expect(error.message).toContain('did not answer within 1.0 s');
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('rejects vectors of the wrong length instead of storing them', async () => {
    standIn.mode = 'wrong-dimensions';
    const error = await failure(gemini().embedDocuments(['Mango']));
    expect(error.failure).toBe('bad_response');
    expect(error.message).toContain('expected 768');
  });

  it('reports an unreachable endpoint as a network error', async () => {
    const error = await failure(createGeminiEmbedder({ apiKey: geminiKey, baseUrl: 'http://127.0.0.1:9', timeoutMs: 2000 }).embedQuery('apple'));
    expect(error.failure).toBe('network');
    expect(error.message).not.toContain(geminiKey);
  });
});

describe('Voyage voyage-3.5', () => {
  it('pins provider, model, 1024 dimensions and the input_type formula in its id', () => {
    expect(voyage().id).toBe(voyageEmbedderId);
    expect(voyageEmbedderId).toBe('voyage:voyage-3.5:1024:input_type=query+document:l2');
  });

  it('embeds passages with input_type "document" and queries with input_type "query", the key as a bearer token', async () => {
    await voyage().embedDocuments(['Orange', 'Lime']);
    await voyage().embedQuery('citrus fruit');
    const [documents, query] = standIn.requests;
    expect(documents?.path).toBe('/v1/embeddings');
    expect(documents?.headers.authorization).toBe(`Bearer ${voyageKey}`);
    expect(documents?.body).toMatchObject({ input: ['Orange', 'Lime'], model: 'voyage-3.5', input_type: 'document', output_dimension: 1024 });
    expect(query?.body).toMatchObject({ input: ['citrus fruit'], model: 'voyage-3.5', input_type: 'query' });
  });

  it('places each vector by the index the API returns (answers may come in any order), unit length', async () => {
    const texts = ['alpha', 'beta', 'gamma'];
    const vectors = await voyage().embedDocuments(texts);
    texts.forEach((text, index) => {
      const raw = standInVector(text, 1024);
      const rawNorm = Math.sqrt(raw.reduce((sum, value) => sum + value * value, 0));
      expect(vectors[index]?.[0]).toBeCloseTo((raw[0] as number) / rawNorm, 5);
      expect(norm(vectors[index] as Float32Array)).toBeCloseTo(1, 5);
    });
  });

  it('turns 401 into an auth error without the key, 429 into a quota error and silence into a timeout', async () => {
    standIn.mode = 'unauthorized';
    const auth = await failure(voyage().embedQuery('apple'));
    expect(auth.failure).toBe('auth');
    expect(auth.message).toContain('Voyage refused the API key (HTTP 401)');
    expect(auth.message).not.toContain(voyageKey);

    standIn.mode = 'rate-limit';
    expect((await failure(voyage().embedQuery('apple'))).failure).toBe('rate_limit');

    standIn.mode = 'hang';
    expect((await failure(voyage({ timeoutMs: 1000 }).embedQuery('apple'))).failure).toBe('timeout');
  });

  it('stops waiting when the caller cancels', async () => {
    standIn.mode = 'hang';
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await failure(voyage({ timeoutMs: 10_000 }).embedDocuments(['apple'], controller.signal));
    expect(error.failure).toBe('cancelled');
  });
});
