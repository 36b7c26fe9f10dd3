import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@server/db/migrate';
import { migrationsUpTo, openRawDatabase, type RawDatabase } from '@tests/helpers/partial-migrations';

// 0012 names every purchase's buyer by wallet (transactions.buyer_wallet) and lets buyer_id be NULL, so an Actions
// POST creates no users row. Rows written before it, web and Actions alike, had a user: their wallet is
// copied from it, and reveal (which now compares the signed-in wallet with buyer_wallet) keeps working for them.

const BEFORE = '0011_order_holding_costs';

let raw: RawDatabase;
let partial: string;
beforeAll(async () => {
  raw = await openRawDatabase();
  partial = await migrationsUpTo(BEFORE);
});
afterAll(async () => {
  await raw?.close();
  if (partial) await rm(partial, { recursive: true, force: true });
});

describe('migration 0012: buyer_wallet', () => {
  it("backfills every purchase's buyer wallet from its user, then requires one and lets buyer_id be NULL", async () => {
    await raw.migrate(partial);
    const user = async (wallet: string) =>
      (await raw.query<{ id: string }>(`insert into users (wallet_address) values ($1) returning id`, [wallet]))[0]!.id;
    const seller = await user('seller-wallet');
    const webBuyer = await user('web-buyer-wallet');
    const actionsBuyer = await user('actions-buyer-wallet');
    const [listing] = await raw.query<{ id: string }>(
      `insert into addresses (address, seller_id, price) values ('addr', $1, 1) returning id`,
      [seller],
    );
    const insert = (buyerId: string, status: string, reservesListing: boolean, ref: string) =>
      raw.query(
        `insert into transactions (address_id, buyer_id, seller_id, price, total_amount, status, reserves_listing,
           payment_reference, payment_memo, recipient_wallet, price_lamports)
         values ($1, $2, $3, 1, 1, $4, $5, $6, 'vv:test', 'seller-wallet', 1000000000)`,
        [listing!.id, buyerId, seller, status, reservesListing, ref],
      );
    await insert(webBuyer, 'completed', true, 'ref-web');
    await insert(actionsBuyer, 'failed', false, 'ref-actions');

    await raw.migrate(MIGRATIONS_FOLDER);
    const rows = await raw.query<{ ref: string; buyer_id: string; buyer_wallet: string }>(
      `select payment_reference as ref, buyer_id, buyer_wallet from transactions order by payment_reference`,
    );
    expect(rows).toEqual([
      { ref: 'ref-actions', buyer_id: actionsBuyer, buyer_wallet: 'actions-buyer-wallet' },
      { ref: 'ref-web', buyer_id: webBuyer, buyer_wallet: 'web-buyer-wallet' },
    ]);

    const insertNew = (buyerWallet: string | null) =>
      raw.query(
        `insert into transactions (address_id, buyer_id, buyer_wallet, seller_id, price, total_amount, status,
           reserves_listing, payment_reference, payment_memo, recipient_wallet, price_lamports)
         values ($1, null, $2, $3, 1, 1, 'initiated', false, $4, 'vv:test', 'seller-wallet', 1000000000)`,
        [listing!.id, buyerWallet, seller, `ref-${buyerWallet}`],
      );
    await insertNew('new-actions-wallet');
    const missing = await insertNew(null).then(
      () => undefined,
      (e: { code?: string }) => e.code,
    );
    expect(missing).toBe('23502'); // not_null_violation: every purchase names its buyer's wallet
  });
});
