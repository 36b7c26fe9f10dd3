import { generateKeyPairSigner } from '@solana/kit';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp, type TestApp } from '@tests/helpers/app';

const rpcBody = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params });

describe('/rpc in local mode: CORS, JSON only, the faucet limit and PubSub', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t?.close());

  it('answers a CORS preflight and marks answers readable from any origin', async () => {
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/rpc',
      headers: { origin: 'https://explorer.solana.com', 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['access-control-allow-headers']).toContain('content-type');
    const res = await t.app.inject({ method: 'POST', url: '/rpc', payload: rpcBody('getHealth') });
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
  });

  it('refuses a text/plain POST (what a cross-site form sends) and does nothing with it', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const res = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify(rpcBody('requestAirdrop', [wallet, 1_000_000_000])),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      error: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Send JSON-RPC requests as application/json.',
    });
    expect((await t.chain.rpc.getBalance(wallet).send()).value).toBe(0n);
  });

  it('tells the browser the PubSub URL in /api/config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(res.json()).toMatchObject({ rpcUrls: ['/rpc'], wsUrl: '/rpc' });
  });

  it('serves PubSub on the /rpc WebSocket upgrade', async () => {
    const socket = new WebSocket(`ws://${origin}/rpc`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const messages: Record<string, unknown>[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(data.toString())));
    socket.send(JSON.stringify(rpcBody('slotSubscribe')));
    await expect
      .poll(() => messages.find((m) => m.method === 'slotNotification'), { timeout: 5_000 })
      .toMatchObject({
        params: { result: { slot: expect.any(Number) }, subscription: expect.any(Number) },
      });
    expect(messages[0]).toEqual({ jsonrpc: '2.0', id: 1, result: expect.any(Number) });
    socket.terminate();
  });

  it('counts requestAirdrop on /rpc against the same limit as /api/dev/airdrop', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    // 30 a minute per address, shared: use up the allowance through the API, then ask /rpc.
    for (let i = 0; i < 30; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/dev/airdrop',
        payload: { address: wallet, sol: 0.001 },
      });
      expect(res.statusCode).toBe(200);
    }
    const limited = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: rpcBody('requestAirdrop', [wallet, 1_000_000]),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ error: 'RATE_LIMITED' });
    // Other methods are not limited.
    const other = await t.app.inject({ method: 'POST', url: '/rpc', payload: rpcBody('getSlot') });
    expect(other.json()).toMatchObject({ result: expect.any(Number) });
  });

  it('charges requestAirdrop per call in a batch: the entries beyond the limit are refused', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    // 31 calls against a limit of 30 a minute per client IP (shared with the test above, whichever runs first):
    // at most 30 land, the rest are refused one by one, and the balance is exactly what landed.
    const batch = Array.from({ length: 31 }, (_, i) => rpcBody('requestAirdrop', [wallet, 1_000_000], i));
    const res = await t.app.inject({ method: 'POST', url: '/rpc', payload: batch });
    expect(res.statusCode).toBe(200);
    const answers = res.json() as { id: number; result?: string; error?: { code: number } }[];
    const landed = answers.filter((a) => typeof a.result === 'string').length;
    expect(landed).toBeLessThanOrEqual(30);
    expect(answers.slice(landed).map((a) => a.error?.code)).toEqual(Array(31 - landed).fill(429));
    expect((await t.chain.rpc.getBalance(wallet, { commitment: 'processed' }).send()).value).toBe(
      BigInt(landed) * 1_000_000n,
    );
  });
});

describe('outside local mode', () => {
  it('does not serve the chain at all', async () => {
    const t = await createTestApp({
      env: {
        SOLANA_CLUSTER: 'devnet',
        // Required outside local mode (receipts, docs/domain.md#receipts); any 32-byte seed will do here.
        ATTESTATION_KEY: JSON.stringify(Array.from(crypto.getRandomValues(new Uint8Array(32)))),
      },
    });
    try {
      const res = await t.app.inject({ method: 'POST', url: '/rpc', payload: rpcBody('getHealth') });
      expect(res.statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: '/api/config' })).json().wsUrl).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
