import { serveLocalValidator, servePubSub, type LocalValidator } from '@local-chain';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/database';
import { hitRateLimit } from '../../http/rate-limit-store';
import { AIRDROP_RATE_LIMIT } from './faucet-limit';

const HOST = '127.0.0.1';
/** Solana Explorer's "Custom RPC URL" reads a local cluster from the user's browser. */
export const EXPLORER_ORIGIN = 'https://explorer.solana.com';
const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/**
 * The web origins that may call the standard ports from a browser: the app's own (PUBLIC_ORIGIN, and its other
 * loopback spellings when it is served on this machine) and the Explorer. Any other page the user opens may not
 * spend through them.
 */
export function standardPortOrigins(publicOrigin: string): string[] {
  const url = new URL(publicOrigin);
  const origins = new Set([url.origin, EXPLORER_ORIGIN]);
  if (LOOPBACK_HOSTS.includes(url.hostname)) {
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ''}`);
  }
  return [...origins];
}

/**
 * The airdrop budget of /rpc and /api/dev/airdrop, for the standard port: the same counter under the same key
 * (what enforceRateLimits makes of AIRDROP_RATE_LIMIT and the caller's address), so one caller has one budget
 * whichever door it uses. The standard port binds IPv4 loopback, the form the app's default HOST reports too.
 */
export function sharedAirdropBudget(db: Queryable): (client: string) => Promise<boolean> {
  return async (client) => {
    const key = `${AIRDROP_RATE_LIMIT.bucket}|ip|${client}`;
    const { count } = await hitRateLimit(db, key, AIRDROP_RATE_LIMIT.timeWindow);
    return count <= AIRDROP_RATE_LIMIT.max;
  };
}

export interface StandardPortsContext {
  /** PUBLIC_ORIGIN: the app's pages may call the ports from a browser (see standardPortOrigins). */
  publicOrigin: string;
  /** Charges one requestAirdrop to a caller (sharedAirdropBudget in the server). */
  admitAirdrop: (client: string) => Promise<boolean>;
}

/**
 * solana-test-validator's ports for the embedded validator: JSON-RPC on `port` and PubSub on `port + 1`, loopback
 * only, so `solana -u l`, Phantom's Localnet and every tutorial find a local cluster where they expect one. A port
 * already taken (a real solana-test-validator, a second checkout) is a warning: the app and its `/rpc` still work.
 */
export async function serveStandardPorts(
  validator: LocalValidator,
  port: number,
  log: FastifyBaseLogger,
  context: StandardPortsContext,
): Promise<() => Promise<void>> {
  const allowedOrigins = standardPortOrigins(context.publicOrigin);
  const { admitAirdrop } = context;
  const closers: (() => Promise<void>)[] = [];
  const starts = [
    {
      what: 'JSON-RPC',
      port,
      start: () => serveLocalValidator(validator, { port, host: HOST, pubsub: false, allowedOrigins, admitAirdrop }),
    },
    {
      what: 'PubSub',
      port: port + 1,
      start: () => servePubSub(validator, { port: port + 1, host: HOST, allowedOrigins }),
    },
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
