import { AppError } from '../../core/errors.js';
import { redactSecret } from '../../core/secrets.js';

/** Why a cloud call failed, so callers can tell a bad key from a quota from an outage. */
export type CloudFailure = 'auth' | 'rate_limit' | 'server' | 'timeout' | 'network' | 'bad_request' | 'bad_response' | 'cancelled';

/** A failed cloud embedding call. The message names the provider and the cause, never the API key. */
export class CloudEmbedderError extends AppError {
  readonly failure: CloudFailure;
  readonly status: number | undefined;
  /** Seconds the provider asked us to wait (HTTP Retry-After), when it said. */
  readonly retryAfterSeconds: number | undefined;

  constructor(failure: CloudFailure, message: string, extra: { status?: number; retryAfterSeconds?: number } = {}) {
    super(failure === 'rate_limit' ? 'rate_limited' : failure === 'cancelled' ? 'cancelled' : 'unavailable', message);
    this.name = 'CloudEmbedderError';
    this.failure = failure;
    this.status = extra.status;
    this.retryAfterSeconds = extra.retryAfterSeconds;
  }
}

export interface CloudRequest {
  /** Provider name for messages ("Gemini", "Voyage"). */
  provider: string;
  /** Which environment variable or setting holds the key, for the 401 message. */
  keyHint: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Removed from every message, in case a server echoes it. */
  secret: string;
  timeoutMs: number;
  signal?: AbortSignal | undefined;
}

/** POSTs JSON and returns the parsed JSON answer; every failure becomes a CloudEmbedderError. */
export async function postJson(request: CloudRequest): Promise<unknown> {
  const timeout = AbortSignal.timeout(request.timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
  const redact = (text: string) => redactSecret(text, request.secret);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal,
      redirect: 'error',
    });
  } catch (error) {
    throw transportError(request, error, timeout.aborted, redact);
  }
  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    throw transportError(request, error, timeout.aborted, redact);
  }
  if (!response.ok) throw statusError(request, response, text, redact);
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new CloudEmbedderError('bad_response', `${request.provider} answered HTTP ${response.status} with something that is not JSON.`, { status: response.status });
  }
}

function transportError(request: CloudRequest, error: unknown, timedOut: boolean, redact: (text: string) => string): CloudEmbedderError {
  if (timedOut) {
    return new CloudEmbedderError('timeout', `${request.provider} did not answer within ${(request.timeoutMs / 1000).toFixed(1)} s.`);
  }
  if (request.signal?.aborted) return new CloudEmbedderError('cancelled', `The ${request.provider} call was cancelled.`);
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const reason = cause?.code ?? cause?.message ?? (error as Error).message ?? 'unknown error';
  return new CloudEmbedderError('network', `${request.provider} could not be reached (${redact(String(reason))}).`);
}

function statusError(request: CloudRequest, response: Response, body: string, redact: (text: string) => string): CloudEmbedderError {
  const status = response.status;
  // Redacted before it is cut to one line: a cut through the key would leave a prefix of it behind.
  const detail = providerMessage(redact(body));
  const said = detail ? `: ${detail}` : '';
  if (status === 401 || status === 403) {
    return new CloudEmbedderError('auth', `${request.provider} refused the API key (HTTP ${status})${said}. Check ${request.keyHint}.`, { status });
  }
  if (status === 429) {
    const retryAfterSeconds = parseRetryAfter(response.headers.get('retry-after'));
    const wait = retryAfterSeconds === undefined ? '' : ` (it asks to wait ${retryAfterSeconds} s)`;
    return new CloudEmbedderError('rate_limit', `${request.provider} quota exceeded (HTTP 429)${wait}${said}.`, {
      status,
      ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
    });
  }
  if (status >= 500) return new CloudEmbedderError('server', `${request.provider} had a server error (HTTP ${status})${said}.`, { status });
  return new CloudEmbedderError('bad_request', `${request.provider} rejected the request (HTTP ${status})${said}.`, { status });
}

/** The provider's own short explanation (`{error: {message}}` in both APIs), cut to one line. */
function providerMessage(body: string): string | undefined {
  let message: unknown;
  try {
    const parsed = JSON.parse(body) as { error?: unknown; detail?: unknown; message?: unknown };
    message = typeof parsed.error === 'object' && parsed.error !== null ? (parsed.error as { message?: unknown }).message : (parsed.error ?? parsed.detail ?? parsed.message);
  } catch {
    message = undefined;
  }
  if (typeof message !== 'string' || message.trim() === '') return undefined;
  const line = message.replace(/\s+/g, ' ').trim();
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function parseRetryAfter(header: string | null): number | undefined {
  if (header === null) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds;
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - Date.now()) / 1000));
}
