import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_FOLDER } from '@server/db/migrate';
import { migrationsUpTo, openRawDatabase, type RawDatabase } from '@tests/helpers/partial-migrations';

// 0010 moved a failed purchase's kind and failed check out of dispute_reason's wording into columns. Rows written
// before it must keep their meaning: this migrates an empty database to 0009, writes rows the way the old code did,
// then runs the rest and reads the backfilled columns.

const BEFORE = '0009_listing_unlisted_reason';

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

const OLD_REASONS = {
  expired: 'reservation expired',
  rejected: 'Payment check failed [AMOUNT_MISMATCH]: The payment sent 0.1 SOL; 0.2 SOL was due',
  rejectedStillPaid:
    'Payment check failed [MEMO_MISMATCH]: The memo does not match Refund due: 0.2 SOL still reached the seller in ' +
    'transaction abc; the seller should return it to w. You may start a new purchase.',
  lateRefund: 'Refund due: 0.2 SOL was paid to the seller in transaction abc after the reservation expired.',
  unknown: 'something an operator typed',
};

describe('migration 0010: failure_kind and failure_code', () => {
  it('backfills them from dispute_reason, leaving the human text and unfailed rows alone', async () => {
    await raw.migrate(partial);
    const [seller] = await raw.query<{ id: string }>(`insert into users (wallet_address) values ('s') returning id`);
    const [buyer] = await raw.query<{ id: string }>(`insert into users (wallet_address) values ('b') returning id`);
    const [listing] = await raw.query<{ id: string }>(
      `insert into addresses (address, seller_id, price) values ('addr', $1, 1) returning id`,
      [seller!.id],
    );
    const insert = (key: string, status: string, reason: string | null) =>
      raw.query(
        `insert into transactions (address_id, buyer_id, seller_id, price, total_amount, status, dispute_reason,
           payment_reference, payment_memo, recipient_wallet, price_lamports)
         values ($1, $2, $3, 1, 1, $4, $5, $6, 'vv:test', 'w', 1000000000)`,
        [listing!.id, buyer!.id, seller!.id, status, reason, `ref-${key}`],
      );
    for (const [key, reason] of Object.entries(OLD_REASONS)) await insert(key, 'failed', reason);
    await insert('verified', 'verified', null);
    await insert('failedNoReason', 'failed', null);

    await raw.migrate(MIGRATIONS_FOLDER);
    const rows = await raw.query<{ ref: string; kind: string | null; code: string | null; reason: string | null }>(
      `select payment_reference as ref, failure_kind as kind, failure_code as code, dispute_reason as reason
         from transactions order by payment_reference`,
    );
    const byKey = Object.fromEntries(rows.map((r) => [r.ref.slice('ref-'.length), r]));
    expect(byKey).toEqual({
      expired: { ref: 'ref-expired', kind: 'expired', code: null, reason: OLD_REASONS.expired },
      rejected: {
        ref: 'ref-rejected',
        kind: 'payment_rejected',
        code: 'AMOUNT_MISMATCH',
        reason: OLD_REASONS.rejected,
      },
      rejectedStillPaid: {
        ref: 'ref-rejectedStillPaid',
        kind: 'refund_due',
        code: 'MEMO_MISMATCH',
        reason: OLD_REASONS.rejectedStillPaid,
      },
      lateRefund: { ref: 'ref-lateRefund', kind: 'refund_due', code: null, reason: OLD_REASONS.lateRefund },
      unknown: { ref: 'ref-unknown', kind: null, code: null, reason: OLD_REASONS.unknown },
      verified: { ref: 'ref-verified', kind: null, code: null, reason: null },
      failedNoReason: { ref: 'ref-failedNoReason', kind: null, code: null, reason: null },
    });
  });
});
