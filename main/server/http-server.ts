import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, resolve, sep } from 'node:path';
import { defaultMaxInputBytes, isOperationName, operations } from '../../shared/contract.js';
import type { ErrorCode, ErrorInfo, Result } from '../../shared/result.js';
import type { Dispatcher } from '../api/dispatch.js';
import type { EventBus } from '../core/event-bus.js';
import { jobVisibleTo } from '../core/jobs.js';
import { contentSecurityPolicy } from '../app/content-security-policy.js';
import { scopeToProfile } from './profile-scope.js';
import type { TokenService, VerifiedToken } from './tokens.js';

export interface HttpServerOptions {
  dispatcher: Dispatcher;
  tokens: TokenService;
  events: EventBus;
  /** Built renderer (index.html and assets); absent → `/` explains how to build it. */
  rendererDir: string;
  port: number;
  maxBodyBytes?: number;
  /** Failed authentications allowed per minute before answering 429. */
  maxAuthFailuresPerMinute?: number;
  /** Event streams one token may hold open at once (a browser tab holds one), and all tokens together. */
  maxEventStreamsPerToken?: number;
  maxEventStreams?: number;
  /** An event stream with no event for this long is closed (the page reconnects); it also ends when its token expires. */
  eventStreamIdleMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

const statusOf: Record<ErrorCode, number> = {
  invalid_input: 400,
  unknown_operation: 404,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  unavailable: 503,
  database_too_new: 500,
  database_corrupt: 500,
  payload_too_large: 413,
  rate_limited: 429,
  cancelled: 409,
  internal: 500,
};

/** Top-level keys an input may have: every operation's input has a handful. */
const maxInputKeys = 64;

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
};

/** The local API and the renderer on 127.0.0.1 only, behind a bearer token, Host and Origin checks. */
export async function startHttpServer(options: HttpServerOptions): Promise<RunningServer> {
  const maxBodyBytes = options.maxBodyBytes ?? 8 * 1024 * 1024;
  const rendererDir = resolve(options.rendererDir);
  const authLimiter = createFailureLimiter(options.maxAuthFailuresPerMinute ?? 20, 60_000);
  const streamLimits = {
    perToken: options.maxEventStreamsPerToken ?? 8,
    total: options.maxEventStreams ?? 64,
    idleMs: options.eventStreamIdleMs ?? 5 * 60_000,
  };
  /** Open event streams by token id. */
  const streams = new Map<string, Set<ServerResponse>>();
  let port = options.port;
  const server: Server = createServer({ requireHostHeader: true }, (request, response) => {
    handle(request, response).catch(() => {
      if (!response.headersSent) sendError(response, { code: 'internal', message: 'The request failed.' });
      else response.destroy();
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    setSecurityHeaders(response);
    if (!isAllowedHost(request.headers.host, port)) {
      return sendError(response, { code: 'forbidden', message: 'This server answers only to 127.0.0.1 or localhost on its own port.' });
    }
    const origin = request.headers.origin;
    if (origin !== undefined && !isAllowedOrigin(origin, port)) {
      return sendError(response, { code: 'forbidden', message: 'Requests from other origins are refused.' });
    }
    const url = new URL(request.url ?? '/', `http://127.0.0.1:${port}`);
    const pathname = decodePath(url.pathname);
    if (pathname === null) return sendError(response, { code: 'invalid_input', message: 'The request path is not valid percent-encoding.' });
    if (pathname.startsWith('/api/')) return handleApi(request, response, pathname.slice('/api/'.length));
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return sendError(response, { code: 'not_found', message: 'Only GET is served outside /api/.' });
    }
    return serveStatic(response, pathname);
  }

  async function handleApi(request: IncomingMessage, response: ServerResponse, name: string): Promise<void> {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer ([A-Za-z0-9_\-.]+)$/.exec(header);
    // While failures exceed the limit, bad tokens are refused without even being checked; a valid token still
    // passes, so another local process cannot lock the owner out by sending garbage (every client is 127.0.0.1).
    const claims = match ? await options.tokens.verify(match[1] as string) : null;
    if (!claims) {
      if (authLimiter.blocked()) {
        return sendError(response, { code: 'rate_limited', message: 'Too many failed authentications; wait a minute.' });
      }
      authLimiter.fail();
      return sendError(response, { code: 'unauthorized', message: 'A valid bearer token is required ("cita token" mints one).' });
    }
    const context = { transport: 'http' as const, role: claims.role, ...(claims.profile ? { profile: claims.profile } : {}) };
    if (name === 'events' && request.method === 'GET') return streamEvents(response, claims);
    if (request.method !== 'POST') return sendError(response, { code: 'not_found', message: 'Operations are called with POST.' });
    if (!/^application\/json\b/.test(request.headers['content-type'] ?? '')) {
      return sendError(response, { code: 'invalid_input', message: 'The body must be JSON (Content-Type: application/json).' });
    }
    // Each operation reads only as much as its input can need: a flood of keys for `status` is refused unread.
    const limit = Math.min(maxBodyBytes, (isOperationName(name) ? operations[name].maxInputBytes : undefined) ?? defaultMaxInputBytes);
    const declaredLength = Number(request.headers['content-length'] ?? 0);
    const body = declaredLength > limit ? 'too_large' : await readBody(request, limit);
    if (body === 'too_large') {
      // Do not read (or keep the connection for) the rest of an oversized upload.
      response.setHeader('Connection', 'close');
      return sendError(response, { code: 'payload_too_large', message: `The body is larger than ${limit} bytes, the most "${name.slice(0, 80)}" takes.` });
    }
    let input: unknown;
    try {
      input = body.length === 0 ? {} : JSON.parse(body);
    } catch {
      return sendError(response, { code: 'invalid_input', message: 'The body is not valid JSON.' });
    }
    if (typeof input === 'object' && input !== null && !Array.isArray(input) && Object.keys(input).length > maxInputKeys) {
      return sendError(response, { code: 'invalid_input', message: `The body has ${Object.keys(input).length} keys; an operation's input has at most ${maxInputKeys}.` });
    }
    if (!isOperationName(name)) return sendResult(response, await options.dispatcher.call(name, input, context));
    const scoped = scopeToProfile(name, input, claims.profile);
    if (!scoped.ok) return sendError(response, scoped.error);
    sendResult(response, await options.dispatcher.call(name, scoped.input, context));
  }

  /**
   * Progress events as a text/event-stream, for as long as the token lives and something happens: a stream with
   * nothing to say for `idleMs` is closed (the page opens another), a token holds at most a few at once, and a token
   * bound to one profile hears only of that profile's jobs.
   */
  function streamEvents(response: ServerResponse, token: VerifiedToken): void {
    const open = streams.get(token.id) ?? new Set<ServerResponse>();
    const total = [...streams.values()].reduce((sum, set) => sum + set.size, 0);
    if (open.size >= streamLimits.perToken || total >= streamLimits.total) {
      return sendError(response, {
        code: 'rate_limited',
        message: open.size >= streamLimits.perToken ? `This token already holds ${open.size} event streams; close one first.` : 'Too many event streams are open; close one first.',
      });
    }
    open.add(response);
    streams.set(token.id, open);
    response.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' });
    response.write(': connected\n\n');
    const end = () => response.end();
    let idle = setTimeout(end, streamLimits.idleMs);
    const expiry = setTimeout(end, Math.max(0, Math.min(token.expiresAt * 1000 - Date.now(), 2 ** 31 - 1)));
    const unsubscribe = options.events.on('job.progress', (payload) => {
      if (!jobVisibleTo(payload, token.profile)) return;
      clearTimeout(idle);
      idle = setTimeout(end, streamLimits.idleMs);
      response.write(`event: job.progress\ndata: ${JSON.stringify(payload)}\n\n`);
    });
    response.on('close', () => {
      unsubscribe();
      clearTimeout(idle);
      clearTimeout(expiry);
      open.delete(response);
      if (open.size === 0) streams.delete(token.id);
    });
  }

  function serveStatic(response: ServerResponse, pathname: string): void {
    const relative = pathname === '/' ? 'index.html' : pathname.replace(/^\/+/, '');
    const file = normalize(join(rendererDir, relative));
    if (!file.startsWith(rendererDir + sep) || !existsSync(file) || !statSync(file).isFile()) {
      if (!existsSync(join(rendererDir, 'index.html'))) {
        response.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8' });
        response.end('The renderer is not built. Run "npm run build".\n');
        return;
      }
      return sendError(response, { code: 'not_found', message: 'No such file.' });
    }
    response.writeHead(200, { 'Content-Type': contentTypes[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  // Slow clients cannot hold connections open for ever (the event stream is a response, not a request).
  server.headersTimeout = 10_000;
  server.requestTimeout = 30_000;
  port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The decoded path, or null when its percent-encoding is broken. */
export function decodePath(pathname: string): string | null {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return null;
  }
}

/** Host must name loopback and our port: a DNS-rebinding page arrives with a foreign Host. */
export function isAllowedHost(host: string | undefined, port: number): boolean {
  return host === `127.0.0.1:${port}` || host === `localhost:${port}`;
}

/** Only pages we served may call the API from a browser. */
export function isAllowedOrigin(origin: string, port: number): boolean {
  return origin === `http://127.0.0.1:${port}` || origin === `http://localhost:${port}`;
}

function setSecurityHeaders(response: ServerResponse): void {
  response.setHeader('Content-Security-Policy', contentSecurityPolicy);
  response.setHeader('X-Content-Type-Options', 'nosniff');
  response.setHeader('X-Frame-Options', 'DENY');
  response.setHeader('Referrer-Policy', 'no-referrer');
  response.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  response.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
  response.setHeader('Cache-Control', 'no-store');
}

function sendResult(response: ServerResponse, result: Result<unknown>): void {
  const status = result.ok ? 200 : statusOf[result.error.code];
  const body = JSON.stringify(result);
  // With its length declared the answer goes out in one write with its headers, not in chunks.
  response.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(body) });
  response.end(body);
}

function sendError(response: ServerResponse, error: ErrorInfo): void {
  sendResult(response, { ok: false, error });
}

// eslint-disable-next-line @typescript-eslint/no-redundant-type-constituents -- 'too_large' names the one value callers test for
function readBody(request: IncomingMessage, limit: number): Promise<string | 'too_large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      else chunks.push(chunk);
    });
    request.on('end', () => resolve(tooLarge ? 'too_large' : Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function createFailureLimiter(maxFailures: number, windowMs: number): { fail(): void; blocked(): boolean } {
  const failures: number[] = [];
  const prune = () => {
    const since = Date.now() - windowMs;
    while (failures.length > 0 && (failures[0] as number) < since) failures.shift();
  };
  return {
    fail() {
      failures.push(Date.now());
    },
    blocked() {
      prune();
      return failures.length >= maxFailures;
    },
  };
}
