import { getTransferSolInstruction } from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { buildPaymentTransaction } from '@chain/payment/build-payment-transaction';
import { newKeypair } from '@tests/helpers/keypair';
import { TransactionReviewList } from '../components/transaction-review-list';
import { escrowPaymentOf, reviewTransaction } from './review-transaction';

const wire = (message: Parameters<typeof compileTransaction>[0]) =>
  new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)));
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");
const lifetime = (blockhash: string) => ({ blockhash: blockhash as Blockhash, lastValidBlockHeight: 10n });

describe('reviewTransaction', () => {
  it("reads what the pay page asks to sign: one transfer of the total into the purchase's escrow", () => {
    const [buyer, escrow] = [newKeypair(), newKeypair()];
    const message = buildPaymentTransaction({
      payment: { recipient: escrow.address, lamports: 512_505_001n, reference: escrow.address },
      buyer: createNoopSigner(address(buyer.address)),
      lifetime: lifetime(escrow.address),
    });
    const review = reviewTransaction(wire(message));
    expect(review).toEqual({
      feePayer: buyer.address,
      transfers: [{ from: buyer.address, to: escrow.address, lamports: 512_505_001n }],
      otherInstructions: 0,
    });
    expect(escrowPaymentOf(review)).toEqual(review.transfers[0]);

    const shown = text(renderToStaticMarkup(<TransactionReviewList review={review} />));
    expect(shown).toContain(
      `Pay 0.512505001 SOL into this purchase's escrow ${escrow.address.slice(0, 4)}...${escrow.address.slice(-4)}`,
    );
    expect(shown).toContain(escrow.address);
    expect(shown).toContain(`Fee payer (your wallet)${buyer.address}`);
    expect(shown).not.toMatch(/Memo|Total/);
  });

  it('calls nothing else an escrow payment: two transfers are listed one by one, with their total', () => {
    const [payer, first, second] = [newKeypair(), newKeypair(), newKeypair()];
    const signer = createNoopSigner(address(payer.address));
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(signer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime(first.address), m),
      (m) =>
        appendTransactionMessageInstructions(
          [
            getTransferSolInstruction({ source: signer, destination: address(first.address), amount: 1_000n }),
            getTransferSolInstruction({ source: signer, destination: address(second.address), amount: 2_000n }),
          ],
          m,
        ),
    );
    const review = reviewTransaction(wire(message));
    expect(review.transfers.map((t) => [t.to, t.lamports])).toEqual([
      [first.address, 1_000n],
      [second.address, 2_000n],
    ]);
    expect(escrowPaymentOf(review)).toBeNull();

    const shown = text(renderToStaticMarkup(<TransactionReviewList review={review} />));
    expect(shown).not.toContain('escrow');
    expect(shown).toContain(`Send 0.000001 SOL to${first.address}`);
    expect(shown).toContain('Total0.000003 SOL');
  });
});
