import path from 'node:path';
import { formatSolAmount } from '@shared/money';
import { ed25519 } from '@noble/curves/ed25519.js';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, withPage } from './helpers/browser';
import { installTestWallet, TEST_WALLET_NAME } from './helpers/test-wallet';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * The trading journey on the embedded local validator: an admin lists (one by one and in bulk), a
 * buyer pays with a real signed transaction, reveals and destroys the key; the admin edits and deletes.
 * Every step asserts that no private key reached storage, a readable cookie or the console.
 * TRADE_SCREENSHOTS=<dir> also saves screenshots of each screen (scripts/screenshots-trade.ts).
 */
const SHOTS = process.env.TRADE_SCREENSHOTS;
const admin = newKeypair();
const secrets: string[] = [];
const ctx = useServerAndBrowser({ ADMIN_WALLETS: admin.address });

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const expectToast = (page: Page, title: string) =>
  toasts(page).getByText(title, { exact: true }).first().waitFor({ timeout: 30_000 });

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** Opens a page with the test wallet for `key`, records the console, and signs in. */
async function openAs(page: Page, key: TestKeypair, url = '/') {
  const consoleLines: string[] = [];
  page.on('console', (m) => consoleLines.push(m.text()));
  (page as Page & { consoleLines?: string[] }).consoleLines = consoleLines;
  await installTestWallet(page, key);
  await page.goto(url);
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
    .click();
  await expectToast(page, 'Wallet Connected!');
}

/** No secret in localStorage, sessionStorage, a script-readable cookie, or any console line so far. */
async function expectNoSecretLeak(page: Page) {
  const stored = await page.evaluate(() =>
    JSON.stringify([{ ...localStorage }, { ...sessionStorage }, document.cookie]),
  );
  const lines = ((page as Page & { consoleLines?: string[] }).consoleLines ?? []).join('\n');
  for (const secret of secrets) {
    expect(stored.includes(secret), 'a private key is in browser storage').toBe(false);
    expect(lines.includes(secret), 'a private key is in the console').toBe(false);
  }
}

/** A revealed key must be the secret of `address`: its first 32 bytes derive the address. */
function derivesTo(secret: string, address: string) {
  const bytes = new Uint8Array(getBase58Encoder().encode(secret));
  return getBase58Decoder().decode(ed25519.getPublicKey(bytes.slice(0, 32))) === address;
}

async function airdrop(address: string, sol: number) {
  const res = await fetch(`${ctx.server.url}/api/dev/airdrop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, sol }),
  });
  expect(res.status).toBe(200);
}

async function createListing(page: Page, listing: TestKeypair, price: string) {
  secrets.push(listing.forms.base58Secret);
  await page.getByLabel('Solana Address').fill(listing.address);
  await page.getByLabel('Private Key', { exact: true }).fill(listing.forms.base58Secret);
  await page.getByLabel('Price (SOL)').fill(price);
  await page.getByRole('button', { name: 'Create Listing', exact: true }).click();
  // Nothing is listed before the seller confirms the price as the shop read it.
  await page
    .getByTestId('listing-review-line')
    .getByText(`${formatSolAmount(price)} SOL`, { exact: true })
    .waitFor();
  await page.getByRole('button', { name: 'Confirm and list' }).click();
  await toasts(page).getByText(`${listing.address} is now listed`, { exact: false }).waitFor({ timeout: 30_000 });
  expect(await page.getByLabel('Private Key', { exact: true }).inputValue()).toBe('');
}

/** Makes the test wallet refuse the next transaction signature, like a user pressing Reject. */
async function rejectNextSignature(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const original = w.__testWallet_signTransaction!;
    w.__testWallet_signTransaction = async () => {
      w.__testWallet_signTransaction = original;
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
  });
}

/** From the address page: BUY NOW, pay (after one rejection when asked), wait for the confirmation, reveal. */
async function buyAndReveal(page: Page, listing: TestKeypair, opts: { rejectFirst: boolean }) {
  await page.goto(`/address/${encodeURIComponent(listing.address)}`);
  // After the navigation: the override lives in this document, and the rest of the flow stays in it.
  if (opts.rejectFirst) await rejectNextSignature(page);
  await page.getByRole('button', { name: 'BUY NOW' }).click();
  await page.waitForURL(/\/secure-transaction\//);
  const status = page.getByTestId('transaction-status').first();
  if (opts.rejectFirst) {
    await expectToast(page, 'Payment Failed');
    await expect.poll(() => toasts(page).textContent()).toContain('rejected');
    expect(await status.textContent()).toContain('Payment Required');
    await shot(page, 'trade-payment-required');
    await page.getByRole('button', { name: 'Pay with Test Wallet' }).click();
  }
  await expect.poll(() => status.textContent(), { timeout: 60_000 }).toContain('Blockchain Confirmed');
  expect(await page.getByTestId('cluster-badge').textContent()).toContain('local');
  await expectNoSecretLeak(page);
  await page.getByRole('button', { name: 'Reveal Private Key' }).click();
  await expectToast(page, 'Private Key Revealed');
  const block = page.getByTestId('secret-value');
  expect(await block.textContent()).not.toContain(listing.forms.base58Secret.slice(0, 12)); // masked by default
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  const revealed = (await block.textContent()) ?? '';
  expect(derivesTo(revealed, listing.address)).toBe(true);
  await shot(page, 'trade-key-revealed');
  await expectNoSecretLeak(page);
}

describe('trading journey', () => {
  const l1 = newKeypair();
  const l2 = newKeypair();
  const l3 = newKeypair();
  const bulk = [newKeypair(), newKeypair()];
  const buyer = newKeypair();

  it('admin lists singly and in bulk', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await openAs(page, admin, '/create-listing');
      await page.getByRole('heading', { name: 'Create Listing' }).waitFor();
      await shot(page, 'trade-create-listing');
      await createListing(page, l1, '0.05');
      await createListing(page, l2, '0.02');
      await createListing(page, l3, '0.03');
      secrets.push(...bulk.map((k) => k.forms.base58Secret));
      const csv = [...bulk.map((k) => `${k.address},${k.forms.base58Secret},,0.01`), 'not a line'];
      await page.getByLabel('Paste addresses').fill(csv.join('\n'));
      await page.getByRole('button', { name: 'Create Listings' }).click();
      const results = page.getByTestId('bulk-results');
      await results.waitFor({ timeout: 60_000 });
      expect(await results.textContent()).toContain('2 created');
      expect(await results.textContent()).toContain('Line 3');
      expect(await page.getByLabel('Paste addresses').inputValue()).toBe('');
      await shot(page, 'trade-bulk-results');
      await expectNoSecretLeak(page);
    }));

  it('a visitor without a wallet is sent to the profile; a non-admin cannot list', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await page.goto(`/address/${encodeURIComponent(l1.address)}`);
      await page.getByRole('button', { name: 'BUY NOW' }).click();
      await expectToast(page, 'Wallet Required');
      await page.waitForURL(/\/profile$/, { timeout: 5000 });
      await page.getByRole('heading', { name: 'Connect Your Wallet' }).waitFor();
      await openAs(page, buyer, '/create-listing');
      await page.getByRole('heading', { name: 'Access Restricted' }).waitFor();
      expect(await page.getByRole('link', { name: 'Go to Marketplace' }).getAttribute('href')).toBe('/marketplace');
    }));

  it(
    'the buyer pays (after rejecting once), reveals and destroys the key; the listing is sold',
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        await airdrop(buyer.address, 5);
        await openAs(page, buyer, '/');
        await buyAndReveal(page, l1, { rejectFirst: true });
        await page.goto('/profile');
        const card = page.getByTestId('owned-address').filter({ hasText: l1.address });
        await card.getByRole('button', { name: 'Reveal Key' }).click();
        await expectToast(page, 'Private Key Revealed');
        await shot(page, 'trade-profile-buyer');
        await card.getByRole('button', { name: 'Destroy Key' }).click();
        await page
          .getByRole('dialog', { name: 'Permanently Destroy Private Key?' })
          .getByRole('button', { name: 'Yes, Destroy Forever' })
          .click();
        await expectToast(page, 'Private Key Destroyed');
        await expect.poll(() => card.getByRole('button', { name: 'Reveal Key' }).count()).toBe(0);
        await page.goto(`/address/${encodeURIComponent(l1.address)}`);
        await page.getByText('SOLD').first().waitFor();
        await expectNoSecretLeak(page);
        const search = await fetch(
          `${ctx.server.url}/api/addresses/search?excludeSold=true&query=${l1.address.slice(0, 12)}`,
        );
        const found = (await search.json()) as { addresses: { address: string }[] };
        expect(found.addresses.map((a) => a.address)).not.toContain(l1.address);
      }),
    180_000,
  );

  it(
    'the admin edits and deletes listings from the profile',
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        await openAs(page, admin, '/profile');
        const edit = page.getByTestId('my-listing').filter({ hasText: l2.address });
        await edit.getByRole('button', { name: 'Edit' }).click();
        await edit.getByLabel('Price').fill('');
        await edit.getByRole('button', { name: 'Save Changes' }).click();
        await edit.getByText('Price is required').waitFor();
        await edit.getByLabel('Price').fill('0.077');
        await edit.getByLabel('Listing Type').selectOption('featured');
        await shot(page, 'trade-profile-admin-edit');
        await edit.getByRole('button', { name: 'Save Changes' }).click();
        await expectToast(page, 'Listing updated successfully');
        await edit.getByText('Featured', { exact: true }).waitFor();
        await edit.getByText('0.077 SOL').waitFor();
        const del = page.getByTestId('my-listing').filter({ hasText: l3.address });
        await del.getByRole('button', { name: 'Delete' }).click();
        await page.getByText('Are you sure you want to delete this listing? This action cannot be undone.').waitFor();
        await page.getByRole('dialog').getByRole('button', { name: 'Delete Listing' }).click();
        await expectToast(page, 'Listing deleted successfully');
        await expect.poll(() => del.count()).toBe(0);
        await expectNoSecretLeak(page);
      }),
    120_000,
  );

  it(
    'buys and reveals at 390 px',
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
        const phoneBuyer = newKeypair();
        await airdrop(phoneBuyer.address, 5);
        await openAs(page, phoneBuyer, '/');
        await buyAndReveal(page, bulk[0]!, { rejectFirst: false });
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
        expect(overflow).toBe(false);
      }),
    180_000,
  );
});
