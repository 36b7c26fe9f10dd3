import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { getBase58Decoder, getBase58Encoder } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, withPage } from './helpers/browser';
import { newKeypair } from '@tests/helpers/keypair';
import { airdrop, createListing, expectToast, openWithWallet } from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';

/*
 * docs/domain.md#payment-finality: with REVEAL_COMMITMENT=finalized a purchase is verified once its payment is
 * confirmed, and the key unlocks only once the payment is finalized; the pay screen says "Finalizing…" in between. The
 * embedded validator reports a transaction finalized LOCAL_FINALITY_SLOTS slots (400 ms each) after it landed: 75 slots
 * keep the in-between state on screen for about 30 s, long enough to see it on the pay screen and on the profile, then
 * the server's background job completes the purchase and each page's poll unlocks the key. FINALIZING_SCREENSHOTS=<dir>
 * also saves the in-between screen at 1280 and 390 px.
 */
const SHOTS = process.env.FINALIZING_SCREENSHOTS;
const ctx = useShopWithAdmin({ REVEAL_COMMITMENT: 'finalized', LOCAL_FINALITY_SLOTS: '75' });

const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true });

function derivesTo(secret: string, address: string) {
  const bytes = new Uint8Array(getBase58Encoder().encode(secret));
  return getBase58Decoder().decode(ed25519.getPublicKey(bytes.slice(0, 32))) === address;
}

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

describe('REVEAL_COMMITMENT=finalized on the secure transaction screen', () => {
  it(
    'says Finalizing… between verified and final, without key controls, then unlocks the key',
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        const listing = await createListing(ctx.adminApi);
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 2);
        await openWithWallet(page, buyer, `/address/${encodeURIComponent(listing.address)}`);
        await page.getByRole('button', { name: /^BUY NOW/ }).click();
        await page.waitForURL(/\/secure-transaction\/[0-9a-f-]{36}$/);

        // The test wallet pays by itself; the server verifies at confirmed, and the key waits for finality.
        await heading(page, 'Finalizing…').waitFor({ timeout: 60_000 });
        await page.getByText(/The private key unlocks once the network finalizes the payment/).waitFor();
        expect(await page.getByRole('button', { name: 'Reveal Private Key' }).count()).toBe(0);
        expect(await heading(page, 'Private Key Access').count()).toBe(0);
        await shot(page, 'finalizing');

        // The profile, open in another tab meanwhile, says the same on the address's card and unlocks it by itself.
        const profile = await page.context().newPage();
        await profile.goto('/profile');
        const card = profile.getByTestId('owned-address').filter({ hasText: listing.address });
        await card.getByText(/Finalizing… the private key unlocks once the network finalizes the payment/).waitFor();
        expect(await card.getByRole('button', { name: 'Reveal Key' }).count()).toBe(0);
        await card.getByRole('button', { name: 'Reveal Key' }).waitFor({ timeout: 60_000 });
        expect(await card.getByText(/Finalizing…/).count()).toBe(0);
        await profile.close();

        // Finalized: the background job completes the purchase, the page's poll shows the key controls.
        await heading(page, 'Private Key Access').waitFor({ timeout: 60_000 });
        expect(await heading(page, 'Finalizing…').count()).toBe(0);
        await page.getByRole('button', { name: 'Reveal Private Key' }).click();
        await expectToast(page, 'Private Key Revealed');
        await page.getByRole('button', { name: 'Show', exact: true }).click();
        const secret = page.getByTestId('secret-value');
        await expect.poll(() => secret.getAttribute('data-masked')).toBe('false');
        expect(derivesTo((await secret.textContent()) ?? '', listing.address)).toBe(true);
      }),
    180_000,
  );
});
