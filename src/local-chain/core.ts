import type { LiteSVM } from 'litesvm';
import type { Ledger, TransactionRecord } from './ledger';
import type { LedgerClock } from './ledger-clock';
import type { AccountPatch, StoredAccount } from './state-file';

/** The shared state every RPC method works on. */
export interface ValidatorCore {
  svm: LiteSVM;
  clock: LedgerClock;
  ledger: Ledger;
  /** Last state of every account a transaction wrote, as persisted. */
  accounts: Map<string, StoredAccount>;
  /** Accounts never persisted (the per-process faucet). */
  ephemeralAccounts: Set<string>;
  /** Slots after landing at which a transaction counts as finalized. */
  finalitySlots: number;
  /**
   * Makes a landed transaction and the accounts it wrote durable before returning (a no-op without a state dir).
   * `accounts` holds each written account's state afterwards (whole, or as a patch of what changed), null when
   * it is gone.
   */
  persist(record: TransactionRecord, accounts: Record<string, StoredAccount | AccountPatch | null>): void;
  /**
   * Where this node is served as `host:port` (getClusterNodes), once a standalone port serves it: `/rpc` on the
   * app's port has a path, which the field cannot carry.
   */
  endpoints: { rpc: string | null; pubsub: string | null };
  /** Told of every landed transaction once it is saved (PubSub notifications). */
  landedListeners: Set<(event: LandedEvent) => void>;
}

/** A landed transaction and the accounts it could have written. */
export interface LandedEvent {
  record: TransactionRecord;
  written: readonly string[];
}

export type Commitment = 'processed' | 'confirmed' | 'finalized';

/**
 * Landed transactions are `confirmed` at once: with one node there is no other vote to wait for and no fork to
 * roll back. They become `finalized` `finalitySlots` later (default 2 slots, under a second), short enough that
 * the server's pending → completed step is quick, yet long enough that code which wrongly treats `confirmed`
 * as final is exercised on the local chain as it would be on mainnet (about 13 s there).
 */
export function isFinalized(core: ValidatorCore, slot: number): boolean {
  return core.clock.currentSlot() >= slot + core.finalitySlots;
}

export function isVisibleAt(core: ValidatorCore, slot: number, commitment: Commitment): boolean {
  return commitment !== 'finalized' || isFinalized(core, slot);
}
