import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { PubSub } from './pubsub';

export interface WsTransportOptions {
  /** Only upgrades to this path are taken (`/rpc` on the app's port); any path when unset (the PubSub port). */
  path?: string;
  /** A connection with no subscription and no message for this long is closed. */
  idleMs?: number;
  /** A reader this far behind (bytes queued) is disconnected rather than buffered without bound. */
  maxBufferedBytes?: number;
  /** Open connections at once, over all clients. */
  maxConnections?: number;
  /** Open connections at once from one client address, so that one client cannot hold every socket. */
  maxConnectionsPerClient?: number;
  /**
   * Web origins whose pages may open a socket (browsers apply no CORS to WebSockets; an `Origin` they send that
   * is not listed is refused with 403). Clients that send no Origin (tools, servers) are not browsers and pass.
   * Unset: every origin.
   */
  allowedOrigins?: readonly string[];
}

const MAX_FRAME_BYTES = 64 * 1024;
const CLOSE_POLICY = 1008;
const CLOSE_TOO_BIG = 1009;
const CLOSE_TRY_LATER = 1013;

/** The peer's address, IPv4-mapped IPv6 folded to IPv4 so that one client has one key. */
export function clientAddress(request: IncomingMessage): string {
  const address = request.socket.remoteAddress ?? 'unknown';
  return address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
}

const refuse = (socket: Duplex, status: string) =>
  void socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);

/**
 * Serves a PubSub over WebSocket on an HTTP server's `upgrade` event (the `ws` library, without its own server),
 * so `/rpc` on the app's port and the standalone PubSub port share one implementation. Every resource is bounded:
 * frame size, connections, subscriptions (in PubSub), idle time and queued bytes per reader.
 */
export function attachPubSub(server: Server, pubsub: PubSub, options: WsTransportOptions = {}) {
  const {
    path,
    idleMs = 60_000,
    maxBufferedBytes = 4 * 1024 * 1024,
    maxConnections = 1_000,
    maxConnectionsPerClient = 50,
    allowedOrigins,
  } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });
  const perClient = new Map<string, number>();

  function onConnection(socket: WebSocket, client: string): void {
    perClient.set(client, (perClient.get(client) ?? 0) + 1);
    const send = (message: unknown) => {
      if (socket.readyState !== socket.OPEN) return;
      const text = JSON.stringify(message);
      const bytes = Buffer.byteLength(text);
      // Counted with the message itself: checking only what was queued before let one large notification (or the
      // last of many) take a reader far past the limit. What the kernel's socket buffer holds comes on top.
      if (bytes > maxBufferedBytes) return void socket.close(CLOSE_TOO_BIG, 'notification too large');
      if (socket.bufferedAmount + bytes > maxBufferedBytes)
        return void socket.close(CLOSE_TRY_LATER, 'reader too slow');
      socket.send(text);
    };
    const connection = pubsub.open(send, client);
    let idle: NodeJS.Timeout | undefined;
    const armIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(() => {
        if (connection.subscriptionCount === 0) socket.close(CLOSE_POLICY, 'idle');
        else armIdle();
      }, idleMs);
      idle.unref();
    };
    armIdle();
    socket.on('message', (data, isBinary) => {
      armIdle();
      if (isBinary) return void socket.close(CLOSE_POLICY, 'text frames only');
      connection.receive(data.toString());
    });
    socket.on('close', () => {
      clearTimeout(idle);
      connection.close();
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
    socket.on('error', () => socket.terminate());
  }

  function onUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    const pathname = (request.url ?? '/').split('?')[0];
    if (path !== undefined && pathname !== path) {
      // Someone else may serve this path (another upgrade listener); with nobody else it must not hang.
      if (server.listenerCount('upgrade') === 1) socket.destroy();
      return;
    }
    const origin = request.headers.origin;
    if (allowedOrigins && origin !== undefined && !allowedOrigins.includes(origin)) {
      return refuse(socket, '403 Forbidden');
    }
    const client = clientAddress(request);
    if ((perClient.get(client) ?? 0) >= maxConnectionsPerClient) return refuse(socket, '429 Too Many Requests');
    if (wss.clients.size >= maxConnections) return refuse(socket, '503 Service Unavailable');
    wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, client));
  }

  server.on('upgrade', onUpgrade);
  return {
    get connectionCount() {
      return wss.clients.size;
    },
    close(): void {
      server.off('upgrade', onUpgrade);
      for (const client of wss.clients) client.terminate();
      wss.close();
    },
  };
}
