import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LocalValidator } from './create-local-validator';
import { attachPubSub, type WsTransportOptions } from './pubsub/ws-transport';
import { tooManyRequests } from './rpc-error';

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

function fixedWindow({ max, timeWindow }: { max: number; timeWindow: number }) {
  let windowStart = 0;
  let count = 0;
  return () => {
    const now = Date.now();
    if (now - windowStart >= timeWindow) [windowStart, count] = [now, 0];
    return ++count <= max;
  };
}

/** `application/json`, with or without parameters: a `text/plain` POST is what a cross-site form can send. */
export function isJsonContentType(header: string | undefined): boolean {
  return (header ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

export interface ServeOptions {
  port?: number;
  host?: string;
  /** Also serve PubSub on this HTTP port's WebSocket upgrade (default true). */
  pubsub?: boolean;
  ws?: WsTransportOptions;
  /** requestAirdrop calls allowed per window on this port (loopback: one counter for every caller). */
  airdropLimit?: { max: number; timeWindow: number };
}

export interface ServedValidator {
  url: string;
  /** The WebSocket URL of the PubSub on the same port, when served. */
  wsUrl?: string;
  port: number;
  close(): Promise<void>;
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

/**
 * Tells getClusterNodes where the node is now served; the returned function puts back what was advertised before,
 * if nothing newer has replaced this server's address since.
 */
function advertise(validator: LocalValidator, served: { rpc?: string; pubsub?: string }): () => void {
  const { endpoints } = validator;
  const before = { ...endpoints };
  if (served.rpc) endpoints.rpc = served.rpc;
  if (served.pubsub) endpoints.pubsub = served.pubsub;
  return () => {
    if (served.rpc && endpoints.rpc === served.rpc) endpoints.rpc = before.rpc;
    if (served.pubsub && endpoints.pubsub === served.pubsub) endpoints.pubsub = before.pubsub;
  };
}

function closer(server: Server, detach?: () => void) {
  return () =>
    new Promise<void>((resolve, reject) => {
      detach?.();
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
}

/**
 * Serves a validator's JSON-RPC on its own loopback port (tests, the standard 8899, tools such as Solana
 * Explorer's custom RPC), with PubSub on the same port's WebSocket upgrade. CORS is open because a JSON-RPC
 * endpoint holds nothing private and browsers call it from other origins.
 */
export async function serveLocalValidator(
  validator: LocalValidator,
  options: ServeOptions = {},
): Promise<ServedValidator> {
  const airdropAllowed = options.airdropLimit ? fixedWindow(options.airdropLimit) : () => true;
  // One token per requestAirdrop call, batches included: charging per HTTP request let a batch of 100 airdrops
  // cost one.
  const admit = (method: string) => {
    if (method === 'requestAirdrop' && !airdropAllowed()) throw tooManyRequests();
  };
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    response.setHeader('access-control-allow-origin', '*');
    response.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
    response.setHeader('access-control-allow-headers', 'content-type, solana-client');
    response.setHeader('access-control-max-age', '86400');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method === 'GET' && request.url === '/health') return void response.writeHead(200).end('ok');
    if (request.method !== 'POST') return void response.writeHead(405).end();
    if (!isJsonContentType(request.headers['content-type'])) {
      return void response
        .writeHead(415, { 'content-type': 'text/plain' })
        .end('Supported Content-Types: application/json');
    }
    const body = await readBody(request);
    if (body === undefined) return void response.writeHead(413).end();
    const result = await validator.handle(body, admit);
    // A lone refused call answers 429 as Solana's public endpoints do; in a batch only the excess entries fail.
    const limited = (result as { error?: { code?: unknown } }).error?.code === 429;
    response.writeHead(limited ? 429 : 200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  };
  const server = createServer((request, response) => {
    // A client that hangs up mid-body makes readBody reject ('aborted'): without this catch the rejection is
    // unhandled and takes the whole process down.
    answer(request, response).catch(() => {
      if (!response.headersSent && !response.destroyed) response.writeHead(400).end();
      else response.destroy();
    });
  });
  const host = options.host ?? '127.0.0.1';
  const transport = options.pubsub === false ? undefined : attachPubSub(server, validator.pubsub, options.ws);
  const port = await listen(server, options.port ?? 0, host);
  const unadvertise = advertise(validator, { rpc: `${host}:${port}`, pubsub: transport && `${host}:${port}` });
  return {
    url: `http://${host}:${port}`,
    wsUrl: transport ? `ws://${host}:${port}` : undefined,
    port,
    close: closer(server, () => {
      unadvertise();
      transport?.close();
    }),
  };
}

/** PubSub alone on its own port, as solana-test-validator serves it on the RPC port + 1. */
export async function servePubSub(
  validator: LocalValidator,
  options: { port: number; host?: string; ws?: WsTransportOptions },
): Promise<ServedValidator> {
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket upgrade required');
  });
  const host = options.host ?? '127.0.0.1';
  const transport = attachPubSub(server, validator.pubsub, options.ws);
  const port = await listen(server, options.port, host);
  const unadvertise = advertise(validator, { pubsub: `${host}:${port}` });
  return {
    url: `ws://${host}:${port}`,
    wsUrl: `ws://${host}:${port}`,
    port,
    close: closer(server, () => {
      unadvertise();
      transport.close();
    }),
  };
}
