import { connect, createServer, type Socket } from 'node:net';

/** A database URL routed through a relay the test can cut, as a server going down or a network cut would. */
export interface CuttableRoute {
  /** `url` with the relay's port in place of the server's. */
  url: string;
  /** Closes every connection through the relay and refuses new ones. */
  cut(): Promise<void>;
}

/** A TCP relay on 127.0.0.1 to the host and port of `url` (closed after the test with `cut`). */
export async function cuttableRoute(url: string): Promise<CuttableRoute> {
  const target = new URL(url);
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const server = connect(Number(target.port || 5432), target.hostname);
    for (const socket of [client, server]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // A side that ends takes the other with it; errors are the cut itself.
      socket.on('error', () => undefined);
    }
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const address = relay.address();
  if (address === null || typeof address === 'string') throw new Error('the relay has no port');
  const routed = new URL(url);
  routed.hostname = '127.0.0.1';
  routed.port = String(address.port);
  return {
    url: routed.toString(),
    async cut() {
      const closed = new Promise<void>((resolve) => relay.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
