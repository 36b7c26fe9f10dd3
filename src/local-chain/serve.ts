import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { LocalValidator } from './create-local-validator';
import { serializeAnswer } from './encoded-data';
import { attachPubSub, clientAddress, type WsTransportOptions } from './pubsub/ws-transport';
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

/** A fixed-window counter per client address; lapsed windows are dropped as the map grows. */
function fixedWindowPerClient({ max, timeWindow }: { max: number; timeWindow: number }) {
  const windows = new Map<string, { start: number; count: number }>();
  return (client: string) => {
    const now = Date.now();
    if (windows.size > 10_000) {
      for (const [key, w] of windows) if (now - w.start >= timeWindow) windows.delete(key);
    }
    let window = windows.get(client);
    if (!window || now - window.start >= timeWindow) windows.set(client, (window = { start: now, count: 0 }));
    return ++window.count <= max;
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
  /** requestAirdrop calls allowed per window and client address, counted by this port alone. */
  airdropLimit?: { max: number; timeWindow: number };
  /**
   * Charges one requestAirdrop call to a client address and says whether it is allowed: the app passes its own
   * counter, so that /rpc, /api/dev/airdrop and this port give one caller one budget. Wins over `airdropLimit`.
   */
  admitAirdrop?: (client: string) => boolean | Promise<boolean>;
  /**
   * Web origins whose pages may call this port (CORS, and the PubSub upgrade's Origin check). A request whose
   * Origin is not listed is refused with 403: any web page could otherwise send transactions through it.
   * Requests without an Origin (CLI tools, servers) are not from a web page and pass. Default: none.
   */
  allowedOrigins?: readonly string[];
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
 * Explorer's custom RPC), with PubSub on the same port's WebSocket upgrade. CORS is limited to `allowedOrigins`:
 * the endpoint holds nothing private, but it spends (airdrops, transactions), and a page on any other site that
 * the user happens to open must not be able to.
 */
export async function serveLocalValidator(
  validator: LocalValidator,
  options: ServeOptions = {},
): Promise<ServedValidator> {
  const allowedOrigins = options.allowedOrigins ?? [];
  const airdropAllowed =
    options.admitAirdrop ?? (options.airdropLimit ? fixedWindowPerClient(options.airdropLimit) : () => true);
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowedOrigins.includes(origin)) return void response.writeHead(403).end();
      response.setHeader('access-control-allow-origin', origin);
      response.setHeader('access-control-allow-methods', 'POST, GET, OPTIONS');
      response.setHeader('access-control-allow-headers', 'content-type, solana-client');
      response.setHeader('access-control-max-age', '86400');
    }
    response.setHeader('vary', 'origin');
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
    const client = clientAddress(request);
    // One token per requestAirdrop call, batches included: charging per HTTP request let a batch of 100 airdrops
    // cost one.
    const admit = async (method: string) => {
      if (method === 'requestAirdrop' && !(await airdropAllowed(client))) throw tooManyRequests();
    };
    const result = await validator.handle(body, admit);
    // A lone refused call answers 429 as Solana's public endpoints do; in a batch only the excess entries fail.
    const limited = (result as { error?: { code?: unknown } }).error?.code === 429;
    response.writeHead(limited ? 429 : 200, { 'content-type': 'application/json' });
    await pipeline(Readable.from(serializeAnswer(result)), response);
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
  const transport =
    options.pubsub === false ? undefined : attachPubSub(server, validator.pubsub, { allowedOrigins, ...options.ws });
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
  options: { port: number; host?: string; ws?: WsTransportOptions; allowedOrigins?: readonly string[] },
): Promise<ServedValidator> {
  const server = createServer((_request, response) => {
    response.writeHead(426, { 'content-type': 'text/plain' }).end('WebSocket upgrade required');
  });
  const host = options.host ?? '127.0.0.1';
  const transport = attachPubSub(server, validator.pubsub, {
    allowedOrigins: options.allowedOrigins ?? [],
    ...options.ws,
  });
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
