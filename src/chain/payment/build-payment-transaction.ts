import { getAddMemoInstruction, LEGACY_MEMO_PROGRAM_ADDRESS_V3 } from '@solana-program/memo';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  AccountRole,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
  type Instruction,
  type TransactionSigner,
} from '@solana/kit';
import type { PaymentInstructions } from './payment-types';

export interface BuildPaymentTransactionInput {
  payment: PaymentInstructions;
  /** The buyer's wallet signer; it pays the price, the commission and the network fee. */
  buyer: TransactionSigner;
  lifetime: { blockhash: Blockhash; lastValidBlockHeight: bigint };
  /** v0 by default; every current wallet signs it. */
  version?: 0 | 'legacy';
}

/**
 * The purchase transaction message (docs/domain.md#payment-transaction), ready to sign: a memo, the buyer → seller
 * System transfer with the reference appended as a read-only non-signer account (how Solana Pay makes a payment
 * findable by getSignaturesForAddress), and the commission transfer when one is due. The memo goes to SPL Memo v3
 * explicitly: @solana-program/memo now defaults to v4, which mainnet wallets and LiteSVM do not have. Browser-safe.
 */
export function buildPaymentTransaction({ payment, buyer, lifetime, version = 0 }: BuildPaymentTransactionInput) {
  const transfer = getTransferSolInstruction({
    source: buyer,
    destination: address(payment.recipient),
    amount: payment.lamports,
  });
  const transferWithReference: Instruction = {
    ...transfer,
    accounts: [...transfer.accounts, { address: address(payment.reference), role: AccountRole.READONLY }],
  };
  const instructions: Instruction[] = [
    getAddMemoInstruction({ memo: payment.memo }, { programAddress: LEGACY_MEMO_PROGRAM_ADDRESS_V3 }),
    transferWithReference,
  ];
  if (payment.treasury && payment.commissionLamports && payment.commissionLamports > 0n) {
    instructions.push(
      getTransferSolInstruction({
        source: buyer,
        destination: address(payment.treasury),
        amount: payment.commissionLamports,
      }),
    );
  }
  return pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayerSigner(buyer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
}

export type PaymentTransactionMessage = ReturnType<typeof buildPaymentTransaction>;
