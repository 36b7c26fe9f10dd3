import type { FastifyReply } from 'fastify';
import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { SolanaCluster } from '@shared/api/config';

/** The Actions spec version these responses follow (@solana/actions-spec 2.4). */
export const ACTION_VERSION = '2.4';

/** CAIP-2 chain ids (`solana:` + the first 32 characters of the genesis hash), as @solana/actions BLOCKCHAIN_IDS. */
const KNOWN_CHAINS: Partial<Record<SolanaCluster, string>> = {
  'mainnet-beta': 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  devnet: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  testnet: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
};

/** The chain id for `X-Blockchain-Ids`; the local validator's comes from its own genesis hash, asked once. */
export function blockchainIdOf(cluster: SolanaCluster, rpc: ChainRpc): () => Promise<string> {
  const known = KNOWN_CHAINS[cluster];
  if (known) return () => Promise.resolve(known);
  let asked: Promise<string> | undefined;
  return () => {
    asked ??= rpc
      .getGenesisHash()
      .send()
      .then((hash) => `solana:${hash.slice(0, 32)}`)
      .catch((err: unknown) => {
        asked = undefined; // ask again next time rather than remember an outage
        throw err;
      });
    return asked;
  };
}

/**
 * What the Actions spec requires on every Action response, OPTIONS included: any origin may call (blink clients
 * run on other sites), and the version and chain headers are exposed to them. Safe here because these routes
 * never read the session cookie: what they answer is the same for everyone.
 */
export function setActionHeaders(reply: FastifyReply, blockchainId: string | undefined): void {
  reply.header('access-control-allow-origin', '*');
  reply.header('access-control-allow-methods', 'GET,POST,PUT,OPTIONS');
  reply.header(
    'access-control-allow-headers',
    'Content-Type, Authorization, Content-Encoding, Accept-Encoding, X-Accept-Action-Version, X-Accept-Blockchain-Ids',
  );
  reply.header('access-control-expose-headers', 'X-Action-Version, X-Blockchain-Ids');
  reply.header('x-action-version', ACTION_VERSION);
  if (blockchainId) reply.header('x-blockchain-ids', blockchainId);
  // helmet's default same-origin policy would stop another site's blink from loading our icon.
  reply.header('cross-origin-resource-policy', 'cross-origin');
}
