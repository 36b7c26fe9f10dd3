import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createInFlight, inFlightPlugin } from './in-flight';

describe('in-flight tracking', () => {
  it('drains a thenable whose then() returns undefined, as Fastify replies do', async () => {
    const inFlight = createInFlight();
    let finish!: () => void;
    const replyLike = {
      then(fulfilled: () => void) {
        finish = fulfilled;
        return undefined;
      },
    } as unknown as Promise<void>;
    void inFlight.track(replyLike);
    expect(inFlight.size).toBe(1);
    let drained = false;
    const drain = inFlight.drain().then(() => (drained = true));
    await new Promise((r) => setImmediate(r));
    expect(drained).toBe(false);
    finish();
    await drain;
    expect(inFlight.size).toBe(0);
  });

  it('closes an app whose handler returned the reply without awaiting it', async () => {
    const app = Fastify();
    await app.register(inFlightPlugin);
    app.get('/sync', (_request, reply) => reply.send({ ok: true }));
    const res = await app.inject({ method: 'GET', url: '/sync' });
    expect(res.json()).toEqual({ ok: true });
    await app.close();
    expect(app.inFlight.size).toBe(0);
  });
});
