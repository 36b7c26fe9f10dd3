import type { ChainRpc } from '@chain/rpc/chain-rpc';
import type { SolanaCluster } from '@shared/api/config';
import type { Db } from '@server/db/database';
import type { ReservationRules } from './reservation-limits';
import type { SafetyReport } from '@shared/api/trust';
import type { Attestation } from '../trust';
import type { RevealCommitment } from './reveal-commitment';
import type { VaultCipher } from '../key-crypto';

/** What the purchase services need from the outside world; tests build it by hand to move time or the chain. */
export interface PurchaseDeps extends ReservationRules {
  db: Db;
  rpc: ChainRpc;
  cluster: SolanaCluster;
  /** Where the commission goes; without one no commission is charged (docs/domain.md#configuration). */
  treasuryWallet?: string | undefined;
  /** Absolute JSON-RPC URL for explorer links in local mode (Solana Explorer's custom cluster). */
  explorerRpcUrl?: string | undefined;
  /** Reservation window (docs/domain.md#reservation: 15 minutes). */
  reservationMs: number;
  /** Each configured RPC endpoint on its own, for VERIFY_QUORUM; without them `rpc` alone verifies. */
  verifyRpcs?: readonly ChainRpc[];
  /** How many of `verifyRpcs` must agree on a payment before it counts (VERIFY_QUORUM, default 1). */
  verifyQuorum?: number;
  /** The commitment a payment must reach before the key unlocks (reveal-commitment.ts). */
  revealCommitment?: RevealCommitment;
  now(): Date;
  /** Signs the sale receipt at verify (docs/domain.md#receipts); without one no receipt is issued. */
  attestation?: Attestation | undefined;
  /**
   * Every account-safety check of one address (docs/domain.md#account-safety-checks), run at initiate and before each
   * reveal.
   */
  safetyCheck?: ((address: string) => Promise<SafetyReport>) | undefined;
  /**
   * The same checks through each VERIFY_QUORUM endpoint, for the re-check before a sale (docs/domain.md#settlement):
   * one lagging or lying endpoint must not pass an address another one sees changed. Without it `safetyCheck` alone.
   */
  safetyCheckEach?: ((address: string) => Promise<SafetyReport[]>) | undefined;
  /** Seals each purchase's escrow key, and opens it to sign payouts and refunds. */
  cipher: VaultCipher;
  /**
   * Starts work a buyer's answer need not wait for (sending the payout and refunds a settlement decided) without
   * awaiting it; the running app counts it, so shutdown waits for it, and the worker's outbox pass finishes whatever
   * it did not. Without one, that work is awaited in place.
   */
  runLater?: ((work: () => Promise<void>) => void) | undefined;
}

/** Who is acting, for audit rows; a Solana Pay wallet has no session, so no user id. */
export type { AuditActor as Actor } from '@server/http/actor';
