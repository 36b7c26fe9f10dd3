import type { TransactionTokenBalance } from './token/token-balances';
import type { TransactionErrorJson } from './transaction-error';
import type { LoadedAddresses } from './wire';

/** Everything getTransaction, getSignatureStatuses and getSignaturesForAddress report about a landed transaction. */
export interface TransactionRecord {
  signature: string;
  slot: number;
  /** Unix seconds, wall-clock time when the transaction landed. */
  blockTime: number;
  /** The transaction exactly as it was sent. */
  wire: Uint8Array;
  version: 'legacy' | 0;
  loadedAddresses: LoadedAddresses;
  err: TransactionErrorJson | null;
  fee: bigint;
  preBalances: bigint[];
  postBalances: bigint[];
  logMessages: string[];
  computeUnitsConsumed: bigint;
  /** Micro-lamports per CU the transaction offered (for getRecentPrioritizationFees). */
  computeUnitPrice: bigint;
  /** Every address the transaction referenced (static and loaded), for getSignaturesForAddress. */
  accountKeys: string[];
  /** Memo text in the RPC's `[len] text` form, or null. */
  memo: string | null;
  /** CPIs as LiteSVM reports them, in the RPC's compiled form (absent in records saved before they were kept). */
  innerInstructions?: InnerInstructionGroup[];
  /** Token accounts' balances before and after, in the RPC's form (absent in records saved before they were kept). */
  preTokenBalances?: TransactionTokenBalance[];
  postTokenBalances?: TransactionTokenBalance[];
}

export interface CompiledInnerInstruction {
  programIdIndex: number;
  accounts: number[];
  /** base58 */
  data: string;
  stackHeight: number;
}

export interface InnerInstructionGroup {
  /** The outer instruction the CPIs ran under. */
  index: number;
  instructions: CompiledInnerInstruction[];
}

/**
 * The full transaction history, kept in memory (dev and test scale) and persisted by the state file. Unlike
 * LiteSVM's own bounded history, nothing is ever evicted, so a replay is refused however old the original is.
 */
export class Ledger {
  private readonly bySignature = new Map<string, TransactionRecord>();
  private readonly byAddress = new Map<string, TransactionRecord[]>();
  private readonly ordered: TransactionRecord[] = [];

  add(record: TransactionRecord): void {
    this.bySignature.set(record.signature, record);
    this.ordered.push(record);
    for (const key of new Set(record.accountKeys)) {
      const list = this.byAddress.get(key) ?? [];
      list.push(record);
      this.byAddress.set(key, list);
    }
  }

  /** Takes back the latest `add` (a transaction whose persisting failed, so that never landed). */
  removeLast(record: TransactionRecord): void {
    if (this.ordered.at(-1) !== record) throw new Error('removeLast: not the latest record');
    this.ordered.pop();
    this.bySignature.delete(record.signature);
    for (const key of new Set(record.accountKeys)) this.byAddress.get(key)?.pop();
  }

  get(signature: string): TransactionRecord | undefined {
    return this.bySignature.get(signature);
  }

  has(signature: string): boolean {
    return this.bySignature.has(signature);
  }

  /** Oldest first. */
  all(): readonly TransactionRecord[] {
    return this.ordered;
  }

  /** Newest first, as getSignaturesForAddress answers. */
  forAddress(address: string): TransactionRecord[] {
    return [...(this.byAddress.get(address) ?? [])].reverse();
  }

  /** Records that landed in `slot`, in landing order (binary search: records are in slot order). */
  inSlot(slot: number): TransactionRecord[] {
    let low = 0;
    let high = this.ordered.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.ordered[mid]!.slot < slot) low = mid + 1;
      else high = mid;
    }
    const out: TransactionRecord[] = [];
    for (let i = low; i < this.ordered.length && this.ordered[i]!.slot === slot; i++) out.push(this.ordered[i]!);
    return out;
  }

  /** Records that landed in slots `fromSlot` and later. */
  since(fromSlot: number): TransactionRecord[] {
    const out: TransactionRecord[] = [];
    for (let i = this.ordered.length - 1; i >= 0; i--) {
      const record = this.ordered[i]!;
      if (record.slot < fromSlot) break;
      out.push(record);
    }
    return out.reverse();
  }
}
