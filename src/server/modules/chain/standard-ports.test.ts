import { createLocalValidator, type LocalValidator } from '@local-chain';
import type { FastifyBaseLogger } from 'fastify';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { freePortPair } from '@tests/helpers/server-process';
import { serveStandardPorts } from './standard-ports';

let validator: LocalValidator;
beforeAll(async () => {
  validator = await createLocalValidator({ slotMs: 100 });
});
afterAll(() => validator.close());

const context = { publicOrigin: 'http://localhost:5000', admitAirdrop: async () => true };

/** Records warn/info calls: a busy port must be a logged warning, never console.error or a throw. */
function recordingLogger() {
  const warnings: string[] = [];
  const infos: string[] = [];
  const log = {
    warn: (_obj: unknown, message: string) => warnings.push(message),
    info: (_obj: unknown, message: string) => infos.push(message),
  } as unknown as FastifyBaseLogger;
  return { log, warnings, infos };
}

describe('the standard local ports (LOCAL_RPC_PORT and +1)', () => {
  it('serves JSON-RPC on the port and PubSub on the next one, loopback only', async () => {
    const port = await freePortPair();
    const { log, warnings, infos } = recordingLogger();
    const close = await serveStandardPorts(validator, port, log, context);
    try {
      expect(warnings).toEqual([]);
      expect(infos).toHaveLength(2);
      const res = await fetch(`http://127.0.0.1:${port}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getGenesisHash' }),
      });
      expect(await res.json()).toEqual({ jsonrpc: '2.0', id: 1, result: validator.genesisHash });
      const socket = new WebSocket(`ws://127.0.0.1:${port + 1}`);
      const first = new Promise<unknown>((resolve) => socket.once('message', (d) => resolve(JSON.parse(String(d)))));
      await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
      socket.send(JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'rootSubscribe' }));
      expect(await first).toEqual({ jsonrpc: '2.0', id: 9, result: expect.any(Number) });
      socket.terminate();
    } finally {
      await close();
    }
  });

  it('warns and carries on when a port is taken', async () => {
    const port = await freePortPair();
    const squatter: Server = createServer();
    await new Promise<void>((resolve) => squatter.listen(port, '127.0.0.1', resolve));
    const { log, warnings, infos } = recordingLogger();
    const close = await serveStandardPorts(validator, port, log, context);
    try {
      expect(warnings).toEqual([expect.stringContaining(`JSON-RPC not served on 127.0.0.1:${port} (port in use)`)]);
      expect(infos).toEqual([expect.stringContaining(`PubSub on ws://127.0.0.1:${port + 1}`)]);
    } finally {
      await close();
      await new Promise((resolve) => squatter.close(resolve));
    }
  });
});
