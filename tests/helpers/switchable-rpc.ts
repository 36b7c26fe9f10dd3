import { createServer, request as httpRequest, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { closeServer, listenOnLoopback } from './loopback-server';

export type RpcMode = 'up' | 'http-503' | 'refuse';

/**
 * An HTTP JSON-RPC endpoint in front of a real one (the local validator) that a test switches between forwarding
 * (`up`), answering 503 like an overloaded public RPC (`http-503`), and refusing connections like a dead host
 * (`refuse`). Its URL stays the same throughout, so it can sit in SOLANA_RPC_URLS.
 */
export interface SwitchableRpc {
  url: string;
  set(mode: RpcMode): Promise<void>;
  /** Requests that reached this endpoint, whatever it answered. */
  readonly hits: number;
  close(): Promise<void>;
}

export async function createSwitchableRpc(targetUrl: string): Promise<SwitchableRpc> {
  const target = new URL(targetUrl);
  const sockets = new Set<Socket>();
  let mode: RpcMode = 'up';
  let hits = 0;

  const makeServer = () => {
    const server = createServer((req, res) => {
      hits += 1;
      if (mode === 'http-503') {
        req.resume();
        return void res.writeHead(503, { 'content-type': 'text/plain' }).end('Service Unavailable');
      }
      const upstream = httpRequest(
        { host: target.hostname, port: target.port, path: target.pathname, method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    return server;
  };

  let server: Server = makeServer();
  await listenOnLoopback(server, 0);
  const port = (server.address() as { port: number }).port;

  return {
    url: `http://127.0.0.1:${port}`,
    get hits() {
      return hits;
    },
    async set(next) {
      if (next === 'refuse' && mode !== 'refuse') {
        const closed = closeServer(server);
        for (const socket of sockets) socket.destroy();
        await closed;
      } else if (next !== 'refuse' && mode === 'refuse') {
        server = makeServer();
        await listenOnLoopback(server, port);
      }
      mode = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await closeServer(server);
    },
  };
}
