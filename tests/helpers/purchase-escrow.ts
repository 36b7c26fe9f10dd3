import { expect } from 'vitest';
import type { PurchaseView } from '@shared/api/transactions';
import { runVerifierOnce, type SweepReport } from '@server/jobs';
import type { TestApp } from '@tests/helpers/app';
import type { SignedInWallet } from '@tests/helpers/wallet';
import type { PurchaseTestApp } from './purchases';

/**
 * Helpers for the purchase tests of escrowed settlement (docs/domain.md#settlement): what a purchase's escrow received
 * and sent on, read the way the buyer, the seller and the ledger see it.
 */

/** What the local validator charges a transaction signed once: the buyer's payment, and each payout or refund. */
export const SIGNATURE_FEE = 5_000n;

/** GET /api/transactions/{id}, as `who` (the buyer also sees the payment to make) or anonymously. */
export async function readPurchase(t: TestApp, id: string, who?: SignedInWallet): Promise<PurchaseView> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/transactions/${id}`,
    headers: who ? { cookie: who.cookie } : {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as PurchaseView;
}

/** The failure columns of a purchase row. */
export async function failureOf(t: TestApp, id: string) {
  const [row] = await t.database.query<{
    status: string;
    failure_kind: string | null;
    failure_code: string | null;
    dispute_reason: string | null;
  }>('select status, failure_kind, failure_code, dispute_reason from transactions where id = $1', [id]);
  return row;
}

/**
 * One pass of the background verifier that must not fail: it settles what landed and finishes the payouts and refunds
 * sent before it (a transfer sent in this very pass lands on the local validator at once, and is finished too).
 */
export async function settle(t: PurchaseTestApp, shiftMs = 0): Promise<SweepReport> {
  const report = await runVerifierOnce(t.deps(shiftMs));
  expect(report.errors).toEqual([]);
  return report;
}

/** The ledger rows of one purchase's escrow, by kind, as lamport strings (docs/domain.md#ledger). */
export async function ledgerOf(t: TestApp, transactionId: string): Promise<Record<string, string[]>> {
  const rows = await t.database.query<{ kind: string; lamports: string }>(
    'select kind, lamports::text as lamports from ledger_entries where transaction_id = $1 order by id',
    [transactionId],
  );
  const byKind: Record<string, string[]> = {};
  for (const r of rows) (byKind[r.kind] ??= []).push(r.lamports);
  return byKind;
}
