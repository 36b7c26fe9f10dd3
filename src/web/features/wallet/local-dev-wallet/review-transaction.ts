import {
  getTransferSolInstructionDataDecoder,
  SYSTEM_PROGRAM_ADDRESS,
  TRANSFER_SOL_DISCRIMINATOR,
} from '@solana-program/system';
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';

export interface ReviewedTransfer {
  from: string;
  to: string;
  lamports: bigint;
}

/** What a transaction asks the wallet to sign, as a person reviews it: who pays the fee, who sends whom how much. */
export interface TransactionReview {
  feePayer: string;
  transfers: ReviewedTransfer[];
  /** Instructions that are not a SOL transfer: shown as a count, so nothing passes unseen. */
  otherInstructions: number;
}

/**
 * Reads a wire transaction the way a wallet's confirmation screen does. Amounts stay bigint
 * lamports; the dialog formats them without floats.
 */
export function reviewTransaction(wire: Uint8Array): TransactionReview {
  const { messageBytes } = getTransactionDecoder().decode(wire);
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes);
  const accounts = message.staticAccounts;
  const review: TransactionReview = { feePayer: accounts[0] ?? '', transfers: [], otherInstructions: 0 };
  // A v1 message lays its instructions out otherwise; the shop never builds one, so it is shown as undescribed.
  if (message.version === 1) return { ...review, otherInstructions: 1 };
  const transferData = getTransferSolInstructionDataDecoder();
  for (const ix of message.instructions) {
    const program = accounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    const keys = ix.accountIndices ?? [];
    if (program === SYSTEM_PROGRAM_ADDRESS && data.length === 12) {
      const transfer = transferData.decode(data);
      const from = keys[0] === undefined ? undefined : accounts[keys[0]];
      const to = keys[1] === undefined ? undefined : accounts[keys[1]];
      if (transfer.discriminator === TRANSFER_SOL_DISCRIMINATOR && from && to) {
        review.transfers.push({ from, to, lamports: transfer.amount });
        continue;
      }
    }
    review.otherInstructions += 1;
  }
  return review;
}

/**
 * The one shape a purchase pays with (docs/domain.md#payment-transaction): a single transfer from the wallet itself
 * and nothing else, whose recipient is the purchase's escrow. A wallet cannot know that an address is an escrow; the
 * dialog calls it one only for this shape, and shows it whole to compare with the escrow on the pay page.
 */
export function escrowPaymentOf(review: TransactionReview): ReviewedTransfer | null {
  const [only, ...more] = review.transfers;
  if (!only || more.length > 0 || review.otherInstructions > 0 || only.from !== review.feePayer) return null;
  return only;
}
