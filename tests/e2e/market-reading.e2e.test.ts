import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, withPage } from './helpers/browser';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * Market reading (docs/domain.md#market-reading), on the demo market: the address page shows its pattern class's
 * reading, and the marketplace shows one while its filters name one class (one length, start or end) and hides it
 * otherwise. MARKET_READING_SCREENSHOTS=<dir> saves each screen.
 */
const SHOTS = process.env.MARKET_READING_SCREENSHOTS;
const ctx = useServerAndBrowser({ DEMO_DATA: 'true' });

async function shot(page: Page, name: string) {
  if (SHOTS)
    await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** A demo listing with a prefix pattern: its class is named by the marketplace's filters too. */
async function prefixListing(): Promise<{ address: string; patternLength: number }> {
  const res = await fetch(`${ctx.server.url}/api/addresses/search?position=start&pageSize=50&excludeSold=true`);
  const page = (await res.json()) as {
    addresses: { address: string; patternLength: number; patternPosition: string }[];
  };
  const found = page.addresses.find((l) => l.patternPosition === 'prefix' && l.patternLength > 0);
  if (!found) throw new Error('the demo market has no prefix listing');
  return found;
}

describe.each([VIEWPORTS.desktop, VIEWPORTS.phone])('market reading at $width px', (viewport) => {
  it('shows the class reading on the address page', async () => {
    const listing = await prefixListing();
    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
      await page.goto(`/address/${encodeURIComponent(listing.address)}`);
      const reading = page.getByTestId('market-reading');
      await expect.poll(() => reading.getByText('Floor').isVisible()).toBe(true);
      expect(await reading.textContent()).toContain(`${listing.patternLength}-character patterns at the start`);
      await reading.scrollIntoViewIfNeeded();
      await shot(page, 'address');
    });
  });

  it('shows it on the marketplace only while one length and a place are chosen', async () => {
    const listing = await prefixListing();
    await withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
      await page.goto('/marketplace');
      await expect.poll(() => page.getByTestId('listing-address').first().isVisible()).toBe(true);
      expect(await page.getByTestId('market-reading').count()).toBe(0);
      const n = listing.patternLength;
      await page.goto(`/marketplace?pos=start&minLen=${n}&maxLen=${n}`);
      const reading = page.getByTestId('market-reading');
      await expect.poll(() => reading.getByText('Best bid').isVisible()).toBe(true);
      await reading.getByRole('button', { name: 'Any case' }).click();
      await expect.poll(() => reading.textContent()).toContain('any case');
      await shot(page, 'marketplace');
    });
  });
});
