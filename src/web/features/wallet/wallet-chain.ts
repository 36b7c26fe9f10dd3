import { isSolanaError, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE } from '@solana/kit';
import type { SolanaCluster } from '@shared/api/config';

/** The Wallet Standard chain id for a cluster: wallets sign for the network they are told. */
export function walletChainOf(cluster: SolanaCluster): `solana:${string}` {
  switch (cluster) {
    case 'local':
      return 'solana:localnet';
    case 'devnet':
      return 'solana:devnet';
    case 'testnet':
      return 'solana:testnet';
    case 'mainnet-beta':
      return 'solana:mainnet';
  }
}

/** A wallet refusing to sign (the user pressed Reject). Wallets report it with code 4001 or a named error. */
export function isWalletRejection(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, name, message } = error as { code?: unknown; name?: unknown; message?: unknown };
  if (code === 4001) return true;
  if (name === 'WalletSignTransactionError' || name === 'UserRejectedRequestError') return true;
  return typeof message === 'string' && /reject|denied|declined|cancel/i.test(message);
}

/** The chain refused the signed payment (its simulation failed, e.g. the wallet cannot pay the price and fee). */
export const isChainRefusal = (error: unknown) =>
  isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE);

/** Relative RPC URLs (local mode: '/rpc') are resolved against the page, as the config contract says. */
export const absoluteRpcUrls = (urls: readonly string[]) =>
  urls.map((url) => new URL(url, window.location.origin).toString());
