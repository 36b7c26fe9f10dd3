import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, withPage } from './helpers/browser';
import { useServerAndBrowser } from './helpers/server-and-browser';

const ctx = useServerAndBrowser();

const open = <T>(viewport: { width: number; height: number }, fn: (page: Page) => Promise<T>) =>
  withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, fn);

async function expectShell(page: Page) {
  const header = page.getByRole('banner');
  await expect.poll(() => header.getByRole('link', { name: /Vanity Vault/ }).getAttribute('href')).toBe('/');
  expect(await header.getByRole('link', { name: 'Marketplace' }).first().getAttribute('href')).toBe('/marketplace');
  // No wallet yet: no Profile link, and the wallet button invites a connection.
  expect(await header.getByRole('link', { name: /Profile/ }).count()).toBe(0);
  expect(await header.getByRole('button', { name: 'Connect Wallet' }).isVisible()).toBe(true);

  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['Home', '/'],
    ['Marketplace', '/marketplace'],
    ['Profile', '/profile'],
    ['Terms of Service', '/terms-of-service'],
  ]) {
    expect(await footer.getByRole('link', { name, exact: true }).getAttribute('href')).toBe(href);
  }
}

for (const [label, viewport] of Object.entries(VIEWPORTS)) {
  describe(`app shell at ${viewport.width} px (${label})`, () => {
    it('shows the header and footer on the home page', () =>
      open(viewport, async (page) => {
        await page.goto('/');
        await expectShell(page);
        // Nothing may stick out sideways on a phone.
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow).toBeLessThanOrEqual(0);
      }));

    it('renders the terms page', () =>
      open(viewport, async (page) => {
        await page.goto('/terms-of-service');
        await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Terms of Service');
        const text = (await page.getByRole('main').textContent()) ?? '';
        expect(text).toContain('Vanity wallets');
        expect(text).toContain('Security warning');
        expect(text).toMatch(/not meant to store substantial value/);
        expect(text).toContain('Private key management and destruction');
        expect(text).toContain('User responsibilities');
        const main = page.getByRole('main');
        expect(await main.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
        expect(await main.getByRole('link', { name: 'Browse the Marketplace' }).getAttribute('href')).toBe(
          '/marketplace',
        );
        await expectShell(page);
      }));

    it('shows the 404 page for an unknown path, with status 404', () =>
      withPage(
        ctx.browser,
        // Chromium reports the document's own 404 (it was a 200) as a failed load; only that is tolerated.
        { baseURL: ctx.server.url, viewport, tolerate: [/status of 404 .*\/no\/such\/page\)$/] },
        async (page) => {
          expect((await page.goto('/no/such/page'))?.status()).toBe(404);
          await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/Page Not Found/);
          const main = page.getByRole('main');
          expect(await main.getByRole('link', { name: 'Go Home' }).getAttribute('href')).toBe('/');
          expect(await main.getByRole('link', { name: 'Go to Profile' }).getAttribute('href')).toBe('/profile');
          await main.getByRole('link', { name: 'Go Home' }).click();
          await page.waitForURL(`${ctx.server.url}/`);
        },
      ));
  });
}

describe('keyboard', () => {
  it('reaches the header links with Tab and shows a focus ring', () =>
    open(VIEWPORTS.desktop, async (page) => {
      await page.goto('/');
      // The prerendered button (aria-disabled until React takes over) is there before the app: focus moved in the
      // prerender would be lost when React replaces it.
      const connect = page.getByRole('button', { name: 'Connect Wallet' });
      await expect.poll(() => connect.getAttribute('aria-disabled')).toBeNull();
      await page.keyboard.press('Tab'); // skip link
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to content');
      await page.keyboard.press('Tab');
      const outline = await page.evaluate(() => getComputedStyle(document.activeElement as Element).outlineStyle);
      expect(outline).toBe('solid');
    }));
});

describe('moving between pages', () => {
  it('starts a linked page at its top and marks its section in the header', () =>
    open(VIEWPORTS.desktop, async (page) => {
      // Home first, so its code is here when the link goes back to it: the page is drawn at once, and no loading
      // spinner (a short page) brings the scroll back to the top by itself.
      await page.goto('/');
      // React has replaced the prerendered page (whose links are plain page loads) once the button is live.
      const connect = page.getByRole('button', { name: 'Connect Wallet' });
      await expect.poll(() => connect.getAttribute('aria-disabled')).toBeNull();
      await page.getByRole('contentinfo').getByRole('link', { name: 'Terms of Service', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
      await page.getByRole('contentinfo').getByRole('link', { name: 'Home', exact: true }).click();
      await page.getByRole('heading', { level: 1, name: 'Vanity Solana Addresses' }).waitFor();
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight)).toBeGreaterThan(
        200,
      );

      const section = page.getByRole('banner').locator('a[aria-current="page"]');
      expect(await section.count()).toBe(0);
      await page.getByRole('banner').getByRole('link', { name: 'Marketplace' }).first().click();
      await page.getByRole('heading', { level: 1, name: 'Marketplace' }).waitFor();
      expect(await section.allTextContents()).toContain('Marketplace');
      // Back is the browser's: the home page again, in the same document.
      await page.evaluate(() => Object.assign(window, { sameDocument: true }));
      await page.goBack();
      await page.getByRole('heading', { level: 1, name: 'Vanity Solana Addresses' }).waitFor();
      expect(await section.count()).toBe(0);
      expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
    }));
});
