import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { Listing } from '@shared/api/listings';
import { VIEWPORTS, withPage } from './helpers/browser';
import { newKeypair } from '@tests/helpers/keypair';
import { confirmDelete, createListing, expectToast, openWithWallet } from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';

/*
 * docs/product-spec.md#validation-rules "Price edit (inline on a card)", docs/product-spec.md#roles-and-permissions
 * "Owner … may delete, edit price and toggle featured" and the docs/product-spec.md#error-texts texts 'Update Failed' /
 * 'Failed to update price' / 'Failed to update featured status'. The marketplace shows cards at phone width; the owner
 * signs in through the page, the listing is created through the real API.
 */
const ctx = useShopWithAdmin();

const cardOf = (page: Page, address: string) =>
  page.getByTestId('listing-card').filter({ has: page.locator(`a[title="${address}"]`) });
const rowOf = (page: Page, address: string) =>
  page.getByTestId('listing-row').filter({ has: page.locator(`a[title="${address}"]`) });
const buyButton = (scope: Locator) => scope.getByRole('button', { name: /^(Buy|BUY NOW) / });

async function stored(address: string): Promise<Listing> {
  const res = await fetch(`${ctx.server.url}/api/addresses/by-address/${encodeURIComponent(address)}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Listing;
}

async function openMarketplaceCard(page: Page, address: string): Promise<Locator> {
  await openWithWallet(page, ctx.admin, '/marketplace');
  const card = cardOf(page, address);
  await card.waitFor();
  await card.getByText('Your Listing', { exact: true }).waitFor();
  return card;
}

describe("the owner's controls on a listing card", () => {
  it('edits the price inline: read by the shared parser, refused with the reason, never rewritten', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      const listing = await createListing(ctx.adminApi, { price: '0.5' });
      const card = await openMarketplaceCard(page, listing.address);
      await card.getByText('0.5 SOL', { exact: true }).waitFor();

      await card.getByRole('button', { name: 'Edit price' }).click();
      const input = card.getByLabel('New price (SOL)');
      expect(await input.inputValue()).toBe('0.5');
      const save = card.getByRole('button', { name: 'Save' });
      await input.fill('');
      expect(await save.isDisabled()).toBe(true);
      await input.fill('0');
      expect(await save.isDisabled()).toBe(true);
      // A minus sign is refused with the reason, and the text stays as typed (it used to become 3).
      await input.fill('-3');
      expect(await input.inputValue()).toBe('-3');
      await card.getByRole('alert').getByText('Price cannot be negative: remove the minus sign').waitFor();
      expect(await save.isDisabled()).toBe(true);
      await input.fill('1.2.3');
      await card
        .getByRole('alert')
        .getByText(/has 2 separators/)
        .waitFor();

      // A decimal comma is a decimal comma: 0,6 is 0.6 SOL, not 6.
      await input.fill('0,6');
      await save.click();
      await expectToast(page, 'Listing updated successfully');
      await card.getByText('0.6 SOL', { exact: true }).waitFor();
      expect((await stored(listing.address)).price).toBe('0.6');

      // Cancel leaves the price alone.
      await card.getByRole('button', { name: 'Edit price' }).click();
      await input.fill('9');
      await card.getByRole('button', { name: 'Cancel' }).click();
      await card.getByRole('button', { name: 'Edit price' }).waitFor();
      expect((await stored(listing.address)).price).toBe('0.6');
    }));

  it('toggles featured on and off', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      const listing = await createListing(ctx.adminApi, { price: '0.3' });
      const card = await openMarketplaceCard(page, listing.address);
      const featured = card.getByRole('button', { name: 'Featured' });
      expect(await featured.getAttribute('aria-pressed')).toBe('false');

      await featured.click();
      await expectToast(page, 'Listing updated successfully');
      await expect.poll(() => featured.getAttribute('aria-pressed')).toBe('true');
      const on = await stored(listing.address);
      expect([on.isFeatured, on.promotionType, on.featuredUntil !== null]).toEqual([true, 'featured', true]);

      await featured.click();
      await expect.poll(() => featured.getAttribute('aria-pressed')).toBe('false');
      const off = await stored(listing.address);
      expect([off.isFeatured, off.promotionType]).toEqual([false, 'standard']);
    }));

  it("says which change failed, with the server's reason when it gave one", () =>
    withPage(
      ctx.browser,
      {
        baseURL: ctx.server.url,
        viewport: VIEWPORTS.phone,
        // Injected network failures, and the server's 404 for the listing deleted from another tab.
        tolerate: [/(status of 404|net::ERR_FAILED) .*\/api\/addresses\/[0-9a-f-]{36}/],
      },
      async (page) => {
        const listing = await createListing(ctx.adminApi, { price: '0.4' });
        const card = await openMarketplaceCard(page, listing.address);
        const url = `**/api/addresses/${listing.id}`;
        await page.route(url, (route) =>
          route.request().method() === 'PATCH' ? route.abort('failed') : route.fallback(),
        );

        await card.getByRole('button', { name: 'Edit price' }).click();
        await card.getByLabel('New price (SOL)').fill('1.25');
        await card.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Update Failed', 'Failed to update price');
        await card.getByRole('button', { name: 'Cancel' }).click();

        await card.getByRole('button', { name: 'Featured' }).click();
        await expectToast(page, 'Update Failed', 'Failed to update featured status');
        await page.unroute(url);
        const unchanged = await stored(listing.address);
        expect([unchanged.price, unchanged.isFeatured]).toEqual(['0.4', false]);

        // Deleted from another tab: the server's reason.
        expect((await ctx.adminApi.call('DELETE', `/api/addresses/${listing.id}`)).status).toBe(200);
        await card.getByRole('button', { name: 'Edit price' }).click();
        await card.getByLabel('New price (SOL)').fill('1.5');
        await card.getByRole('button', { name: 'Save' }).click();
        await expectToast(page, 'Update Failed', 'Address not found');
      },
    ));

  it('deletes after confirmation; other wallets see no controls', async () => {
    const listing = await createListing(ctx.adminApi, { price: '0.2' });
    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      await openWithWallet(page, newKeypair(), '/marketplace');
      const card = cardOf(page, listing.address);
      await card.waitFor();
      expect(await card.getByRole('button', { name: 'Edit price' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Featured' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    });
    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      const card = await openMarketplaceCard(page, listing.address);
      await confirmDelete(page, card);
      await expectToast(page, 'Listing deleted successfully');
      await expect.poll(() => card.count()).toBe(0);
      const res = await fetch(`${ctx.server.url}/api/addresses/by-address/${encodeURIComponent(listing.address)}`);
      expect(res.status).toBe(404);
    });
  });

  // The marketplace's answers are the same for every caller (decision 0004): the browser tells its own listing
  // from sellerWallet and the session, on the card, the table row and the address page.
  it("shows the owner 'Your Listing' and their controls, and everybody else Buy, from answers without isOwner", async () => {
    const listing = await createListing(ctx.adminApi, { price: '0.6' });
    const path = `/api/addresses/by-address/${encodeURIComponent(listing.address)}`;
    const anonymous = await (await fetch(`${ctx.server.url}${path}`)).json();
    const asOwner = await ctx.adminApi.call('GET', path);
    expect(asOwner.body).toEqual(anonymous);
    expect(anonymous).not.toHaveProperty('isOwner');
    expect(anonymous).toMatchObject({ sellerWallet: ctx.admin.address });

    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      const card = await openMarketplaceCard(page, listing.address);
      await card.getByRole('button', { name: 'Edit price' }).waitFor();
      expect(await buyButton(card).count()).toBe(0);

      await page.goto(`/address/${encodeURIComponent(listing.address)}`);
      await page.getByText('Your Listing', { exact: true }).first().waitFor();
      expect(await page.getByRole('button', { name: 'Your Listing' }).isDisabled()).toBe(true);
      expect(await buyButton(page.locator('main')).count()).toBe(0);
    });
    await withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await openWithWallet(page, ctx.admin, '/marketplace');
      const row = rowOf(page, listing.address);
      await row.getByText('Your Listing', { exact: true }).first().waitFor();
      expect(await row.getByRole('button', { name: 'Your Listing' }).isDisabled()).toBe(true);
    });

    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      await openWithWallet(page, newKeypair(), '/marketplace');
      const card = cardOf(page, listing.address);
      await buyButton(card).waitFor();
      expect(await card.getByText('Your Listing', { exact: true }).count()).toBe(0);

      await page.goto(`/address/${encodeURIComponent(listing.address)}`);
      await buyButton(page.locator('main')).waitFor();
      expect(await page.getByText('Your Listing', { exact: true }).count()).toBe(0);
    });
    await withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await page.goto('/marketplace');
      const row = rowOf(page, listing.address);
      await buyButton(row).waitFor();
      expect(await buyButton(row).isEnabled()).toBe(true);
      expect(await row.getByText('Your Listing', { exact: true }).count()).toBe(0);
    });
  });
});
