import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { VIEWPORTS, withPage } from './helpers/browser';
import { newKeypair } from '@tests/helpers/keypair';
import { installTestWallet, TEST_WALLET_NAME } from './helpers/test-wallet';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * Needs the server's SIWS API: POST /api/auth/challenge, POST /api/auth/verify, GET /api/auth/session,
 * POST /api/auth/logout (docs/domain.md#sign-in-sessions-and-roles).
 */
const ctx = useServerAndBrowser();

const short = (address: string) => `${address.slice(0, 8)}...${address.slice(-4)}`;
const walletButton = (page: Page) => page.getByRole('banner').getByTestId('wallet-button');

async function connectTestWallet(page: Page) {
  await page.getByRole('button', { name: 'Connect Wallet' }).click();
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
    .click();
}

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  describe(`wallet connection at ${viewport.width} px`, () => {
    it('connects, survives a reload, follows an account switch and disconnects', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const first = newKeypair();
        const wallet = await installTestWallet(page, first);
        await page.goto('/');

        await connectTestWallet(page);
        await expect.poll(() => walletButton(page).textContent()).toContain(short(first.address));
        const toast = page.getByRole('region', { name: /Notifications/ });
        expect(await toast.getByText('Wallet Connected!', { exact: true }).isVisible()).toBe(true);
        expect(await toast.getByText('Test Wallet connected successfully', { exact: true }).isVisible()).toBe(true);
        expect(wallet.signatureCount).toBe(1); // one prompt: sign-in only
        expect(await page.getByRole('banner').getByRole('link', { name: 'Profile' }).first().getAttribute('href')).toBe(
          '/profile',
        );
        expect(await page.evaluate(() => ({ ...localStorage }))).toMatchObject({
          walletAddress: first.address,
          walletNetwork: 'solana',
          isWalletConnected: 'true',
        });

        await page.reload();
        await expect.poll(() => walletButton(page).textContent()).toContain(short(first.address));
        expect(wallet.signatureCount).toBe(1); // the session cookie restored it, no new prompt

        const second = newKeypair();
        await wallet.switchAccount(second);
        await expect.poll(() => walletButton(page).textContent(), { timeout: 10_000 }).toContain(short(second.address));
        expect(await page.evaluate(() => localStorage.getItem('walletAddress'))).toBe(second.address);

        await walletButton(page).click();
        await page.getByRole('dialog', { name: 'Your wallet' }).getByRole('button', { name: 'Disconnect' }).click();
        await expect.poll(() => walletButton(page).textContent()).toBe('Connect Wallet');
        expect(await page.evaluate(() => localStorage.getItem('isWalletConnected'))).toBeNull();
        // The button clears at once; the logout call that ends the server session may still be in flight.
        await expect
          // Asked outside the page (same cookies): the expected 401 is not a console error of the page's.
          .poll(async () => (await page.context().request.get('/api/auth/session')).status())
          .toBe(401);
      }));

    it('says when the server ended the session, keeps the page, and signs the same wallet in again', () =>
      // The refusals after the session ended are what this test provokes (Chromium logs each 401).
      withPage(
        ctx.browser,
        { baseURL: ctx.server.url, viewport, tolerate: [/status of 401 \(Unauthorized\)/] },
        async (page) => {
          const keys = newKeypair();
          const wallet = await installTestWallet(page, keys);
          await page.goto('/');
          await connectTestWallet(page);
          await expect.poll(() => walletButton(page).textContent()).toContain(short(keys.address));

          // Signed out in another tab (the same cookies). Nothing tells this tab until the server refuses one of its
          // calls: the Profile page's lists need the session (a link, so no page load asks for the session again).
          expect((await page.request.post('/api/auth/logout', { headers: { origin: ctx.server.url } })).ok()).toBe(
            true,
          );
          await page.getByRole('banner').getByRole('link', { name: 'Profile' }).click();
          const refused = page.getByText('Failed to fetch user purchases: Sign in with your wallet first.');
          await refused.waitFor();
          await expect.poll(() => walletButton(page).textContent()).toBe('Sign in again');
          expect(await walletButton(page).getAttribute('aria-label')).toBe(`Sign in again as ${keys.address}`);
          // The page is kept, not swapped for "Connect Your Wallet"; the bell (which needs the session) is gone.
          expect(await page.getByRole('heading', { name: 'My Addresses' }).isVisible()).toBe(true);
          expect(await page.getByRole('button', { name: /Notifications/ }).count()).toBe(0);

          await walletButton(page).click();
          await expect.poll(() => walletButton(page).textContent()).toContain(short(keys.address));
          expect(wallet.signatureCount).toBe(2); // one new prompt, for the same wallet
          expect((await page.context().request.get('/api/auth/session')).status()).toBe(200);
          // What the server refused is asked again, without a reload.
          await page.getByRole('heading', { name: 'No Addresses Owned' }).waitFor();
          expect(await refused.count()).toBe(0);
        },
      ));
  });
}

describe('two tabs of one browser', () => {
  it('another tab signing another wallet in makes this tab offer its own wallet again, and back', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page, context) => {
      const first = newKeypair();
      const firstWallet = await installTestWallet(page, first);
      await page.goto('/');
      await connectTestWallet(page);
      await expect.poll(() => walletButton(page).textContent()).toContain(short(first.address));

      // The second tab shares the cookie, so it opens signed in as the first wallet. There the user disconnects and
      // connects another wallet: the browser's session is now that wallet's, and the tab says so to the first.
      const other = await context.newPage();
      const second = newKeypair();
      await installTestWallet(other, second);
      await other.goto('/');
      await expect.poll(() => walletButton(other).textContent()).toContain(short(first.address));
      await walletButton(other).click();
      await other.getByRole('dialog', { name: 'Your wallet' }).getByRole('button', { name: 'Disconnect' }).click();
      await connectTestWallet(other);
      await expect.poll(() => walletButton(other).textContent()).toContain(short(second.address));

      await expect.poll(() => walletButton(page).textContent()).toBe('Sign in again');
      expect(await walletButton(page).getAttribute('aria-label')).toBe(`Sign in again as ${first.address}`);
      expect(await page.getByRole('button', { name: /Notifications/ }).count()).toBe(0);

      // Signing the first wallet in again takes the session back, and now the second tab is the one that offers.
      await walletButton(page).click();
      await expect.poll(() => walletButton(page).textContent()).toContain(short(first.address));
      expect(firstWallet.signatureCount).toBe(2);
      expect(await (await page.request.get('/api/auth/session')).json()).toMatchObject({
        walletAddress: first.address,
      });
      await expect.poll(() => walletButton(other).textContent()).toBe('Sign in again');
      expect(await walletButton(other).getAttribute('aria-label')).toBe(`Sign in again as ${second.address}`);
    }));
});

describe('without any wallet', () => {
  it('explains that Phantom is missing', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      await page.goto('/');
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      // Local mode offers the Local Dev Wallet, so the picker opens with an install link for Phantom.
      const dialog = page.getByRole('dialog', { name: 'Connect a wallet' });
      await dialog.waitFor();
      expect(await dialog.getByRole('link', { name: /Phantom/ }).getAttribute('href')).toBe(
        'https://phantom.app/download',
      );
    }));
});

describe('Local Dev Wallet (local mode)', () => {
  it('signs in with an in-page key and keeps it across reloads', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      // A slow /api/config: the click lands before the Local Dev Wallet has registered, and must still open the
      // picker (not "Phantom wallet not found"), which lists the wallet once it arrives.
      await page.route('**/api/config', async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      });
      await page.goto('/');
      await page.getByRole('button', { name: 'Connect Wallet' }).click();
      await page
        .getByRole('dialog', { name: 'Connect a wallet' })
        .getByRole('button', { name: /Local Dev Wallet/ })
        .click();
      await expect
        .poll(() => walletButton(page).textContent())
        .toMatch(/^[1-9A-HJ-NP-Za-km-z]{8}\.\.\.[1-9A-HJ-NP-Za-km-z]{4}$/);
      const toast = page.getByRole('region', { name: /Notifications/ });
      expect(await toast.getByText('Local Dev Wallet connected successfully', { exact: true }).isVisible()).toBe(true);
      const address = await page.evaluate(() => localStorage.getItem('walletAddress'));
      expect(await page.evaluate(() => localStorage.getItem('walletType'))).toBe('local-dev-wallet');

      await page.reload();
      await expect.poll(() => walletButton(page).textContent()).toBe(short(address ?? ''));
    }));
});
