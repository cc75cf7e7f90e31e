/**
 * A local HTTP server that speaks the request/response shapes of the Gemini embeddings API
 * (`models/gemini-embedding-001:embedContent` / `:batchEmbedContents`) and Voyage's `POST /v1/embeddings`,
 * with switchable failures (401, 429, 5xx, hanging) for the cloud-embedder tests.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: unknown;
}

export type StandInMode =
  | 'ok'
  | 'unauthorized'
  | 'rate-limit'
  /** 429 with Retry-After: 0 once, then ok. */
  | 'rate-limit-once'
  | 'server-error'
  /** Never answers (the client's timeout must fire). */
  | 'hang'
  /** Answers 200 with vectors of the wrong length. */
  | 'wrong-dimensions';

export interface StandIn {
  url: string;
  requests: RecordedRequest[];
  /** Texts embedded successfully, in order. */
  embedded: string[];
  mode: StandInMode;
  /** Milliseconds to wait before answering (makes a re-embed run last long enough to be killed). */
  delayMs: number;
  /** Changes every vector: a vector written in another generation differs byte for byte. */
  generation: number;
  close(): Promise<void>;
}

/** The deterministic, deliberately not unit-length vector the stand-in returns for a text. */
export function standInVector(text: string, dimensions: number, generation = 0): number[] {
  let state = createHash('sha256').update(`${generation}|${text}`).digest().readUInt32LE(0) || 1;
  return Array.from({ length: dimensions }, () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    // Length ~3.4, not 1: the client must renormalise.
    return ((state >>> 0) / 0xffffffff - 0.5) * 12;
  });
}

export async function startCloudStandIn(keys: { gemini?: string; voyage?: string }): Promise<StandIn> {
  const hanging = new Set<ServerResponse>();
  const state: Omit<StandIn, 'url' | 'close'> = { requests: [], embedded: [], mode: 'ok', delayMs: 0, generation: 0 };
  let rateLimitedOnce = false;

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body: unknown;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      } catch {
        body = undefined;
      }
      const path = request.url ?? '';
      state.requests.push({ path, headers: request.headers, body });
      // A delayed answer to a request of an earlier generation (a killed client's last batch, answered after the test
      // moved on) is dropped, so it is never counted as embedded in the next run.
      const arrivedIn = state.generation;
      const answer = () => {
        if (arrivedIn !== state.generation) {
          response.destroy();
          return;
        }
        route(path, request.headers, body, response);
      };
      if (state.mode === 'hang') {
        hanging.add(response);
        return;
      }
      if (state.delayMs > 0) setTimeout(answer, state.delayMs);
      else answer();
    });
  });

  function send(response: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    response.end(JSON.stringify(value));
  }

  function failure(response: ServerResponse, presentedKey: string): boolean {
    switch (state.mode) {
      case 'unauthorized':
        // Echoes the key, as a careless server might: the client must not pass it on.
        send(response, 401, { error: { code: 401, message: `API key not valid: ${presentedKey}`, status: 'UNAUTHENTICATED' } });
        return true;
      case 'rate-limit':
        send(response, 429, { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } }, { 'Retry-After': '30' });
        return true;
      case 'rate-limit-once':
        if (rateLimitedOnce) return false;
        rateLimitedOnce = true;
        send(response, 429, { error: { code: 429, message: 'quota', status: 'RESOURCE_EXHAUSTED' } }, { 'Retry-After': '0' });
        return true;
      case 'server-error':
        send(response, 503, { error: { code: 503, message: 'The model is overloaded.', status: 'UNAVAILABLE' } });
        return true;
      default:
        return false;
    }
  }

  function route(path: string, headers: IncomingMessage['headers'], body: unknown, response: ServerResponse): void {
    const gemini = /^\/v1beta\/models\/gemini-embedding-001:(embedContent|batchEmbedContents)$/.exec(path);
    if (gemini) return answerGemini(gemini[1] as string, headers, body, response);
    if (path === '/v1/embeddings') return answerVoyage(headers, body, response);
    send(response, 404, { error: { message: `no route ${path}` } });
  }

  function geminiText(request: unknown): string {
    const parts = (request as { content?: { parts?: { text?: unknown }[] } })?.content?.parts;
    return typeof parts?.[0]?.text === 'string' ? parts[0].text : '';
  }

  function answerGemini(method: string, headers: IncomingMessage['headers'], body: unknown, response: ServerResponse): void {
    const presented = String(headers['x-goog-api-key'] ?? '');
    if (failure(response, presented)) return;
    if (presented !== keys.gemini) {
      send(response, 400, { error: { code: 400, message: 'API key not valid. Please pass a valid API key.', status: 'INVALID_ARGUMENT' } });
      return;
    }
    const dimensions = state.mode === 'wrong-dimensions' ? 3072 : 768;
    const embed = (request: unknown) => {
      const text = geminiText(request);
      const requested = (request as { outputDimensionality?: unknown }).outputDimensionality;
      if (requested !== 768) throw new Error(`outputDimensionality ${String(requested)}`);
      state.embedded.push(text);
      return { values: standInVector(text, dimensions, state.generation) };
    };
    try {
      if (method === 'embedContent') return send(response, 200, { embedding: embed(body) });
      const requests = (body as { requests?: unknown[] }).requests ?? [];
      if (requests.length > 100) return send(response, 400, { error: { message: 'at most 100 requests can be in one batch' } });
      send(response, 200, { embeddings: requests.map(embed) });
    } catch (error) {
      send(response, 400, { error: { code: 400, message: (error as Error).message } });
    }
  }

  function answerVoyage(headers: IncomingMessage['headers'], body: unknown, response: ServerResponse): void {
    const presented = String(headers.authorization ?? '').replace(/^Bearer /, '');
    if (failure(response, presented)) return;
    if (presented !== keys.voyage) {
      send(response, 401, { detail: 'Provided API key is invalid.' });
      return;
    }
    const input = (body as { input?: unknown }).input;
    const texts = Array.isArray(input) ? (input as string[]) : [String(input)];
    const dimensions = state.mode === 'wrong-dimensions' ? 512 : 1024;
    state.embedded.push(...texts);
    const data = texts.map((text, index) => ({ object: 'embedding', embedding: standInVector(text, dimensions, state.generation), index }));
    // Out of order on purpose: the client must place vectors by `index`.
    send(response, 200, { object: 'list', data: data.reverse(), model: 'voyage-3.5', usage: { total_tokens: texts.length * 5 } });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const standIn = Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  });
  return standIn as StandIn;
}
