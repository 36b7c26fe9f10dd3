import {
  getCreateAccountInstruction,
  getInitializeNonceAccountInstruction,
  getNonceSize,
  getTransferSolInstruction,
  getWithdrawNonceAccountInstruction,
  SYSTEM_PROGRAM_ADDRESS,
} from '@solana-program/system';
import {
  address,
  appendTransactionMessageInstructions,
  compressTransactionMessageUsingAddressLookupTables,
  createTransactionMessage,
  generateKeyPairSigner,
  getSignatureFromTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fundedSigner,
  latestLifetime,
  sendSigned,
  signMessage,
  startLocalChain,
  type LocalChain,
} from '@tests/helpers/local-chain';
import { signedPayment } from '@tests/helpers/local-chain-payments';
import { createLookupTable } from '@tests/helpers/lookup-table';
import { fetchPaymentTransaction, findPaymentByReference } from './find-payment';
import type { ExpectedPayment, PaymentInstructions } from './payment-types';
import type { PaymentVerificationCode } from './payment-verification-error';
import { escrowReceiptOf, verifyPayment } from './verify-payment';
import { LAMPORTS_PER_SOL } from '@shared/money';

const SOL = LAMPORTS_PER_SOL;
const TOTAL = 100_000_000n;

let chain: LocalChain;
let buyer: KeyPairSigner;

beforeAll(async () => {
  chain = await startLocalChain();
  buyer = await fundedSigner(chain.rpc, 20n * SOL);
});
afterAll(() => chain.stop());

/** What the server would store for a fresh purchase: its own escrow, which is also the reference. */
async function expectedPayment(overrides: Partial<ExpectedPayment> = {}): Promise<ExpectedPayment> {
  const escrow = (await generateKeyPairSigner()).address;
  return {
    buyer: buyer.address,
    recipient: escrow,
    reference: escrow,
    lamports: TOTAL,
    initiatedAt: new Date(Date.now() - 2_000),
    ...overrides,
  };
}

/** Pays on the local chain with the transaction the app builds, and fetches it back as the server would. */
async function pay(
  payment: PaymentInstructions,
  options: { payer?: KeyPairSigner; skipPreflight?: boolean; version?: 0 | 'legacy' } = {},
) {
  const tx = await signedPayment(chain.rpc, options.payer ?? buyer, payment, options.version);
  const signature = await sendSigned(chain.rpc, tx, options.skipPreflight);
  return fetchPaymentTransaction(chain.rpc, signature);
}

/**
 * Lands a v0 transaction some other wallet or program might send: any instructions, any fee payer, accounts
 * optionally moved into lookup tables. Every signer the instructions name signs it.
 */
async function land(
  feePayer: KeyPairSigner,
  instructions: readonly Instruction[],
  options: { lookupTables?: Record<Address, Address[]>; skipPreflight?: boolean } = {},
) {
  const lifetime = await latestLifetime(chain.rpc);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const compressed = options.lookupTables
    ? compressTransactionMessageUsingAddressLookupTables(message, options.lookupTables)
    : message;
  const signature = await sendSigned(chain.rpc, await signMessage(compressed), options.skipPreflight);
  return fetchPaymentTransaction(chain.rpc, signature);
}

const transfer = (source: KeyPairSigner, destination: string, amount: bigint) =>
  getTransferSolInstruction({ source, destination: address(destination), amount });

/** A durable-nonce account holding 0.1 SOL, with `authority` as its authority (and payer). */
async function nonceAccountOf(authority: KeyPairSigner): Promise<Address> {
  const nonce = await generateKeyPairSigner();
  const created = await land(authority, [
    getCreateAccountInstruction({
      payer: authority,
      newAccount: nonce,
      lamports: SOL / 10n,
      space: getNonceSize(),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
    }),
    getInitializeNonceAccountInstruction({ nonceAccount: nonce.address, nonceAuthority: authority.address }),
  ]);
  expect(created!.meta!.err).toBeNull();
  return nonce.address;
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
  it('accepts a v0 payment into the escrow, returns the verified facts, and finds it by the escrow', async () => {
    const expected = await expectedPayment();
    const tx = await pay(expected);
    const verified = verifyPayment(expected, tx);
    expect(verified).toEqual({
      signature: tx!.transaction.signatures[0],
      slot: tx!.slot,
      blockTime: tx!.blockTime,
      payer: buyer.address,
      recipient: expected.recipient,
      lamportsPaid: TOTAL,
      fee: 5_000n,
    });
    expect(verified.blockTime).toBeGreaterThanOrEqual(BigInt(Math.floor(expected.initiatedAt.getTime() / 1000)));
    // the background job finds the same payment by its reference, the escrow
    const found = await findPaymentByReference(chain.rpc, expected.reference);
    expect(found.map((f) => f.signature)).toEqual([verified.signature]);
  });

  it('accepts a legacy payment', async () => {
    const expected = await expectedPayment();
    expect(verifyPayment(expected, await pay(expected, { version: 'legacy' })).lamportsPaid).toBe(TOTAL);
  });

  it('adds up several transfers from the buyer, and reports an overpayment as paid', async () => {
    const expected = await expectedPayment();
    const split = await land(buyer, [
      transfer(buyer, expected.recipient, TOTAL / 2n),
      transfer(buyer, expected.recipient, TOTAL / 2n + 7n),
    ]);
    expect(verifyPayment(expected, split).lamportsPaid).toBe(TOTAL + 7n);
  });

  it('PAYMENT_NOT_FOUND: a signed transaction that was never sent', async () => {
    const expected = await expectedPayment();
    const tx = await signedPayment(chain.rpc, buyer, expected);
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

  it('RECIPIENT_MISMATCH: paid to an address other than the escrow', async () => {
    const expected = await expectedPayment();
    const tx = await pay({ ...expected, recipient: (await generateKeyPairSigner()).address });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('RECIPIENT_MISMATCH');
  });

  it('RECIPIENT_MISMATCH: the escrow got the total, but from another wallet while the buyer only paid the fee', async () => {
    const stranger = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment();
    const tx = await land(buyer, [transfer(stranger, expected.recipient, TOTAL)]);
    expect(tx!.transaction.message.accountKeys[0]).toBe(buyer.address);
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('RECIPIENT_MISMATCH');
  });

  it('AMOUNT_TOO_LOW: one lamport short', async () => {
    const expected = await expectedPayment();
    const tx = await pay({ ...expected, lamports: TOTAL - 1n });
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('AMOUNT_TOO_LOW');
    // the same transaction is fine for a total one lamport lower: the check is exact, not approximate
    expect(codeOf(() => verifyPayment({ ...expected, lamports: TOTAL - 1n }, tx))).toBeUndefined();
  });

  it('AMOUNT_TOO_LOW: the buyer transferred the total, but the escrow’s balance rose by less', async () => {
    const escrow = await generateKeyPairSigner();
    const expected = await expectedPayment({ recipient: escrow.address, reference: escrow.address });
    // The same transaction moves a lamport back out of the escrow: the transfer alone would claim the full total.
    const tx = await land(buyer, [transfer(buyer, escrow.address, TOTAL), transfer(escrow, buyer.address, 1n)]);
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('AMOUNT_TOO_LOW');
    expect(codeOf(() => verifyPayment({ ...expected, lamports: TOTAL - 1n }, tx))).toBeUndefined();
  });

  it('AMOUNT_TOO_LOW: the escrow’s balance rose by the total, but the buyer’s own transfers fall short', async () => {
    const stranger = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment();
    const tx = await land(buyer, [
      transfer(buyer, expected.recipient, TOTAL - 1n),
      transfer(stranger, expected.recipient, 1n),
    ]);
    expect(escrowReceiptOf(expected.recipient, tx)?.lamports).toBe(TOTAL);
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('AMOUNT_TOO_LOW');
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

describe('escrowReceiptOf on real transactions', () => {
  it('reads a direct payment: its signature, slot, the buyer and the lamports that arrived', async () => {
    const expected = await expectedPayment();
    const tx = await pay(expected);
    expect(escrowReceiptOf(expected.recipient, tx)).toEqual({
      signature: tx!.transaction.signatures[0],
      slot: tx!.slot,
      payer: buyer.address,
      lamports: TOTAL,
    });
  });

  it('names the transfer’s source as the payer when another wallet pays the fee', async () => {
    const sponsor = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment();
    const tx = await land(sponsor, [transfer(buyer, expected.recipient, TOTAL)]);
    expect(escrowReceiptOf(expected.recipient, tx)).toMatchObject({ payer: buyer.address, lamports: TOTAL });
    // verifyPayment refuses it (the buyer must pay the fee), yet the lamports are the buyer's to get back.
    expect(codeOf(() => verifyPayment(expected, tx))).toBe('PAYER_MISMATCH');
  });

  it('names the first System transfer’s source, not a nonce withdrawal before it', async () => {
    const nonce = await nonceAccountOf(buyer);
    const stranger = await fundedSigner(chain.rpc, SOL);
    const escrow = (await generateKeyPairSigner()).address;
    // Same 12-byte shape as a transfer, with the nonce account first: it is not a wallet to refund.
    const withdrawal = getWithdrawNonceAccountInstruction({
      nonceAccount: nonce,
      recipientAccount: address(escrow),
      nonceAuthority: buyer,
      withdrawAmount: 1_000_000n,
    });
    const tx = await land(buyer, [withdrawal, transfer(stranger, escrow, TOTAL), transfer(buyer, escrow, 1n)]);
    expect(escrowReceiptOf(escrow, tx)).toMatchObject({ payer: stranger.address, lamports: TOTAL + 1_000_001n });
  });

  it('falls back to the fee payer when no System transfer reached the escrow', async () => {
    const nonce = await nonceAccountOf(buyer);
    const escrow = (await generateKeyPairSigner()).address;
    const tx = await land(buyer, [
      getWithdrawNonceAccountInstruction({
        nonceAccount: nonce,
        recipientAccount: address(escrow),
        nonceAuthority: buyer,
        withdrawAmount: 1_000_000n,
      }),
    ]);
    expect(escrowReceiptOf(escrow, tx)).toMatchObject({ payer: buyer.address, lamports: 1_000_000n });
  });

  it('is null for a failed transaction, and for none at all', async () => {
    const poor = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment({ buyer: poor.address, lamports: 2n * SOL });
    const tx = await pay(expected, { payer: poor, skipPreflight: true });
    expect(tx!.meta!.err).not.toBeNull();
    expect(escrowReceiptOf(expected.recipient, tx)).toBeNull();
    expect(escrowReceiptOf(expected.recipient, null)).toBeNull();
  });

  it('is null when the escrow pays out (a payout or refund), or gains nothing', async () => {
    const escrow = await generateKeyPairSigner();
    const paid = await pay({ recipient: escrow.address, reference: escrow.address, lamports: TOTAL });
    expect(escrowReceiptOf(escrow.address, paid)?.lamports).toBe(TOTAL);
    const refund = await land(escrow, [transfer(escrow, buyer.address, TOTAL - 5_000n)]);
    expect(refund!.meta!.err).toBeNull();
    expect(escrowReceiptOf(escrow.address, refund)).toBeNull();
    const nothing = await land(buyer, [transfer(buyer, escrow.address, 0n)]);
    expect(nothing!.meta!.err).toBeNull();
    expect(escrowReceiptOf(escrow.address, nothing)).toBeNull();
  });

  it('reads an escrow a v0 transaction loads from a lookup table, as verifyPayment does', async () => {
    const owner = await fundedSigner(chain.rpc, SOL);
    const expected = await expectedPayment();
    const table = await createLookupTable(chain.rpc, owner, [address(expected.recipient)]);
    const tx = await land(buyer, [transfer(buyer, expected.recipient, TOTAL)], {
      lookupTables: { [table]: [address(expected.recipient)] },
    });
    // The escrow is not among the static keys: only the loaded addresses name it.
    expect(tx!.transaction.message.accountKeys).not.toContain(expected.recipient);
    expect(tx!.meta!.loadedAddresses).toEqual({ writable: [expected.recipient], readonly: [] });
    expect(escrowReceiptOf(expected.recipient, tx)).toMatchObject({ payer: buyer.address, lamports: TOTAL });
    expect(verifyPayment(expected, tx).lamportsPaid).toBe(TOTAL);
  });
});
