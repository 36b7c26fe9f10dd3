import { getBase58Decoder } from '@solana/kit';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as StandardPorts from '@server/modules/chain/standard-ports';
import WebSocket from 'ws';
import { loadEnv } from '@server/config/env';
import { createServerRuntime } from '@server/runtime';
import { freePortPair } from '@tests/helpers/server-process';
import { ownRuntimeData } from '@tests/helpers/runtime-data';

// Counts how often the runtime opens the standard ports, and otherwise runs the real thing.
const opened = vi.hoisted(() => ({ ports: [] as number[] }));
vi.mock('@server/modules/chain/standard-ports', async (importOriginal) => {
  const real = await importOriginal<typeof StandardPorts>();
  return {
    ...real,
    serveStandardPorts: (...args: Parameters<typeof real.serveStandardPorts>) => {
      opened.ports.push(args[1]);
      return real.serveStandardPorts(...args);
    },
  };
});

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  opened.ports = [];
});

/** The server as main.ts opens it (local mode, own DATA_DIR) with LOCAL_RPC_PORT as given. */
async function runtimeWithPort(localRpcPort: string) {
  const { dataDir, ...database } = await ownRuntimeData('vv-rpc-port-', cleanups);
  const env = loadEnv({
    DATA_DIR: dataDir,
    LOCAL_RPC_PORT: localRpcPort,
    SOLANA_CLUSTER: 'local',
    DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    PUBLIC_ORIGIN: 'http://localhost:5000',
    VAULT_MASTER_KEY: randomBytes(32).toString('base64'),
    GRIND_WORKERS: '0',
    ...database,
  });
  const runtime = await createServerRuntime(env, { logger: false });
  // Closed once, by the test or else afterwards.
  let closing: Promise<void> | undefined;
  const close = () => (closing ??= runtime.close());
  cleanups.push(close);
  return { app: runtime.app, close };
}

const rpcBody = (method: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] });

describe('LOCAL_RPC_PORT in the server runtime', { timeout: 120_000 }, () => {
  it("serves the app's chain as JSON-RPC on 127.0.0.1:port and PubSub on port + 1, until the server closes", async () => {
    const port = await freePortPair();
    const runtime = await runtimeWithPort(String(port));
    expect(opened.ports).toEqual([port]);

    const viaApp = await runtime.app.inject({
      method: 'POST',
      url: '/rpc',
      payload: JSON.parse(rpcBody('getGenesisHash')),
    });
    const res = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: rpcBody('getGenesisHash'),
    });
    // The same chain behind both doors.
    expect(await res.json()).toEqual(viaApp.json());

    const socket = new WebSocket(`ws://127.0.0.1:${port + 1}`);
    cleanups.push(async () => void socket.terminate());
    const messages: { method?: string }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(rpcBody('slotSubscribe'));
    await expect.poll(() => messages.some((m) => m.method === 'slotNotification'), { timeout: 5_000 }).toBe(true);

    // As the runtime wires the port: no other web page may call it, and a caller's airdrops on /rpc
    // count on it too.
    const evil = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: rpcBody('getGenesisHash'),
    });
    expect(evil.status).toBe(403);
    const recipient = getBase58Decoder().decode(randomBytes(32));
    const airdrops = Array.from({ length: 30 }, (_, id) => ({
      jsonrpc: '2.0',
      id,
      method: 'requestAirdrop',
      params: [recipient, 1_000_000_000],
    }));
    const spent = await runtime.app.inject({ method: 'POST', url: '/rpc', payload: airdrops });
    expect(spent.json().filter((a: { error?: unknown }) => a.error)).toEqual([]);
    const more = await fetch(`http://127.0.0.1:${port}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'requestAirdrop', params: [recipient, 1_000_000_000] }),
    });
    expect(more.status).toBe(429);

    socket.terminate();
    await runtime.close();
    await expect(fetch(`http://127.0.0.1:${port}`, { method: 'POST', body: rpcBody('getHealth') })).rejects.toThrow();
  });

  it('serves nothing beyond /rpc with LOCAL_RPC_PORT=0', async () => {
    const runtime = await runtimeWithPort('0');
    expect(opened.ports).toEqual([]);
    const res = await runtime.app.inject({ method: 'POST', url: '/rpc', payload: JSON.parse(rpcBody('getHealth')) });
    expect(res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: 'ok' });
  });
});
