import path from 'node:path';
import type { PurchaseView } from '@shared/api/transactions';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { lamportsToSolString } from '@shared/money';
import { newKeypair } from '@tests/helpers/keypair';
import { VIEWPORTS, withPage } from './helpers/browser';
import {
  approveInLocalDevWallet,
  connectLocalDevWallet,
  localDevWalletPrompt,
  rejectInLocalDevWallet,
} from './helpers/local-dev-wallet';
import { underpayNextPayment } from './helpers/payment-hooks';
import {
  airdrop,
  createListing,
  expectToast,
  openWithWallet,
  rejectNextSignature,
  signIn,
  type ApiSession,
  type CreatedListing,
} from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';
import { elementsPastViewport } from './helpers/overflow';

/*
 * Buying: a double click or a retry lands on one purchase; an unpaid purchase is one click from its pay
 * page; a failed payment says what happened and what to do next; the Local Dev Wallet asks before it signs; the
 * header shows the wallet's balance. Escrowed settlement (docs/domain.md#settlement): the buyer pays the purchase's own
 * escrow, a short payment comes back by itself, and someone else's checkout is a notice beside an enabled Buy, not a
 * reservation. Real server, real chain, real wallet signatures. BUYING_SCREENSHOTS=<dir> saves the screens at 1280 and
 * 390 px.
 */
const SHOTS = process.env.BUYING_SCREENSHOTS;
const ctx = useShopWithAdmin();

const PRICE_LAMPORTS = 50_000_000n; // the listings' 0.05 SOL
// What the buyer pays into the escrow: the price and the payout's network fee (no commission on these listings).
const TOTAL_LAMPORTS = PRICE_LAMPORTS + 5_000n;
/** The refund's own network fee, taken from what goes back (decision 0016). */
const REFUND_FEE_LAMPORTS = 5_000n;
const REJECTED = 'You rejected the payment in your wallet. Nothing was sent — you can try again.';
const SIZES = [VIEWPORTS.desktop, VIEWPORTS.phone] as const;

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

const addressPage = (listing: CreatedListing) => `/address/${encodeURIComponent(listing.address)}`;
const idInUrl = (page: Page) => new URL(page.url()).pathname.split('/').pop()!;
const availability = (page: Page) => page.getByTestId('listing-availability');

/** Nothing on the page reaches past the viewport (no sideways scroll at 390 px), outside a box that scrolls itself. */
async function expectNoOverflow(page: Page) {
  expect(await elementsPastViewport(page)).toEqual([]);
}

async function purchasesOf(api: ApiSession, listing: CreatedListing) {
  const res = await api.call<PurchaseView[]>('GET', `/api/transactions/purchases?walletAddress=${api.address}`);
  expect(res.status).toBe(200);
  return res.body.filter((p) => p.address.address === listing.address);
}

/** A funded buyer, signed in through the UI with the Test Wallet, on a fresh listing's address page. */
async function buyerOnListing(page: Page) {
  const listing = await createListing(ctx.adminApi);
  const buyer = newKeypair();
  await airdrop(ctx.server.url, buyer.address, 2);
  await openWithWallet(page, buyer, addressPage(listing));
  return { listing, buyer, buyerApi: await signIn(ctx.server.url, buyer) };
}

describe('Buy is idempotent per buyer and listing', () => {
  it('a double click on BUY NOW sends one request, lands on one pay page, and one purchase exists', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const { listing, buyerApi } = await buyerOnListing(page);
      const initiates: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && r.url().endsWith('/api/transactions/initiate')) initiates.push(r.url());
      });
      // The pay page asks the wallet by itself; a rejection keeps the purchase unpaid for what follows.
      await rejectNextSignature(page);
      await page.getByRole('button', { name: /^BUY NOW/ }).dblclick();
      await page.waitForURL(/\/secure-transaction\/[0-9a-f-]{36}$/);
      const id = idInUrl(page);
      await expectToast(page, 'Payment Failed', REJECTED);
      expect(initiates).toHaveLength(1);
      expect((await purchasesOf(buyerApi, listing)).map((p) => p.id)).toEqual([id]);

      // Back on the address page (another tab, a reload): the buyer's own checkout is theirs to pay, not "NOT
      // AVAILABLE".
      await page.goto(addressPage(listing));
      await expect.poll(() => availability(page).textContent()).toBe('YOUR CHECKOUT — AWAITING PAYMENT');
      const cont = page.getByRole('link', { name: 'Continue checkout' });
      expect(await cont.getAttribute('href')).toBe(`/secure-transaction/${id}`);
    }));

  it('a retry after a network error lands on the purchase the lost answer had made', () =>
    withPage(
      ctx.browser,
      // The first initiate reaches the server, but its answer is lost on the way back (injected below).
      { baseURL: ctx.server.url, tolerate: [/net::ERR_FAILED .*\/api\/transactions\/initiate/] },
      async (page) => {
        const { listing, buyerApi } = await buyerOnListing(page);
        let lost = 0;
        await page.route('**/api/transactions/initiate', async (route) => {
          if (lost++ > 0) return route.fallback();
          await route.fetch(); // the server reserves the listing …
          await route.abort('failed'); // … and the browser never hears of it
        });
        await page.getByRole('button', { name: /^BUY NOW/ }).click();
        await expectToast(page, 'Purchase Failed', /press Buy again: if the first try went through, it opens that/);
        const [made] = await purchasesOf(buyerApi, listing);
        expect(made?.status).toBe('initiated');

        await page.getByRole('button', { name: /^BUY NOW/ }).click();
        await page.waitForURL(/\/secure-transaction\/[0-9a-f-]{36}$/);
        expect(idInUrl(page)).toBe(made!.id);
        expect(await purchasesOf(buyerApi, listing)).toHaveLength(1);
      },
    ));
});

describe('an unpaid purchase is one click from its pay page', () => {
  for (const viewport of SIZES) {
    it(`from the profile, the transaction page and the address page at ${viewport.width} px`, () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const listing = await createListing(ctx.adminApi);
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 2);
        const started = await (
          await signIn(ctx.server.url, buyer)
        ).call<{ transactionId: string }>('POST', '/api/transactions/initiate', {
          addressId: listing.id,
          buyerId: buyer.address,
          price: 0.05,
          currency: 'SOL',
          membershipTier: 'basic',
        });
        expect(started.status).toBe(201);
        const id = started.body.transactionId;
        const payPage = new RegExp(`/secure-transaction/${id}$`);

        await openWithWallet(page, buyer, '/profile');
        const row = page.getByTestId('history-row').filter({ hasText: listing.address.slice(0, 8) });
        await row.getByText('Awaiting payment', { exact: true }).waitFor();
        expect(await row.getByText('Bought', { exact: true }).count()).toBe(0);
        await expectNoOverflow(page);
        await shot(page, 'buying-profile-awaiting-payment');
        // Each visit to the pay page asks the wallet by itself; rejecting keeps the purchase unpaid.
        await rejectNextSignature(page);
        await row.getByRole('link', { name: 'Continue checkout' }).click();
        await page.waitForURL(payPage);
        await expectToast(page, 'Payment Failed', REJECTED);

        await page.goto(`/transaction/${id}`);
        await page.getByRole('heading', { name: 'Transaction Details' }).waitFor();
        await expectNoOverflow(page);
        await shot(page, 'buying-transaction-continue');
        await rejectNextSignature(page);
        await page.getByRole('link', { name: 'Continue checkout' }).click();
        await page.waitForURL(payPage);
        await expectToast(page, 'Payment Failed', REJECTED);

        await page.goto(addressPage(listing));
        await expect.poll(() => availability(page).textContent()).toBe('YOUR CHECKOUT — AWAITING PAYMENT');
        await expectNoOverflow(page);
        await shot(page, 'buying-address-continue');
        await page.getByRole('link', { name: 'Continue checkout' }).click();
        await page.waitForURL(payPage);
      }));
  }
});

describe('a short payment comes back by itself, and the page says so in words', () => {
  for (const viewport of SIZES) {
    it(`refunded less the network fee, with the refund's transaction, and the signature fits its box at ${viewport.width} px`, () =>
      withPage(
        ctx.browser,
        // The server refuses the short payment at confirm (422, docs/decisions/0003) and settlement refunds it;
        // Chromium logs the 422.
        { baseURL: ctx.server.url, viewport, tolerate: [/status of 422 .*\/confirm/] },
        async (page) => {
          const { listing, buyer } = await buyerOnListing(page);
          const paid = TOTAL_LAMPORTS / 2n;
          await underpayNextPayment(page, TOTAL_LAMPORTS, paid);
          await page.getByRole('button', { name: /^BUY NOW/ }).click();
          await page.waitForURL(/\/secure-transaction\//);
          await expectToast(page, 'Payment Rejected', /Less than the total of this purchase was paid/);
          const refunded = page.getByTestId('purchase-refunded');
          // Settlement sends the payment back from the escrow; the page shows the refund once it landed.
          await expect
            .poll(() => refunded.getByTestId('refund-title').textContent(), { timeout: 60_000 })
            .toBe('Refunded: the payment was short');
          expect(await page.getByTestId('purchase-failed').count()).toBe(0);
          const words = (await refunded.textContent()) ?? '';
          expect(words).toContain(
            "Less than the total arrived in this purchase's escrow, so it could not buy the key.",
          );
          const back = paid - REFUND_FEE_LAMPORTS;
          expect(words).toContain(
            `${lamportsToSolString(back)} SOL went back to the wallet that paid, after the network fee.`,
          );
          // The visible message carries no check code and no lamports (the server's reason sits under Details).
          const visible = await refunded.evaluate((el) => (el as HTMLElement).innerText);
          expect(visible).not.toMatch(/AMOUNT_TOO_LOW|lamports/);
          const refund = refunded.getByTestId('refund-signature');
          expect(await refund.getAttribute('title')).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
          expect(await page.getByTestId('refunded-amount').textContent()).toBe(`${lamportsToSolString(back)} SOL`);
          const [mine] = await purchasesOf(await signIn(ctx.server.url, buyer), listing);
          expect(mine).toMatchObject({ status: 'failed', failureKind: 'refunded', failureCode: 'AMOUNT_TOO_LOW' });

          // The payment's signature, whole, mono, inside its box, with a copy button.
          const hash = page.locator('code').filter({ hasText: mine!.txHash! });
          expect(await hash.textContent()).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
          expect(await hash.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
          expect(await hash.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
          await page.getByRole('button', { name: 'Copy transaction hash' }).waitFor();
          await expectNoOverflow(page);
          await shot(page, 'buying-wrong-amount');

          // Nothing was bought: the address is still for sale.
          await refunded.getByRole('link', { name: 'Back to the address' }).click();
          await page.waitForURL(new RegExp(`/address/${listing.address}$`));
          await expect.poll(() => availability(page).textContent()).toBe('AVAILABLE FOR PURCHASE');
        },
      ));
  }
});

describe('the Local Dev Wallet shows what it signs and waits for a click', () => {
  for (const viewport of SIZES) {
    it(`Reject sends nothing; Approve pays, at ${viewport.width} px`, () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const listing = await createListing(ctx.adminApi);
        await page.goto(addressPage(listing));
        await connectLocalDevWallet(page);
        const wallet = (await page.evaluate(() => localStorage.getItem('walletAddress')))!;
        await page.getByRole('button', { name: /^BUY NOW/ }).click();
        await page.waitForURL(/\/secure-transaction\//);

        // The payment starts by itself, but the wallet only asks: it names the total in SOL, the purchase's escrow
        // (the one the pay page shows, never the seller: the seller is paid out of the escrow) and the fee payer, and
        // nothing is sent while it waits.
        const prompt = localDevWalletPrompt(page);
        await prompt.waitFor({ timeout: 30_000 });
        const review = (await prompt.getByTestId('dev-wallet-review').textContent()) ?? '';
        const escrow = (await page.getByTestId('payment-escrow').getAttribute('title'))!;
        expect(review).toContain(`Pay ${lamportsToSolString(TOTAL_LAMPORTS)} SOL into this purchase's escrow`);
        expect(review).toContain(escrow);
        expect(review).not.toContain(ctx.admin.address);
        expect(review).toContain(`Fee payer (your wallet)${wallet}`);
        expect(await page.getByText('Transaction hash').count()).toBe(0);
        await expectNoOverflow(page);
        await shot(page, 'buying-dev-wallet-review');
        await rejectInLocalDevWallet(page);
        await expectToast(page, 'Payment Failed', REJECTED);
        expect(await page.getByText('Transaction hash').count()).toBe(0);

        // The pay button names the wallet; this time the buyer approves.
        await page.getByRole('button', { name: 'Pay with Local Dev Wallet' }).click();
        await approveInLocalDevWallet(page);
        await page
          .getByTestId('transaction-status')
          .filter({ hasText: 'Blockchain Confirmed' })
          .first()
          .waitFor({ timeout: 60_000 });
      }));
  }
});

describe("someone else's checkout is a notice, not a lock", () => {
  for (const viewport of SIZES) {
    it(`the address page says someone is checking out and Buy stays enabled at ${viewport.width} px`, () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const listing = await createListing(ctx.adminApi);
        const other = newKeypair();
        await airdrop(ctx.server.url, other.address, 2);
        const checkout = await (
          await signIn(ctx.server.url, other)
        ).call('POST', '/api/transactions/initiate', {
          addressId: listing.id,
          buyerId: other.address,
          price: 0.05,
          currency: 'SOL',
          membershipTier: 'basic',
        });
        expect(checkout.status).toBe(201);

        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 2);
        await openWithWallet(page, buyer, addressPage(listing));
        await expect.poll(() => availability(page).textContent()).toBe('AVAILABLE FOR PURCHASE');
        expect(await page.getByTestId('checkout-notice').textContent()).toBe('Someone is checking out right now');
        await page
          .getByText('You can still buy it: the first payment to land gets the key', { exact: false })
          .waitFor();
        expect(await page.getByText('RESERVED', { exact: true }).count()).toBe(0);
        expect(await page.getByRole('button', { name: /^BUY NOW/ }).isEnabled()).toBe(true);
        await expectNoOverflow(page);
        await shot(page, 'buying-checkout-notice');

        // The marketplace marks it CHECKOUT, beside an enabled Buy.
        await page.goto(`/marketplace?q=${encodeURIComponent(listing.address)}`);
        const badge = page.locator('[data-badge="CHECKOUT"]').filter({ visible: true });
        await badge.first().waitFor();
        expect(await badge.first().getAttribute('title')).toBe(
          'Someone is checking out right now; it can still be bought',
        );
      }));
  }
});

describe('the header shows the connected wallet balance', () => {
  for (const viewport of SIZES) {
    it(`in SOL from lamports, refreshed on load, at ${viewport.width} px`, () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 2);
        await openWithWallet(page, buyer, '/');
        // One place per layout: beside the wallet button, or on phones in the header's second row.
        const balance = page.getByRole('banner').getByTestId('wallet-balance').filter({ visible: true });
        await expect.poll(() => balance.textContent()).toBe('Wallet balance: 2 SOL');
        expect(await balance.isVisible()).toBe(true);
        await expectNoOverflow(page);
        await shot(page, 'buying-header-balance');

        // 2.123456789 SOL: four decimals shown, rounded as decimal text; the exact figure is its title.
        await airdrop(ctx.server.url, buyer.address, 0.123456789);
        await page.reload();
        await expect.poll(() => balance.textContent(), { timeout: 30_000 }).toBe('Wallet balance: 2.1235 SOL');
        expect(await balance.getAttribute('title')).toBe('2.123456789 SOL');
      }));
  }
});
