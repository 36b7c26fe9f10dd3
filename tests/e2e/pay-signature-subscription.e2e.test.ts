import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { withPage } from './helpers/browser';
import { delayNextPaymentDelivery } from './helpers/payment-hooks';
import { newKeypair } from '@tests/helpers/keypair';
import { airdrop, createListing, openWithWallet } from './helpers/trade-fixtures';
import { useShopWithAdmin } from './helpers/server-and-browser';

/*
 * While a sent payment waits on the chain, the pay screen learns that it landed from a
 * `signatureSubscribe` notification on the PubSub URL of GET /api/config, and from getSignatureStatuses polls
 * when that WebSocket is down. The chain and server are real; the RPC node holds the payment until the test
 * delivers it, so the page is certainly waiting when it lands.
 */
const ctx = useShopWithAdmin();

const rpcMethod = (text: string) => (JSON.parse(text) as { method?: string; params?: unknown[] }) ?? {};

/** Buys a fresh listing; resolves with the payment's signature once the page shows it confirming. */
async function payAndHold(page: Page) {
  const listing = await createListing(ctx.adminApi);
  const buyer = newKeypair();
  await airdrop(ctx.server.url, buyer.address, 2);
  await openWithWallet(page, buyer, `/address/${encodeURIComponent(listing.address)}`);
  const delivery = await delayNextPaymentDelivery(page, ctx.server.url);
  await page.getByRole('button', { name: /^BUY NOW/ }).click();
  await page.waitForURL(/\/secure-transaction\/[0-9a-f-]{36}$/);
  const signature = await delivery.signature;
  await statusBadge(page, 'Confirming on Blockchain').waitFor({ timeout: 30_000 });
  return { signature, delivery };
}

/** Every signature the page asks getSignatureStatuses about on /rpc, in request order. */
function pollsOf(page: Page): string[] {
  const polled: string[] = [];
  page.on('request', (request) => {
    if (request.method() !== 'POST' || !request.url().endsWith('/rpc')) return;
    const call = rpcMethod(request.postData() ?? '{}');
    if (call.method === 'getSignatureStatuses') polled.push(...((call.params?.[0] as string[]) ?? []));
  });
  return polled;
}

const statusBadge = (page: Page, text: string) =>
  page.getByTestId('transaction-status').filter({ hasText: text }).first();

describe('payment confirmation on the pay screen', () => {
  it('subscribes to the payment signature over the WebSocket and is notified when it lands', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      const frames: { from: 'page' | 'chain'; method?: string; params?: unknown[] }[] = [];
      // Passed through unchanged to the real PubSub on /rpc, only recorded.
      await page.routeWebSocket(/\/rpc$/, (ws) => {
        const chain = ws.connectToServer();
        ws.onMessage((message) => {
          frames.push({ from: 'page', ...rpcMethod(String(message)) });
          chain.send(message);
        });
        chain.onMessage((message) => {
          const frame = { from: 'chain' as const, ...rpcMethod(String(message)) };
          frames.push(frame);
          if (frame.method === 'signatureNotification') readsAtNotification ??= purchaseReads;
          ws.send(message);
        });
      });
      // When the page asks the server about the purchase (its 5 s refetch, or the one a notification triggers).
      let purchaseReads = 0;
      let readsAtNotification: number | undefined;
      page.on('request', (request) => {
        if (request.method() === 'GET' && /\/api\/transactions\/lookup\/[^/]+$/.test(request.url())) purchaseReads++;
      });
      // The page's timers run on a clock the test can stop (time flows normally until it does).
      await page.clock.install();

      const { signature, delivery } = await payAndHold(page);
      await expect
        .poll(() => frames.some((f) => f.method === 'signatureSubscribe' && f.params?.[0] === signature))
        .toBe(true);
      // Stop the page's clock: neither the 2 s signature poll nor the 5 s purchase refetch can run now, so a
      // purchase read after the payment lands can only come from the notification. Timer-free, so a slow machine
      // cannot fake or spoil it.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 50);
      await delivery.deliver();
      await expect.poll(() => readsAtNotification, { timeout: 30_000 }).toBeDefined();
      await expect.poll(() => purchaseReads, { timeout: 30_000 }).toBeGreaterThan(readsAtNotification!);
      expect(frames.filter((f) => f.from === 'chain' && f.method === 'signatureNotification')).toHaveLength(1);
      await page.clock.resume();
      await statusBadge(page, 'Blockchain Confirmed').waitFor({ timeout: 60_000 });
    }));

  it('falls back to polling the signature status when the WebSocket is refused', () =>
    withPage(ctx.browser, { baseURL: ctx.server.url }, async (page) => {
      let refused = 0;
      await page.routeWebSocket(/\/rpc$/, (ws) => {
        refused++;
        void ws.close({ code: 1011, reason: 'PubSub unavailable' });
      });
      const polled = pollsOf(page);

      const { signature, delivery } = await payAndHold(page);
      await expect.poll(() => refused).toBeGreaterThan(0);
      await expect.poll(() => polled.includes(signature)).toBe(true);
      await delivery.deliver();
      await statusBadge(page, 'Blockchain Confirmed').waitFor({ timeout: 60_000 });
    }));
});
