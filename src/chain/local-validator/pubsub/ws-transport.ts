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
}

const MAX_FRAME_BYTES = 64 * 1024;
const CLOSE_POLICY = 1008;
const CLOSE_TRY_LATER = 1013;

/**
 * Serves a PubSub over WebSocket on an HTTP server's `upgrade` event (the `ws` library, without its own server),
 * so `/rpc` on the app's port and the standalone PubSub port share one implementation. Every resource is bounded:
 * frame size, connections, subscriptions (in PubSub), idle time and queued bytes per reader.
 */
export function attachPubSub(server: Server, pubsub: PubSub, options: WsTransportOptions = {}) {
  const { path, idleMs = 60_000, maxBufferedBytes = 4 * 1024 * 1024, maxConnections = 1_000 } = options;
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_FRAME_BYTES });

  function onConnection(socket: WebSocket): void {
    const send = (message: unknown) => {
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > maxBufferedBytes) {
        socket.close(CLOSE_TRY_LATER, 'reader too slow');
        return;
      }
      socket.send(JSON.stringify(message));
    };
    const connection = pubsub.open(send);
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
    if (wss.clients.size >= maxConnections) {
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    wss.handleUpgrade(request, socket, head, onConnection);
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
