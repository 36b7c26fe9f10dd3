import {
  getTransferSolInstructionDataDecoder,
  SYSTEM_PROGRAM_ADDRESS,
  TRANSFER_SOL_DISCRIMINATOR,
} from '@solana-program/system';
import { LEGACY_MEMO_PROGRAM_ADDRESS_V3, MEMO_PROGRAM_ADDRESS } from '@solana-program/memo';
import { getCompiledTransactionMessageDecoder, getTransactionDecoder } from '@solana/kit';

const MEMO_PROGRAMS: readonly string[] = [MEMO_PROGRAM_ADDRESS, LEGACY_MEMO_PROGRAM_ADDRESS_V3];

/** What a transaction asks the wallet to sign, as a person reviews it: who pays the fee, who gets how much. */
export interface TransactionReview {
  feePayer: string;
  transfers: { to: string; lamports: bigint }[];
  memo: string | null;
  /** Instructions that are neither a SOL transfer nor a memo: shown as a count, so nothing passes unseen. */
  otherInstructions: number;
}

/**
 * Reads a wire transaction the way a wallet's confirmation screen does (issue 27 item 4). Amounts stay bigint
 * lamports; the dialog formats them without floats.
 */
export function reviewTransaction(wire: Uint8Array): TransactionReview {
  const { messageBytes } = getTransactionDecoder().decode(wire);
  const message = getCompiledTransactionMessageDecoder().decode(messageBytes);
  const accounts = message.staticAccounts;
  const review: TransactionReview = { feePayer: accounts[0] ?? '', transfers: [], memo: null, otherInstructions: 0 };
  // A v1 message lays its instructions out otherwise; the shop never builds one, so it is shown as undescribed.
  if (message.version === 1) return { ...review, otherInstructions: 1 };
  const transferData = getTransferSolInstructionDataDecoder();
  for (const ix of message.instructions) {
    const program = accounts[ix.programAddressIndex];
    const data = ix.data ?? new Uint8Array();
    const keys = ix.accountIndices ?? [];
    if (program === SYSTEM_PROGRAM_ADDRESS && data.length === 12) {
      const transfer = transferData.decode(data);
      const to = keys[1] === undefined ? undefined : accounts[keys[1]];
      if (transfer.discriminator === TRANSFER_SOL_DISCRIMINATOR && to) {
        review.transfers.push({ to, lamports: transfer.amount });
        continue;
      }
    }
    if (program && MEMO_PROGRAMS.includes(program)) {
      review.memo = new TextDecoder().decode(data);
      continue;
    }
    review.otherInstructions += 1;
  }
  return review;
}
