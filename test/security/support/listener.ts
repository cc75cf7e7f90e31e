import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request a listener received: enough to tell whether a key reached it. */
export interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface Listener {
  url: string;
  received: Received[];
  /** How it answers; by default 401 with a body that echoes every header it got (as a careless proxy would). */
  answer: (request: Received, response: ServerResponse) => void;
  close(): Promise<void>;
}

/** Answers 401 and echoes the request's headers in the error text, the way a server that logs too much does. */
export function echoHeaders(request: Received, response: ServerResponse): void {
  response.writeHead(401, { 'content-type': 'application/json' });
  response.end(JSON.stringify({ error: { message: `unauthorized request, headers were ${JSON.stringify(request.headers)}` } }));
}

/** A server on 127.0.0.1 that records every request: a stand-in for a provider, or for someone listening for keys. */
export async function startListener(): Promise<Listener> {
  const listener: Omit<Listener, 'url' | 'close'> = { received: [], answer: echoHeaders };
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const received = { method: request.method ?? '', url: request.url ?? '', headers: request.headers, body };
      listener.received.push(received);
      listener.answer(received, response);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(listener, {
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

/** Every header value a listener received, as one text to search for a key. */
export function headersText(listener: Listener): string {
  return listener.received.map((request) => JSON.stringify(request.headers)).join('\n');
}
