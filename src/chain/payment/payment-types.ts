/**
 * What the server stores at initiation and hands the browser (docs/domain.md#reservation), as the chain layer uses it:
 * addresses as base58 strings, amounts as bigint lamports.
 */
export interface PaymentInstructions {
  /** The purchase's own escrow account (docs/domain.md#settlement): where the buyer pays. */
  recipient: string;
  /** The total: price, commission when one is charged, and the payout's network fee. */
  lamports: bigint;
  /** The escrow again: a payment is found by getSignaturesForAddress on it, whatever the wallet appended. */
  reference: string;
}

/** Everything verifyPayment checks a transaction against. */
export interface ExpectedPayment extends PaymentInstructions {
  /** The buyer's wallet: the transaction's fee payer and the transfers' source. */
  buyer: string;
  /** When the purchase was initiated, by the server's clock: only a sanity bound, clocks drift (see verifyPayment). */
  initiatedAt: Date;
  /** The cluster's slot when the purchase was initiated; the payment must land at or after it. Null on old rows. */
  initiatedSlot?: bigint | null;
}

/** Facts of a verified payment, for the purchase row and the audit. */
export interface VerifiedPayment {
  signature: string;
  slot: bigint;
  /** Unix seconds. */
  blockTime: bigint | null;
  payer: string;
  recipient: string;
  /** Lamports the escrow received by System transfer from the buyer (may exceed the total). */
  lamportsPaid: bigint;
  /** Network fee the buyer paid. */
  fee: bigint;
}

interface FetchedInstruction {
  programIdIndex: number;
  accounts: readonly number[];
  /** base58 */
  data: string;
}

/**
 * The part of a getTransaction answer (encoding `json`, maxSupportedTransactionVersion 0) that verification
 * reads. kit's `rpc.getTransaction(sig, { encoding: 'json', maxSupportedTransactionVersion: 0 })` result fits it.
 */
export interface FetchedTransaction {
  slot: bigint;
  blockTime: bigint | null;
  transaction: {
    signatures: readonly string[];
    message: { accountKeys: readonly string[]; instructions: readonly FetchedInstruction[] };
  };
  meta: {
    err: unknown;
    fee: bigint;
    preBalances: readonly bigint[];
    postBalances: readonly bigint[];
    innerInstructions?: readonly { index: number; instructions: readonly FetchedInstruction[] }[] | null;
    loadedAddresses?: { writable: readonly string[]; readonly: readonly string[] };
  } | null;
}
