import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '@shared/api/listings';
import { sessionCookie } from './helpers/api-sign-in';
import { startAppServer, type AppServer } from './helpers/app-server';
import { VIEWPORTS, withPage } from './helpers/browser';
import { newKeypair } from '@tests/helpers/keypair';
import { installTestWallet, TEST_WALLET_NAME } from './helpers/test-wallet';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * The browsing screens (docs/product-spec.md#screens) against the real server: listings are created through POST
 * /api/addresses by an admin the test signs in itself (ADMIN_WALLETS), with ed25519 keys generated here.
 */
const admin = newKeypair();
const LISTINGS = 25;
const ctx = useServerAndBrowser({ ADMIN_WALLETS: admin.address });
const created: Listing[] = [];

async function createListing(url: string, cookie: string, body: Record<string, unknown>): Promise<Listing> {
  const key = newKeypair();
  const res = await fetch(`${url}/api/addresses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url, cookie },
    body: JSON.stringify({ address: key.address, privateKey: key.forms.base58Secret, ...body }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  const cookie = await sessionCookie(ctx.server.url, admin);
  for (let i = 1; i <= LISTINGS; i++) {
    created.push(
      await createListing(ctx.server.url, cookie, {
        price: String(i),
        promotionType: i > LISTINGS - 3 ? 'featured' : 'standard',
      }),
    );
  }
});

const main = (page: Page) => page.locator('main');
const toast = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const rows = (page: Page) => page.getByTestId('listing-row');

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  describe(`browsing at ${viewport.width} px`, () => {
    it('home shows the hero, stats, featured cards, promo, validator and recent transactions', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        await page.goto('/');
        await main(page).getByRole('heading', { level: 1, name: 'Vanity Solana Addresses' }).waitFor();
        for (const label of ['Addresses Listed', 'Volume Traded (SOL)', 'Active Users', 'Avg. Price (SOL)']) {
          await main(page).getByText(label, { exact: true }).waitFor();
        }
        await page.getByRole('heading', { name: 'Premium Addresses' }).waitFor();
        expect(await page.getByRole('link', { name: 'View All' }).getAttribute('href')).toBe('/marketplace');
        await expect.poll(() => page.getByTestId('listing-card').count()).toBe(3);
        expect(await page.getByTestId('listing-card').first().textContent()).toContain('NEW');
        await page.getByRole('heading', { name: 'Why buy from the vault' }).waitFor();
        await page.getByText('No transactions found', { exact: true }).waitFor();
      }));

    it('marketplace lists, pages, searches and shows its empty search state', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        await page.goto('/marketplace');
        await main(page).getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
        await page.getByText('Discover rare vanity addresses on Solana').waitFor();
        await page.getByText('Featured Listings').waitFor();
        await page.getByText('Premium Addresses').waitFor();
        await expect.poll(() => page.getByTestId('total-count').textContent()).toBe(`${LISTINGS} addresses`);
        const items = viewport.width > 600 ? rows(page) : page.getByTestId('listing-card');
        await expect.poll(() => items.count()).toBe(20);

        await page.getByRole('button', { name: 'Page 2' }).click();
        await expect.poll(() => items.count()).toBe(5);
        await page.getByLabel('Addresses per page').selectOption('50');
        await expect.poll(() => items.count()).toBe(LISTINGS);
        expect(await page.getByRole('navigation', { name: 'Pagination' }).count()).toBe(0);

        const target = created[4]!;
        await page.getByLabel('Search addresses').fill(`  ${target.address.slice(10, 24)} `);
        await expect.poll(() => items.count()).toBe(1);
        expect(await items.first().getByRole('link').first().getAttribute('href')).toBe(
          `/address/${encodeURIComponent(target.address)}`,
        );

        // One character cannot be searched anywhere (from 2 anywhere, 1 anchored): the box says so and the
        // whole list stays.
        await page.getByLabel('Search addresses').fill('a');
        await page
          .getByText(
            'Type at least 2 letters or digits to search anywhere, or choose Starts with or Ends with to search from 1',
            { exact: true },
          )
          .waitFor();
        await expect.poll(() => items.count()).toBe(LISTINGS);

        await page.getByLabel('Search addresses').fill('zzzzzzzzzz');
        await page.getByRole('heading', { name: 'No addresses found matching "zzzzzzzzzz"' }).waitFor();
        await main(page).getByRole('button', { name: 'Clear search' }).last().click();
        await expect.poll(() => items.count()).toBe(LISTINGS);
      }));

    it('Address Not Found for an unknown address, with no console error', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        await page.goto('/address/NoSuchAddress111111111111111111111111111111');
        await page.getByRole('heading', { name: 'Address Not Found' }).waitFor();
        await page.getByText("The address you're looking for is not available in our marketplace.").waitFor();
        await page.getByRole('link', { name: 'Back to Marketplace' }).waitFor();
      }));

    it('the address page shows a listing', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const listing = created[0]!;
        await page.goto(`/address/${encodeURIComponent(listing.address)}`);
        await page.getByText('AVAILABLE FOR PURCHASE').waitFor();
        await page
          .getByText(`${listing.rarityScore.toFixed(1)}/10`, { exact: true })
          .first()
          .waitFor();
        await page.getByText('1 SOL', { exact: true }).first().waitFor();
        await page.getByText(listing.formattedUsd, { exact: true }).waitFor();
        await page.getByRole('button', { name: /BUY NOW/ }).waitFor();
        expect(await page.getByRole('link', { name: /VIEW on Solana Explorer/ }).getAttribute('target')).toBe('_blank');
        await page.getByRole('img', { name: /Price history/ }).waitFor();
        await page.getByText('Time to grind', { exact: true }).waitFor();
        await page.getByRole('button', { name: 'COPY' }).click();
        await toast(page).getByText('Copied!', { exact: true }).waitFor();
      }));
  });
}

describe('marketplace sorting (desktop)', () => {
  it('sorts by price and rarity; the active field toggles, price starts cheapest first, rarity highest', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await page.goto('/marketplace');
      await expect.poll(() => rows(page).count()).toBe(20);
      const firstPrice = () => rows(page).first().locator('td').nth(4).locator('span').first().textContent();
      const priceHeader = page.getByRole('columnheader', { name: 'Price' });
      // Price starts low to high, as a buyer reads it; a second click flips it. Wait for the header's sort
      // state, then for the rows it orders.
      await priceHeader.getByRole('button').click();
      await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('ascending');
      await expect.poll(firstPrice).toBe('1 SOL');
      await priceHeader.getByRole('button').click();
      await expect.poll(() => priceHeader.getAttribute('aria-sort')).toBe('descending');
      await expect.poll(firstPrice).toBe(`${LISTINGS} SOL`);
      await page.getByRole('columnheader', { name: 'Rarity' }).getByRole('button').click();
      await expect
        .poll(() => page.getByRole('columnheader', { name: 'Rarity' }).getAttribute('aria-sort'))
        .toBe('descending');
      expect(await priceHeader.getAttribute('aria-sort')).toBe('none');
    }));
});

describe('address validator', () => {
  it('needs an address, reports a valid one with its rarity, and explains an invalid one', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
      await page.goto('/');
      const validate = page.getByRole('button', { name: 'Validate & Check Rarity' });
      await validate.click();
      await toast(page).getByText('Please enter an address').waitFor();
      expect(await toast(page).getByText('Error', { exact: true }).isVisible()).toBe(true);

      await page.getByLabel('Address', { exact: true }).fill(created[0]!.address);
      await validate.click();
      await page.getByRole('heading', { name: 'Valid Address' }).waitFor();
      for (const label of ['Rarity score', 'Estimated value', 'Category', 'Expected attempts', 'Time to grind']) {
        await page.getByText(label, { exact: true }).first().waitFor();
      }

      await page.getByLabel('Address', { exact: true }).fill('not-an-address');
      await validate.click();
      await page.getByRole('heading', { name: 'Invalid Address' }).waitFor();
      await page.getByRole('button', { name: 'Clear' }).click();
      expect(await page.getByLabel('Address', { exact: true }).inputValue()).toBe('');
      expect(await page.getByRole('heading', { name: 'Invalid Address' }).count()).toBe(0);
    }));
});

describe('watchlist star', () => {
  it('persists for a signed-in wallet across a reload, and lists the starred card under My watchlist', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await installTestWallet(page, newKeypair());
      await page.goto('/marketplace');
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      await page
        .getByRole('dialog', { name: 'Connect a wallet' })
        .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
        .click();
      await toast(page).getByText('Wallet Connected!', { exact: true }).waitFor();
      const star = rows(page)
        .first()
        .getByRole('button', { name: /^Watch / });
      expect(await star.getAttribute('aria-pressed')).toBe('false');
      await star.click();
      await expect.poll(() => star.getAttribute('aria-pressed')).toBe('true');
      await expect
        .poll(() => page.evaluate(() => fetch('/api/watchlist', { credentials: 'include' }).then((r) => r.json())))
        .toMatchObject({ addressIds: [expect.any(String)] });
      await page.reload();
      await expect
        .poll(() =>
          rows(page)
            .first()
            .getByRole('button', { name: /^Watch / })
            .getAttribute('aria-pressed'),
        )
        .toBe('true');

      // The profile shows the starred listing as a card under its own heading; unstarring there removes it.
      const address = await rows(page).first().locator('a[title]').getAttribute('title');
      await page.goto('/profile');
      const watchlist = page.getByRole('region', { name: /^My watchlist/ });
      const cards = watchlist.getByTestId('watchlist').getByRole('listitem');
      await expect.poll(() => cards.count()).toBe(1);
      expect(await cards.first().locator(`a[href="/address/${address}"]`).count()).toBeGreaterThan(0);
      await cards
        .first()
        .getByRole('button', { name: /^Watch / })
        .click();
      await watchlist.getByRole('heading', { name: 'No starred addresses' }).waitFor();
      expect(await cards.count()).toBe(0);
    }));
});

describe('with no data', () => {
  let empty: AppServer;
  beforeAll(async () => {
    empty = await startAppServer();
  });
  afterAll(() => empty?.stop());

  it('shows the empty states of home and marketplace', () =>
    withPage(ctx.browser, { baseURL: empty.url }, async (page) => {
      await page.goto('/');
      await page.getByText('No featured addresses available at the moment.').waitFor();
      await page.getByText('No transactions found').waitFor();
      await page.goto('/marketplace');
      await page.getByRole('heading', { name: 'No listings available at the moment.' }).waitFor();
    }));
});
