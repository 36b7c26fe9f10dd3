import { expect } from 'vitest';
import type { InitiatePurchaseResponse } from '@shared/api/transactions';
import type { TestApp } from './app';
import { createListing, createUser, type CreatedListing, type ListingOverrides } from './factories';
import {
  confirm,
  countRows,
  fund,
  initiateOk,
  listingStatus,
  pay,
  reveal,
  statusOf,
  type TestChain,
} from './purchases';
import type { SignedInWallet } from './wallet';

/**
 * The steps most money-path tests take before the step they are about: a seller lists, a funded buyer starts the
 * purchase, pays its escrow and confirms.
 */

/** The chain and the app a step runs on: a `usePurchaseApp` context, or `{ chain, t: a }` for one of two instances. */
export interface OnChainApp {
  readonly chain: TestChain;
  readonly t: TestApp;
}

/** A signed-in wallet that can afford a reservation (initiate checks the balance, docs/domain.md#reservation-limits). */
export async function fundedBuyer(on: OnChainApp, lamports?: bigint): Promise<SignedInWallet> {
  const buyer = await createUser(on.t);
  await fund(on.chain, buyer.walletAddress, lamports);
  return buyer;
}

export interface ListingWithBuyer extends CreatedListing {
  buyer: SignedInWallet;
}

/** A listing made as `createListing(t, listing)` makes it, and a funded buyer for it. */
export async function buyerWithListing(on: OnChainApp, listing: ListingOverrides = {}): Promise<ListingWithBuyer> {
  const created = await createListing(on.t, listing);
  return { ...created, buyer: await fundedBuyer(on) };
}

export interface StartedPurchase extends ListingWithBuyer {
  started: InitiatePurchaseResponse;
}

/** A listing whose funded buyer has started the purchase (201), not yet paid. */
export async function startedPurchase(on: OnChainApp, listing: ListingOverrides = {}): Promise<StartedPurchase> {
  const withBuyer = await buyerWithListing(on, listing);
  return { ...withBuyer, started: await initiateOk(on.t, withBuyer.buyer, withBuyer.listing) };
}

/** A purchase paid in full from the buyer's wallet and confirmed (200): the key is the buyer's. */
export async function paidPurchase(
  on: OnChainApp,
  listing: ListingOverrides = {},
): Promise<StartedPurchase & { txHash: string }> {
  const purchase = await startedPurchase(on, listing);
  const { buyer, started } = purchase;
  const txHash = await pay(on.chain, buyer, started.payment);
  expect((await confirm(on.t, buyer, started.transactionId, txHash)).statusCode).toBe(200);
  return { ...purchase, txHash };
}

/** The payment is seen but not decided: the purchase pending with its signature, the listing held, no key, no sale. */
export async function expectUndecided(t: TestApp, { listing, buyer, started }: StartedPurchase, txHash: string) {
  expect(await statusOf(t, started.transactionId)).toEqual({
    status: 'pending',
    dispute_reason: null,
    tx_hash: txHash,
  });
  expect((await listingStatus(t, listing.id))?.status).toBe('pending');
  expect((await reveal(t, buyer, started.transactionId)).json().error).toBe('PAYMENT_NOT_VERIFIED');
  expect(await countRows(t, 'sales_analytics', `transaction_id = '${started.transactionId}'`)).toBe(0);
}
