import { generateKeyPairSync } from 'node:crypto';
import { getBase58Decoder } from '@solana/kit';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '@shared/api/listings';
import { sessionCookie } from './helpers/api-sign-in';
import { VIEWPORTS, withPage } from './helpers/browser';
import { newKeypair } from '@tests/helpers/keypair';
import { installTestWallet, TEST_WALLET_NAME } from './helpers/test-wallet';
import { useServerAndBrowser } from './helpers/server-and-browser';

/*
 * Hostile input in the browser (docs/reliability.md#hostile-input): listings whose user-controlled text (pattern and
 * category, which an admin sets freely through PATCH /api/addresses/{id}) carry <script> and event-handler payloads,
 * rendered by every page that shows them. No payload may run (a window flag, a dialog, injected elements, a CSP report
 * in the console), and the text must be shown as written.
 */
const b58 = getBase58Decoder();
const admin = newKeypair();

/** Each sets window.__pwned if it ever runs; none has a hyphen, so the category label shows it unchanged. */
const PAYLOADS = [
  { pattern: `<img src=x onerror="window.__pwned='p1'">`, category: `<script>window.__pwned='c1'</script>` },
  { pattern: `"><svg onload="window.__pwned='p2'">`, category: `<img src=x onerror=alert('c2')>` },
  { pattern: `';window.__pwned='p3';//`, category: `{{7*7}}<%= 7*7 %>#{7*7}` },
  { pattern: `</span><b onmouseover=alert(4)>x</b>`, category: `javascript:window.__pwned='c4'` },
  { pattern: '(?<x>[\\${7*7}{{7*7}}', category: `&lt;b&gt;&amp;#60;script&#62;` },
] as const;
const SEARCH_PAYLOAD = `<img src=y onerror="window.__pwned='q'">`;

const ctx = useServerAndBrowser({ ADMIN_WALLETS: admin.address });
const listings: Listing[] = [];

async function api(method: string, path: string, cookie: string, body: object): Promise<Listing> {
  const res = await fetch(`${ctx.server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', origin: ctx.server.url, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} failed: ${res.status} ${await res.text()}`);
  return res.json();
}

beforeAll(async () => {
  const cookie = await sessionCookie(ctx.server.url, admin);
  for (const [i, payload] of PAYLOADS.entries()) {
    const { publicKey, privateKey } = generateKeyPairSync('ed25519');
    const pub = Buffer.from(publicKey.export({ format: 'jwk' }).x ?? '', 'base64url');
    const seed = Buffer.from(privateKey.export({ format: 'jwk' }).d ?? '', 'base64url');
    const created = await api('POST', '/api/addresses', cookie, {
      address: b58.decode(pub),
      privateKey: b58.decode(Buffer.concat([seed, pub])),
      price: String(i + 1),
      promotionType: 'featured',
    });
    const edited = await api('PATCH', `/api/addresses/${created.id}`, cookie, payload);
    // Stored as written: the browser must render these very strings.
    expect([edited.pattern, edited.category]).toEqual([payload.pattern, payload.category]);
    listings.push(edited);
  }
});

/** Elements or script a payload would have created, had it been parsed as HTML. */
const injectedMarkup = (page: Page) =>
  page.evaluate(() => ({
    flag: (window as unknown as { __pwned?: unknown }).__pwned ?? null,
    scripts: [...document.scripts].filter((s) => /__pwned|alert\(/.test(s.textContent ?? '')).length,
    handlers: document.querySelectorAll('[onerror],[onload],[onmouseover],[onclick]').length,
    injected: document.querySelectorAll('img[src="x"],img[src="y"],iframe,object,embed').length,
  }));
const NOTHING = { flag: null, scripts: 0, handlers: 0, injected: 0 };

/** Records dialogs (alert, confirm) for the page's whole life; withPage already fails on console errors. */
function watchDialogs(page: Page): string[] {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

/** Every text appears in the page's text as written: had it been parsed as markup, its tags would be gone. */
async function expectShownLiterally(page: Page, texts: readonly string[]) {
  await expect
    .poll(() => page.evaluate((all) => all.filter((t) => !document.body.textContent?.includes(t)), [...texts]))
    .toEqual([]);
}

async function expectNothingRan(page: Page, dialogs: string[]) {
  // Give deferred handlers (an image's onerror, a mouse-over) a moment and a reason to fire.
  await page.mouse.move(200, 300);
  await page.mouse.move(600, 400);
  await page.waitForTimeout(300);
  expect(await injectedMarkup(page)).toEqual(NOTHING);
  expect(dialogs).toEqual([]);
}

const everyText = PAYLOADS.flatMap((p) => [p.pattern, p.category]);

describe('user-supplied listing text is rendered as text', () => {
  it('the checks see a payload that does run (control, on a page without our CSP)', async () => {
    const page = await ctx.browser.newPage();
    try {
      const dialogs = watchDialogs(page);
      await page.setContent(`<p>${PAYLOADS[0].pattern}</p><p>${PAYLOADS[1].category}</p>`);
      await expect.poll(() => injectedMarkup(page).then((m) => m.flag)).toBe('p1');
      expect((await injectedMarkup(page)).injected).toBeGreaterThan(0);
      await expect.poll(() => dialogs).toEqual(['c2']);
    } finally {
      await page.close();
    }
  });

  it('home: featured cards', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const dialogs = watchDialogs(page);
      await page.goto('/');
      await expect.poll(() => page.getByTestId('listing-card').count()).toBe(PAYLOADS.length);
      await expectShownLiterally(page, everyText);
      await expectNothingRan(page, dialogs);
    }));

  for (const viewport of [VIEWPORTS.desktop, VIEWPORTS.phone]) {
    it(`marketplace at ${viewport.width} px, and a hostile search`, () =>
      withPage(ctx.browser, { baseURL: ctx.server.url, viewport }, async (page) => {
        const dialogs = watchDialogs(page);
        await page.goto('/marketplace');
        await expect.poll(() => page.getByTestId('total-count').textContent()).toBe(`${PAYLOADS.length} addresses`);
        await expectShownLiterally(page, everyText);
        await page.getByLabel('Search addresses').fill(SEARCH_PAYLOAD);
        await page.getByRole('heading', { name: `No addresses found matching "${SEARCH_PAYLOAD}"` }).waitFor();
        await expectNothingRan(page, dialogs);
      }));
  }

  it('the address page of each listing', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const dialogs = watchDialogs(page);
      for (const [i, listing] of listings.entries()) {
        await page.goto(`/address/${encodeURIComponent(listing.address)}`);
        await page.getByText('AVAILABLE FOR PURCHASE').waitFor();
        await expectShownLiterally(page, [PAYLOADS[i]!.category, PAYLOADS[i]!.pattern]);
        await expectNothingRan(page, dialogs);
      }
    }));

  it('address and transaction pages named by a payload', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const dialogs = watchDialogs(page);
      await page.goto(`/address/${encodeURIComponent(PAYLOADS[0].pattern)}`);
      await page.getByRole('heading', { name: 'Address Not Found' }).waitFor();
      await expectNothingRan(page, dialogs);
      await page.goto(`/transaction/${encodeURIComponent(PAYLOADS[1].pattern)}`);
      await page.getByRole('heading', { name: 'Transaction Not Found' }).waitFor();
      await expectNothingRan(page, dialogs);
    }));

  it("the admin's own listings on the profile, and the edit form", () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const dialogs = watchDialogs(page);
      await installTestWallet(page, admin);
      await page.goto('/profile');
      await page.getByRole('banner').getByRole('button', { name: 'Connect Wallet' }).click();
      await page
        .getByRole('dialog', { name: 'Connect a wallet' })
        .getByRole('button', { name: new RegExp(TEST_WALLET_NAME) })
        .click();
      await expect.poll(() => page.getByTestId('my-listing').count()).toBe(PAYLOADS.length);
      await expectShownLiterally(page, everyText);
      const card = page.getByTestId('my-listing').filter({ hasText: PAYLOADS[0].category });
      await card.getByRole('button', { name: 'Edit' }).click();
      const form = card.getByRole('form', { name: 'Edit listing' });
      expect(await form.getByLabel('Pattern').inputValue()).toBe(PAYLOADS[0].pattern);
      expect(await form.getByLabel('Category').inputValue()).toBe(PAYLOADS[0].category);
      await expectNothingRan(page, dialogs);
    }));
});
