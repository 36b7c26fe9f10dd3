import { generateKeyPairSigner, type Address, type KeyPairSigner } from '@solana/kit';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { LAMPORTS_PER_SOL } from '@shared/money';
import { EXPLORER_ORIGIN, serveStandardPorts, sharedAirdropBudget } from '@server/modules/chain/standard-ports';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import {
  ask,
  createLargeAccount,
  land,
  longestStallMs,
  openSocket,
  post,
  rpcCall,
  threadCpuMs,
  transferTo,
} from '@tests/helpers/local-chain-http';
import { freePortPair } from '@tests/helpers/server-process';

/*
 * "The local chain is a good neighbour" (docs/reliability.md#threat-model): base58 of a large account stalled the
 * process, one client took every subscription and socket, the slow PubSub reader, CORS on the standard ports and the
 * airdrop budget, each on the app's /rpc and on the standard ports (LOCAL_RPC_PORT on a free port, PubSub on +1),
 * as the server wires them.
 */

const BASE58_REFUSAL = {
  code: -32600,
  message: 'Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.',
};
/** No answer may hold the event loop longer than this. */
const STALL_LIMIT_MS = 50;
const silentLog = { info: () => {}, warn: () => {} } as never;

let t: TestApp;
let closePorts: () => Promise<void>;
let rpcPort: number;
let appPort: number;
let payer: KeyPairSigner;
let account32k: Address;
let account1m: Address;
let account5m: Address;

const endpoints = () => ({
  '/rpc': { http: `http://127.0.0.1:${appPort}/rpc`, ws: `ws://127.0.0.1:${appPort}/rpc` },
  'standard ports': { http: `http://127.0.0.1:${rpcPort}`, ws: `ws://127.0.0.1:${rpcPort + 1}` },
});

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appPort = (t.app.server.address() as AddressInfo).port;
  rpcPort = await freePortPair();
  // As runtime.ts serves them (LOCAL_RPC_PORT).
  closePorts = await serveStandardPorts(t.chain.validator!, rpcPort, silentLog, {
    publicOrigin: t.env.publicOrigin,
    admitAirdrop: sharedAirdropBudget(t.app.database.db),
  });
  const validator = t.chain.validator!;
  payer = await generateKeyPairSigner();
  await validator.airdrop(payer.address, 1_000n * LAMPORTS_PER_SOL);
  account32k = await createLargeAccount(validator, payer, 32 * 1024);
  account1m = await createLargeAccount(validator, payer, 1024 * 1024);
  account5m = await createLargeAccount(validator, payer, 5 * 1024 * 1024);
}, 60_000);
afterAll(async () => {
  await closePorts?.();
  await t?.close();
});

describe('the stall measure (longestStallMs)', () => {
  it('counts a loop held by work, and not one held while the thread gets no CPU (a descheduled process)', async () => {
    const { stallMs: busy } = await longestStallMs(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      const until = threadCpuMs() + 80; // 80 ms of this thread's CPU, however long a busy machine takes to give it
      while (threadCpuMs() < until) Math.sqrt(Math.random());
    });
    expect(busy).toBeGreaterThanOrEqual(STALL_LIMIT_MS);
    // Atomics.wait blocks this thread without running it for 80 ms, as a busy machine's scheduler may.
    const { stallMs: descheduled } = await longestStallMs(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 80);
    });
    expect(descheduled).toBeLessThan(STALL_LIMIT_MS);
  });
});

describe.each(['/rpc', 'standard ports'] as const)('the local chain on %s', (name) => {
  const url = () => endpoints()[name];
  const call = async (body: unknown, options: { localAddress?: string } = {}) => {
    const { value, stallMs } = await longestStallMs(() => post(url().http, JSON.stringify(body), options));
    return { status: value.status, body: JSON.parse(value.body) as unknown, stallMs };
  };

  it('refuses base58 of more than 128 bytes as a validator does, without stalling', async () => {
    // The default encoding is base58: one anonymous read of a 32 KB account held the process for 2-5 s.
    const answer = await call(rpcCall('getAccountInfo', [account32k]));
    expect(answer.body).toMatchObject({ error: BASE58_REFUSAL });
    expect(answer.stallMs).toBeLessThan(STALL_LIMIT_MS);
    const sliced = (length: number) =>
      call(rpcCall('getAccountInfo', [account32k, { encoding: 'base58', dataSlice: { offset: 0, length } }]));
    expect((await sliced(128)).body).toMatchObject({ result: { value: { data: '1'.repeat(128), space: 32768 } } });
    expect((await sliced(129)).body).toMatchObject({ error: BASE58_REFUSAL });
    const many = await call(rpcCall('getMultipleAccounts', [[account32k, account32k]]));
    expect(many.body).toMatchObject({ error: BASE58_REFUSAL });
  });

  it('caps what one request encodes: a batch of 100 reads of 1 MiB answers 4 and refuses the rest, within 50 ms', async () => {
    const batch = Array.from({ length: 100 }, (_, i) =>
      rpcCall('getAccountInfo', [account1m, { encoding: 'base64' }], i),
    );
    const answer = await call(batch);
    const entries = answer.body as { result?: { value: { data: [string, string] } }; error?: { code: number } }[];
    const served = entries.filter((e) => e.result);
    expect(served).toHaveLength(4);
    expect(served[0]!.result!.value.data[0]).toHaveLength(Math.ceil((1024 * 1024) / 3) * 4);
    expect(entries.filter((e) => e.error?.code === -32600)).toHaveLength(96);
    expect(answer.stallMs).toBeLessThan(STALL_LIMIT_MS);
    // One account past the budget is read in parts with dataSlice.
    const whole = await call(rpcCall('getAccountInfo', [account5m, { encoding: 'base64' }]));
    expect(whole.body).toMatchObject({ error: { code: -32600, message: expect.stringContaining('dataSlice') } });
    expect(whole.stallMs).toBeLessThan(STALL_LIMIT_MS);
    const part = await call(
      rpcCall('getAccountInfo', [account5m, { encoding: 'base64', dataSlice: { offset: 0, length: 4 << 20 } }]),
    );
    expect(part.body).toMatchObject({ result: { value: { space: 5 * 1024 * 1024 } } });
    expect(part.stallMs).toBeLessThan(STALL_LIMIT_MS);
    // Zero-length slices encode nothing, but each read copied the whole account out of LiteSVM (7 ms per 5 MiB).
    const sizes = await call(
      rpcCall('getMultipleAccounts', [
        Array(100).fill(account5m),
        { encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
      ]),
    );
    expect(sizes.body).toMatchObject({
      result: { value: Array(100).fill({ data: ['', 'base64'], space: 5 * 1024 * 1024 }) },
    });
    expect(sizes.stallMs).toBeLessThan(STALL_LIMIT_MS);
  });

  it('one client cannot take every socket: past its share it is refused, and a second client still gets in', async () => {
    const held: WebSocket[] = [];
    try {
      // The default share is 50 sockets per client address (of 1,000 in all).
      const greedy = { localAddress: '127.0.0.6' };
      for (let i = 0; i < 50; i++) held.push(await openSocket(url().ws, greedy));
      await expect(openSocket(url().ws, greedy)).rejects.toThrow(/429/);
      const honest = await openSocket(url().ws, { localAddress: '127.0.0.2' });
      held.push(honest);
      expect((await ask(honest, 1, 'slotSubscribe')).result).toEqual(expect.any(Number));
    } finally {
      for (const socket of held) socket.terminate();
    }
  });

  it('one client cannot take every subscription: past its share it is refused, and a second client still subscribes', async () => {
    const pubsub = t.chain.validator!.pubsub;
    const sockets = await Promise.all([0, 1, 2, 3].map(() => openSocket(url().ws, { localAddress: '127.0.0.7' })));
    try {
      // 4 connections × 256 subscribes: 1,000 is one client's share of the 10,000.
      const answers = await Promise.all(
        sockets.flatMap((socket, s) =>
          Array.from({ length: 256 }, (_, i) =>
            ask(socket, s * 1000 + i, 'signatureSubscribe', ['1'.repeat(64 + ((s * 256 + i) % 24))]),
          ),
        ),
      );
      expect(answers.filter((a) => typeof a.result === 'number')).toHaveLength(1_000);
      expect(
        answers.filter((a) => a.error?.message === 'Too many subscriptions from this client (max 1000)'),
      ).toHaveLength(24);
      const honest = await openSocket(url().ws, { localAddress: '127.0.0.2' });
      sockets.push(honest);
      expect((await ask(honest, 1, 'signatureSubscribe', ['1'.repeat(88)])).result).toEqual(expect.any(Number));
    } finally {
      for (const socket of sockets) socket.terminate();
      await expect.poll(() => pubsub.subscriptionCount).toBe(0);
    }
  });

  it('never queues a notification larger than the reader’s allowance: the reader is cut off instead', async () => {
    // 5 MiB is past the per-notification encode budget too; this one is 3.5 MiB, 4.7 MB in base64: over 4 MiB.
    const big = await createLargeAccount(t.chain.validator!, payer, 3.5 * 1024 * 1024);
    const reader = await openSocket(url().ws, { localAddress: '127.0.0.10' });
    let received = 0;
    reader.on('message', (data: Buffer) => (received += data.length));
    const closed = new Promise<number>((resolve) => reader.once('close', (code) => resolve(code)));
    expect(
      (await ask(reader, 1, 'accountSubscribe', [big, { encoding: 'base64', commitment: 'confirmed' }])).result,
    ).toEqual(expect.any(Number));
    const before = received;
    await land(t.chain.validator!, payer, [transferTo(payer, big, 1_000n)]);
    expect(await closed).toBe(1009);
    expect(received - before).toBe(0);
  });
});

describe('CORS on the standard ports: the app and the Explorer, no other page', () => {
  const airdropFrom = (origin: string | undefined, to: Address) =>
    post(`http://127.0.0.1:${rpcPort}`, JSON.stringify(rpcCall('requestAirdrop', [to, 1_000_000])), {
      origin,
      localAddress: '127.0.0.9',
    });

  it('refuses a request from any other web page, and sends it nothing', async () => {
    const victim = (await generateKeyPairSigner()).address;
    const preflight = await post(`http://127.0.0.1:${rpcPort}`, '', {
      method: 'OPTIONS',
      origin: 'https://evil.example',
    });
    expect(preflight.status).toBe(403);
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    const sent = await airdropFrom('https://evil.example', victim);
    expect(sent.status).toBe(403);
    expect(sent.headers['access-control-allow-origin']).toBeUndefined();
    const balance = (await t.chain.validator!.handle(rpcCall('getBalance', [victim]))) as { result: { value: number } };
    expect(balance.result.value).toBe(0);
    // Browsers apply no CORS to WebSockets: the PubSub port checks the Origin itself.
    await expect(openSocket(`ws://127.0.0.1:${rpcPort + 1}`, { origin: 'https://evil.example' })).rejects.toThrow(
      /403/,
    );
  });

  it.each([EXPLORER_ORIGIN, 'http://localhost:5000', 'http://127.0.0.1:5000'])('allows %s', async (origin) => {
    const answer = await airdropFrom(origin, (await generateKeyPairSigner()).address);
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(origin);
    expect(JSON.parse(answer.body)).toMatchObject({ result: expect.any(String) });
    const socket = await openSocket(`ws://127.0.0.1:${rpcPort + 1}`, { origin });
    socket.terminate();
  });

  it('allows tools, which send no Origin', async () => {
    const answer = await airdropFrom(undefined, (await generateKeyPairSigner()).address);
    expect(answer.status).toBe(200);
  });

  it('keeps /rpc on the app’s port as it was (open CORS; JSON content type required)', async () => {
    const answer = await post(`http://127.0.0.1:${appPort}/rpc`, JSON.stringify(rpcCall('getSlot')), {
      origin: 'https://evil.example',
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe('*');
  });
});

describe('one airdrop budget per caller, whichever door it uses', () => {
  const airdrops = (count: number) =>
    JSON.stringify(Array.from({ length: count }, (_, i) => rpcCall('requestAirdrop', [payer.address, 1_000_000], i)));
  const refusedIn = (body: string) =>
    (JSON.parse(body) as { error?: { code: number } }[]).filter((e) => e.error?.code === 429).length;

  it('a caller who spent its budget on /rpc is refused on the standard port too', async () => {
    const spent = await post(`http://127.0.0.1:${appPort}/rpc`, airdrops(30), { localAddress: '127.0.0.3' });
    expect(refusedIn(spent.body)).toBe(0);
    const one = JSON.stringify(rpcCall('requestAirdrop', [payer.address, 1_000_000]));
    const more = await post(`http://127.0.0.1:${rpcPort}`, one, { localAddress: '127.0.0.3' });
    expect(more.status).toBe(429);
  });

  it('another caller on the standard port keeps its own budget', async () => {
    const greedy = await post(`http://127.0.0.1:${rpcPort}`, airdrops(40), { localAddress: '127.0.0.4' });
    expect(refusedIn(greedy.body)).toBe(10);
    const other = await post(`http://127.0.0.1:${rpcPort}`, airdrops(5), { localAddress: '127.0.0.5' });
    expect(refusedIn(other.body)).toBe(0);
  });
});
