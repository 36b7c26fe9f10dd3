import { createHash } from 'node:crypto';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';

/** How many slots a blockhash stays usable, as on mainnet (MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY_SLOTS = 150;

export interface LedgerClockState {
  genesisHash: string;
  genesisTimeMs: number;
  /** Highest slot ever reported; persisted so the slot never goes back after a restart or a clock step. */
  lastSlot: number;
}

export interface LatestBlockhash {
  slot: number;
  blockhash: string;
  lastValidBlockHeight: number;
}

/**
 * Slots and blockhashes of the local ledger. A slot lasts `slotMs` of wall-clock time since genesis, as on a
 * real cluster, and many transactions may land in one slot. There are no skipped slots, so block height equals
 * slot. Each slot's blockhash is derived from the genesis hash and the slot number, so nothing needs storing and
 * blockhashes handed out before a restart stay valid after it.
 */
export function createLedgerClock(state: LedgerClockState, slotMs: number) {
  const genesisBytes = new Uint8Array(getBase58Encoder().encode(state.genesisHash));
  const base58 = getBase58Decoder();

  function currentSlot(nowMs = Date.now()): number {
    const bySlotTime = Math.floor((nowMs - state.genesisTimeMs) / slotMs);
    state.lastSlot = Math.max(state.lastSlot, bySlotTime);
    return state.lastSlot;
  }

  function blockhashAt(slot: number): string {
    const slotBytes = new Uint8Array(8);
    new DataView(slotBytes.buffer).setBigUint64(0, BigInt(slot), true);
    return base58.decode(createHash('sha256').update(genesisBytes).update(slotBytes).digest());
  }

  /** The slot a still-valid blockhash was issued at, or undefined when unknown or expired. */
  function slotOfBlockhash(blockhash: string): number | undefined {
    const now = currentSlot();
    for (let slot = now; slot >= Math.max(0, now - BLOCKHASH_VALIDITY_SLOTS); slot--) {
      if (blockhashAt(slot) === blockhash) return slot;
    }
    return undefined;
  }

  function latestBlockhash(): LatestBlockhash {
    const slot = currentSlot();
    return { slot, blockhash: blockhashAt(slot), lastValidBlockHeight: slot + BLOCKHASH_VALIDITY_SLOTS };
  }

  return {
    state,
    currentSlot,
    latestBlockhash,
    isBlockhashValid: (blockhash: string) => slotOfBlockhash(blockhash) !== undefined,
    blockhashAt,
    /** When a slot began (wall clock): the block time of a slot that no transaction landed in. */
    slotStartMs: (slot: number) => state.genesisTimeMs + slot * slotMs,
    /** Unix time in whole seconds, the unit of Solana's block time and Clock sysvar. */
    unixTimestamp: (nowMs = Date.now()) => Math.floor(nowMs / 1000),
  };
}

export type LedgerClock = ReturnType<typeof createLedgerClock>;
