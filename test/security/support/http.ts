import { request } from 'node:http';
import { connect } from 'node:net';

export interface Reply {
  status: number;
  body: string;
  headers: Record<string, string | string[] | undefined>;
}

/** A request with every header under the caller's control, so Host, Origin and tokens can be forged like an attacker would. */
export function send(port: number, path: string, options: { method?: string; headers?: Record<string, string>; body?: string; chunked?: boolean } = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { 'Content-Type': 'application/json', ...options.headers };
    const outgoing = request({ host: '127.0.0.1', port, path, method: options.method ?? 'POST', headers }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body, headers: response.headers }));
    });
    outgoing.on('error', reject);
    if (options.chunked) {
      // No Content-Length: the server has to count the bytes itself.
      const text = options.body ?? '';
      for (let start = 0; start < text.length; start += 4096) outgoing.write(text.slice(start, start + 4096));
      outgoing.end();
    } else {
      outgoing.end(options.body ?? '{}');
    }
  });
}

/** Writes raw bytes on a socket and returns the status line's code: for requests Node's client will not send (empty or no Host). */
export function sendRaw(port: number, text: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      const match = /^HTTP\/1\.[01] (\d{3})/.exec(received);
      if (match) {
        resolve(Number(match[1]));
        socket.destroy();
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(/^HTTP\/1\.[01] (\d{3})/.exec(received) ? Number(/^HTTP\/1\.[01] (\d{3})/.exec(received)?.[1]) : 0));
    socket.write(text);
  });
}

/** The parsed `{ok, error?}` document of a reply. */
export function resultOf(reply: Reply): { ok: boolean; value?: unknown; error?: { code: string; message: string } } {
  return JSON.parse(reply.body) as { ok: boolean; value?: unknown; error?: { code: string; message: string } };
}
