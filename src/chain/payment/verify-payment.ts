import { SUPPORTED_MEMO_PROGRAM_ADDRESSES } from '@solana-program/memo';
import { getBase58Encoder, getUtf8Decoder } from '@solana/kit';
import type { ExpectedPayment, FetchedTransaction, VerifiedPayment } from './payment-types';
import { PaymentVerificationError, type PaymentVerificationCode } from './payment-verification-error';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const SYSTEM_TRANSFER = 2; // SystemInstruction::Transfer, a u32 discriminator then the u64 amount
const MEMO_PROGRAMS: ReadonlySet<string> = new Set(SUPPORTED_MEMO_PROGRAM_ADDRESSES);

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

/** Sum and count of System transfers `from` → `to`. */
function transfers(instructions: readonly DecodedInstruction[], from: string, to: string) {
  let total = 0n;
  let count = 0;
  for (const ix of instructions) {
    if (ix.program !== SYSTEM_PROGRAM || ix.data.length !== 12 || ix.accounts[0] !== from || ix.accounts[1] !== to)
      continue;
    const view = new DataView(ix.data.buffer, ix.data.byteOffset, ix.data.byteLength);
    if (view.getUint32(0, true) !== SYSTEM_TRANSFER) continue;
    total += view.getBigUint64(4, true);
    count += 1;
  }
  return { total, count };
}

/**
 * Decides whether a fetched transaction pays for a purchase, in the spirit of Solana Pay's validateTransfer.
 * Pure: the caller fetches the transaction (getTransaction, encoding `json`, maxSupportedTransactionVersion 0,
 * commitment `confirmed` or stronger) and makes sure the signature is not already used by another purchase.
 *
 * Checks, in this order; the first that fails throws PaymentVerificationError with its code:
 * 1. PAYMENT_NOT_FOUND — no transaction (or no status meta).
 * 2. PAYMENT_FAILED_ON_CHAIN — it landed with an error, so nothing moved but the fee.
 * 3. PAYER_MISMATCH — the fee payer (first account key) is not the buyer.
 * 4. RECIPIENT_MISMATCH — no System transfer from the buyer to the seller at all.
 *    AMOUNT_TOO_LOW — those transfers, or the seller's balance change, are below the price. Both are required:
 *    the instructions prove who paid whom, the balance change proves the lamports really arrived.
 * 5. REFERENCE_MISSING — the purchase's reference key is not among the account keys (static or, for v0,
 *    loaded from lookup tables). The reference is fresh per purchase, so this ties the payment to it.
 * 6. MEMO_MISMATCH — no memo instruction (any SPL Memo version) carries exactly the expected memo.
 * 7. COMMISSION_MISSING — a commission is due and the treasury did not get it (same two proofs as the price).
 * 8. PAYMENT_TOO_EARLY — the payment landed in a slot before the slot the cluster was at when the purchase was
 *    initiated, so an older payment cannot be passed off for this purchase. Slot to slot: comparing the block time
 *    with the server's clock rejected honest payments for good whenever either clock lagged. The block time is
 *    only a sanity check, with BLOCK_TIME_TOLERANCE_SECONDS of slack (and the only check on rows from before slots
 *    were stored, which must then have a block time).
 */
export function verifyPayment(expected: ExpectedPayment, tx: FetchedTransaction | null | undefined): VerifiedPayment {
  if (!tx || !tx.meta) fail('PAYMENT_NOT_FOUND', 'The payment transaction was not found on chain.');
  const meta = tx.meta;
  if (meta.err !== null) fail('PAYMENT_FAILED_ON_CHAIN', 'The payment transaction failed on chain; nothing was paid.');

  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  const payer = keys[0];
  if (payer !== expected.buyer) fail('PAYER_MISMATCH', 'The payment was not made from the buyer’s wallet.');

  const instructions = instructionsOf(tx, keys);
  const balanceGain = (who: string) => {
    const i = keys.indexOf(who);
    return i === -1 ? 0n : (meta.postBalances[i] ?? 0n) - (meta.preBalances[i] ?? 0n);
  };

  const paid = transfers(instructions, expected.buyer, expected.recipient);
  if (paid.count === 0) fail('RECIPIENT_MISMATCH', 'The payment does not transfer SOL to the seller.');
  if (paid.total < expected.lamports || balanceGain(expected.recipient) < expected.lamports) {
    fail('AMOUNT_TOO_LOW', `The seller received less than the price of ${expected.lamports} lamports.`);
  }

  if (!keys.includes(expected.reference))
    fail('REFERENCE_MISSING', 'The payment does not carry this purchase’s reference.');

  const utf8 = getUtf8Decoder();
  const memos = instructions.filter((ix) => MEMO_PROGRAMS.has(ix.program)).map((ix) => utf8.decode(ix.data));
  if (!memos.includes(expected.memo)) fail('MEMO_MISMATCH', 'The payment memo does not match this purchase.');

  let commissionPaid = 0n;
  const commission = expected.commissionLamports ?? 0n;
  if (expected.treasury && commission > 0n) {
    // When the seller is the treasury itself, one account must have received both amounts.
    const due = expected.treasury === expected.recipient ? expected.lamports + commission : commission;
    const toTreasury = transfers(instructions, expected.buyer, expected.treasury).total;
    if (toTreasury < due || balanceGain(expected.treasury) < due) {
      fail('COMMISSION_MISSING', `The platform commission of ${commission} lamports was not paid.`);
    }
    commissionPaid = expected.treasury === expected.recipient ? toTreasury - expected.lamports : toTreasury;
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
    lamportsPaid: expected.treasury === expected.recipient ? paid.total - commissionPaid : paid.total,
    commissionPaid,
    fee: meta.fee,
  };
}

/**
 * What a payment that failed verification still moved from the buyer to the seller, when it was meant for this
 * purchase (it carries the purchase's reference or memo, both unique to it): the lower of the System transfers and
 * the seller's balance change. 0n when nothing reached the seller or the payment belongs to something else. A wrong
 * amount or memo must not leave the buyer out of pocket with no trace (issue 17 finding 6).
 */
export function lamportsStillPaid(expected: ExpectedPayment, tx: FetchedTransaction | null | undefined): bigint {
  if (!tx?.meta || tx.meta.err !== null) return 0n;
  const meta = tx.meta;
  const keys = [
    ...tx.transaction.message.accountKeys,
    ...(meta.loadedAddresses?.writable ?? []),
    ...(meta.loadedAddresses?.readonly ?? []),
  ];
  if (keys[0] !== expected.buyer) return 0n;
  const instructions = instructionsOf(tx, keys);
  const utf8 = getUtf8Decoder();
  const ours =
    keys.includes(expected.reference) ||
    instructions.some((ix) => MEMO_PROGRAMS.has(ix.program) && utf8.decode(ix.data) === expected.memo);
  if (!ours) return 0n;
  const sent = transfers(instructions, expected.buyer, expected.recipient).total;
  const i = keys.indexOf(expected.recipient);
  const gained = i === -1 ? 0n : (meta.postBalances[i] ?? 0n) - (meta.preBalances[i] ?? 0n);
  const moved = sent < gained ? sent : gained;
  return moved > 0n ? moved : 0n;
}
