import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { decodeBase58, encodeBase58 } from '@shared/keys/base58';
import { decodeTweak, freshNoncePrefix, newBaseKey, tweakedPoint, writeFinishLaterFile } from '@shared/split-key';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@shared/mint';
import { verifyReceipt } from '@shared/trust/receipt';
import { fetchMint, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { address as toAddress, createAddressWithSeed, createSolanaRpc, devnet } from '@solana/kit';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newKeypair } from '@tests/helpers/keypair';
import { VIEWPORTS, withPage } from './helpers/browser';
import { airdrop, expectToast, openWithWallet, signIn } from './helpers/trade-fixtures';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * docs/domain.md#order-lanes-keys-nobody-else-ever-held in the browser: a buyer orders a 2-character split-key mint,
 * downloads the finish-later file (a warning in it: not a wallet key), pays the order's escrow, waits for delivery,
 * checks the proof P + t·G, creates the token mint with an initial supply in the page, and then the chain (kit's
 * getTokenAccountsByOwner) shows the wallet's token account for it. On a phone, another buyer's page is reloaded after
 * delivery, so the secret is gone from memory: /order/{id}/finish refuses a file of another secret and finishes with
 * theirs (a Token-2022 mint). ORDER_SCREENSHOTS=<dir> saves the screens at 1280 and 390 px.
 */
const SHOTS = process.env.ORDER_SCREENSHOTS;
const SHOP = newKeypair().address;
const ctx = useServerAndBrowser({
  GRIND_WORKERS: '1',
  ORDER_LEASE_SECONDS: '3',
  SHOP_WALLET: SHOP,
  ADMIN_WALLETS: SHOP,
});

/** Checks the page fits its width (a long address must wrap, not widen a phone's page), then maybe saves it. */
async function shot(page: Page, name: string) {
  const widths = await page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth]);
  expect(widths[0], `${name} is wider than the screen`).toBeLessThanOrEqual(widths[1]!);
  if (!SHOTS) return;
  for (const close of await page.getByRole('button', { name: 'Dismiss notification' }).all()) {
    await close.click({ timeout: 1_000 }).catch(() => undefined);
  }
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForTimeout(400);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${page.viewportSize()?.width}.png`), fullPage: true });
}

async function chainRpc() {
  const config = (await (await fetch(`${ctx.server.url}/api/config`)).json()) as { rpcUrls: string[] };
  return createSolanaRpc(devnet(new URL(config.rpcUrls[0]!, ctx.server.url).toString()));
}

/** Picks the lane by its title and waits for the quote of `pattern` in it. */
async function quoteLane(page: Page, title: RegExp, pattern: string) {
  await page.getByRole('radio', { name: title }).check();
  await page.getByLabel('Pattern').fill(pattern);
  await page.getByTestId('quote-price').waitFor({ timeout: 15_000 });
  await expect
    .poll(() => page.getByRole('button', { name: /^Place order/ }).isEnabled(), { timeout: 15_000 })
    .toBe(true);
}

/** The wallet's token accounts for `mint` under `programId`, as kit reads them (jsonParsed). */
async function tokenAccounts(owner: string, mint: string) {
  const rpc = await chainRpc();
  const { value } = await rpc
    .getTokenAccountsByOwner(
      toAddress(owner),
      { mint: toAddress(mint) },
      { encoding: 'jsonParsed', commitment: 'confirmed' },
    )
    .send();
  return value.map((a) => a.account.data.parsed.info);
}

/**
 * On /order with the wallet connected: picks the split-key lane, downloads the finish-later file (checked: its
 * warning, and that the secret is nowhere else), places and pays the order and waits for delivery, then checks the
 * proof P + t·G. Returns the file's text and the delivered address.
 */
async function orderSplitKeyMint(page: Page) {
  await quoteLane(page, /^A token mint or program/, 'Ab');
  const explanation = page.getByTestId('lane-explanation');
  await explanation.getByText(/It is a raw scalar, not a seed/).waitFor();
  expect(await explanation.textContent()).toContain(
    'Phantom, Backpack, Solflare, solana-keygen and web3.js all take a seed',
  );
  await shot(page, 'split-key-quote');

  // The file, before the order exists: the only copy of a outside this page.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download the finish-later file' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/NOT-A-WALLET-KEY\.json$/);
  const fileText = await readFile((await download.path())!, 'utf8');
  expect(fileText).toContain('NOT A WALLET KEY. No wallet can import this');
  const file = JSON.parse(fileText) as { basePoint: string; orderId: string | null; baseScalar: string };
  expect(file.orderId).toBeNull();
  // The page never put the secret where it outlives the tab.
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));
  expect(stored).not.toContain(file.baseScalar);
  expect(page.url()).not.toContain(file.baseScalar);

  await page.getByRole('button', { name: /^Place order/ }).click();
  await expectToast(page, 'Order placed');
  const status = page.getByTestId('order-status');
  await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Waiting for payment');
  await page.getByTestId('order-deadline').waitFor();
  await shot(page, 'split-key-pay');
  await page.getByRole('button', { name: /^Pay .* SOL from my wallet$/ }).click();
  await expect.poll(() => status.textContent(), { timeout: 150_000 }).toBe('Delivered');

  // The proof: P (the file's), t and the address; P + t·G is the address.
  const mint = (await page.getByTestId('order-address').textContent()) ?? '';
  expect(mint.startsWith('Ab')).toBe(true);
  expect(await page.getByTestId('proof-base-point').textContent()).toBe(file.basePoint);
  const t = decodeTweak((await page.getByTestId('proof-tweak').textContent()) ?? '');
  expect(t).not.toBeNull();
  const P = ed25519.Point.fromBytes(decodeBase58(file.basePoint)!);
  expect(encodeBase58(tweakedPoint(P, t!).toBytes())).toBe(mint);

  // The same proof, signed by the shop: the buyer downloads it, and it checks against the published attestation key.
  const [receiptFile] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('order-receipt').getByRole('button', { name: 'Delivery receipt' }).click(),
  ]);
  expect(receiptFile.suggestedFilename()).toMatch(/^vanity-vault-delivery-receipt-[0-9a-f-]{36}\.json$/);
  const receiptText = await readFile((await receiptFile.path())!, 'utf8');
  const { publicKey } = (await (await fetch(`${ctx.server.url}/api/attestation-key`)).json()) as { publicKey: string };
  const verdict = verifyReceipt(receiptText, publicKey);
  expect(verdict.ok && verdict.statement).toMatchObject({
    type: 'vanity-vault/order-delivery/v1',
    lane: 'split-key',
    address: mint,
    basePoint: file.basePoint,
    tweak: await page.getByTestId('proof-tweak').textContent(),
    keyHeldByShop: 'never',
  });
  // And in the shop's own checker, in another tab, which names what it checked.
  const checker = await page.context().newPage();
  await checker.goto('/verify-receipt');
  await checker.getByRole('button', { name: 'Verify receipt' }).waitFor();
  await expect.poll(() => checker.getByText(/^Attestation key:/).textContent()).toContain(publicKey);
  await checker.getByLabel('Receipt (JSON)').fill(receiptText);
  await checker.getByRole('button', { name: 'Verify receipt' }).click();
  expect(await checker.getByTestId('receipt-verdict').textContent()).toContain(
    'Valid order delivery receipt, signed by the shop.',
  );
  await checker.close();
  await shot(page, 'split-key-delivered');
  return { fileText, mint };
}

describe('split-key mint ordered in the browser', () => {
  it(
    'orders, downloads the file, pays, waits, creates the mint in the page, and the wallet holds its token account',
    { timeout: 300_000 },
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 5);
        await openWithWallet(page, buyer, '/order');
        await page.getByRole('heading', { name: 'Order a Custom Address' }).waitFor();
        const { mint } = await orderSplitKeyMint(page);

        await page.getByLabel('Decimals').selectOption('6');
        await page.getByLabel('Initial supply (optional)').fill('1000');
        await page.getByRole('button', { name: /^Create my token mint at/ }).click();
        await expectToast(page, 'Mint created');
        await page.getByTestId('mint-created').waitFor();
        await shot(page, 'split-key-minted');

        const [account, ...more] = await tokenAccounts(buyer.address, mint);
        expect(more).toHaveLength(0);
        expect(account).toMatchObject({ mint, owner: buyer.address, tokenAmount: { amount: '1000000000' } });
        const created = await fetchMint(await chainRpc(), toAddress(mint), { commitment: 'confirmed' });
        expect(created.programAddress).toBe(TOKEN_PROGRAM_ADDRESS);
        expect(created.data.decimals).toBe(6);
        expect(created.data.mintAuthority).toEqual({ __option: 'Some', value: buyer.address });
      }),
  );

  it(
    'on a phone (390 px), finishes from the file on /order/{id}/finish: another secret is refused, the right one creates a Token-2022 mint',
    { timeout: 300_000 },
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport: VIEWPORTS.phone }, async (page) => {
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 5);
        await openWithWallet(page, buyer, '/order');
        await quoteLane(page, /^An account with no key/, 'Ab');
        await page.getByLabel('Owner program').waitFor();
        await page
          .getByTestId('lane-explanation')
          .getByText(/works with every token tool/)
          .waitFor();
        await shot(page, 'seed-derived-quote');
        const { fileText, mint } = await orderSplitKeyMint(page);
        const session = await signIn(ctx.server.url, buyer);
        const mine = await session.call<{ orders: Array<{ id: string; address: string | null }> }>(
          'GET',
          '/api/orders/mine',
        );
        const order = mine.body.orders.find((o) => o.address === mint)!;

        // A new page load: the secret is gone from memory, and the file is the way back.
        await page.goto(`/order/${order.id}/finish`);
        await page.getByRole('heading', { name: 'Finish a Split-Key Order' }).waitFor();
        const input = page.getByLabel('Finish-later file (.json)');
        const other = newBaseKey();
        const wrong = writeFinishLaterFile({
          baseScalar: other.scalar,
          noncePrefix: freshNoncePrefix(),
          orderId: null,
          address: null,
        });
        await input.setInputFiles({ name: 'other.json', mimeType: 'application/json', buffer: Buffer.from(wrong) });
        await expect
          .poll(() => page.getByTestId('finish-problem').textContent(), { timeout: 15_000 })
          .toContain("This file's secret is not the one this order was placed with");
        expect(await page.getByRole('button', { name: /^Create my token mint at/ }).count()).toBe(0);

        await input.setInputFiles({ name: 'mine.json', mimeType: 'application/json', buffer: Buffer.from(fileText) });
        await page.getByTestId('finish-checked').waitFor({ timeout: 15_000 });
        await page.getByLabel('Decimals').selectOption('0');
        await page.getByLabel('Token program').selectOption({ label: 'Token-2022' });
        await page.getByLabel('Initial supply (optional)').fill('5');
        await shot(page, 'split-key-finish');
        await page.getByRole('button', { name: /^Create my token mint at/ }).click();
        await page.getByTestId('mint-created').waitFor({ timeout: 60_000 });
        const [account] = await tokenAccounts(buyer.address, mint);
        expect(account).toMatchObject({ mint, owner: buyer.address, tokenAmount: { amount: '5' } });
        expect((await fetchMint(await chainRpc(), toAddress(mint))).programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS);

        // Opened again, the file finds the mint made: nothing is offered twice.
        await page.reload();
        await page.getByLabel('Finish-later file (.json)').setInputFiles({
          name: 'mine.json',
          mimeType: 'application/json',
          buffer: Buffer.from(fileText),
        });
        await expect
          .poll(() => page.getByTestId('account-exists').textContent(), { timeout: 15_000 })
          .toContain('exists already (owned by Token-2022)');
        await shot(page, 'split-key-finished');
      }),
  );

  it(
    'a seed-derived mint: no file, no key; the wallet creates it with the seed it was delivered',
    { timeout: 300_000 },
    () =>
      withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
        const buyer = newKeypair();
        await airdrop(ctx.server.url, buyer.address, 5);
        await openWithWallet(page, buyer, '/order');
        await quoteLane(page, /^An account with no key/, 'Ab');
        expect(await page.getByLabel('Owner program').inputValue()).toBe('spl');
        expect(await page.getByRole('button', { name: 'Download the finish-later file' }).count()).toBe(0);
        await page.getByRole('button', { name: /^Place order/ }).click();
        await expectToast(page, 'Order placed');
        const status = page.getByTestId('order-status');
        await expect.poll(() => status.textContent(), { timeout: 15_000 }).toBe('Waiting for payment');
        await page.getByRole('button', { name: /^Pay .* SOL from my wallet$/ }).click();
        await expect.poll(() => status.textContent(), { timeout: 150_000 }).toBe('Delivered');

        const mint = (await page.getByTestId('order-address').textContent()) ?? '';
        expect(mint.startsWith('Ab')).toBe(true);
        expect(await page.getByTestId('proof-base').textContent()).toBe(buyer.address);
        expect(await page.getByTestId('proof-owner').textContent()).toBe(TOKEN_PROGRAM_ADDRESS);
        const seed = (await page.getByTestId('proof-seed').textContent()) ?? '';
        expect(
          await createAddressWithSeed({
            baseAddress: toAddress(buyer.address),
            seed,
            programAddress: TOKEN_PROGRAM_ADDRESS,
          }),
        ).toBe(mint);
        await shot(page, 'seed-derived-delivered');

        await page.getByLabel('Initial supply (optional)').fill('42');
        await page.getByRole('button', { name: /^Create my token mint at/ }).click();
        await page.getByTestId('mint-created').waitFor({ timeout: 60_000 });
        const [account] = await tokenAccounts(buyer.address, mint);
        expect(account).toMatchObject({ mint, owner: buyer.address, tokenAmount: { amount: '42000000' } });
        const created = await fetchMint(await chainRpc(), toAddress(mint));
        expect(created.data.mintAuthority).toEqual({ __option: 'Some', value: buyer.address });
      }),
  );
});
