import { redactSecret } from '../../core/secrets.js';

/** One request to a chat model: a system instruction and a user message; `json` asks for structured output. */
export interface LlmRequest {
  system: string;
  user: string;
  /** Ask for a JSON object matching this JSON Schema (structured output). */
  json?: { name: string; schema: Record<string, unknown> };
  signal?: AbortSignal;
}

/** A configured language model. It decides wording and what to look up; it is never the source of a figure. */
export interface LlmClient {
  /** Provider and model, e.g. "openai-compatible:llama3.2" (reported to the user, never a key). */
  readonly id: string;
  /** The model's text; throws LlmError on any failure (network, HTTP status, malformed reply, timeout). */
  complete(request: LlmRequest): Promise<string>;
}

/** Why a model call failed, in words a user can act on. */
export class LlmError extends Error {
  override name = 'LlmError';
}

/** How long one model call may take before it is abandoned (local models on a laptop can be slow). */
export const llmTimeoutMs = 120_000;

/** The caller's signal combined with the call timeout. */
export function callSignal(signal: AbortSignal | undefined, timeoutMs = llmTimeoutMs): AbortSignal {
  const timeout = AbortSignal.timeout(timeoutMs);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/** What one POST needs besides the URL and body. */
export interface PostOptions {
  headers: Record<string, string>;
  signal: AbortSignal | undefined;
  /** The provider, for messages ("Gemini (gemini-2.0-flash)"). */
  what: string;
  /** The API key sent in `headers`, removed from every message in case a server echoes it; '' when none is sent. */
  secret: string;
}

/**
 * POSTs JSON and returns the parsed JSON reply, or throws LlmError with the reason. Redirects are refused: a
 * redirect would carry a key header (fetch strips only Authorization) to a host nobody configured.
 */
export async function postJson(url: string, body: unknown, options: PostOptions): Promise<unknown> {
  const redact = (text: string) => redactSecret(text, options.secret);
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: JSON.stringify(body),
      signal: callSignal(options.signal),
      redirect: 'error',
    });
  } catch (error) {
    const reason = (error as Error).name === 'TimeoutError' ? 'it did not answer in time' : (((error as Error).cause as Error | undefined)?.message ?? (error as Error).message);
    throw new LlmError(redact(`${options.what} could not be reached (${reason}).`));
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) {
    // Redacted before it is cut: a cut through the key would leave a prefix of it behind.
    const said = redact(text).replace(/\s+/g, ' ').trim().slice(0, 200);
    throw new LlmError(`${options.what} answered HTTP ${response.status}${said ? `: ${said}` : ''}.`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new LlmError(`${options.what} answered something that is not JSON.`);
  }
}

/** The first JSON object in a model's text (models wrap JSON in prose or code fences). */
export function extractJsonObject(text: string): unknown {
  const trimmed = text
    .trim()
    .replace(/^```(?:json)?\s*/i, '')
    .replace(/\s*```$/, '');
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    const start = trimmed.indexOf('{');
    const end = trimmed.lastIndexOf('}');
    if (start === -1 || end <= start) throw new LlmError('The model did not answer with a JSON object.');
    try {
      return JSON.parse(trimmed.slice(start, end + 1)) as unknown;
    } catch {
      throw new LlmError('The model did not answer with a valid JSON object.');
    }
  }
}
