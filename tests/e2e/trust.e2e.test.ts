import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { newKeypair } from '@tests/helpers/keypair';
import { getAssignInstruction } from '@solana-program/system';
import {
  address as toAddress,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  devnet,
  getBase58Encoder,
} from '@solana/kit';
import { waitUntil } from '@tests/helpers/local-chain';
import { sendInstructions } from '@tests/helpers/local-chain-tokens';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { keyEncodings } from '../helpers/key-encodings';
import { VIEWPORTS, withPage } from './helpers/browser';
import { airdrop, createListing, expectToast, openWithWallet, signIn } from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';

/*
 * Trust a buyer can check (docs/domain.md#trust-model), in the browser: Verify custody checks the vault's signature in
 * the page, and a purchase made through the web app never carries the private key in any response body.
 * TRUST_SCREENSHOTS=<dir> saves screenshots.
 */
const SHOTS = process.env.TRUST_SCREENSHOTS;
const ctx = useShopWithAdmin();

async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  // Down and back up: everything below the first screen is painted, and the sticky header is at the top.
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.waitForTimeout(200);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

/** One element (a card on a long page). */
async function shotElement(element: Locator, page: Page, name: string) {
  if (!SHOTS) return;
  await element.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`) });
}

/** The page at 1280 px and at 390 px, back to the page's own width after. */
async function shotBoth(page: Page, name: string) {
  if (!SHOTS) return;
  const own = page.viewportSize()!;
  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    await page.setViewportSize(viewport);
    // As tall as the page at this width: a full-page shot of a resized page can leave its lower part unpainted.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    await page.setViewportSize({ width: viewport.width, height: Math.max(viewport.height, height) });
    await shot(page, name);
  }
  await page.setViewportSize(own);
}

/** Nothing may stick out sideways (a long program address or token account once did, at 390 px). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `the page scrolls sideways at ${page.viewportSize()?.width} px`).toBeLessThanOrEqual(0);
}

/** Lists a fresh key and keeps its secret for the test (never printed). */
async function listFresh(price = '0.05') {
  const key = newKeypair();
  const listing = await createListing(ctx.adminApi, {
    address: key.address,
    privateKey: key.forms.base58Secret,
    price,
  });
  return { listing, key };
}

const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

/**
 * The seller's booby trap, as a real transaction on the server's local chain: the address is `Assign`ed to another
 * program (which could then move its SOL without the key). Waits until a `confirmed` read sees it.
 */
async function assignAway(secret: string) {
  const config = (await (await fetch(`${ctx.server.url}/api/config`)).json()) as { rpcUrls: string[] };
  const rpc = createSolanaRpc(devnet(new URL(config.rpcUrls[0]!, ctx.server.url).toString()));
  const owner = await createKeyPairSignerFromBytes(new Uint8Array(getBase58Encoder().encode(secret)));
  await airdrop(ctx.server.url, owner.address, 1);
  await sendInstructions(rpc, owner, [
    getAssignInstruction({ account: owner, programAddress: toAddress(MEMO_PROGRAM) }),
  ]);
  await waitUntil(
    async () =>
      (await rpc.getAccountInfo(owner.address, { commitment: 'confirmed' }).send()).value?.owner === MEMO_PROGRAM,
    10_000,
  );
}

for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
  describe(`safety check panel at ${viewport.width} px`, () => {
    it('shows every check of a clean address, and the failure after the address is tampered with', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const { listing, key } = await listFresh();
        await page.goto(`/address/${encodeURIComponent(listing.address)}`);
        await page.getByRole('heading', { name: 'Safety check' }).waitFor();
        const panel = page.getByTestId('safety-panel');
        const statusOf = (name: string) => panel.getByTestId(`safety-check-${name}`).getAttribute('data-status');
        await expect.poll(() => statusOf('system-owned')).toBe('pass');
        for (const name of ['no-token-accounts', 'never-used', 'not-look-alike'])
          expect(await statusOf(name)).toBe('pass');
        expect(await panel.getByTestId('safety-check-system-owned').textContent()).toContain(
          'The account does not exist yet',
        );
        expect(await panel.getByTestId('safety-summary').textContent()).toBe('Every check passed.');
        await expectNoSidewaysScroll(page);
        await expect
          .poll(() => panel.getByTestId('safety-checked-at').textContent())
          .toMatch(/^Checked \d+ seconds? ago at slot \d+$/);
        await shot(page, 'trust-safety-clean');

        await assignAway(key.forms.base58Secret);
        const rechecked = page.waitForResponse((r) => r.url().endsWith('/safety?recheck=true'));
        await panel.getByRole('button', { name: 'Re-check' }).click();
        expect((await rechecked).status()).toBe(200);
        await expect.poll(() => statusOf('system-owned')).toBe('fail');
        expect(await panel.getByTestId('safety-check-system-owned').textContent()).toContain(
          `The account is owned by program ${MEMO_PROGRAM}, not the System Program`,
        );
        expect(await statusOf('never-used')).toBe('warn'); // the airdrop and the Assign are its history
        expect(await panel.getByTestId('safety-summary').textContent()).toBe(
          'This address failed a check: do not buy it.',
        );
        await expectNoSidewaysScroll(page);
        await shot(page, 'trust-safety-tampered');

        // A buyer's attempt is refused but leaves the listing listed (only its owner or an admin unlists
        // because of a check); the owner's re-check takes it off the market, and the profile says why.
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 1);
        const refused = await (
          await signIn(ctx.server.url, buyer)
        ).call<{ error: string }>('POST', '/api/transactions/initiate', {
          addressId: listing.id,
          buyerId: buyer.address,
          price: Number(listing.price),
          currency: 'SOL',
          membershipTier: 'basic',
        });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toBe('UNSAFE_ACCOUNT');
        const ownerRecheck = await ctx.adminApi.call<{ unlisted: boolean }>(
          'POST',
          `/api/addresses/${listing.id}/safety`,
        );
        expect(ownerRecheck.status).toBe(200);
        expect(ownerRecheck.body.unlisted).toBe(true);
        await openWithWallet(page, ctx.admin, '/profile');
        const card = page.getByTestId('my-listing').filter({ hasText: listing.address });
        const reason = card.getByTestId('unlisted-reason');
        await expect.poll(() => reason.textContent()).toContain('the address failed the account-safety checks');
        expect(await reason.textContent()).toContain(`owned by program ${MEMO_PROGRAM}`);
        expect(await card.textContent()).toContain('Unlisted');
        await expectNoSidewaysScroll(page);
        // The card fits the viewport too (its element shot once came out wider than the phone).
        const box = (await card.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        await card.scrollIntoViewIfNeeded();
        await shotElement(card, page, 'trust-unlisted-reason');
      }));
  });

  describe(`proof of custody at ${viewport.width} px`, () => {
    it('Verify custody checks the signature in the browser', () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const { listing } = await listFresh();
        await page.goto(`/address/${encodeURIComponent(listing.address)}`);
        await page.getByRole('heading', { name: 'Proof of custody' }).waitFor();
        const asked = page.waitForRequest((r) => r.url().endsWith('/custody-proof'));
        await page.getByRole('button', { name: 'Verify custody' }).click();
        const challenge = (await asked).postDataJSON() as { challenge: string };
        expect(Buffer.from(challenge.challenge, 'base64')).toHaveLength(32);
        const result = page.getByTestId('custody-result');
        await expect.poll(() => result.textContent()).toContain('Custody verified');
        await shot(page, 'trust-custody-verified');

        // A server-side "ok" counts for nothing: one flipped signature bit and the page says so.
        await page.route('**/custody-proof', async (route) => {
          const response = await route.fetch();
          const proof = (await response.json()) as { signature: string };
          const sig = Buffer.from(proof.signature, 'base64');
          sig[10]! ^= 1;
          await route.fulfill({ response, json: { ...proof, signature: sig.toString('base64') } });
        });
        await page.getByRole('button', { name: 'Verify custody' }).click();
        await expect.poll(() => result.textContent()).toContain('Custody not verified');
        expect(await result.textContent()).toContain('does not verify against this address');
        await shot(page, 'trust-custody-refused');
      }));
  });
}

describe('sealed key delivery', () => {
  it('a purchase and reveal through the web app never carry the key in a response body', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const { listing, key } = await listFresh('0.02');
      const secret = new Uint8Array(getBase58Encoder().encode(key.forms.base58Secret));
      const buyer = newKeypair();
      await airdrop(ctx.server.url, buyer.address, 2);

      const bodies: Promise<{ url: string; text: string; unreadable?: number }>[] = [];
      page.on('response', (response) => {
        const url = response.url();
        const status = response.status();
        // A GET the page dropped when it moved on (a query cancelled as the address page unmounts) leaves no body
        // to read. Those reads carry no key by construction; anything else unreadable fails below rather than pass
        // as empty, and the reveal's own answer must be read.
        // The rarity check is a read too, a POST only because the spec made it one: its body is a public address.
        const read = response.request().method() === 'GET' || url.endsWith('/api/addresses/validate');
        const droppable = read && !url.endsWith('/reveal-private-key');
        bodies.push(
          response
            .body()
            .then((b) => ({ url, text: b.toString('latin1') }))
            .catch(() =>
              (status >= 300 && status < 400) || status === 204 || status === 205 || droppable
                ? { url, text: '' }
                : { url, text: '', unreadable: status },
            ),
        );
      });
      const revealRequests: Array<Record<string, unknown>> = [];
      page.on('request', (r) => {
        if (r.url().endsWith('/reveal-private-key')) revealRequests.push(r.postDataJSON() as Record<string, unknown>);
      });

      await openWithWallet(page, buyer, `/address/${encodeURIComponent(listing.address)}`);
      await page.getByRole('button', { name: 'BUY NOW' }).click();
      await page.waitForURL(/\/secure-transaction\//);
      const status = page.getByTestId('transaction-status').first();
      await expect.poll(() => status.textContent(), { timeout: 60_000 }).toContain('Blockchain Confirmed');
      await page.getByRole('button', { name: 'Reveal Private Key' }).click();
      await expectToast(page, 'Private Key Revealed');
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      // The browser opened the sealed answer with its own one-time key and shows the right key.
      await expect.poll(() => page.getByTestId('secret-value').textContent()).toBe(key.forms.base58Secret);

      const captured = await Promise.all(bodies);
      expect(captured.filter((c) => c.unreadable !== undefined)).toEqual([]);
      const reveals = captured.filter((c) => c.url.endsWith('/reveal-private-key'));
      expect(reveals).toHaveLength(1);
      expect(JSON.parse(reveals[0]!.text)).toMatchObject({ success: true, sealed: { algorithm: expect.any(String) } });
      expect(revealRequests).toHaveLength(1);
      expect(Buffer.from(String(revealRequests[0]!.recipientPublicKey), 'base64')).toHaveLength(32);
      expect(captured.length).toBeGreaterThan(10);
      const forms = keyEncodings(secret);
      for (const { url, text } of captured) {
        for (const form of forms) expect(text.includes(form), `key found in the body of ${url}`).toBe(false);
      }
      await shot(page, 'trust-sealed-reveal');

      // The sale receipt: downloaded from the transaction page, checked in the browser on /verify-receipt.
      const transactionId = /secure-transaction\/([^/?#]+)/.exec(page.url())![1]!;
      await page.goto(`/transaction/${transactionId}`);
      const receipt = await downloadReceipt(page, 'Sale receipt');
      expect(receipt.statement).toMatchObject({ address: listing.address, transactionId, buyer: buyer.address });
      await shotBoth(page, 'trust-transaction-receipts');
      await expectVerdict(page, JSON.stringify(receipt), 'Valid sale receipt');
      await shotBoth(page, 'trust-verify-receipt');
      const forged = { ...receipt, statement: { ...receipt.statement, priceLamports: '1' } };
      await expectVerdict(page, JSON.stringify(forged), 'Not valid: The signature does not match');

      // Destroy from the profile; its destroy receipt is downloadable there and verifies too.
      await page.goto('/profile');
      const card = page.getByTestId('owned-address').filter({ hasText: listing.address });
      await card.getByRole('button', { name: 'Destroy Key' }).click();
      await page
        .getByRole('dialog', { name: 'Permanently Destroy Private Key?' })
        .getByRole('button', { name: 'Yes, Destroy Forever' })
        .click();
      await expectToast(page, 'Private Key Destroyed');
      const destroyed = await downloadReceipt(page, 'Destroy receipt', card);
      expect(destroyed.statement.statement).toBe('The vault no longer holds the private key of this address.');
      await expectVerdict(page, JSON.stringify(destroyed), 'Valid destroy receipt');

      // The terms page publishes the same key the receipts name.
      await page.goto('/terms-of-service');
      await expect.poll(() => page.getByTestId('attestation-public-key').textContent()).toBe(receipt.signer);
    }));
});

describe('account-safety checks before the reveal', () => {
  it('shows the key with a clear warning when the address was tampered with after the sale', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const { listing, key } = await listFresh('0.02');
      const buyer = newKeypair();
      await airdrop(ctx.server.url, buyer.address, 2);
      await openWithWallet(page, buyer, `/address/${encodeURIComponent(listing.address)}`);
      await page.getByRole('button', { name: 'BUY NOW' }).click();
      await page.waitForURL(/\/secure-transaction\//);
      const status = page.getByTestId('transaction-status').first();
      await expect.poll(() => status.textContent(), { timeout: 60_000 }).toContain('Blockchain Confirmed');

      // Paid and confirmed; then whoever still held the key assigns the account to another program.
      await assignAway(key.forms.base58Secret);
      await page.getByRole('button', { name: 'Reveal Private Key' }).click();
      await expectToast(page, 'Private Key Revealed');
      const warning = page.getByTestId('reveal-safety-warning');
      await warning.waitFor();
      const text = await warning.textContent();
      expect(text).toContain('This address changed on chain since it was listed');
      expect(text).toContain(`system-owned: The account is owned by program ${MEMO_PROGRAM}, not the System Program`);
      expect(text).toMatch(/Read at .+ \(slot \d+\)/);
      // The buyer paid: the key is still there, next to the warning.
      await page.getByRole('button', { name: 'Show', exact: true }).click();
      await expect.poll(() => page.getByTestId('secret-value').textContent()).toBe(key.forms.base58Secret);
      await page.getByRole('button', { name: 'Hide', exact: true }).click();
      await page.getByRole('button', { name: 'Dismiss notification' }).click();
      await page.setViewportSize(VIEWPORTS.phone);
      await expectNoSidewaysScroll(page);
      await shotBoth(page, 'trust-reveal-warning');
    }));
});

interface DownloadedReceipt {
  statement: Record<string, string>;
  signature: string;
  signer: string;
}

async function downloadReceipt(page: Page, label: string, scope?: Locator): Promise<DownloadedReceipt> {
  const button = (scope ?? page).getByRole('button', { name: label });
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const file = await download.path();
  return JSON.parse(await readFile(file, 'utf8')) as DownloadedReceipt;
}

async function expectVerdict(page: Page, receipt: string, text: string) {
  await page.goto('/verify-receipt');
  await page.getByLabel('Receipt (JSON)').fill(receipt);
  await page.getByRole('button', { name: 'Verify receipt' }).click();
  await expect.poll(() => page.getByTestId('receipt-verdict').textContent()).toContain(text);
}
