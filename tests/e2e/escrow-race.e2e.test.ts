import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import type { PurchaseView } from '@shared/api/transactions';
import { lamportsToSolString, parseSolToLamports } from '@shared/money';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, withPage } from './helpers/browser';
import { approveInLocalDevWallet, connectLocalDevWallet, rejectInLocalDevWallet } from './helpers/local-dev-wallet';
import { createListing, expectToast, openWithWallet, toasts } from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';
import { elementsPastViewport } from './helpers/overflow';

/*
 * Escrowed settlement (docs/domain.md#settlement) in the browser: two tabs, two wallets, one listing. Both pay into
 * their own escrow; the payment that lands first buys the key and its tab reveals it; the other tab shows its refund,
 * with the refund's transaction, once settlement sent it back. Afterwards the admin's Settlement page reads the ledger
 * as balanced against the chain. Real server (its own verifier and settlement worker), real local chain, Local Dev
 * Wallets that ask before signing. RACE_SCREENSHOTS=<dir> saves the pay page, the refunded tab and the Settlement page
 * at 1280 and 390 px.
 */
const SHOTS = process.env.RACE_SCREENSHOTS;
const SIZES = [VIEWPORTS.desktop, VIEWPORTS.phone] as const;
const REJECTED = 'You rejected the payment in your wallet. Nothing was sent — you can try again.';
/** What the refund transaction itself pays the network, out of the refunded lamports (decision 0016). */
const REFUND_FEE_LAMPORTS = 5_000n;

const ctx = useShopWithAdmin();

const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;
const walletOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('walletAddress')))!;
const statusBadges = (page: Page) => page.getByTestId('transaction-status');

/** Every status badge on the page (header and details card) reads `text`. */
async function expectStatus(page: Page, text: string, timeout = 60_000) {
  await statusBadges(page).filter({ hasText: text }).first().waitFor({ timeout });
  await expect
    .poll(async () => (await statusBadges(page).allTextContents()).map((t) => t.trim()))
    .toEqual([text, text]);
}

/** The whole value behind a shortened explorer link (its title). */
const fullValue = async (page: Page, testId: string) => (await page.getByTestId(testId).first().getAttribute('title'))!;

/** A revealed key must be the secret of `address`: its first 32 bytes derive the address. */
function derivesTo(secret: string, address: string) {
  const bytes = new Uint8Array(getBase58Encoder().encode(secret));
  return getBase58Decoder().decode(ed25519.getPublicKey(bytes.slice(0, 32))) === address;
}

/** Nothing on the page reaches past the viewport (no sideways scroll), outside a box that scrolls itself. */
async function expectNoOverflow(page: Page) {
  // The page as a whole: this also catches what escapes a scrolling box, like absolutely placed text inside it.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
  expect(await elementsPastViewport(page)).toEqual([]);
}

/** The page at each size: no sideways overflow at either, and a full-page screenshot when RACE_SCREENSHOTS is set. */
async function atBothSizes(page: Page, name: string) {
  const before = page.viewportSize();
  for (const close of await toasts(page).getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click();
  }
  for (const size of SIZES) {
    await page.setViewportSize(size);
    // From the top, once the resized page has been painted: a sticky header over a scrolled page, or tiles not yet
    // repainted after the resize, would be in the picture but not on the screen.
    await page.evaluate(async (width) => {
      window.scrollTo(0, 0);
      const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
      while (window.innerWidth !== width) await frame();
      await frame();
      await frame();
    }, size.width);
    await expectNoOverflow(page);
    if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}.png`), fullPage: true });
  }
  if (before) await page.setViewportSize(before);
}

/** A JSON-RPC call to the server's local chain (the same /rpc the wallets send through). */
async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const res = await fetch(`${ctx.server.url}/rpc`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const answer = (await res.json()) as { result?: T; error?: { message: string } };
  if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
  return answer.result as T;
}

/** What the transaction `signature` added to `wallet`'s balance, read from the chain itself. */
async function creditedTo(signature: string, wallet: string): Promise<bigint> {
  const tx = await rpc<{
    meta: { err: unknown; preBalances: number[]; postBalances: number[] };
    transaction: { message: { accountKeys: string[] } };
  }>('getTransaction', [signature, { encoding: 'json', commitment: 'confirmed', maxSupportedTransactionVersion: 0 }]);
  expect(tx.meta.err).toBeNull();
  const at = tx.transaction.message.accountKeys.indexOf(wallet);
  expect(at, `${wallet} takes part in ${signature}`).toBeGreaterThanOrEqual(0);
  return BigInt(tx.meta.postBalances[at]!) - BigInt(tx.meta.preBalances[at]!);
}

/** The sendTransaction answer of the page's next payment: once it is back, the payment is on the local chain. */
const paymentSent = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/rpc') && (r.request().postData() ?? '').includes('"sendTransaction"') && r.ok(),
    { timeout: 30_000 },
  );

describe('two tabs, two wallets, one listing', () => {
  it('both pay; the first payment to land reveals the key, the other tab sees its refund; the ledger balances', async () => {
    let refunded = 0n;
    await withPage(ctx.browser, { baseURL: ctx.server.url }, (first) =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (second) => {
        const listing = await createListing(ctx.adminApi);
        const addressPage = `/address/${encodeURIComponent(listing.address)}`;

        // Tab one checks out. Its wallet asks before it pays; the tab waits on that question for now.
        await first.goto(addressPage);
        await connectLocalDevWallet(first);
        await first.getByRole('button', { name: /^BUY NOW/ }).click();
        await first.waitForURL(/\/secure-transaction\/[0-9a-f-]{36}$/);
        const firstId = idInUrl(first);

        // Tab two, another wallet, sees someone checking out: a notice, not a lock. Buy stays enabled.
        await second.goto(addressPage);
        await connectLocalDevWallet(second);
        const notice = second.getByTestId('checkout-notice');
        await expect.poll(() => notice.textContent()).toBe('Someone is checking out right now');
        expect(await second.getByTestId('listing-availability').textContent()).toBe('AVAILABLE FOR PURCHASE');
        const buy = second.getByRole('button', { name: /^BUY NOW/ });
        expect(await buy.isEnabled()).toBe(true);
        await buy.click();
        await second.waitForURL(/\/secure-transaction\/[0-9a-f-]{36}$/);
        const secondId = idInUrl(second);
        expect(secondId).not.toBe(firstId);

        // Tab two's buyer reads the pay page before paying: the total and what makes it up, the escrow it goes to,
        // and that another payment may land first.
        await rejectInLocalDevWallet(second);
        await expectToast(second, 'Payment Failed', REJECTED);
        const view = (await (await second.request.get(`/api/transactions/${secondId}`)).json()) as PurchaseView;
        const total = parseSolToLamports(view.feeCalculation.totalAmount);
        const breakdown = (await second.getByTestId('payment-breakdown').textContent()) ?? '';
        expect(breakdown).toContain('Price');
        expect(breakdown).toContain('Network fee (the payout)');
        expect(breakdown).toContain(`Total${lamportsToSolString(total)} SOL`);
        const secondEscrow = await fullValue(second, 'payment-escrow');
        expect(secondEscrow).toBe(view.escrow);
        expect(await second.getByTestId('escrow-line').textContent()).toBe(
          "Paid into this purchase's escrow; the seller is paid the moment the key is yours.",
        );
        expect(await second.getByTestId('race-notice').textContent()).toBe(
          'Another buyer can still pay for this address. If their payment lands first, yours comes back to you ' +
            'automatically.',
        );
        await atBothSizes(second, 'escrow-race-pay');

        // Both pay, each into its own escrow. Tab one's payment reaches the chain first; tab two pays straight after,
        // while settlement may not have decided anything yet.
        const firstSent = paymentSent(first);
        const firstReview = await approveInLocalDevWallet(first);
        const firstEscrow = await fullValue(first, 'payment-escrow');
        expect(firstEscrow).not.toBe(secondEscrow);
        expect(firstReview).toContain(`Pay ${lamportsToSolString(total)} SOL into this purchase's escrow`);
        expect(firstReview).toContain(firstEscrow);
        await firstSent;
        const secondSent = paymentSent(second);
        await second.getByRole('button', { name: 'Pay with Local Dev Wallet' }).click();
        expect(await approveInLocalDevWallet(second)).toContain(secondEscrow);
        await secondSent;

        // Tab one bought the key: it reveals it, and it is the listing's own.
        await expectStatus(first, 'Blockchain Confirmed');
        await first.getByRole('button', { name: 'Reveal Private Key' }).click();
        await expectToast(first, 'Private Key Revealed');
        await first.getByRole('button', { name: 'Show', exact: true }).click();
        const secret = first.locator('[data-testid="secret-value"][data-masked="false"]');
        expect(derivesTo((await secret.textContent()) ?? '', listing.address)).toBe(true);
        // The seller is paid out of tab one's escrow once the key is the buyer's.
        await first.getByTestId('payout-signature').waitFor({ timeout: 60_000 });

        // Tab two lost the race: the page turns to its refund by itself and shows the refund's transaction once it
        // landed.
        const card = second.getByTestId('purchase-refunded');
        await expect
          .poll(() => card.getByTestId('refund-title').textContent(), { timeout: 60_000 })
          .toBe('Refunded: another payment landed first');
        await expectStatus(second, 'Refunded');
        expect(await second.getByTestId('purchase-failed').count()).toBe(0);
        const refundSignature = await fullValue(second, 'refund-signature');
        expect(refundSignature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
        expect(await second.getByTestId('refund-signature').getAttribute('href')).toContain(`/tx/${refundSignature}`);
        expect(await fullValue(second, 'settlement-refund-signature')).toBe(refundSignature);
        expect(await fullValue(second, 'escrow-address')).toBe(secondEscrow);
        expect(await second.getByTestId('payout-signature').count()).toBe(0);
        // Everything it paid came back, less the refund's own network fee, and the chain says the same.
        const back = total - REFUND_FEE_LAMPORTS;
        refunded = back;
        expect(await second.getByTestId('refunded-amount').textContent()).toBe(`${lamportsToSolString(back)} SOL`);
        expect(await creditedTo(refundSignature, await walletOf(second))).toBe(back);
        await atBothSizes(second, 'escrow-race-refunded');

        // The listing is sold: the losing tab cannot start another checkout for it.
        await second.goto(addressPage);
        await expect.poll(() => second.getByTestId('listing-availability').textContent()).toBe('NOT AVAILABLE');
        expect(await second.getByRole('button', { name: /^BUY NOW/ }).count()).toBe(0);
      }),
    );

    // The admin's Settlement page: one payout, one refund, nothing open, and the ledger matches the chain.
    await withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await openWithWallet(page, ctx.admin, '/shop/settlement');
      await page.getByRole('heading', { level: 1, name: 'Settlement' }).waitFor();
      const status = page.getByTestId('ledger-status');
      await expect.poll(() => status.innerText(), { timeout: 30_000 }).toMatch(/^Balanced ✓\n/);
      expect(await status.innerText()).toContain('2 escrows checked; 0 open escrows hold 0 SOL.');
      expect(await page.getByTestId('open-escrow').count()).toBe(0);
      const transfers = page.getByTestId('settlement-transfer');
      await expect.poll(() => transfers.count()).toBe(2);
      const kinds = (await transfers.locator('td:first-child').allTextContents()).sort();
      expect(kinds).toEqual(['payout', 'refund']);
      for (const row of await transfers.all()) await row.getByText('Landed', { exact: true }).waitFor();
      await atBothSizes(page, 'escrow-race-settlement');

      // The Shop page counts the refund settlement made, and what it sent back.
      await page.getByRole('banner').getByRole('link', { name: 'Shop', exact: true }).filter({ visible: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Shop' }).waitFor();
      const refunds = page
        .getByRole('main')
        .locator('dt')
        .filter({ hasText: /^Refunds to date$/ })
        .locator('xpath=following-sibling::dd');
      await expect.poll(() => refunds.allTextContents()).toEqual(['1', `${lamportsToSolString(refunded)} SOL back`]);
    });
  }, 240_000);
});
