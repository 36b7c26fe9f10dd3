import type { Order } from '@shared/api/orders';
import type { TestApp } from '@tests/helpers/app';
import { newKeypair } from '@tests/helpers/keypair';
import type { SignedInWallet } from '@tests/helpers/wallet';

/** Helpers for the custom-order API tests (tests/api/orders/). */

const json = (cookie?: string) => ({ 'content-type': 'application/json', ...(cookie ? { cookie } : {}) });

/**
 * The shop's seller for a test app: a fresh wallet as SHOP_WALLET, made admin by ADMIN_WALLETS when the app is ready.
 * Outside the demo data orders are refused without it (docs/reliability.md#threat-model).
 */
export function shopWalletEnv(): { SHOP_WALLET: string; ADMIN_WALLETS: string } {
  const shop = newKeypair().address;
  return { SHOP_WALLET: shop, ADMIN_WALLETS: shop };
}

export function quote(t: Pick<TestApp, 'app'>, body: object) {
  return t.app.inject({ method: 'POST', url: '/api/orders/quote', headers: json(), payload: body });
}

/** POST /api/orders, from `remoteAddress` when given (the per-IP cap counts by it). */
export function placeOrder(t: Pick<TestApp, 'app'>, who: SignedInWallet | null, body: object, remoteAddress?: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders',
    headers: json(who?.cookie),
    payload: body,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
}

export async function placeOrderOk(
  t: Pick<TestApp, 'app'>,
  who: SignedInWallet,
  body: object,
  remoteAddress?: string,
): Promise<Order> {
  const res = await placeOrder(t, who, body, remoteAddress);
  if (res.statusCode !== 201) throw new Error(`order failed: ${res.statusCode} ${res.body}`);
  return res.json();
}

export function getOrder(t: Pick<TestApp, 'app'>, who: SignedInWallet, id: string) {
  return t.app.inject({ method: 'GET', url: `/api/orders/${id}`, headers: { cookie: who.cookie } });
}

export function cancelOrder(t: Pick<TestApp, 'app'>, who: SignedInWallet, id: string) {
  return t.app.inject({ method: 'POST', url: `/api/orders/${id}/cancel`, headers: json(who.cookie), payload: {} });
}

/** Polls the order until `until` holds (or fails after `timeoutMs`). */
export async function waitForOrder(
  t: Pick<TestApp, 'app'>,
  who: SignedInWallet,
  id: string,
  until: (o: Order) => boolean,
  timeoutMs = 60_000,
): Promise<Order> {
  const deadline = Date.now() + timeoutMs;
  let last: Order | undefined;
  while (Date.now() < deadline) {
    const res = await getOrder(t, who, id);
    if (res.statusCode !== 200) throw new Error(`order read failed: ${res.statusCode} ${res.body}`);
    last = res.json();
    if (until(last!)) return last!;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`order ${id} did not get there in time; last state ${JSON.stringify(last)}`);
}
