import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { SolanaCluster } from '@shared/api/config';
import type { Db } from '@server/db/database';

/** What the purchase services need from the outside world; tests build it by hand to move time or the chain. */
export interface PurchaseDeps {
  db: Db;
  rpc: ChainRpc;
  cluster: SolanaCluster;
  /** Where the commission goes; without one no commission is charged (DESIGN §2). */
  treasuryWallet?: string | undefined;
  /** Absolute JSON-RPC URL for explorer links in local mode (Solana Explorer's custom cluster). */
  explorerRpcUrl?: string | undefined;
  /** Reservation window (DESIGN §5.1: 15 minutes). */
  reservationMs: number;
  now(): Date;
}

/** Who is acting, for audit rows. */
export interface Actor {
  wallet: string;
  ip?: string | null;
  userAgent?: string | null;
}
