import { generateKeyPairSigner, getSignatureFromTransaction, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundedSigner,
  latestLifetime,
  sendSigned,
  signMessage,
  startLocalChain,
  type LocalChain,
} from '@tests/helpers/local-chain';
import { buildPaymentTransaction } from './build-payment-transaction';
import { fetchPaymentTransaction, findPaymentByReference } from './find-payment';
import type { ExpectedPayment, PaymentInstructions } from './payment-types';
import type { PaymentVerificationCode } from './payment-verification-error';
import { verifyPayment } from './verify-payment';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;
const PRICE = 100_000_000n;
const COMMISSION = 10_000_000n;

let chain: LocalChain;
let buyer: KeyPairSigner;
let seller: KeyPairSigner;
let treasury: KeyPairSigner;
let counter = 0;

beforeAll(async () => {
  chain = await startLocalChain();
  buyer = await fundedSigner(chain.rpc, 20n * SOL);
  seller = await generateKeyPairSigner();
  treasury = await generateKeyPairSigner();
});
afterAll(() => chain.stop());

/** What the server would store for a fresh purchase. */
async function expectedPayment(overrides: Partial<ExpectedPayment> = {}): Promise<ExpectedPayment> {
  return {
    buyer: buyer.address,
    recipient: seller.address,
    lamports: PRICE,
    reference: (await generateKeyPairSigner()).address,
    memo: `vv:purchase-${++counter}`,
    treasury: treasury.address,
    commissionLamports: COMMISSION,
    initiatedAt: new Date(Date.now() - 2_000),
    ...overrides,
  };
}

/** Pays on the local chain with a real signed transaction and fetches it back as the server would. */
async function pay(
  payment: PaymentInstructions,
  options: { payer?: KeyPairSigner; skipPreflight?: boolean; version?: 0 | 'legacy' } = {},
) {
  const tx = await signMessage(
    buildPaymentTransaction({
      payment,
      buyer: options.payer ?? buyer,
      lifetime: await latestLifetime(chain.rpc),
      version: options.version,
    }),
  );
  const signature = await sendSigned(chain.rpc, tx, options.skipPreflight);
  return fetchPaymentTransaction(chain.rpc, signature);
}

function codeOf(run: () => unknown): PaymentVerificationCode | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    return (error as { code?: PaymentVerificationCode }).code;
  }
}

describe('verifyPayment on real transactions', () => {
  it('accepts a v0 payment with commission and returns the verified facts', async () => {
    const expected = await expectedPayment();
    const tx = await pay(expected);
    const verified = verifyPayment(expected, tx);
    expect(verified).toMatchObject({
      signature: tx!.transaction.signatures[0],
      payer: buyer.address,
      recipient: seller.address,
      lamportsPaid: PRICE,
      commissionPaid: COMMISSION,
      fee: 5_000n,
      slot: tx!.slot,
    });
    expect(verified.blockTime).toBeGreaterThanOrEqual(BigInt(Math.floor(expected.initiatedAt.getTime() / 1000)));
    // the background job finds the same payment by its reference
    const found = await findPaymentByReference(chain.rpc, expected.reference);
    expect(found.map((f) => f.signature)).toEqual([verified.signature]);
  });

  it('accepts a legacy payment without commission', async () => {
    const expected = await expectedPayment({ treasury: undefined, commissionLamports: undefined });
    expect(verifyPayment(expected, await pay(expected, { version: 'legacy' })).lamportsPaid).toBe(PRICE);
  });

  it('PAYMENT_NOT_FOUND: a signed transaction that was never sent', async () => {
    const expected = await expectedPayment();
    const tx = await signMessage(
      buildPaymentTransaction({ payment: expected, buyer, lifetime: await latestLifetime(chain.rpc) }),
    );
    const fetched = await fetchPaymentTransaction(chain.rpc, getSignatureFromTransaction(tx));
    expect(fetched).toBeNull();
    expect(codeOf(() => verifyPayment(expected, fetched))).toBe('PAYMENT_NOT_FOUND');
  });

  it('PAYMENT_FAILED_ON_CHAIN: a payment larger than the balance, landed with an error', async () => {
    const poor = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment({ buyer: poor.address, lamports: 2n * SOL });
    const tx = await pay(expected, { payer: poor, skipPreflight: true });
    expect(tx!.meta!.err).not.toBeNull();
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('PAYMENT_FAILED_ON_CHAIN');
  });

  it('PAYER_MISMATCH: paid (and fee paid) by another wallet', async () => {
    const stranger = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment();
    const tx = await pay(expected, { payer: stranger });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('PAYER_MISMATCH');
  });

  it('RECIPIENT_MISMATCH: paid to someone other than the seller', async () => {
    const expected = await expectedPayment();
    const tx = await pay({ ...expected, recipient: (await generateKeyPairSigner()).address });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('RECIPIENT_MISMATCH');
  });

  it('AMOUNT_TOO_LOW: one lamport short', async () => {
    const expected = await expectedPayment();
    const tx = await pay({ ...expected, lamports: PRICE - 1n });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('AMOUNT_TOO_LOW');
    // the same transaction is fine for a price one lamport lower: the check is exact, not approximate
    expect(codeOf(() => verifyPayment({ ...expected, lamports: PRICE - 1n }, tx))).toBeUndefined();
  });

  it('REFERENCE_MISSING: carries another reference', async () => {
    const expected = await expectedPayment();
    const tx = await pay({ ...expected, reference: (await generateKeyPairSigner()).address });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('REFERENCE_MISSING');
  });

  it('MEMO_MISMATCH: carries another purchase’s memo', async () => {
    const expected = await expectedPayment();
    const tx = await pay({ ...expected, memo: 'vv:someone-else' });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('MEMO_MISMATCH');
  });

  it('COMMISSION_MISSING: commission due but not paid, or short', async () => {
    const expected = await expectedPayment();
    const none = await pay({ ...expected, treasury: undefined, commissionLamports: undefined });
    expect(codeOf(() => verifyPayment(expected, none))).toBe('COMMISSION_MISSING');
    const short = await pay({
      ...(await expectedPayment()),
      reference: expected.reference,
      memo: expected.memo,
      commissionLamports: COMMISSION - 1n,
    });
    expect(codeOf(() => verifyPayment(expected, short))).toBe('COMMISSION_MISSING');
  });

  it('PAYMENT_TOO_EARLY: the payment landed before the slot the purchase was initiated at', async () => {
    const expected = await expectedPayment();
    const tx = await pay(expected);
    const at = (slot: bigint) => codeOf(() => verifyPayment({ ...expected, initiatedSlot: slot }, tx));
    expect(at(tx!.slot + 1n)).toBe('PAYMENT_TOO_EARLY');
    expect(at(tx!.slot)).toBeUndefined();
  });

  it("does not compare clocks: a server clock 5 minutes ahead of the chain's block time still verifies", async () => {
    const expected = await expectedPayment();
    const tx = await pay(expected);
    const blockTimeMs = Number(tx!.blockTime) * 1000;
    for (const skewMs of [5 * 60_000, -5 * 60_000]) {
      const initiatedAt = new Date(blockTimeMs + skewMs);
      expect(codeOf(() => verifyPayment({ ...expected, initiatedAt, initiatedSlot: tx!.slot }, tx))).toBeUndefined();
    }
    // The block time stays a sanity bound: a block far older than the purchase is refused whatever the slot says.
    const farLater = new Date(blockTimeMs + 16 * 60_000);
    expect(codeOf(() => verifyPayment({ ...expected, initiatedAt: farLater, initiatedSlot: tx!.slot }, tx))).toBe(
      'PAYMENT_TOO_EARLY',
    );
  });
});
