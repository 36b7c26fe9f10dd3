import path from 'node:path';
import { profileWallet } from '@shared/format/address';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { buyThroughApi } from './helpers/api-purchase';
import { VIEWPORTS, withPage } from './helpers/browser';
import { createListing, expectToast, openWithWallet, signIn, type CreatedListing } from './helpers/trade-fixtures';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * "Read the market", from the visitor's seat: the address page names the seller and links their other
 * listings (the marketplace's seller view), lists the listing's activity with the sale's transaction after a real
 * purchase on the local chain, carries the watchlist star, and Share copies the page's web link (the Blink link is
 * the second choice). MARKET_SCREENSHOTS=<dir> saves each screen (docs/screenshots/market-*.png).
 */
const SHOTS = process.env.MARKET_SCREENSHOTS;
// One seller per viewport, so each run counts only its own listings.
const sellers = { [VIEWPORTS.desktop.width]: newKeypair(), [VIEWPORTS.phone.width]: newKeypair() };
const ctx = useServerAndBrowser({
  ADMIN_WALLETS: Object.values(sellers)
    .map((k) => k.address)
    .join(','),
});

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.screenshot({ path: path.join(SHOTS, `market-${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

const addressUrl = (address: string) => `/address/${encodeURIComponent(address)}`;
const activity = (page: Page) => page.getByTestId('activity-list').getByRole('listitem');
const kindsOf = (page: Page) => activity(page).evaluateAll((items) => items.map((i) => i.getAttribute('data-kind')));

/** A seller with three listings, the first repriced and then bought for real by another wallet. */
async function soldWithSiblings(seller: TestKeypair) {
  const api = await signIn(ctx.server.url, seller);
  const sold = await createListing(api, { price: '0.05' });
  const others: CreatedListing[] = [
    await createListing(api, { price: '0.2' }),
    await createListing(api, { price: '0.3' }),
  ];
  const repriced = await api.call('PATCH', `/api/addresses/${sold.id}`, { price: '0.04' });
  expect(repriced.status).toBe(200);
  const signature = await buyThroughApi(ctx.server.url, newKeypair(), { id: sold.id, price: '0.04' });
  return { sold, others, signature };
}

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  describe(`reading the market at ${viewport.width} px`, () => {
    it('a sold address says when it sold, lists its activity with the sale transaction, and names the seller', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const seller = sellers[viewport.width]!;
        const { sold, others, signature } = await soldWithSiblings(seller);
        await page.goto(addressUrl(sold.address));

        await expect.poll(() => page.getByTestId('sold-notice').textContent()).toMatch(/^This address was sold on /);
        await expect.poll(() => kindsOf(page)).toEqual(['sold', 'reserved', 'repriced', 'listed']);
        const sale = activity(page).first();
        expect(await sale.textContent()).toContain('Sold');
        expect(await sale.textContent()).toContain('for 0.04 SOL');
        const link = sale.getByRole('link', { name: /^Sold transaction .* on Solana Explorer/ });
        expect(await link.getAttribute('href')).toContain(`/tx/${signature}`);
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await activity(page).nth(2).textContent()).toContain('from 0.05 to 0.04 SOL');
        expect(await activity(page).nth(3).textContent()).toContain('for 0.05 SOL');
        // Only the sale has a transaction to show.
        expect(await page.getByTestId('activity-list').getByRole('link').count()).toBe(1);

        const card = page.getByTestId('seller-card');
        expect(await card.getByTestId('seller-wallet').textContent()).toBe(profileWallet(seller.address));
        expect(await card.textContent()).toContain(`Listed by ${profileWallet(seller.address)}`);
        expect(await card.getByTestId('seller-wallet').getAttribute('title')).toBe(seller.address);
        await expect.poll(() => card.getByTestId('seller-other-count').textContent()).toBe('2 other listings');
        for (const other of others) {
          expect(await card.locator(`a[href="${addressUrl(other.address)}"]`).count()).toBe(1);
        }
        await shot(page, 'sold-activity');

        // The seller view: the marketplace narrowed to this wallet, the sold one left out as everywhere.
        await card.getByRole('link', { name: 'See all from this seller' }).click();
        await page.waitForURL(`**/marketplace?seller=${seller.address}`);
        expect(await page.getByTestId('seller-filter-wallet').textContent()).toBe(profileWallet(seller.address));
        await expect.poll(() => page.getByTestId('total-count').textContent()).toBe('2 addresses');
        await shot(page, 'seller-view');
        await page.getByRole('button', { name: 'All sellers' }).click();
        await page.waitForURL((url) => !url.search.includes('seller='));
        // The address bar changes first; the page follows it on its next render.
        await expect.poll(() => page.getByTestId('seller-filter-wallet').count()).toBe(0);
      }));

    it('an available address lists the seller’s other listings and its own activity', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const api = await signIn(ctx.server.url, sellers[viewport.width]!);
        const listing = await createListing(api, { price: '0.07' });
        await page.goto(addressUrl(listing.address));
        await page.getByText('AVAILABLE FOR PURCHASE').waitFor();
        await expect.poll(() => kindsOf(page)).toEqual(['listed']);
        // This one is not among "other listings": the two of the sold test's seller and none else.
        const card = page.getByTestId('seller-card');
        await expect.poll(() => card.getByTestId('seller-other-count').textContent()).toMatch(/^\d+ other listings$/);
        expect(await card.locator(`a[href="${addressUrl(listing.address)}"]`).count()).toBe(0);
        await shot(page, 'address');
      }));

    it('Share copies the page’s web link; the Blink link is the second choice', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const api = await signIn(ctx.server.url, sellers[viewport.width]!);
        const listing = await createListing(api);
        await page.goto(addressUrl(listing.address));
        await page.getByRole('button', { name: 'Share', exact: true }).click();
        await expectToast(page, 'Copied!', 'Link to this page copied');
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
          `${ctx.server.url}${addressUrl(listing.address)}`,
        );

        await page.getByLabel('More ways to share').click();
        await shot(page, 'share');
        const blink = page.getByRole('button', { name: /Copy Blink link/ });
        await blink.click();
        await expectToast(page, 'Copied!', 'Blink link copied');
        await expect.poll(() => blink.isVisible()).toBe(false); // the menu closed on its choice
        expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(
          new RegExp(`^solana-action:.*${listing.address}`),
        );
        // Like any menu it also closes on Escape.
        await page.getByLabel('More ways to share').click();
        await blink.waitFor();
        await page.keyboard.press('Escape');
        await expect.poll(() => blink.isVisible()).toBe(false);
      }));

    it('the watchlist star toggles and persists, signed in and signed out', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const api = await signIn(ctx.server.url, sellers[viewport.width]!);
        const listing = await createListing(api);
        const star = page.getByRole('button', { name: /^Watch / });

        // Signed out: kept in this browser.
        await page.goto(addressUrl(listing.address));
        expect(await star.getAttribute('aria-pressed')).toBe('false');
        await star.click();
        await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
        await page.reload();
        await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
        await star.click();
        await expect.poll(() => star.getAttribute('aria-pressed')).toBe('false');

        // Signed in: kept by the server, across a reload.
        await openWithWallet(page, newKeypair(), addressUrl(listing.address));
        expect(await star.getAttribute('aria-pressed')).toBe('false');
        await star.click();
        await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
        await expect
          .poll(() => page.evaluate(() => fetch('/api/watchlist', { credentials: 'include' }).then((r) => r.json())))
          .toEqual({ addressIds: [listing.id] });
        await page.reload();
        await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
        await shot(page, 'watch-star');
      }));
  });
}
