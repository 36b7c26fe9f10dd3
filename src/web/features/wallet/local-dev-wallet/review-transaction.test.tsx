import { address, compileTransaction, createNoopSigner, getTransactionEncoder, type Blockhash } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { newKeypair } from '@tests/helpers/keypair';
import { reviewTransaction } from './review-transaction';

describe('reviewTransaction', () => {
  it('reads what the pay page asks to sign: recipients and lamports, the fee payer and the memo', () => {
    const [buyer, seller, treasury, reference] = [newKeypair(), newKeypair(), newKeypair(), newKeypair()];
    const message = buildPaymentTransaction({
      payment: {
        recipient: seller.address,
        lamports: 500_000_001n,
        reference: reference.address,
        memo: 'vv:abc',
        treasury: treasury.address,
        commissionLamports: 12_500_000n,
      },
      buyer: createNoopSigner(address(buyer.address)),
      lifetime: { blockhash: reference.address as Blockhash, lastValidBlockHeight: 10n },
    });
    const wire = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
    expect(reviewTransaction(wire)).toEqual({
      feePayer: buyer.address,
      transfers: [
        { to: seller.address, lamports: 500_000_001n },
        { to: treasury.address, lamports: 12_500_000n },
      ],
      memo: 'vv:abc',
      otherInstructions: 0,
    });
  });
});
