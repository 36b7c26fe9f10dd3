import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { generateKeyPairSigner } from '@solana/kit';
import { startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import { LAMPORTS_PER_SOL } from '@shared/money';

let chain: LocalChain;

beforeAll(async () => {
  chain = await startLocalChain({
    slotMs: 100,
    pubsubLimits: { perConnection: 3, total: 5 },
    ws: { idleMs: 300, maxConnections: 4 },
  });
});
afterAll(() => chain.stop());

async function open(): Promise<WebSocket> {
  const socket = new WebSocket(chain.wsUrl);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  return socket;
}

function ask(socket: WebSocket, id: number, method: string, params: unknown[] = []): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const message = JSON.parse(data.toString()) as Record<string, unknown>;
      if (message.id !== id) return;
      socket.off('message', onMessage);
      resolve(message);
    };
    socket.on('message', onMessage);
    socket.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
  });
}

const closed = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );

describe('PubSub limits', () => {
  it('caps subscriptions per connection and in total, and frees them when a connection closes', async () => {
    const a = await open();
    for (let i = 1; i <= 3; i++) expect((await ask(a, i, 'rootSubscribe')).result).toEqual(expect.any(Number));
    expect((await ask(a, 4, 'rootSubscribe')).error).toMatchObject({ code: -32600 });
    const b = await open();
    expect((await ask(b, 1, 'rootSubscribe')).result).toEqual(expect.any(Number));
    expect((await ask(b, 2, 'rootSubscribe')).result).toEqual(expect.any(Number));
    expect((await ask(b, 3, 'rootSubscribe')).error).toMatchObject({ code: -32603 });
    expect(chain.validator.pubsub.subscriptionCount).toBe(5);
    const aClosed = closed(a);
    a.close();
    await aClosed;
    await expect.poll(() => chain.validator.pubsub.subscriptionCount).toBe(2);
    expect((await ask(b, 4, 'rootSubscribe')).result).toEqual(expect.any(Number));
    b.terminate();
    await expect.poll(() => chain.validator.pubsub.subscriptionCount).toBe(0);
  });

  it('closes a connection that stays idle without subscriptions, but not one that holds a subscription', async () => {
    const idle = await open();
    const busy = await open();
    await ask(busy, 1, 'slotSubscribe');
    expect(await closed(idle)).toEqual({ code: 1008, reason: 'idle' });
    expect(busy.readyState).toBe(WebSocket.OPEN);
    busy.terminate();
  });

  it('refuses connections past the cap and frames past 64 KiB', async () => {
    const sockets = await Promise.all([open(), open(), open(), open()]);
    const refused = new WebSocket(chain.wsUrl);
    await expect(new Promise((resolve, reject) => refused.once('open', resolve).once('error', reject))).rejects.toThrow(
      /503/,
    );
    for (const socket of sockets) socket.terminate();
    await expect.poll(() => chain.validator.pubsub.subscriptionCount).toBe(0);

    const big = await open();
    const bigClosed = closed(big);
    big.send('x'.repeat(70 * 1024));
    expect((await bigClosed).code).toBe(1009);
  });

  it('disconnects a reader that falls too far behind instead of buffering for it', async () => {
    // The threshold is 64 KiB here (4 MiB by default); the kernel's socket buffers hold a few MiB before it counts.
    const flooded = await startLocalChain({ slotMs: 100, ws: { maxBufferedBytes: 64 * 1024 } });
    try {
      const reader = new WebSocket(flooded.wsUrl);
      await new Promise((resolve, reject) => reader.once('open', resolve).once('error', reject));
      let notifications = 0;
      reader.on('message', () => notifications++);
      for (let i = 1; i <= 200; i++) await ask(reader, i, 'logsSubscribe', ['all', { commitment: 'processed' }]);
      notifications = 0;
      // Stop reading, then have 200 subscriptions × 150 transactions of logs (about 15 MB) sent to it.
      reader.pause();
      const recipient = (await generateKeyPairSigner()).address;
      for (let i = 0; i < 150; i++) await flooded.validator.airdrop(recipient, LAMPORTS_PER_SOL);
      const readerClosed = closed(reader);
      reader.resume();
      expect(await readerClosed).toEqual({ code: 1013, reason: 'reader too slow' });
      // It got what was queued before the cut-off, not everything.
      expect(notifications).toBeGreaterThan(0);
      expect(notifications).toBeLessThan(200 * 150);
      await expect.poll(() => flooded.validator.pubsub.subscriptionCount).toBe(0);
    } finally {
      await flooded.stop();
    }
  });
});
