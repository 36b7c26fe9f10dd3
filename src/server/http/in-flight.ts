import fp from 'fastify-plugin';
import type { FastifyInstance, RouteHandlerMethod } from 'fastify';

/** Work the database must outlive: requests being answered and background tasks nobody else awaits. */
export interface InFlight {
  /** Counts `work` until it settles and hands it back unchanged (its rejection stays the caller's to handle). */
  track<T>(work: Promise<T>): Promise<T>;
  /** Resolves once nothing tracked is running, including work that started while it waited. */
  drain(): Promise<void>;
  readonly size: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    inFlight: InFlight;
  }
}

export function createInFlight(): InFlight {
  const running = new Set<Promise<void>>();
  return {
    track(work) {
      // Promise.resolve adopts any thenable, including Fastify's reply, whose then() returns undefined: tracked
      // directly, its undefined would sit in the set for good and drain() would spin on it.
      const settled = Promise.resolve(work).then(
        () => undefined,
        () => undefined,
      );
      running.add(settled);
      void settled.then(() => running.delete(settled));
      return work;
    },
    async drain() {
      while (running.size > 0) await Promise.all([...running]);
    },
    get size() {
      return running.size;
    },
  };
}

const isPromise = (value: unknown): value is Promise<unknown> =>
  typeof (value as Promise<unknown> | null)?.then === 'function';

/**
 * Shutdown closes the database only after every request and background task is done with it (else:
 * "Cannot use a pool after calling end"). Fastify's close waits for open connections, but not for a handler whose
 * client hung up (the handler keeps running, between two queries), nor for work started with no one awaiting it.
 * So each request counts from arrival until its answer is out or its client is gone, each handler until it
 * settles, and `onClose` waits for all of them. Registered first, so that `onClose` runs last: after the server
 * stopped accepting and the background loops stopped (their hooks wait for their own runs in progress).
 */
export const inFlightPlugin = fp(
  async (app: FastifyInstance) => {
    const inFlight = createInFlight();
    let closing = false;
    app.decorate('inFlight', inFlight);
    app.addHook('preClose', async () => {
      closing = true;
    });
    app.addHook('onRequest', async (_request, reply) => {
      void inFlight.track(
        new Promise<void>((resolve) => {
          reply.raw.once('close', resolve);
          reply.raw.once('finish', () => {
            resolve();
            // Node closes idle keep-alive connections once, when the server stops listening; one that was busy
            // then and idles now would hold the shutdown open for the keep-alive timeout (72 s).
            if (closing) setImmediate(() => app.server.closeIdleConnections());
          });
        }),
      );
    });
    // Answers given while shutting down tell the client not to reuse the connection.
    app.addHook('onSend', async (_request, reply) => {
      if (closing) reply.header('connection', 'close');
    });
    app.addHook('onRoute', (route) => {
      const handler = route.handler as RouteHandlerMethod;
      route.handler = function trackedHandler(this: FastifyInstance, request, reply) {
        const result: unknown = handler.call(this, request, reply);
        // A handler that returns the reply itself is already counted by the onRequest hook until it is sent.
        if (result !== reply && isPromise(result)) void inFlight.track(result).catch(() => undefined);
        return result;
      } as RouteHandlerMethod;
    });
    app.addHook('onClose', async () => inFlight.drain());
  },
  { name: 'vv-in-flight' },
);
