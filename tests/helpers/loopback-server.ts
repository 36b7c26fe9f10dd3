import type { Server } from 'node:net';

// For the test proxies that stop and restart their server on the same port (tcp-proxy.ts, switchable-rpc.ts).

/** Listens on 127.0.0.1 (`port` 0: any free one); rejects if the port is taken rather than hang. */
export function listenOnLoopback(server: Server, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
}

/** Stops accepting now; resolves once the open connections are gone. */
export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => server.close(() => resolve()));
}
