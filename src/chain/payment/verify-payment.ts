import { getBase58Encoder } from '@solana/kit';
import type { ExpectedPayment, FetchedTransaction, VerifiedPayment } from './payment-types';
import { PaymentVerificationError, type PaymentVerificationCode } from './payment-verification-error';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const SYSTEM_TRANSFER = 2; // SystemInstruction::Transfer, a u32 discriminator then the u64 amount

/** How far a block time may sit before the server's clock at initiation: far more than honest skew, far less than a day. */
export const BLOCK_TIME_TOLERANCE_SECONDS = 15n * 60n;

function fail(code: PaymentVerificationCode, message: string): never {
  throw new PaymentVerificationError(code, message);
}

function bytesOf(base58: string): Uint8Array | undefined {
  try {
    return new Uint8Array(getBase58Encoder().encode(base58));
  } catch {
    return undefined;
  }
}

interface DecodedInstruction {
  program: string;
  accounts: string[];
  data: Uint8Array;
}

/** Top-level and inner (CPI) instructions with their accounts resolved to addresses. */
function instructionsOf(tx: FetchedTransaction, keys: readonly string[]): DecodedInstruction[] {
  const inner = tx.meta?.innerInstructions?.flatMap((group) => group.instructions) ?? [];
  return [...tx.transaction.message.instructions, ...inner].map((ix) => ({
    program: keys[ix.programIdIndex] ?? '',
    accounts: ix.accounts.map((i) => keys[i] ?? ''),
    data: bytesOf(ix.data) ?? new Uint8Array(0),
  }));
}

/**
 * The amount of a System Transfer, or undefined for any other instruction. The discriminator matters: a nonce
 * withdrawal has the same 12-byte shape, but its first account is the nonce account, not a wallet.
 */
function systemTransferAmount(ix: DecodedInstruction): bigint | undefined {
  if (ix.program !== SYSTEM_PROGRAM || ix.data.length !== 12) return undefined;
  const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
  return view.getUint32(0, true) === SYSTEM_TRANSFER ? view.getBigUint64(4, true) : undefined;
}

/** Sum and count of System transfers `from` → `to`. */
function transfers(instructions: readonly DecodedInstruction[], from: string, to: string) {
  let total = 0n;
  let count = 0;
  for (const ix of instructions) {
    const amount = systemTransferAmount(ix);
    if (amount === undefined || ix.accounts[0] !== from || ix.accounts[1] !== to) continue;
    total += amount;
    count += 1;
  }
  return { total, count };
}

function accountKeysOf(tx: FetchedTransaction, meta: NonNullable<FetchedTransaction['meta']>): string[] {
  return [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
}

/**
 * Decides whether a fetched transaction pays for a purchase, in the spirit of Solana Pay's validateTransfer.
 * Pure: the caller fetches the transaction (getTransaction, encoding `json`, maxSupportedTransactionVersion 0,
 * commitment `confirmed` or stronger). The recipient is the purchase's own escrow (docs/domain.md#settlement), so
 * a payment to it can belong to no other purchase: no memo or reference is needed to tie the two.
 *
 * Checks, in this order; the first that fails throws PaymentVerificationError with its code:
 * 1. PAYMENT_NOT_FOUND — no transaction (or no status meta).
 * 2. PAYMENT_FAILED_ON_CHAIN — it landed with an error, so nothing moved but the fee.
 * 3. PAYER_MISMATCH — the fee payer (first account key) is not the buyer.
 * 4. RECIPIENT_MISMATCH — no System transfer from the buyer to the escrow at all.
 *    AMOUNT_TOO_LOW — those transfers, or the escrow's balance change, are below the total. Both are required:
 *    the instructions prove who paid whom, the balance change proves the lamports really arrived.
 * 5. PAYMENT_TOO_EARLY — the payment landed in a slot before the slot the cluster was at when the purchase was
 *    initiated. An escrow is fresh, so this cannot happen to an honest payment; it stays as a cheap guard. The
 *    block time is only a sanity check, with BLOCK_TIME_TOLERANCE_SECONDS of slack (and the only check on rows from
 *    before slots were stored, which must then have a block time).
 */
export function verifyPayment(expected: ExpectedPayment, tx: FetchedTransaction | null | undefined): VerifiedPayment {
  if (!tx || !tx.meta) fail('PAYMENT_NOT_FOUND', 'The payment transaction was not found on chain.');
  const meta = tx.meta;
  if (meta.err !== null) fail('PAYMENT_FAILED_ON_CHAIN', 'The payment transaction failed on chain; nothing was paid.');

  const keys = accountKeysOf(tx, meta);
  const payer = keys[0];
  if (payer !== expected.buyer) fail('PAYER_MISMATCH', 'The payment was not made from the buyer’s wallet.');

  const instructions = instructionsOf(tx, keys);
  const paid = transfers(instructions, expected.buyer, expected.recipient);
  if (paid.count === 0) fail('RECIPIENT_MISMATCH', 'The payment does not transfer SOL to this purchase’s escrow.');
  if (paid.total < expected.lamports || balanceGain(tx, keys, expected.recipient) < expected.lamports) {
    fail('AMOUNT_TOO_LOW', `The escrow received less than the total of ${expected.lamports} lamports.`);
  }

  const earliestSeconds = BigInt(Math.floor(expected.initiatedAt.getTime() / 1000)) - BLOCK_TIME_TOLERANCE_SECONDS;
  const slotKnown = expected.initiatedSlot !== undefined && expected.initiatedSlot !== null;
  if (
    (slotKnown && tx.slot < expected.initiatedSlot!) ||
    (tx.blockTime === null ? !slotKnown : tx.blockTime < earliestSeconds)
  ) {
    fail('PAYMENT_TOO_EARLY', 'The payment was made before this purchase was started.');
  }

  return {
    signature: tx.transaction.signatures[0] ?? '',
    slot: tx.slot,
    blockTime: tx.blockTime,
    payer,
    recipient: expected.recipient,
    lamportsPaid: paid.total,
    fee: meta.fee,
  };
}

function balanceGain(tx: FetchedTransaction, keys: readonly string[], who: string): bigint {
  const i = keys.indexOf(who);
  return i === -1 ? 0n : (tx.meta?.postBalances[i] ?? 0n) - (tx.meta?.preBalances[i] ?? 0n);
}

/** What one landed transaction put into an escrow, and from whom; see escrowReceiptOf. */
export interface EscrowReceipt {
  signature: string;
  slot: bigint;
  /** The wallet a refund goes back to: the source of the first System transfer into the escrow, else the fee payer. */
  payer: string;
  /** The escrow's balance change: what really arrived, whatever the instructions say. */
  lamports: bigint;
}

/**
 * The lamports a landed transaction left in `escrow`, or null when it left none (failed, or it took lamports out:
 * the escrow's own payouts and refunds). Every lamport that reaches an escrow is somebody's, and settlement sends
 * back whatever does not buy the key, so this reads any transfer, checked or not.
 */
export function escrowReceiptOf(escrow: string, tx: FetchedTransaction | null | undefined): EscrowReceipt | null {
  if (!tx?.meta || tx.meta.err !== null) return null;
  const keys = accountKeysOf(tx, tx.meta);
  const gained = balanceGain(tx, keys, escrow);
  if (gained <= 0n) return null;
  const source = instructionsOf(tx, keys).find(
    (ix) => ix.accounts[1] === escrow && systemTransferAmount(ix) !== undefined,
  )?.accounts[0];
  return {
    signature: tx.transaction.signatures[0] ?? '',
    slot: tx.slot,
    payer: source ?? keys[0] ?? '',
    lamports: gained,
  };
}
