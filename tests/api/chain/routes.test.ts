import { createSolanaRpc, generateKeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/helpers/app';
import { unreachableDevnetEnv } from '@tests/helpers/unreachable-cluster';

// A fresh wallet of the test's own (a program id would be read-only and refuse lamports).
const WALLET = (await generateKeyPairSigner()).address;

describe('chain routes in local mode', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('reports the embedded validator in /api/health', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toMatchObject({ status: 'ok', chain: { ok: true, cluster: 'local', slot: expect.any(Number) } });
  });

  it('serves the validator as plain JSON-RPC at /rpc', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: { jsonrpc: '2.0', id: 7, method: 'getHealth' },
    });
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: 7, result: 'ok' });
    const bad = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: { jsonrpc: '2.0', id: 8, method: 'noSuchMethod' },
    });
    expect(bad.json()).toMatchObject({ id: 8, error: { code: -32601 } });
  });

  it('airdrops SOL from the faucet and the balance shows it to the lamport', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/airdrop', payload: { address: WALLET, sol: 2.5 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ lamports: '2500000000', signature: expect.any(String) });
    const { value } = await t.chain.rpc.getBalance(WALLET as never).send();
    expect(value).toBe(2_500_000_000n);
  });

  it.each([
    [{ address: WALLET, sol: 0 }, 'The amount (sol) must be greater than 0'],
    [{ address: WALLET, sol: 101 }, 'At most 100 SOL per airdrop'],
    [{ address: 'not-base58-0OIl', sol: 1 }, 'Enter a base58 Solana address'],
    [{ address: WALLET, sol: '1' }, 'The amount (sol) must be a number'],
  ])('refuses a bad airdrop request %#', async (payload, message) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/dev/airdrop', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', message });
  });

  it('quotes the purchase network fee from the chain with the 1.20 multiplier, writing nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/solana/gas-fees' });
    expect(res.statusCode).toBe(200);
    // One signature (5,000 lamports) × 1.20, no priority fees on a quiet local chain.
    expect(res.json()).toEqual({ feeInSOL: 0.000006, lamports: '6000', source: 'rpc' });
    // An anonymous GET must not grow a table (docs/reliability.md#threat-model): the quote is no longer audited per
    // read.
    expect(await t.database.query('SELECT 1 FROM gas_estimation_audit')).toEqual([]);
  });
});

describe('chain routes against remote endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: unreachableDevnetEnv() });
  });
  afterAll(() => t?.close());

  it('has no faucet and no /rpc outside the embedded validator', async () => {
    const airdrop = await t.app.inject({
      method: 'POST',
      url: '/api/dev/airdrop',
      payload: { address: WALLET, sol: 1 },
    });
    expect(airdrop.statusCode).toBe(404);
    const rpc = await t.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: { jsonrpc: '2.0', id: 1, method: 'getHealth' },
    });
    expect(rpc.statusCode).toBe(404);
  });

  it("falls back to the spec's 0.000005 SOL when every endpoint is down, and says the chain is unreachable", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/solana/gas-fees' });
    expect(res.json()).toEqual({ feeInSOL: 0.000005, lamports: '5000', source: 'fallback' });
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toMatchObject({
      status: 'degraded',
      chain: { ok: false, error: 'All Solana RPC endpoints failed. Please try again later.' },
    });
    const config = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(config.json()).toMatchObject({
      cluster: 'devnet',
      rpcUrls: ['http://127.0.0.1:9'],
      features: { devFaucet: false },
    });
  });
});

describe('kit against the served validator', () => {
  let t: TestApp;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp();
    url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t?.close());

  it("works unchanged with kit's own RPC client over HTTP", async () => {
    const rpc = createSolanaRpc(`${url}/rpc`);
    expect(await rpc.getHealth().send()).toBe('ok');
    const { value } = await rpc.getLatestBlockhash().send();
    expect(value.blockhash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  });
});
