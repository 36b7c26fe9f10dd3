import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppServer, type AppServer } from './helpers/app-server';
import { launchBrowser, withPage } from './helpers/browser';
import { packagedChromium } from './helpers/chromium';

// CI and most developers have Debian's Chromium, which the other browser tests prefer: without this file the
// fallback for machines without it would never run until someone needed it.
let server: AppServer;
let browser: Browser;

beforeAll(async () => {
  const binary = packagedChromium();
  await Promise.all([
    startAppServer().then((s) => (server = s)),
    binary.then(launchBrowser).then((b) => (browser = b)),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

describe('the Chromium packaged in @sparticuz/chromium', () => {
  it('renders the home page, its text in a sans-serif font', async () => {
    await withPage(browser, { baseURL: server.url }, async (page) => {
      await page.goto('/');
      const heading = page.getByRole('heading', { level: 1 });
      await expect.poll(() => heading.textContent()).toBe('Vanity Solana Addresses');
      // React replaces the prerendered page once it takes over (its buttons then lose aria-disabled): the nodes are
      // looked up after that, or they may be gone before their fonts are read.
      const connect = page.getByRole('button', { name: 'Connect Wallet' });
      await expect.poll(() => connect.getAttribute('aria-disabled')).toBeNull();

      // The fonts Chromium drew the heading and the body text with. Without a generic family rule in its font
      // configuration, `system-ui` falls to fontconfig's first font, a serif.
      const cdp = await page.context().newCDPSession(page);
      const { root } = await cdp.send('DOM.getDocument');
      await cdp.send('CSS.enable');
      for (const selector of ['h1', 'main p']) {
        const { nodeId } = await cdp.send('DOM.querySelector', { nodeId: root.nodeId, selector });
        const { fonts } = await cdp.send('CSS.getPlatformFontsForNode', { nodeId });
        expect(fonts.length, selector).toBeGreaterThan(0);
        for (const font of fonts) {
          expect(font.glyphCount, selector).toBeGreaterThan(0);
          expect(font.familyName, selector).not.toMatch(/Serif/);
        }
      }
    });
  });
});
