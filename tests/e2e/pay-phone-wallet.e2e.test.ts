import path from 'node:path';
import type { PurchaseView } from '@shared/api/transactions';
import { lamportsToSolString, parseSolToLamports } from '@shared/money';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionCookie } from './helpers/api-sign-in';
import { VIEWPORTS, withPage } from './helpers/browser';
import { payFromPhone, signAndSend } from './helpers/phone-wallet';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { airdrop, createListing, holdRequests, signIn } from './helpers/trade-fixtures';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * Paying from a phone wallet (README.md#paying-from-a-phone-or-a-blink). The buyer checked out from "another device"
 * (an API session) and opens the secure-transaction page in a browser that has no wallet at all. The page shows the
 * Solana Pay QR; a separate client holding the buyer's key (the phone) reads the transaction request, signs and sends
 * it, and the page says Confirming as soon as the payment lands, then reaches Blockchain Confirmed by itself. A blink
 * payment that lands after the sale goes back from its escrow by itself, and both the late buyer and the seller are
 * told so. PAY_SCREENSHOTS=<dir> saves the screens at 1280 and 390 px.
 */
const SHOTS = process.env.PAY_SCREENSHOTS;
/** What a refund pays the network, out of what it sends back (decision 0016). */
const REFUND_FEE_LAMPORTS = 5_000n;
const admin = newKeypair();
const ctx = useServerAndBrowser({ ADMIN_WALLETS: admin.address });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** A page of a visitor signed in as `key` (the session cookie only: no wallet in this browser). */
async function withCookie<T>(key: TestKeypair, fn: (page: Page) => Promise<T>): Promise<T> {
  const [name, value] = (await sessionCookie(ctx.server.url, key)).split('=') as [string, string];
  return withPage(ctx.browser, { baseURL: ctx.server.url }, async (page, context) => {
    await context.addCookies([{ name, value, url: ctx.server.url }]);
    return fn(page);
  });
}

/** `wallet`'s purchase of `address`, as the API shows it to that wallet's session. */
async function purchaseOf(page: Page, wallet: TestKeypair, address: string): Promise<PurchaseView> {
  const res = await page.request.get(`/api/transactions/purchases?walletAddress=${wallet.address}`);
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as PurchaseView[]).find((p) => p.address.address === address);
  expect(found, `a purchase of ${address}`).toBeDefined();
  return found!;
}

/** The transaction page tells a refunded purchase: why, and the refund's transaction, on the card and in the details. */
async function expectRefundedCard(page: Page, refundSignature: string) {
  const card = page.getByTestId('purchase-refunded');
  await expect
    .poll(() => card.getByTestId('refund-title').textContent())
    .toBe('Refunded: another payment landed first');
  expect(await card.getByTestId('refund-signature').getAttribute('title')).toBe(refundSignature);
  expect(await page.getByTestId('settlement-refund-signature').getAttribute('title')).toBe(refundSignature);
  expect(await page.getByTestId('purchase-failed').count()).toBe(0);
}

/** A blink client's Action POST for `account`: the unsigned payment for that wallet (it reserves nothing). */
async function actionTransaction(address: string, account: string): Promise<string> {
  const res = await fetch(`${ctx.server.url}/api/actions/listings/${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://blinks.example' },
    body: JSON.stringify({ account }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { transaction: string }).transaction;
}

describe('pay with a phone wallet', () => {
  it('shows the Solana Pay QR; a payment from the phone moves the page to Confirming, then Blockchain Confirmed, by itself', async () => {
    const adminApi = await signIn(ctx.server.url, admin);
    const listing = await createListing(adminApi, { price: '0.5' });
    const phone = newKeypair(); // the buyer's key lives on the phone, never in this browser
    await airdrop(ctx.server.url, phone.address, 2);
    const buyerApi = await signIn(ctx.server.url, phone);
    const started = await buyerApi.call<{ transactionId: string }>('POST', '/api/transactions/initiate', {
      addressId: listing.id,
      buyerId: phone.address,
      price: Number(listing.price),
      currency: 'SOL',
      membershipTier: 'basic',
    });
    expect(started.status).toBe(201);
    const pagePath = `/secure-transaction/${started.body.transactionId}`;
    const expectedUrl = `solana:${ctx.server.url}/api/pay/${started.body.transactionId}`;

    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      await page.goto(pagePath);
      await page.getByRole('heading', { name: 'Pay with a phone wallet' }).waitFor();
      const button = page.getByRole('link', { name: 'Open in wallet app' });
      expect(await button.getAttribute('href')).toBe(expectedUrl);
      await shot(page, 'pay-phone-wallet');
    });

    // The buyer is signed in on this computer (the session the page shows the purchase to) with no wallet in it.
    const [name, value] = (await sessionCookie(ctx.server.url, phone)).split('=') as [string, string];
    const cookies = [{ name, value, url: ctx.server.url }];
    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.desktop }, async (page, context) => {
      await context.addCookies(cookies);
      await page.goto(pagePath);
      const qr = page.getByRole('img', { name: 'Solana Pay QR code for this purchase' });
      await qr.waitFor();
      expect(await qr.getAttribute('data-solana-pay-url')).toBe(expectedUrl);
      expect(await qr.locator('path').count()).toBeGreaterThan(0); // drawn, not an empty box
      await page.getByRole('button', { name: 'Connect a wallet to pay' }).waitFor(); // the panel sits beside it
      await shot(page, 'pay-phone-wallet');

      // The server's verdict is held back, so Confirming can only come from the page watching the reference.
      const held = await holdRequests(page, `**/api/transactions/lookup/${started.body.transactionId}`, 'GET');
      await payFromPhone(ctx.server.url, expectedUrl, phone);
      const status = page.getByTestId('transaction-status').first();
      await expect
        .poll(() => status.textContent(), { timeout: 30_000, interval: 200 })
        .toBe('Confirming on Blockchain');
      await page.getByRole('heading', { name: 'Confirming on Blockchain' }).waitFor();
      expect(await page.getByRole('heading', { name: 'Pay with a phone wallet' }).count()).toBe(0);
      held.release();
      await expect.poll(() => status.textContent(), { timeout: 60_000, interval: 500 }).toBe('Blockchain Confirmed');
      await shot(page, 'pay-phone-wallet-confirmed');
    });

    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page, context) => {
      await context.addCookies(cookies);
      await page.goto(pagePath);
      await expect
        .poll(() => page.getByTestId('transaction-status').first().textContent(), { timeout: 30_000 })
        .toBe('Blockchain Confirmed');
      await shot(page, 'pay-phone-wallet-confirmed');
    });
  });

  it('the address page’s second Share choice copies the listing’s Solana Action link', async () => {
    const adminApi = await signIn(ctx.server.url, admin);
    const listing = await createListing(adminApi, { price: '0.25' });
    await withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await page.goto(`/address/${encodeURIComponent(listing.address)}`);
      // Share itself copies the page's web link; the Blink link is in "More ways to share".
      await page.getByLabel('More ways to share').click();
      await page.getByRole('button', { name: /Copy Blink link/ }).click();
      await page.getByText('Blink link copied').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `solana-action:${ctx.server.url}/api/actions/listings/${listing.address}`,
      );
      const action = await fetch(`${ctx.server.url}/api/actions/listings/${listing.address}`);
      expect(((await action.json()) as { label: string }).label).toBe('Buy for 0.25 SOL');
    });
  });

  it('a payment that lands after the sale goes back by itself: the late buyer sees the refund, the seller no sale', async () => {
    const adminApi = await signIn(ctx.server.url, admin);
    const listing = await createListing(adminApi, { price: '0.3' });
    // Two blink clients buy the same address through its Action; the second payment lands after the sale.
    const first = newKeypair();
    const second = newKeypair();
    await Promise.all([airdrop(ctx.server.url, first.address, 2), airdrop(ctx.server.url, second.address, 2)]);
    const firstTx = await actionTransaction(listing.address, first.address);
    const secondTx = await actionTransaction(listing.address, second.address);
    await signAndSend(ctx.server.url, firstTx, first);
    await expect
      .poll(
        async () => (await (await fetch(`${ctx.server.url}/api/actions/listings/${listing.address}`)).json()).disabled,
        {
          timeout: 30_000,
        },
      )
      .toBe(true); // sold by the server's sweep
    await signAndSend(ctx.server.url, secondTx, second);

    // The late buyer's history: refunded, what came back and the refund's transaction, once settlement sent it.
    const late = await withCookie(second, async (page) => {
      const row = page.getByTestId('history-row').filter({ has: page.getByTestId('history-refund-signature') });
      await expect
        .poll(
          async () => {
            await page.goto('/profile');
            // The heading shows while the history loads; the purchase itself is listed from its Action POST on,
            // so its row marks the history as loaded (counted before that, a busy machine saw 0 for a minute).
            await page.getByTestId('history-row').first().waitFor();
            return row.count();
          },
          { timeout: 60_000, interval: 1_000 },
        )
        .toBe(1);
      const view = await purchaseOf(page, second, listing.address);
      expect(view).toMatchObject({ status: 'failed', failureKind: 'refunded', failureCode: 'LOST_RACE' });
      // Everything paid came back, less the refund's own network fee (decision 0016).
      const back = BigInt(view.refundedLamports);
      expect(back).toBe(parseSolToLamports(view.feeCalculation.totalAmount) - REFUND_FEE_LAMPORTS);
      expect(await row.getByText('Refunded', { exact: true }).count()).toBe(2); // the kind and the badge
      expect(await row.getByTestId('history-reason').textContent()).toMatch(
        /^Refunded: another payment landed first\./,
      );
      expect(await row.getByTestId('history-refund').textContent()).toContain(
        `${lamportsToSolString(back)} SOL refunded`,
      );
      const signature = (await row.getByTestId('history-refund-signature').getAttribute('title'))!;
      expect(signature).toBe(view.refundSignatures[0]);
      await row.getByRole('link').first().click();
      await page.waitForURL(`**/transaction/${view.id}`);
      await expectRefundedCard(page, signature);
      return view;
    });

    // The seller's history: no sale, the buyer's payment went back, and no refund for the seller to make.
    await withCookie(admin, async (page) => {
      await page.goto('/profile');
      const row = page.getByTestId('history-row').filter({ hasText: 'Not sold' });
      await row.waitFor();
      expect(await row.getByTestId('transaction-status').textContent()).toBe('Refunded');
      expect(await row.getByTestId('history-reason').textContent()).toMatch(
        /^Refunded: another payment landed first\./,
      );
      expect(await row.getByTestId('history-refund').count()).toBe(0);
      await row.getByRole('link').first().click();
      await page.waitForURL(`**/transaction/${late.id}`);
      await expectRefundedCard(page, late.refundSignatures[0]!);
      expect(await page.getByTestId('purchase-refunded').textContent()).toContain(
        "The buyer's payment was sent back: another payment landed first.",
      );
    });
  });
});
