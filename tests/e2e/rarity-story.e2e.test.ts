import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '@shared/api/listings';
import { RARITY_TIER_SCALE } from '@shared/rarity/tier';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { sessionCookie } from './helpers/api-sign-in';
import { VIEWPORTS, withPage } from './helpers/browser';
import { openWithWallet } from './helpers/trade-fixtures';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * One rarity story (docs/market-data.md#one-rarity-and-price-story): a listing whose declared pattern is 2 characters
 * shows the same tier name on its card, in the marketplace table and on its address page, and the address page gives it
 * a real difficulty (not "1 in 1") and a value above 0 SOL. RARITY_SCREENSHOTS=<dir> saves what the test saw
 * (docs/screenshots).
 */
const SHOTS = process.env.RARITY_SCREENSHOTS;
const admin = newKeypair();
const ctx = useServerAndBrowser({ ADMIN_WALLETS: admin.address });
let listing: Listing;

/** A key whose last two characters occur nowhere else in it (any case): declared, a plain 2-character suffix. */
function twoCharSuffixKey(): TestKeypair {
  for (;;) {
    const keypair = newKeypair();
    const tail = keypair.address.slice(-2).toLowerCase();
    if (keypair.address.toLowerCase().indexOf(tail) === keypair.address.length - 2) return keypair;
  }
}

beforeAll(async () => {
  const cookie = await sessionCookie(ctx.server.url, admin);
  const key = twoCharSuffixKey();
  const res = await fetch(`${ctx.server.url}/api/addresses`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: ctx.server.url, cookie },
    body: JSON.stringify({
      address: key.address,
      privateKey: key.forms.base58Secret,
      price: '0.05',
      pattern: key.address.slice(-2),
      promotionType: 'featured', // on the Home page's cards too
    }),
  });
  if (res.status !== 201) throw new Error(`create failed: ${res.status} ${await res.text()}`);
  listing = await res.json();
});

const TIER_NAMES: readonly string[] = RARITY_TIER_SCALE.map((t) => t.label);

async function tierOn(scope: ReturnType<Page['locator']>): Promise<string> {
  const text = (await scope.getByTestId('tier-badge').first().textContent())?.trim() ?? '';
  expect(TIER_NAMES).toContain(text);
  return text;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  // A toast ("Wallet Connected!") would cover the form in the picture; it may also close by itself meanwhile.
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click({ timeout: 1_000 }).catch(() => undefined);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  describe(`one rarity story at ${viewport.width} px`, () => {
    it('card, table and address page name the same tier; the address page gives odds and a value', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        expect(listing.pattern).toHaveLength(2);
        expect(listing.rarityScore).toBe(2.8); // a 2-character suffix: 1 in 3,364

        await page.goto('/');
        const homeCard = page.getByTestId('listing-card').filter({ hasText: listing.address.slice(0, 6) });
        await homeCard.first().waitFor();
        const onCard = await tierOn(homeCard.first());

        await page.goto('/marketplace');
        // The table on a desktop, cards on a phone (the spec's layout).
        const entry = page
          .getByTestId(viewport === VIEWPORTS.desktop ? 'listing-row' : 'listing-card')
          .filter({ hasText: listing.address.slice(0, 6) })
          .first();
        await entry.waitFor();
        const inMarketplace = await tierOn(entry);
        // The tier filter offers the same names, and no second scale.
        const filterOptions = (await page.getByLabel('Rarity tier').locator('option').allTextContents()).map((o) =>
          o.trim(),
        );
        expect(filterOptions).toEqual(['All tiers', ...TIER_NAMES]);
        await shot(page, 'rarity-marketplace');

        await page.goto(`/address/${encodeURIComponent(listing.address)}`);
        await page.getByRole('heading', { name: 'Why it is rare' }).waitFor();
        const onAddress = await tierOn(page.locator('main'));
        await expect
          .poll(() => page.getByTestId('rarity-difficulty').textContent(), { timeout: 15_000 })
          .toBe('1 in 3.36 thousand');
        expect(await page.getByTestId('rarity-pattern').textContent()).toBe(listing.pattern);
        expect(await page.getByTestId('rarity-tier').textContent()).toBe(onAddress);
        const value = (await page.getByTestId('rarity-value').textContent()) ?? '';
        expect(value).toMatch(/^[0-9.]+ SOL$/);
        expect(Number(value.replace(' SOL', ''))).toBeGreaterThan(0);
        await page.getByRole('heading', { name: 'Why it is rare' }).scrollIntoViewIfNeeded();
        await shot(page, 'rarity-address');

        expect(new Set([onCard, inMarketplace, onAddress])).toEqual(new Set(['BASIC']));

        // Ordering the same pattern costs what the address page values it at, under the same tier name.
        await page.goto('/order');
        await page.getByLabel('Position').selectOption('suffix');
        await page.getByLabel('Pattern').fill(listing.pattern!);
        await expect
          .poll(() => page.getByTestId('quote-expected').textContent(), { timeout: 15_000 })
          .toBe('3.36 thousand');
        expect(await page.getByTestId('quote-price').textContent()).toBe(value);
        expect(await page.getByTestId('quote-rarity').textContent()).toBe(`2.8 / 10 · ${onAddress}`);
      }));

    it('Create Listing suggests the price the address page values the same pattern at, and fills it in', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        await openWithWallet(page, admin, '/create-listing');
        const key = twoCharSuffixKey();
        const pattern = key.address.slice(-2);
        await page.getByLabel('Solana Address').fill(key.address);
        await page.getByLabel('Pattern Description (optional)').fill(pattern);
        const suggestion = page.getByTestId('suggested-price');
        await expect
          .poll(() => suggestion.textContent())
          .toBe(`Suggested price 0.001 SOL · BASIC · ${pattern}: 1 in 3.36KUse 0.001 SOL`);
        await suggestion.getByRole('button', { name: 'Use 0.001 SOL' }).click();
        expect(await page.getByLabel('Price (SOL)').inputValue()).toBe('0.001');
        await shot(page, 'rarity-create-listing');
      }));
  });
}
