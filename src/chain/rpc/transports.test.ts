import { generateKeyPairSigner, lamports } from '@solana/kit';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChainError, RPC_UNAVAILABLE_MESSAGE } from '../errors';
import { startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import { createChainRpc, createInProcessChainRpc } from './chain-rpc';

let chain: LocalChain;
const servers: Server[] = [];

/** A real HTTP endpoint with the given behaviour; counts the requests it gets. */
async function endpoint(behaviour: 'http-503' | 'hang' | 'rpc-error') {
  const hits = { count: 0 };
  const server = createServer((request, response) => {
    hits.count += 1;
    if (behaviour === 'hang') return;
    if (behaviour === 'http-503') return void response.writeHead(503).end('busy');
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ jsonrpc: '2.0', id: '0', error: { code: -32005, message: 'Node is behind' } }));
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}

/** A URL where nothing listens: a port we bound and released. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  chain = await startLocalChain();
});
afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
  await chain.stop();
});

describe('createChainRpc (fallback over SOLANA_RPC_URLS)', () => {
  it('answers from the second endpoint when the first is dead', async () => {
    const who = await generateKeyPairSigner();
    await chain.validator.airdrop(who.address, lamports(7_000_000n));
    const rpc = createChainRpc([await deadUrl(), chain.url]);
    expect((await rpc.getBalance(who.address).send()).value).toBe(7_000_000n);
  });

  it('fails over on HTTP 5xx and on a timeout', async () => {
    const busy = await endpoint('http-503');
    const hung = await endpoint('hang');
    const rpc = createChainRpc([busy.url, hung.url, chain.url], { timeoutMs: 300 });
    expect(await rpc.getHealth().send()).toBe('ok');
    expect(busy.hits.count).toBe(1);
    expect(hung.hits.count).toBe(1);
  });

  it("throws the spec's error when every endpoint fails", async () => {
    const rpc = createChainRpc([await deadUrl(), (await endpoint('http-503')).url]);
    const failure = await rpc
      .getSlot()
      .send()
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ChainError);
    expect(failure).toMatchObject({
      code: 'RPC_UNAVAILABLE',
      message: 'All Solana RPC endpoints failed. Please try again later.',
    });
    expect(RPC_UNAVAILABLE_MESSAGE).toBe((failure as Error).message);
  });

  it('does not fail over on a JSON-RPC error answer', async () => {
    const erroring = await endpoint('rpc-error');
    const backup = await endpoint('http-503');
    const rpc = createChainRpc([erroring.url, backup.url]);
    await expect(rpc.getSlot().send()).rejects.toThrow(/behind/i);
    expect(backup.hits.count).toBe(0);
  });

  it('tries a recently failed endpoint last', async () => {
    const busy = await endpoint('http-503');
    const rpc = createChainRpc([busy.url, chain.url]);
    await rpc.getHealth().send();
    await rpc.getSlot().send();
    expect(busy.hits.count).toBe(1);
  });
});

describe('createInProcessChainRpc', () => {
  it('talks to the embedded validator with kit types and bigint amounts, no HTTP', async () => {
    const rpc = createInProcessChainRpc(chain.validator.handle);
    const who = await generateKeyPairSigner();
    const signature = await rpc.requestAirdrop(who.address, lamports(123_456_789n)).send();
    expect((await rpc.getBalance(who.address).send()).value).toBe(123_456_789n);
    const statuses = await rpc.getSignatureStatuses([signature]).send();
    expect(statuses.value[0]?.err).toBeNull();
  });
});
