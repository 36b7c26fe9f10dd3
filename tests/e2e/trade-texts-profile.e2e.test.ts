import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { withPage } from './helpers/browser';
import { newKeypair } from '@tests/helpers/keypair';
import { installTestWallet } from './helpers/test-wallet';
import {
  airdrop,
  chooseTestWallet,
  confirmDelete,
  createListing,
  expectLink,
  expectToast,
  holdRequests,
  openWithWallet,
  signIn,
  waitForWallet,
  type ApiSession,
} from './helpers/trade-fixtures';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * docs/product-spec.md#profile (header, My Addresses, admin My Listings with filters, sort, pages, edit and delete,
 * Transaction History) and the docs/product-spec.md#error-texts listing and key texts shown there
 * (docs/spec-coverage/trading-screens.md). Listings are created through the real API by admins the test signs in
 * itself; the purchase is a real payment.
 */
const seller = newKeypair();
const lister = newKeypair();
const editor = newKeypair();
const emptyAdmin = newKeypair();
const LISTINGS = 23;
let sellerApi: ApiSession;
let listerApi: ApiSession;
let editorApi: ApiSession;
const listed: { id: string; address: string }[] = [];
const ctx = useServerAndBrowser({
  ADMIN_WALLETS: [seller, lister, editor, emptyAdmin].map((k) => k.address).join(','),
});
beforeAll(async () => {
  [sellerApi, listerApi, editorApi] = await Promise.all([
    signIn(ctx.server.url, seller),
    signIn(ctx.server.url, lister),
    signIn(ctx.server.url, editor),
  ]);
  // Prices 0.01 … 0.23 SOL, so the price sorts have a known first card.
  for (let i = 1; i <= LISTINGS; i++) listed.push(await createListing(listerApi, { price: (i / 100).toFixed(2) }));
});

const profileWallet = (address: string) => `${address.slice(0, 6)}...${address.slice(-4)}`;
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });
const myListings = (page: Page) => page.getByTestId('my-listing');
/** A select's visible text is its chosen option's label. */
const shownOption = (select: Locator) => select.evaluate((s: HTMLSelectElement) => s.selectedOptions[0]?.textContent);

async function choose(select: Locator, value: string, label: string) {
  await select.selectOption(value);
  expect(await select.isVisible()).toBe(true);
  expect(await shownOption(select)).toBe(label);
}

describe('profile of a wallet', () => {
  it('asks for a wallet, connects from the page, then shows the header and empty sections', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const visitor = newKeypair();
      await installTestWallet(page, visitor);
      await page.goto('/profile');
      await heading(page, 'Connect Your Wallet').waitFor();
      await page.getByText('Please connect your wallet to view your profile', { exact: true }).waitFor();
      await page.getByRole('main').getByRole('button', { name: 'Connect Wallet' }).click();
      await chooseTestWallet(page);
      await waitForWallet(page, visitor.address);

      await page.getByRole('heading', { level: 1, name: profileWallet(visitor.address) }).waitFor();
      await page.getByRole('main').getByText('Solana', { exact: true }).waitFor();
      const since = await page.evaluate(() =>
        new Date().toLocaleDateString(undefined, { year: 'numeric', month: 'long', day: 'numeric' }),
      );
      await page.getByText(`Member since ${since}`, { exact: true }).waitFor();
      expect(await page.getByText('Verified Admin').count()).toBe(0);
      expect(await heading(page, 'My Listings').count()).toBe(0);

      const startedAt = Date.now();
      await page.getByRole('button', { name: 'Copy wallet address' }).click();
      await page.getByRole('button', { name: 'Copied', exact: true }).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(visitor.address);
      await page.getByRole('button', { name: 'Copy wallet address' }).waitFor();
      expect(Date.now() - startedAt).toBeGreaterThanOrEqual(2000);

      await page.getByRole('heading', { name: /^My Addresses/ }).waitFor();
      await heading(page, 'No Addresses Owned').waitFor();
      await expectLink(page.getByRole('link', { name: 'Browse Marketplace' }), '/marketplace');
      await page.getByRole('heading', { name: /^Transaction History/ }).waitFor();
      await heading(page, 'No Transactions Found').waitFor();
    }));

  it('says Failed to copy when the clipboard refuses', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      // The browser's clipboard refuses the write, as it does without permission or focus.
      await page.addInitScript(() => {
        Object.defineProperty(navigator.clipboard, 'writeText', {
          value: () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError')),
        });
      });
      await openWithWallet(page, newKeypair(), '/profile');
      await page.getByRole('button', { name: 'Copy wallet address' }).click();
      await expectToast(page, 'Failed to copy');
    }));

  it(
    'My Addresses: the owned address, its links, reveal and hide, the destroy dialog, and refusals',
    () =>
      withPage(
        ctx.browser,
        // Reveal and destroy of a key destroyed meanwhile answer 410 by design, and one of each meets an injected
        // network failure; Chromium logs them.
        { baseURL: ctx.server.url, tolerate: [/(status of 410|net::ERR_FAILED) .*\/api\/transactions\/.*private-key/] },
        async (page) => {
          const listing = await createListing(sellerApi, { price: '0.05' });
          const buyer = newKeypair();
          await airdrop(ctx.server.url, buyer.address, 2);
          await openWithWallet(page, buyer, `/address/${encodeURIComponent(listing.address)}`);
          await page.getByRole('button', { name: /^BUY NOW/ }).click();
          await page.waitForURL(/\/secure-transaction\//);
          await page
            .getByTestId('transaction-status')
            .filter({ hasText: 'Blockchain Confirmed' })
            .first()
            .waitFor({ timeout: 60_000 });
          const id = new URL(page.url()).pathname.split('/').pop()!;
          const tx = (await (await page.request.get(`/api/transactions/${id}`)).json()) as {
            txHash: string;
            completedAt: string;
          };

          await page.goto('/profile');
          const card = page.getByTestId('owned-address').filter({ hasText: listing.address });
          await card.waitFor();
          await card.getByText('Owned', { exact: true }).waitFor();
          await card.getByText(listing.address, { exact: true }).waitFor();
          await card.getByText('Purchase price').waitFor();
          await card.getByText('0.05 SOL', { exact: true }).waitFor();
          const bought = await page.evaluate((d) => new Date(d).toLocaleDateString(), tx.completedAt);
          await card.getByText(bought, { exact: true }).waitFor();
          await expectLink(card.getByRole('link', { name: 'Details' }), `/transaction/${id}`);
          const explorer = card.getByRole('link', { name: 'Explorer' });
          await expectLink(explorer, new RegExp(`/tx/${tx.txHash}`)); // base58: no pattern characters
          expect(await explorer.getAttribute('target')).toBe('_blank');

          await card.getByRole('button', { name: 'Reveal Key' }).click();
          await expectToast(page, 'Private Key Revealed');
          await card.getByTestId('secret-value').waitFor();
          await card.getByRole('button', { name: 'Hide Key' }).click();
          await card.getByRole('button', { name: 'Reveal Key' }).waitFor();
          expect(await card.getByTestId('secret-value').count()).toBe(0);

          await card.getByRole('button', { name: 'Destroy Key' }).click();
          const dialog = page.getByRole('dialog', { name: 'Permanently Destroy Private Key?' });
          await dialog.getByText(/permanently deleted .* cannot be recovered/).waitFor();
          await dialog.getByRole('button', { name: 'Yes, Destroy Forever' }).waitFor();
          await dialog.getByRole('button', { name: 'Cancel' }).click();
          await dialog.waitFor({ state: 'hidden' });
          await card.getByRole('button', { name: 'Reveal Key' }).waitFor();

          const history = page.getByTestId('history-row').filter({ hasText: listing.address.slice(0, 8) });
          await history.getByText('Bought', { exact: true }).waitFor();
          await history.getByText('0.05 SOL', { exact: true }).waitFor();
          await history.getByText('Blockchain Confirmed', { exact: true }).waitFor();

          await card.getByRole('link', { name: 'Details' }).click();
          await page.getByRole('heading', { level: 1, name: 'Transaction Details' }).waitFor();
          await page.goBack();
          await card.waitFor();

          // No answer at all (an injected network failure): the spec's fallback texts.
          await page.route(/\/private-key$|\/reveal-private-key$/, (route) => route.abort('failed'));
          await card.getByRole('button', { name: 'Reveal Key' }).click();
          await expectToast(page, 'Failed to Reveal Key', 'Failed to reveal private key');
          await card.getByRole('button', { name: 'Destroy Key' }).click();
          await dialog.getByRole('button', { name: 'Yes, Destroy Forever' }).click();
          await expectToast(page, 'Failed to Destroy Key', 'Failed to destroy private key');
          await page.unroute(/\/private-key$|\/reveal-private-key$/);

          // The same buyer destroys the key from another tab; this tab still offers the key actions.
          const destroyed = await page.request.delete(`/api/transactions/${id}/private-key`, {
            data: { wallet: buyer.address },
            headers: { origin: ctx.server.url },
          });
          expect(destroyed.status()).toBe(200);
          await card.getByRole('button', { name: 'Reveal Key' }).click();
          await expectToast(page, 'Failed to Reveal Key', 'The private key was destroyed');
          await card.getByRole('button', { name: 'Destroy Key' }).click();
          await dialog.getByRole('button', { name: 'Yes, Destroy Forever' }).click();
          await expectToast(page, 'Failed to Destroy Key', 'The private key was destroyed');
        },
      ),
    150_000,
  );

  it('says which list failed to load instead of showing it empty', () =>
    withPage(
      ctx.browser,
      // Injected network failures of the three profile lists; Chromium logs each failed request.
      {
        baseURL: ctx.server.url,
        tolerate: [/net::ERR_FAILED .*\/api\/(addresses\/user|transactions\/(purchases|user))/],
      },
      async (page) => {
        await openWithWallet(page, emptyAdmin, '/');
        await page.route(/\/api\/(addresses\/user|transactions\/(purchases|user))\?/, (route) => route.abort('failed'));
        await page.goto('/profile');
        await waitForWallet(page, emptyAdmin.address);
        // Each list is retried (3 times, backing off) before the page gives up on it.
        for (const text of [
          'Failed to fetch user listings',
          'Failed to fetch user purchases',
          'Failed to fetch user transactions',
        ]) {
          await page.getByRole('alert').filter({ hasText: text }).waitFor({ timeout: 45_000 });
        }
        expect(await heading(page, 'No Addresses Owned').count()).toBe(0);
        expect(await heading(page, 'No Transactions Found').count()).toBe(0);
      },
    ));
});

describe('admin My Listings', () => {
  it('an admin without listings is invited to create one', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await openWithWallet(page, emptyAdmin, '/profile');
      await page.getByText('Verified Admin', { exact: true }).waitFor();
      await page.getByRole('heading', { name: /^My Listings/ }).waitFor();
      await heading(page, 'No Listings Yet').waitFor();
      await expectLink(page.getByRole('link', { name: 'Create Your First Listing' }), '/create-listing');
      await expectLink(page.getByRole('link', { name: 'Create New Listing' }), '/create-listing');
    }));

  it(
    'pages, sorts, searches and filters the listings',
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        await openWithWallet(page, lister, '/profile');
        const showing = page.getByText(/^Showing \d+-\d+ of \d+ listings$/);
        await page.getByText(`Showing 1-20 of ${LISTINGS} listings`, { exact: true }).waitFor();
        await expect.poll(() => myListings(page).count()).toBe(20);
        const previous = page.getByRole('button', { name: 'Previous' });
        expect(await previous.isDisabled()).toBe(true);
        for (const n of [1, 2]) await page.getByRole('button', { name: `Page ${n}`, exact: true }).waitFor();
        expect(await page.getByRole('button', { name: /^Page \d+$/ }).count()).toBe(2);
        await page.getByRole('button', { name: 'Next' }).click();
        await page.getByText(`Showing 21-${LISTINGS} of ${LISTINGS} listings`, { exact: true }).waitFor();
        expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).toBe(true);
        await previous.click();
        await page.getByText(`Showing 1-20 of ${LISTINGS} listings`, { exact: true }).waitFor();
        await page.getByRole('button', { name: 'Page 2', exact: true }).click();
        await page.getByText(`Showing 21-${LISTINGS} of ${LISTINGS} listings`, { exact: true }).waitFor();

        // The sort button cycles through six orders; any change goes back to page 1.
        const sort = page.getByRole('button', { name: /^Sort: / });
        const firstPrice = () => myListings(page).first().locator('p.font-mono').textContent();
        expect(await sort.textContent()).toBe('Date (Recent)');
        const clearAll = page.getByRole('button', { name: 'Clear All Filters' });
        expect(await clearAll.count()).toBe(0);
        for (const label of [
          'Date (Last)',
          'Price (High)',
          'Price (Low)',
          'Length (Long)',
          'Length (Short)',
          'Date (Recent)',
        ]) {
          await sort.click();
          await expect.poll(() => sort.textContent()).toBe(label);
          expect(await sort.isVisible()).toBe(true);
          await expect.poll(() => showing.textContent()).toBe(`Showing 1-20 of ${LISTINGS} listings`);
          if (label === 'Price (High)') await expect.poll(firstPrice).toBe('0.23 SOL');
          if (label === 'Price (Low)') await expect.poll(firstPrice).toBe('0.01 SOL');
          if (label === 'Date (Last)') await clearAll.waitFor();
        }
        expect(await clearAll.count()).toBe(0);

        const search = page.getByPlaceholder('Search addresses...');
        await search.fill(listed[4]!.address.slice(3, 15));
        await expect.poll(() => myListings(page).count()).toBe(1);
        await page.getByText('Showing 1-1 of 1 listings', { exact: true }).waitFor();
        await clearAll.click();
        expect(await search.inputValue()).toBe('');
        await page.getByText(`Showing 1-20 of ${LISTINGS} listings`, { exact: true }).waitFor();

        const status = page.getByLabel('Status filter');
        expect(await shownOption(status)).toBe('All statuses');
        await choose(status, 'available', 'available');
        await page.getByText(`Showing 1-20 of ${LISTINGS} listings`, { exact: true }).waitFor();
        await clearAll.waitFor();
        for (const value of ['sold', 'pending']) {
          await choose(status, value, value);
          await heading(page, 'No listings match these filters').waitFor();
        }
        await choose(status, 'all', 'All statuses');

        const category = page.getByLabel('Category filter');
        expect(await shownOption(category)).toBe('All categories');
        const categories = await category.evaluate((s: HTMLSelectElement) => [...s.options].map((o) => o.value));
        expect(categories).toEqual([
          'all',
          'leading-zeros',
          'palindrome',
          'repeating',
          'word-like',
          'mathematical',
          'cultural',
          'custom',
        ]);
        for (const value of categories.slice(1)) {
          await choose(category, value, value.replace(/-/g, ' '));
          // The page shows what the server holds for that category: its count, or the filters' empty state.
          const answer = await page.request.get(
            `/api/addresses/user?walletAddress=${lister.address}&category=${value}&page=1&pageSize=20`,
          );
          const { total } = ((await answer.json()) as { pagination: { total: number } }).pagination;
          if (total === 0) await heading(page, 'No listings match these filters').waitFor();
          else
            await expect
              .poll(() => showing.textContent())
              .toBe(`Showing 1-${Math.min(total, 20)} of ${total} listings`);
        }
        await clearAll.click();
        await page.getByText(`Showing 1-20 of ${LISTINGS} listings`, { exact: true }).waitFor();
      }),
    120_000,
  );

  it(
    'edits a listing (every field and listing type) and shows its badges',
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        const target = await createListing(editorApi, { price: '0.08' });
        await openWithWallet(page, editor, '/profile');
        await page.getByPlaceholder('Search addresses...').fill(target.address);
        const card = myListings(page).filter({ hasText: target.address });
        await expect.poll(() => myListings(page).count()).toBe(1);
        await card.getByRole('link', { name: target.address }).waitFor();
        await card.getByText('Listed', { exact: true }).waitFor();
        await card.getByText('0.08 SOL', { exact: true }).waitFor();
        await card.getByRole('button', { name: 'Delete' }).waitFor();

        await card.getByRole('button', { name: 'Edit' }).click();
        const form = card.getByRole('form', { name: 'Edit listing' });
        await form.getByText('e.g. 0.001', { exact: true }).waitFor();
        expect(await form.getByLabel('Price').getAttribute('placeholder')).toBe('0.001');
        const currency = form.getByLabel('Currency');
        expect(await shownOption(currency)).toBe('SOL');
        await choose(currency, 'ETH', 'ETH');
        await choose(currency, 'SOL', 'SOL');
        const categorySelect = form.getByLabel('Category');
        const categoryValues = await categorySelect.evaluate((s: HTMLSelectElement) =>
          [...s.options].map((o) => o.value),
        );
        expect(categoryValues.slice(-5)).toEqual(['premium', 'rare', 'ultra', 'legendary', 'standard']);
        for (const value of ['premium', 'rare', 'ultra', 'standard', 'legendary']) {
          await choose(categorySelect, value, value);
        }
        const type = form.getByLabel('Listing Type');
        expect(await shownOption(type)).toBe('standard');
        for (const value of ['featured', 'premium', 'standard', 'promoted']) await choose(type, value, value);
        const listedBox = form.getByLabel('Listed (visible in marketplace)');
        expect(await listedBox.isChecked()).toBe(true);
        await listedBox.uncheck();
        const pattern = target.address.slice(0, 3);
        await form.getByLabel('Pattern').fill(pattern);
        await form.getByLabel('Price').fill('0.5');

        const patch = await holdRequests(page, `**/api/addresses/${target.id}`, 'PATCH');
        await form.getByRole('button', { name: 'Save Changes' }).click();
        await patch.arrived;
        await form.getByRole('button', { name: 'Saving...' }).waitFor();
        patch.release();
        await expectToast(page, 'Listing updated successfully');
        await card.getByText('Unlisted', { exact: true }).waitFor();
        await card.getByText('Promoted', { exact: true }).waitFor();
        expect(await card.getByText('Featured', { exact: true }).count()).toBe(0);
        await card.getByText('0.5 SOL', { exact: true }).waitFor();
        await card.getByText('legendary', { exact: true }).waitFor();
        await card.getByText(pattern, { exact: true }).waitFor();

        await card.getByRole('button', { name: 'Edit' }).click();
        await choose(form.getByLabel('Listing Type'), 'featured', 'featured');
        await form.getByRole('button', { name: 'Save Changes' }).click();
        await expectToast(page, 'Listing updated successfully');
        await card.getByText('Featured', { exact: true }).waitFor();
        expect(await card.getByText('Promoted', { exact: true }).count()).toBe(0);

        await card.getByRole('button', { name: 'Edit' }).click();
        await form.getByRole('button', { name: 'Cancel' }).click();
        await form.waitFor({ state: 'hidden' });
        await card.getByRole('button', { name: 'Edit' }).waitFor();
      }),
    120_000,
  );

  it('Update Failed and Error when the listing was deleted meanwhile or the request got no answer', () =>
    withPage(
      ctx.browser,
      // The server answers 404 for the listing deleted from another tab, and two requests meet an injected
      // network failure; Chromium logs them.
      { baseURL: ctx.server.url, tolerate: [/(status of 404|net::ERR_FAILED) .*\/api\/addresses\/[0-9a-f-]{36}/] },
      async (page) => {
        const target = await createListing(editorApi);
        await openWithWallet(page, editor, '/profile');
        await page.getByPlaceholder('Search addresses...').fill(target.address);
        await expect.poll(() => myListings(page).count()).toBe(1);
        const card = myListings(page).first();
        const failNext = (method: string) =>
          page.route(`**/api/addresses/${target.id}`, (route) =>
            route.request().method() === method ? route.abort('failed') : route.fallback(),
          );
        await card.getByRole('button', { name: 'Edit' }).click();
        // No answer at all (an injected network failure): the spec's fallback texts.
        await failNext('PATCH');
        await card.getByRole('button', { name: 'Save Changes' }).click();
        await expectToast(page, 'Error', 'Failed to update listing');
        await page.unroute(`**/api/addresses/${target.id}`);
        await card.getByRole('button', { name: 'Cancel' }).click();
        await failNext('DELETE');
        await card.getByRole('button', { name: 'Delete' }).click();
        await page
          .getByRole('dialog', { name: 'Delete listing?' })
          .getByRole('button', { name: 'Delete Listing' })
          .click();
        await expectToast(page, 'Error', 'Failed to delete listing');
        // The dialog is closed and the focus is back on the Delete button that opened it.
        await page.getByRole('dialog').waitFor({ state: 'detached' });
        await card.getByRole('button', { name: 'Delete' }).waitFor();
        expect(await card.getByRole('button', { name: 'Delete' }).evaluate((b) => b === document.activeElement)).toBe(
          true,
        );
        await page.unroute(`**/api/addresses/${target.id}`);

        await card.getByRole('button', { name: 'Edit' }).click();
        // The same admin deletes it from another tab.
        const gone = await page.request.delete(`/api/addresses/${target.id}`, {
          headers: { origin: ctx.server.url, 'x-wallet-address': editor.address },
        });
        expect(gone.status()).toBe(200);
        await card.getByRole('button', { name: 'Save Changes' }).click();
        await expectToast(page, 'Update Failed', 'Address not found');
        await card.getByRole('button', { name: 'Cancel' }).click();
        await confirmDelete(page, card);
        await expectToast(page, 'Error', 'Address not found');
      },
    ));
});
