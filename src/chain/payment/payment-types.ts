/**
 * What the server stores at initiation and hands the browser (docs/domain.md#reservation), as the chain layer uses it:
 * addresses as base58 strings, amounts as bigint lamports.
 */
export interface PaymentInstructions {
  /** The seller's wallet. */
  recipient: string;
  /** The price, paid to `recipient`. */
  lamports: bigint;
  /** A fresh random public key per purchase, appended read-only to the transfer so the payment can be found. */
  reference: string;
  /** `vv:<transactionId>`, sent through SPL Memo v3. */
  memo: string;
  /** The platform's wallet, present when a commission is due. */
  treasury?: string;
  commissionLamports?: bigint;
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
  /** Lamports the seller received by System transfer from the buyer (may exceed the price). */
  lamportsPaid: bigint;
  commissionPaid: bigint;
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
