import { generateKeyPairSigner } from '@solana/kit';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalValidator, type LocalValidator } from './create-local-validator';
import { serveLocalValidator, type ServedValidator } from './serve';

const SOL = 1_000_000_000;
let validator: LocalValidator;
let served: ServedValidator;

beforeAll(async () => {
  validator = await createLocalValidator({ slotMs: 100 });
  served = await serveLocalValidator(validator, { pubsub: false, airdropLimit: { max: 4, timeWindow: 60_000 } });
});
afterAll(async () => {
  await served.close();
  await validator.close();
});

const rpcCall = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params });

async function post(body: unknown): Promise<{ status: number; json: unknown }> {
  const res = await fetch(served.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}

/** Announces a 10 kB JSON body, sends a few bytes of it, then drops the connection. */
async function abortMidBody(): Promise<void> {
  const { port } = new URL(served.url);
  await new Promise<void>((resolve) => {
    const req = httpRequest({
      host: '127.0.0.1',
      port,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': '10000' },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write('{"jsonrpc":"2.0","id":1,"method":"getHe', () => {
      // Give the server time to start reading the body before the client hangs up.
      setTimeout(() => req.destroy(), 50);
    });
  });
}

describe('the standalone JSON-RPC port', () => {
  it('survives clients that hang up in the middle of a body, and keeps answering', async () => {
    for (let i = 0; i < 3; i++) await abortMidBody();
    // An unhandled rejection would fail this file (vitest reports it) and, in the server, end the process.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await post(rpcCall('getHealth'))).toEqual({ status: 200, json: { jsonrpc: '2.0', id: 1, result: 'ok' } });
  });

  it('charges the airdrop limit per requestAirdrop call in a batch, and caps the amount per call', async () => {
    const wallet = (await generateKeyPairSigner()).address;
    const tooMuch = await post(rpcCall('requestAirdrop', [wallet, 101 * SOL]));
    expect(tooMuch.json).toMatchObject({ error: { code: -32602 } });

    // Limit 4 per window, and every call counts (the refused amount above too): the fourth and fifth entries of one batch are refused, other methods are not.
    const batch = [1, 2, 3, 4, 5].map((id) => rpcCall('requestAirdrop', [wallet, SOL], id));
    const { status, json } = await post([...batch, rpcCall('getHealth', [], 6)]);
    expect(status).toBe(200);
    const answers = json as { id: number; result?: unknown; error?: { code: number; message: string } }[];
    expect(answers.slice(0, 3).map((a) => typeof a.result)).toEqual(['string', 'string', 'string']);
    expect(answers.slice(3, 5).map((a) => a.error)).toEqual([
      { code: 429, message: 'Too many requests for a specific RPC call' },
      { code: 429, message: 'Too many requests for a specific RPC call' },
    ]);
    expect(answers[5]).toMatchObject({ id: 6, result: 'ok' });
    const balance = await post(rpcCall('getBalance', [wallet]));
    expect(balance.json).toMatchObject({ result: { value: 3 * SOL } });

    // A lone call over the limit is an HTTP 429 with the same JSON-RPC error.
    const lone = await post(rpcCall('requestAirdrop', [wallet, SOL]));
    expect(lone).toEqual({
      status: 429,
      json: { jsonrpc: '2.0', id: 1, error: { code: 429, message: 'Too many requests for a specific RPC call' } },
    });
  });

  it('reports where it is served in getClusterNodes, the latest server first, until that one closes', async () => {
    const { host } = new URL(served.url);
    const nodes = await post(rpcCall('getClusterNodes'));
    // This server has no PubSub on its port (pubsub: false), so only the JSON-RPC address is known.
    expect(nodes.json).toMatchObject({ result: [{ rpc: host, pubsub: null, pubkey: validator.genesisHash }] });
    const other = await serveLocalValidator(validator);
    const otherHost = new URL(other.url).host;
    expect((await validator.handle(rpcCall('getClusterNodes'))) as unknown).toMatchObject({
      result: [{ rpc: otherHost, pubsub: otherHost }],
    });
    await other.close();
    expect((await validator.handle(rpcCall('getClusterNodes'))) as unknown).toMatchObject({
      result: [{ rpc: host, pubsub: null }],
    });
  });
});
