import { generateKeyPairSigner, type KeyPairSigner } from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fundedSigner, sendSigned, startLocalChain, type LocalChain } from '@tests/helpers/local-chain';
import { signedPayment } from '@tests/helpers/local-chain-payments';
import { fetchPaymentTransaction } from './find-payment';
import type { ExpectedPayment, FetchedTransaction } from './payment-types';
import { verifyByQuorum } from './verify-by-quorum';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;
const TOTAL = 100_000_000n;

let chain: LocalChain;
let buyer: KeyPairSigner;
let expected: ExpectedPayment;
let paid: FetchedTransaction;

beforeAll(async () => {
  chain = await startLocalChain();
  buyer = await fundedSigner(chain.rpc, 2n * SOL);
  const escrow = (await generateKeyPairSigner()).address;
  expected = {
    buyer: buyer.address,
    recipient: escrow,
    lamports: TOTAL,
    reference: escrow,
    initiatedAt: new Date(Date.now() - 2_000),
  };
  const tx = await signedPayment(chain.rpc, buyer, expected);
  paid = (await fetchPaymentTransaction(chain.rpc, await sendSigned(chain.rpc, tx)))!;
});
afterAll(() => chain.stop());

/** The same transaction as another endpoint might report it. */
const reported = (change: (tx: FetchedTransaction) => void = () => {}) => {
  const copy = structuredClone(paid);
  change(copy);
  return copy;
};
// A lagging or lying endpoint: the escrow's balance rose by less than the total.
const underpaid = () =>
  reported((tx) => {
    const i = tx.transaction.message.accountKeys.indexOf(expected.recipient);
    (tx.meta!.postBalances as bigint[])[i] = tx.meta!.preBalances[i]!;
  });

describe('verifyByQuorum', () => {
  it('is verifyPayment with a quorum of one', () => {
    expect(verifyByQuorum(expected, [paid], 1)).toMatchObject({ kind: 'verified', paid: { lamportsPaid: TOTAL } });
    expect(verifyByQuorum(expected, [underpaid()], 1)).toMatchObject({
      kind: 'rejected',
      error: { code: 'AMOUNT_TOO_LOW' },
    });
  });

  it('at two, verifies only when two endpoints report the same facts', () => {
    expect(verifyByQuorum(expected, [paid, reported()], 2).kind).toBe('verified');
    expect(verifyByQuorum(expected, [paid, null], 2).kind).toBe('undecided'); // one does not know it
    expect(verifyByQuorum(expected, [paid, underpaid()], 2).kind).toBe('undecided'); // they disagree
    const otherSlot = reported((tx) => Object.assign(tx, { slot: tx.slot + 1n }));
    expect(verifyByQuorum(expected, [paid, otherSlot], 2).kind).toBe('undecided');
    expect(verifyByQuorum(expected, [null, paid, reported()], 2).kind).toBe('verified');
  });

  it('at two, rejects only when two endpoints fail the same check and none passes', () => {
    expect(verifyByQuorum(expected, [underpaid(), underpaid()], 2)).toMatchObject({
      kind: 'rejected',
      error: { code: 'AMOUNT_TOO_LOW' },
    });
    expect(verifyByQuorum(expected, [underpaid(), underpaid(), paid], 2).kind).toBe('undecided');
    const wrongPayer = reported((tx) =>
      Object.assign(tx.transaction.message, { accountKeys: ['x', ...tx.transaction.message.accountKeys.slice(1)] }),
    );
    expect(verifyByQuorum(expected, [underpaid(), wrongPayer], 2).kind).toBe('undecided');
  });
});
