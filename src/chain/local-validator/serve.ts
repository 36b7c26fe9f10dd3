import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalValidator } from './create-local-validator.js';

const MAX_BODY_BYTES = 1_000_000;

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Serves a validator's JSON-RPC on its own loopback port (tests, or tools such as Solana Explorer's custom RPC).
 * CORS is open because a JSON-RPC endpoint holds nothing private and browsers call it from other origins.
 */
export async function serveLocalValidator(
  validator: LocalValidator,
  options: { port?: number; host?: string } = {},
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer(async (request, response) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-headers', 'content-type, solana-client');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method === 'GET' && request.url === '/health') return void response.writeHead(200).end('ok');
    if (request.method !== 'POST') return void response.writeHead(405).end();
    const body = await readBody(request);
    if (body === undefined) return void response.writeHead(413).end();
    const result = await validator.handle(body);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
