import { headerWallet } from '@shared/format/address';
import { newKeypair, type TestKeypair } from '@tests/helpers/keypair';
import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { sessionCookie } from './api-sign-in';
import { installTestWallet, TEST_WALLET_NAME, type TestWallet } from './test-wallet';

/*
 * Fixtures of the trading screens' browser tests: wallet connection through the UI, API sessions for set-up
 * (Sign-In With Solana from the test process), and request holds that make a transient state observable
 * without sleeping. Keys are generated per call; none is ever printed.
 */

export const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

/** Waits until the toast titled `title` is visible, and its description too when one is given. */
export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const item = toasts(page)
    .locator('li')
    .filter({ has: page.getByText(title, { exact: true }) });
  await item.first().waitFor({ timeout: 30_000 });
  if (description !== undefined) {
    await item
      .getByText(description, { exact: typeof description === 'string' })
      .first()
      .waitFor({ timeout: 30_000 });
  }
}

/** A visible link to `href` (a string is exact; a pattern may match part of it). */
export async function expectLink(link: Locator, href: string | RegExp) {
  await link.waitFor();
  const actual = await link.getAttribute('href');
  if (typeof href === 'string') expect(actual).toBe(href);
  else expect(actual).toMatch(href);
}

/** The header shows the wallet as connected (not "connecting"): the app has a session and may act for it. */
export const waitForWallet = (page: Page, address: string) =>
  page
    .getByRole('banner')
    .getByRole('button', { name: `${headerWallet(address)} wallet ${address}`, exact: true })
    .waitFor({ timeout: 30_000 });

/** Opens `url` with the Test Wallet for `key` installed and connects it through the header's button. */
export async function openWithWallet(page: Page, key: TestKeypair, url: string): Promise<TestWallet> {
  const wallet = await installTestWallet(page, key);
  await page.goto(url);
  await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
  await chooseTestWallet(page);
  await waitForWallet(page, key.address);
  return wallet;
}

export async function chooseTestWallet(page: Page) {
  await page
    .getByRole('dialog', { name: 'Connect a wallet' })
    .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
    .click();
}

/** A signed-in API client for set-up done "elsewhere" (another device of the same user). */
export interface ApiSession {
  readonly address: string;
  call<T = unknown>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }>;
}

export async function signIn(baseUrl: string, key: TestKeypair): Promise<ApiSession> {
  const cookie = await sessionCookie(baseUrl, key);
  return {
    address: key.address,
    async call(method, path, body) {
      const response = await fetch(`${baseUrl}${path}`, {
        method,
        headers: { origin: baseUrl, cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as never };
    },
  };
}

export interface CreatedListing {
  id: string;
  address: string;
  price: string;
  category: string;
}

/**
 * Deletes through the confirmation dialog `card`'s Delete opens, after checking its
 * docs/product-spec.md#validation-rules question is shown.
 */
export async function confirmDelete(page: Page, card: Locator) {
  await card.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete listing?' });
  await dialog
    .getByText('Are you sure you want to delete this listing? This action cannot be undone.', { exact: true })
    .waitFor();
  await dialog.getByRole('button', { name: 'Delete Listing' }).click();
}

/** Lists a freshly generated address through POST /api/addresses; the secret goes to the server only. */
export async function createListing(admin: ApiSession, body: Record<string, unknown> = {}): Promise<CreatedListing> {
  const key = newKeypair();
  const res = await admin.call<CreatedListing>('POST', '/api/addresses', {
    address: key.address,
    privateKey: key.forms.base58Secret,
    price: '0.05',
    ...body,
  });
  expect(res.status, 'create listing').toBe(201);
  return res.body;
}

export async function airdrop(baseUrl: string, address: string, sol: number) {
  const res = await fetch(`${baseUrl}/api/dev/airdrop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ address, sol }),
  });
  expect(res.status, 'airdrop').toBe(200);
}

/**
 * Holds matching requests until `release()`: a transient state (a pending button, a progress toast) then stays
 * on screen until the test has seen it, however slow the machine. `arrived` resolves on the first match.
 */
export async function holdRequests(page: Page, url: string | RegExp, method: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() !== method) return route.fallback();
    arrive();
    await released;
    await route.continue().catch(() => undefined); // the page may have moved on meanwhile
  });
  return { arrived, release };
}

/** Makes the Test Wallet refuse the next transaction signature, like a user pressing Reject. */
export async function rejectNextSignature(page: Page) {
  await page.evaluate(() => {
    const w = window as unknown as Record<string, (...a: unknown[]) => Promise<unknown>>;
    const original = w.__testWallet_signTransaction!;
    w.__testWallet_signTransaction = async () => {
      w.__testWallet_signTransaction = original;
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    };
  });
}
