import type { Result } from '../../../shared/result';

/** How the renderer reaches main: Electron IPC through the preload bridge, or the local HTTP API. */
export interface Transport {
  invoke(name: string, input: unknown): Promise<Result<unknown>>;
  /** Subscribes to a contract event; returns the function that unsubscribes. */
  on(event: string, listener: (payload: unknown) => void): () => void;
}

/** The bridge the preload exposes as `window.cita` (only contract names pass). */
export interface CitaBridge {
  invoke(name: string, input: unknown): Promise<Result<unknown>>;
  on(event: string, listener: (payload: unknown) => void): () => void;
}

declare global {
  interface Window {
    cita?: CitaBridge;
  }
}

/** Electron: everything goes through the preload's two functions. */
export function createIpcTransport(bridge: CitaBridge): Transport {
  return { invoke: (name, input) => bridge.invoke(name, input), on: (event, listener) => bridge.on(event, listener) };
}

/** Browser mode: POST /api/<operation> with the bearer token; events over a fetch-read event stream. */
export function createHttpTransport(baseUrl: string, token: string): Transport {
  const headers = { Authorization: `Bearer ${token}` };
  return {
    async invoke(name, input) {
      let response: Response;
      try {
        response = await fetch(new URL(`api/${encodeURIComponent(name)}`, baseUrl), {
          method: 'POST',
          headers: { ...headers, 'Content-Type': 'application/json' },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return { ok: false, error: { code: 'unavailable', message: 'cita is not reachable; is "npm start" (or "cita serve") still running?' } };
      }
      try {
        return (await response.json()) as Result<unknown>;
      } catch {
        return { ok: false, error: { code: 'internal', message: `cita answered with HTTP ${response.status} and no readable body.` } };
      }
    },
    on(event, listener) {
      const controller = new AbortController();
      void streamEvents(new URL('api/events', baseUrl), headers, controller.signal, (name, payload) => {
        if (name === event) listener(payload);
      });
      return () => controller.abort();
    },
  };
}

/**
 * Reads the event stream for as long as the page listens. The server ends a stream that had nothing to say for a
 * while (and when the token expires); it is opened again after a pause, unless the server refuses the token.
 */
async function streamEvents(url: URL, headers: Record<string, string>, signal: AbortSignal, deliver: (name: string, payload: unknown) => void): Promise<void> {
  let pause = 1000;
  while (!signal.aborted) {
    try {
      const response = await fetch(url, { headers, signal });
      if (response.status === 401 || response.status === 403) return;
      const reader = response.ok ? response.body?.pipeThrough(new TextDecoderStream()).getReader() : undefined;
      if (reader) {
        pause = 1000;
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += value;
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const name = /^event: (.+)$/m.exec(block)?.[1];
            const data = /^data: (.+)$/m.exec(block)?.[1];
            if (name && data) deliver(name, JSON.parse(data));
          }
        }
      }
    } catch {
      // The page unsubscribed, or the server stopped or refused for now; progress is best-effort.
    }
    if (signal.aborted) return;
    await new Promise((resolve) => setTimeout(resolve, pause));
    pause = Math.min(pause * 2, 30_000);
  }
}

/** Picks the transport: the preload bridge in Electron, else the token handed over in the URL fragment (none: the access page). */
export function detectTransport(location: Location, storage: Storage): Transport | { missingToken: true } {
  if (window.cita) return createIpcTransport(window.cita);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  const fromFragment = fragment.get('token');
  if (fromFragment) {
    storage.setItem('cita.token', fromFragment);
    history.replaceState(null, '', location.pathname + location.search);
  }
  const token = fromFragment ?? storage.getItem('cita.token');
  if (!token) return { missingToken: true };
  return createHttpTransport(new URL('./', location.href).href, token);
}
