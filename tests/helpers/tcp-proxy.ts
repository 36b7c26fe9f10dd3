import { createServer, Socket, type Server } from 'node:net';
import { closeServer, listenOnLoopback } from './loopback-server';

/**
 * A TCP proxy a test can cut and restore, to drop one app's connection to PostgreSQL without touching the machine's
 * PostgreSQL server (other test runs use it).
 *
 * - `cut('refuse')`: the database host is gone. Open connections are reset and new ones refused (ECONNREFUSED),
 *   as when PostgreSQL is stopped or its machine reboots.
 * - `cut('blackhole')`: the network drops packets. Open connections stay open but nothing passes; new ones are
 *   accepted and never answered, as behind a dead link or a firewall that drops rather than rejects.
 * - `restore()`: traffic passes again on the same port, so clients reconnect with the same URL.
 */
export interface TcpProxy {
  port: number;
  /** The PostgreSQL URL `url` rewritten to go through this proxy. */
  via(url: string): string;
  cut(mode: 'refuse' | 'blackhole'): Promise<void>;
  restore(): Promise<void>;
  /** How many client connections the proxy has accepted. */
  readonly accepted: number;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  upstream: Socket;
}

export async function createTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const pairs = new Set<Pair>();
  const stalled = new Set<Socket>();
  let mode: 'open' | 'refuse' | 'blackhole' = 'open';
  let accepted = 0;

  const onConnection = (client: Socket) => {
    accepted += 1;
    if (mode === 'blackhole') {
      // Accept and say nothing: the client's connect succeeds and its start-up message is never answered.
      stalled.add(client);
      client.on('error', () => {});
      client.on('close', () => stalled.delete(client));
      return;
    }
    const upstream = new Socket();
    const pair = { client, upstream };
    pairs.add(pair);
    const drop = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
    upstream.connect(target.port, target.host, () => {
      client.pipe(upstream);
      upstream.pipe(client);
    });
  };

  let server: Server = createServer(onConnection);
  await listenOnLoopback(server, 0);
  const port = (server.address() as { port: number }).port;

  return {
    port,
    get accepted() {
      return accepted;
    },
    via(url: string) {
      const u = new URL(url);
      u.hostname = '127.0.0.1';
      u.port = String(port);
      return u.toString();
    },
    async cut(how) {
      mode = how;
      if (how === 'refuse') {
        const closed = closeServer(server); // stops accepting now; resolves once the open connections are gone
        for (const { client, upstream } of pairs) {
          // A reset, not a polite FIN: the app sees its connection die as it would if the host vanished.
          client.resetAndDestroy();
          upstream.destroy();
        }
        pairs.clear();
        await closed;
        return;
      }
      for (const { client, upstream } of pairs) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    async restore() {
      if (mode === 'refuse') {
        server = createServer(onConnection);
        await listenOnLoopback(server, port);
      }
      // Connections that were black-holed are beyond saving (a half-read protocol message); end them.
      for (const { client, upstream } of pairs) {
        if (client.isPaused()) {
          client.destroy();
          upstream.destroy();
        }
      }
      for (const socket of stalled) socket.destroy();
      stalled.clear();
      mode = 'open';
    },
    async close() {
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      for (const socket of stalled) socket.destroy();
      if (server.listening) await closeServer(server);
    },
  };
}
