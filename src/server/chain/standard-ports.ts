import { serveLocalValidator, servePubSub, type LocalValidator } from '@chain/local-validator';
import type { FastifyBaseLogger } from 'fastify';
import { AIRDROP_RATE_LIMIT } from '../modules/chain';

const HOST = '127.0.0.1';

/**
 * solana-test-validator's ports for the embedded validator: JSON-RPC on `port` and PubSub on `port + 1`, loopback
 * only, so `solana -u l`, Phantom's Localnet and every tutorial find a local cluster where they expect one. A port
 * already taken (a real solana-test-validator, a second checkout) is a warning: the app and its `/rpc` still work.
 */
export async function serveStandardPorts(
  validator: LocalValidator,
  port: number,
  log: FastifyBaseLogger,
): Promise<() => Promise<void>> {
  const closers: (() => Promise<void>)[] = [];
  const starts = [
    {
      what: 'JSON-RPC',
      port,
      start: () =>
        serveLocalValidator(validator, { port, host: HOST, pubsub: false, airdropLimit: AIRDROP_RATE_LIMIT }),
    },
    { what: 'PubSub', port: port + 1, start: () => servePubSub(validator, { port: port + 1, host: HOST }) },
  ];
  for (const { what, port: wanted, start } of starts) {
    try {
      const served = await start();
      closers.push(served.close);
      log.info({ url: served.url }, `local chain ${what} on ${served.url}`);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      log.warn(
        { port: wanted, code },
        `local chain ${what} not served on ${HOST}:${wanted} (${code === 'EADDRINUSE' ? 'port in use' : (code ?? 'error')}); /rpc still works. Set LOCAL_RPC_PORT to another port, or 0 to switch this off.`,
      );
    }
  }
  return async () => {
    for (const close of closers) await close().catch(() => {});
  };
}
