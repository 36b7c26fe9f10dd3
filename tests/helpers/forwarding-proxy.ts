import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * One real reverse-proxy hop for tests, doing what nginx's `$proxy_add_x_forwarded_for` does: it appends the address
 * it saw the client connect from to whatever X-Forwarded-For the client sent (which may be forged), and forwards.
 * It listens on a free port on loopback.
 */
export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

export async function createForwardingProxy(target: string): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server: Server = createServer((req: IncomingMessage, res) => {
    const seen = req.socket.remoteAddress ?? '';
    const prior = req.headers['x-forwarded-for'];
    const headers = { ...req.headers, 'x-forwarded-for': prior ? `${String(prior)}, ${seen}` : seen };
    const out = httpRequest(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    out.on('error', () => res.writeHead(502).end());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
