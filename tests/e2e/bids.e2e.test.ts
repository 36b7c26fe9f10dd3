import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { VIEWPORTS, withPage } from './helpers/browser';
import { payFromPhone } from './helpers/phone-wallet';
import { airdrop, expectToast, openWithWallet, signIn } from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';

/*
 * Pattern bids (docs/domain.md#bids-and-offers), the web side: a wallet bids on a 2-character prefix (any case) on
 * /bids and pays the deposit with its wallet; an admin then lists a matching address (a key generated here until one
 * matches); the bidder's bell tells of the fill, its item leads to the purchase, and the key revealed there controls
 * the address. At 1280 and 390 px, against the real server and local chain. BIDS_SCREENSHOTS=<dir> saves the screens.
 */
const SHOTS = process.env.BIDS_SCREENSHOTS;
const ctx = useShopWithAdmin();

/** Checks the page fits its width (a long address must wrap, not widen a phone's page), then maybe saves it. */
async function shot(page: Page, name: string, fullPage = true) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `${name} is wider than the screen`).toBeLessThanOrEqual(widths[1]!);
  if (!SHOTS) return;
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click({ timeout: 1_000 }).catch(() => undefined);
  }
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `bids-${name}-${page.viewportSize()?.width}.png`), fullPage });
}

async function expectNoAxeViolations(page: Page, label: string) {
  const axe = await new AxeBuilder({ page }).analyze();
  const violations = axe.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target).join(' ')}`);
  expect(violations, label).toEqual([]);
}

/** Letters base58 has in both cases, so "any case" really widens the match. */
const BOTH_CASES = 'abcdefghjkmnpqrstuvwxyz';
const randomPattern = () =>
  Array.from({ length: 2 }, () => BOTH_CASES[Math.floor(Math.random() * BOTH_CASES.length)]).join('');

/** Generates keys until one's address starts with `pattern` in any case (about 1 in 840 for two letters). */
function keyMatching(pattern: string): TestKeypair {
  for (;;) {
    const key = newKeypair();
    if (key.address.slice(0, pattern.length).toLowerCase() === pattern) return key;
  }
}

const derivesTo = (secret: string, address: string) =>
  getBase58Decoder().decode(ed25519.getPublicKey(new Uint8Array(getBase58Encoder().encode(secret)).slice(0, 32))) ===
  address;

describe('pattern bids in the browser', () => {
  for (const [label, viewport] of Object.entries(VIEWPORTS)) {
    it(
      `bids, funds, is filled by a new listing, hears the bell and reveals the key (${label}, ${viewport.width} px)`,
      {
        timeout: 240_000,
      },
      () =>
        withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
          const bidder = newKeypair();
          await airdrop(ctx.server.url, bidder.address, 5);
          await openWithWallet(page, bidder, '/bids');
          await page.getByRole('heading', { level: 1, name: 'Pattern Bids' }).waitFor();

          // The form, and the live quote of the pattern.
          const pattern = randomPattern();
          await page.getByLabel('Pattern', { exact: true }).fill(pattern);
          await page.getByLabel('Position', { exact: true }).selectOption('prefix');
          expect(await page.getByLabel(/^Case-sensitive/).isChecked()).toBe(false);
          await page.getByLabel('Max price (SOL)').fill('0.1');
          await page.getByLabel('Expires in').selectOption('1');
          const odds = page.getByTestId('quote-odds');
          await expect
            .poll(() => odds.textContent(), { timeout: 15_000 })
            .toMatch(/^1 in [\d.]+ (thousand )?addresses match$/);
          expect(await page.getByTestId('quote-stock').textContent()).toContain('Nothing in stock matches it now');
          await shot(page, 'quote');

          // Place the bid: the wallet pays the deposit into the bid's escrow, the shop sees it and the bid opens.
          await page.getByRole('button', { name: 'Place bid' }).click();
          await expectToast(page, 'Bid placed');
          const card = page.getByTestId('my-bid').first();
          await expect.poll(() => card.getByTestId('bid-status').textContent(), { timeout: 60_000 }).toBe('Open');
          expect(await card.getByRole('heading').textContent()).toBe(`Starts with ${pattern} (any case)`);
          await shot(page, 'open');
          await expectNoAxeViolations(page, `/bids at ${viewport.width}`);

          // An admin lists a matching address, elsewhere; the bid buys it.
          const key = keyMatching(pattern);
          const listed = await ctx.adminApi.call<{ id: string }>('POST', '/api/addresses', {
            address: key.address,
            privateKey: key.forms.base58Secret,
            price: '0.05',
          });
          expect(listed.status, JSON.stringify(listed.body)).toBe(201);

          // The bell rings for the fill; opening it lists the fill and marks it read.
          const bell = page.getByRole('banner').getByRole('button', { name: /^Notifications, \d+ unread$/ });
          await bell.waitFor({ timeout: 60_000 });
          await bell.click();
          const filled = page.locator('[data-testid="notification"][data-kind="bid-filled"]');
          await filled.waitFor();
          await expect
            .poll(() => page.getByRole('banner').getByRole('button', { name: 'Notifications', exact: true }).count())
            .toBe(1);
          await expectNoAxeViolations(page, `the bell at ${viewport.width}`);
          await shot(page, 'bell', false);

          // Its item leads to the purchase, where the key is revealed as after any purchase.
          await filled.click();
          await page.waitForURL(/\/secure-transaction\//);
          const txStatus = page.getByTestId('transaction-status').first();
          await expect.poll(() => txStatus.textContent(), { timeout: 60_000 }).toContain('Blockchain Confirmed');
          await page.getByRole('button', { name: 'Reveal Private Key' }).click();
          await expectToast(page, 'Private Key Revealed');
          await page.getByRole('button', { name: 'Show', exact: true }).click();
          const revealed = (await page.getByTestId('secret-value').textContent()) ?? '';
          expect(derivesTo(revealed, key.address)).toBe(true);
          await shot(page, 'revealed');

          // Back on /bids the bid reads as filled, with the address and the way to its key.
          await page.goto('/bids');
          const done = page.getByTestId('my-bid').first();
          await expect.poll(() => done.getByTestId('bid-status').textContent(), { timeout: 15_000 }).toBe('Filled');
          expect(await done.getByTestId('bid-address').textContent()).toBe(key.address);
          await done.getByRole('link', { name: 'Reveal the key' }).waitFor();
          await shot(page, 'filled');
        }),
    );
  }

  it('a deposit is paid from a phone: the card shows its Solana Pay QR, and the bid opens by itself', async () =>
    withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.desktop }, async (page) => {
      // Placed elsewhere (the wallet declined to pay, or is on the phone): the bid waits for its deposit.
      const bidder = newKeypair();
      await airdrop(ctx.server.url, bidder.address, 5);
      const api = await signIn(ctx.server.url, bidder);
      const placed = await api.call<{ id: string; status: string }>('POST', '/api/bids', {
        pattern: `${randomPattern()}${randomPattern()}${randomPattern()}`,
        position: 'anywhere',
        caseSensitive: false,
        maxPrice: '0.1',
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      });
      expect(placed.status, JSON.stringify(placed.body)).toBe(201);

      await openWithWallet(page, bidder, '/bids');
      const card = page.getByTestId('my-bid').first();
      await expect.poll(() => card.getByTestId('bid-status').textContent()).toBe('Awaiting deposit');
      await card.getByText('Pay from a phone wallet').click();
      const qr = card.getByRole('img', { name: "Solana Pay QR code for this bid's deposit" });
      const url = await qr.getAttribute('data-solana-pay-url');
      expect(url).toBe(`solana:${ctx.server.url}/api/pay/bids/${placed.body.id}`);
      expect(await card.getByRole('link', { name: 'Open in wallet app' }).getAttribute('href')).toBe(url);
      await expectNoAxeViolations(page, 'the phone deposit on /bids');
      await shot(page, 'phone-deposit');

      // The phone pays; the shop finds the deposit in the escrow by itself and the list follows.
      await payFromPhone(ctx.server.url, url!, bidder);
      await expect.poll(() => card.getByTestId('bid-status').textContent(), { timeout: 60_000 }).toBe('Open');
    }));
});
