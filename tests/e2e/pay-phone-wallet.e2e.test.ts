import path from 'node:path';
import {
  getBase64EncodedWireTransaction,
  getBase64Encoder,
  getTransactionDecoder,
  type SignatureBytes,
} from '@solana/kit';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookie } from './helpers/api-sign-in';
import { startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, VIEWPORTS, withPage } from './helpers/browser';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { airdrop, createListing, holdRequests, signIn } from './helpers/trade-fixtures';

/*
 * Issue 15: paying from a phone wallet. The buyer reserved an address from "another device" (an API session) and
 * opens the secure-transaction page in a browser that has no wallet at all. The page shows the Solana Pay QR; a
 * separate client holding the buyer's key (the phone) reads the transaction request, signs and sends it, and the
 * page says Confirming as soon as the payment lands, then reaches Blockchain Confirmed by itself.
 * PAY_SCREENSHOTS=<dir> saves the screens at 1280 and 390 px.
 */
const SHOTS = process.env.PAY_SCREENSHOTS;
const admin = newKeypair();
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  await Promise.all([
    startAppServer({ env: { ADMIN_WALLETS: admin.address } }).then((s) => (server = s)),
    launchBrowser().then((b) => (browser = b)),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** The phone wallet: what Phantom does with a `solana:<link>` transaction request. */
async function payFromPhone(solanaPayUrl: string, phone: TestKeypair): Promise<void> {
  const link = decodeURIComponent(solanaPayUrl.slice('solana:'.length));
  const meta = await fetch(link);
  expect(meta.status).toBe(200);
  expect(await meta.json()).toMatchObject({ label: 'Vanity Vault' });
  const res = await fetch(link, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://phantom.example' },
    body: JSON.stringify({ account: phone.address }),
  });
  expect(res.status).toBe(200);
  const { transaction } = (await res.json()) as { transaction: string };
  await signAndSend(transaction, phone);
}

/** Signs a server-built (base64) transaction with `key` and sends it through the app's /rpc. */
async function signAndSend(transaction: string, key: TestKeypair): Promise<void> {
  const tx = getTransactionDecoder().decode(getBase64Encoder().encode(transaction));
  const signature = key.sign(new Uint8Array(tx.messageBytes)) as SignatureBytes;
  const signed = { ...tx, signatures: { ...tx.signatures, [key.address]: signature } };
  const sent = await fetch(`${server.url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'sendTransaction',
      params: [getBase64EncodedWireTransaction(signed as typeof tx), { encoding: 'base64' }],
    }),
  });
  const answer = (await sent.json()) as { result?: string; error?: unknown };
  expect(answer.error).toBeUndefined();
  expect(answer.result).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
}

/** A blink client's Action POST for `account`: the unsigned payment for that wallet (it reserves nothing). */
async function actionTransaction(address: string, account: string): Promise<string> {
  const res = await fetch(`${server.url}/api/actions/listings/${address}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: 'https://blinks.example' },
    body: JSON.stringify({ account }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { transaction: string }).transaction;
}

describe('pay with a phone wallet', () => {
  it('shows the Solana Pay QR; a payment from the phone moves the page to Confirming, then Blockchain Confirmed, by itself', async () => {
    const adminApi = await signIn(server.url, admin);
    const listing = await createListing(adminApi, { price: '0.5' });
    const phone = newKeypair(); // the buyer's key lives on the phone, never in this browser
    await airdrop(server.url, phone.address, 2);
    const buyerApi = await signIn(server.url, phone);
    const started = await buyerApi.call<{ transactionId: string }>('POST', '/api/transactions/initiate', {
      addressId: listing.id,
      buyerId: phone.address,
      price: Number(listing.price),
      currency: 'SOL',
      membershipTier: 'basic',
    });
    expect(started.status).toBe(201);
    const pagePath = `/secure-transaction/${started.body.transactionId}`;
    const expectedUrl = `solana:${server.url}/api/pay/${started.body.transactionId}`;

    await withPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone }, async (page) => {
      await page.goto(pagePath);
      await page.getByRole('heading', { name: 'Pay with a phone wallet' }).waitFor();
      const button = page.getByRole('link', { name: 'Open in wallet app' });
      expect(await button.getAttribute('href')).toBe(expectedUrl);
      await shot(page, 'pay-phone-wallet');
    });

    // The buyer is signed in on this computer (the session the page shows the purchase to) with no wallet in it.
    const [name, value] = (await sessionCookie(server.url, phone)).split('=') as [string, string];
    const cookies = [{ name, value, url: server.url }];
    await withPage(browser, { baseURL: server.url, viewport: VIEWPORTS.desktop }, async (page, context) => {
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
      await payFromPhone(expectedUrl, phone);
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

    await withPage(browser, { baseURL: server.url, viewport: VIEWPORTS.phone }, async (page, context) => {
      await context.addCookies(cookies);
      await page.goto(pagePath);
      await expect
        .poll(() => page.getByTestId('transaction-status').first().textContent(), { timeout: 30_000 })
        .toBe('Blockchain Confirmed');
      await shot(page, 'pay-phone-wallet-confirmed');
    });
  });

  it('the address page’s second Share choice copies the listing’s Solana Action link', async () => {
    const adminApi = await signIn(server.url, admin);
    const listing = await createListing(adminApi, { price: '0.25' });
    await withPage(browser, { baseURL: server.url }, async (page) => {
      await page.goto(`/address/${encodeURIComponent(listing.address)}`);
      // Share itself copies the page's web link (issue 27); the Blink link is in "More ways to share".
      await page.getByLabel('More ways to share').click();
      await page.getByRole('button', { name: /Copy Blink link/ }).click();
      await page.getByText('Blink link copied').first().waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
        `solana-action:${server.url}/api/actions/listings/${listing.address}`,
      );
      const action = await fetch(`${server.url}/api/actions/listings/${listing.address}`);
      expect(((await action.json()) as { label: string }).label).toBe('Buy for 0.25 SOL');
    });
  });

  it('the seller sees a refund-due sale as such, with its reason, in the history and on the transaction page', async () => {
    const adminApi = await signIn(server.url, admin);
    const listing = await createListing(adminApi, { price: '0.3' });
    // Two blink clients buy the same address through its Action; the second payment lands after the sale.
    const first = newKeypair();
    const second = newKeypair();
    await Promise.all([airdrop(server.url, first.address, 2), airdrop(server.url, second.address, 2)]);
    const firstTx = await actionTransaction(listing.address, first.address);
    const secondTx = await actionTransaction(listing.address, second.address);
    await signAndSend(firstTx, first);
    await expect
      .poll(
        async () => (await (await fetch(`${server.url}/api/actions/listings/${listing.address}`)).json()).disabled,
        {
          timeout: 30_000,
        },
      )
      .toBe(true); // sold by the server's sweep
    await signAndSend(secondTx, second);

    const [name, value] = (await sessionCookie(server.url, admin)).split('=') as [string, string];
    await withPage(browser, { baseURL: server.url }, async (page, context) => {
      await context.addCookies([{ name, value, url: server.url }]);
      const row = page.getByTestId('history-row').filter({ hasText: 'Refund due' });
      await expect
        .poll(
          async () => {
            await page.goto('/profile');
            await page.getByRole('heading', { name: 'Transaction History' }).waitFor();
            return row.count();
          },
          { timeout: 30_000, interval: 1_000 },
        )
        .toBe(1);
      expect(await row.getByTestId('history-reason').textContent()).toMatch(/^Refund due: 0\.3 SOL was paid/);
      await row.click();
      await page.getByRole('heading', { name: 'Refund Due' }).waitFor();
      const reason = await page.getByTestId('dispute-reason').textContent();
      expect(reason).toContain(`The seller should return the payment to ${second.address}.`);
    });
  });
});
