import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortListingAddress } from '@shared/format/address';
import { newKeypair } from '@tests/helpers/keypair';
import { VIEWPORTS, withPage } from './helpers/browser';
import { createListing, openWithWallet, signIn, type CreatedListing } from './helpers/trade-fixtures';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * An address is exact characters. On every page that shows one, at 1280 and 390 px, the text a
 * person sees (innerText, which applies CSS text-transform) is the address's own, a shortened one keeps the
 * listing's pattern whole, nothing is cut by CSS (text-overflow) or hyphenated. The validator once showed
 * `…HxiGGG` for a real `…hxiGGG` (a `capitalize` on its cell). DISCOVERY_SCREENSHOTS=<dir> saves the pages.
 */
const SHOTS = process.env.DISCOVERY_SCREENSHOTS;
const admin = newKeypair();
const ctx = useServerAndBrowser({ ADMIN_WALLETS: admin.address });
/** Three listings whose declared patterns sit where the plain shortening would cut them. */
type Made = CreatedListing & { pattern: string | null; patternPosition: string | null };
const listings: Made[] = [];

beforeAll(async () => {
  const seller = await signIn(ctx.server.url, admin);
  const pick = [
    (a: string) => a.slice(0, 12), // a long prefix, past the first 8
    (a: string) => a.slice(16, 22), // the middle, where "first 8 … last 6" cuts
    (a: string) => a.slice(-10), // a long suffix, past the last 6
  ];
  for (const [i, patternOf] of pick.entries()) {
    const key = newKeypair();
    listings.push(
      (await createListing(seller, {
        address: key.address,
        privateKey: key.forms.base58Secret,
        pattern: patternOf(key.address),
        price: String(i + 1),
        promotionType: 'featured', // on Home too
      })) as Made,
    );
  }
}, 120_000);

/**
 * Every element on the page whose rendered text holds one of the addresses (whole, or its first 8 or last 6
 * characters) in another case: none may exist.
 */
async function recased(page: Page, addresses: string[]): Promise<string[]> {
  return page.evaluate((all) => {
    const pieces = all.flatMap((a) => [a, a.slice(0, 8), a.slice(-6)]);
    const found: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      if (el.children.length > 0 || !el.innerText) continue;
      const text = el.innerText;
      for (const piece of pieces) {
        const at = text.toLowerCase().indexOf(piece.toLowerCase());
        if (at >= 0 && text.slice(at, at + piece.length) !== piece) found.push(`${piece} shown as "${text}"`);
      }
    }
    return found;
  }, addresses);
}

/** The rendered text of each listing address link, with whether CSS cuts it or could hyphenate or re-case it. */
async function addressLinks(page: Page) {
  return page.getByTestId('listing-address').evaluateAll((els) =>
    (els as HTMLElement[])
      .filter((el) => el.offsetParent !== null)
      .map((el) => {
        const style = getComputedStyle(el);
        return {
          title: el.getAttribute('title') ?? '',
          text: el.innerText,
          cut: style.textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth + 1,
          hyphens: style.hyphens,
          transform: style.textTransform,
        };
      }),
  );
}

async function shot(page: Page, name: string, viewport: { width: number }) {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
}

describe.each([VIEWPORTS.desktop, VIEWPORTS.phone])('exact addresses at %o', (viewport) => {
  const open = <T>(fn: (page: Page) => Promise<T>) => withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, fn);
  const addresses = () => listings.map((l) => l.address);

  it('marketplace: each address as it is, shortened around its pattern, never cut, hyphenated or re-cased', () =>
    open(async (page) => {
      await page.goto('/marketplace');
      await expect.poll(async () => (await addressLinks(page)).length).toBe(listings.length);
      for (const link of await addressLinks(page)) {
        const listing = listings.find((l) => l.address === link.title)!;
        expect(link.text).toBe(shortListingAddress(listing.address, listing.pattern, listing.patternPosition));
        expect(link.text).toContain(listing.pattern!);
        expect(link).toMatchObject({ cut: false, hyphens: 'none', transform: 'none' });
      }
      expect(await recased(page, addresses())).toEqual([]);
      await shot(page, 'exact-addresses-marketplace', viewport);
    }));

  it('home: featured cards and the validator show the address exactly', () =>
    open(async (page) => {
      await page.goto('/');
      await expect.poll(async () => (await addressLinks(page)).length).toBeGreaterThanOrEqual(listings.length);
      for (const link of await addressLinks(page)) {
        const listing = listings.find((l) => l.address === link.title);
        if (listing) expect(link.text).toContain(listing.pattern!);
        expect(link).toMatchObject({ cut: false, transform: 'none' });
      }
      // The validator: the whole address, in its own case (lower-case letters after capitals were capitalised).
      const target = listings[1]!.address;
      await page.getByLabel('Address', { exact: true }).fill(target);
      await page.getByRole('button', { name: 'Validate & Check Rarity' }).click();
      const shown = page.getByTestId('validated-address');
      await expect.poll(() => shown.evaluate((el) => (el as HTMLElement).innerText)).toBe(target);
      expect(await shown.evaluate((el) => getComputedStyle(el).textTransform)).toBe('none');
      expect(await recased(page, addresses())).toEqual([]);
      await shot(page, 'exact-addresses-validator', viewport);
    }));

  it('the address page shows the whole address exactly', () =>
    open(async (page) => {
      const listing = listings[2]!;
      await page.goto(`/address/${encodeURIComponent(listing.address)}`);
      const whole = page
        .locator('p.font-mono')
        .filter({ hasText: listing.address.slice(0, 8) })
        .first();
      await expect.poll(() => whole.evaluate((el) => (el as HTMLElement).innerText)).toBe(listing.address);
      expect(await recased(page, addresses())).toEqual([]);
    }));

  it("the seller's profile and create listing show addresses exactly", () =>
    open(async (page) => {
      await openWithWallet(page, admin, '/profile');
      await page.getByText(listings[0]!.address, { exact: true }).first().waitFor();
      expect(await recased(page, addresses())).toEqual([]);
      await page.goto('/create-listing');
      const key = newKeypair();
      await page.getByLabel('Solana Address').fill(key.address);
      await page.getByLabel('Private Key', { exact: true }).fill(key.forms.base58Secret);
      await page.getByLabel('Price (SOL)').fill('1');
      await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
      const reviewed = page.getByTestId('listing-review-address');
      await expect.poll(() => reviewed.evaluate((el) => (el as HTMLElement).innerText)).toBe(key.address);
      expect(await recased(page, [...addresses(), key.address])).toEqual([]);
    }));
});
