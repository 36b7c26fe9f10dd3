import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createLocalValidator, serveLocalValidator, type LocalValidator } from '@local-chain';
import type { ServedValidator } from '@local-chain';
import { pubsubFrame, rpcAccountReadBody, rpcHttpBody } from '@tests/helpers/hostile/rpc';
import { accountsOfEverySize, longestStallMs, post } from '@tests/helpers/local-chain-http';

/*
 * The hostile JSON-RPC of tests/api/http/hostile-input.test.ts, against the standalone server of the standard ports
 * (its own HTTP handling: body reading, content type, the airdrop limit) and a PubSub with a small subscription cap, so
 * that "subscriptions stay bounded" is something the frames can actually break.
 */

const CAP = 4;
let validator: LocalValidator;
let served: ServedValidator;

beforeAll(async () => {
  validator = await createLocalValidator({ slotMs: 100, pubsubLimits: { perConnection: CAP, total: 1_000 } });
  served = await serveLocalValidator(validator, { airdropLimit: { max: 30, timeWindow: 60_000 } });
});
afterAll(async () => {
  await served?.close();
  await validator?.close();
});

const INTERNAL_ERROR = -32603;
const internalErrors = (body: unknown): unknown[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (r) => (r as { error?: { code?: number } } | null)?.error?.code === INTERNAL_ERROR,
  );

describe('hostile input on the standalone local chain server', () => {
  it('HTTP: no 5xx and no internal error, whatever the body', async () => {
    await fc.assert(
      fc.asyncProperty(rpcHttpBody, async (payload) => {
        const res = await fetch(served.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: payload,
        });
        const text = await res.text();
        const what = `POST ${payload.slice(0, 300)}\n→ ${res.status} ${text.slice(0, 500)}`;
        expect(res.status, what).toBeLessThan(500);
        if (res.status === 200) expect(internalErrors(JSON.parse(text)), what).toEqual([]);
      }),
      { numRuns: 200 },
    );
  }, 120_000);

  it('account reads of every encoding and size: no answer holds the event loop 50 ms', async () => {
    const addresses = await accountsOfEverySize(validator);
    await fc.assert(
      fc.asyncProperty(rpcAccountReadBody(addresses), async (payload) => {
        const { value: res, stallMs } = await longestStallMs(() => post(served.url, payload));
        const what = `POST ${payload.slice(0, 300)}\n→ ${res.status} ${res.body.slice(0, 300)}`;
        expect(res.status, what).toBe(200);
        expect(internalErrors(JSON.parse(res.body)), what).toEqual([]);
        expect(stallMs, what).toBeLessThan(50);
      }),
      { numRuns: 100 },
    );
  }, 300_000);

  it('WebSocket: hostile frames, then more subscribes than the cap: the connection holds exactly the cap', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(pubsubFrame, { maxLength: 20 }),
        fc.integer({ min: 1, max: 6 }),
        async (frames, extra) => {
          const socket = new WebSocket(served.wsUrl!);
          await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
          const answers: { id?: unknown; result?: unknown; error?: { code: number } }[] = [];
          socket.on('message', (data) => answers.push(JSON.parse(String(data))));
          for (const frame of frames) socket.send(frame);
          const subscribes = Array.from({ length: CAP + extra }, (_, i) => `sub-${i}`);
          for (const id of subscribes) socket.send(JSON.stringify({ jsonrpc: '2.0', id, method: 'rootSubscribe' }));
          socket.send(JSON.stringify({ jsonrpc: '2.0', id: 'done', method: 'getNothing' }));
          await expect.poll(() => answers.some((a) => a.id === 'done'), { timeout: 10_000 }).toBe(true);
          const what = frames.join('\n').slice(0, 800);
          expect(socket.readyState, what).toBe(WebSocket.OPEN);
          expect(answers.flatMap(internalErrors), what).toEqual([]);
          expect(validator.pubsub.subscriptionCount, what).toBe(CAP);
          // The subscribes past the cap were refused, as many as went over it.
          const refused = answers.filter((a) => subscribes.includes(a.id as string) && a.error?.code === -32600);
          expect(refused.length, what).toBeGreaterThanOrEqual(extra);
          const closed = new Promise((resolve) => socket.once('close', resolve));
          socket.close();
          await closed;
          await expect.poll(() => validator.pubsub.subscriptionCount, { timeout: 2_000 }).toBe(0);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);
});
