import type { SettlementOverview, SettlementTransfer } from '@shared/api/settlement';
import type { Queryable } from '@server/db/database';
import { ledgerRepository, transferLamports } from './ledger.repository';
import type { TransferRow } from './settlement.repository';

/** Open escrows listed on the Settlement page, the longest-waiting first; `totals.openLamports` counts them all. */
export const OPEN_ESCROWS_SHOWN = 200;
/** Transfers waiting or failed, the oldest first: each one is a payout or refund somebody is still owed. */
export const PENDING_TRANSFERS_SHOWN = 200;
export const RECENT_TRANSFERS_SHOWN = 50;

function transferView(t: TransferRow): SettlementTransfer {
  return {
    id: t.id,
    transactionId: t.transactionId,
    orderId: t.orderId,
    bidId: t.bidId,
    escrow: t.escrow,
    kind: t.kind as SettlementTransfer['kind'],
    status: t.status as SettlementTransfer['status'],
    signature: t.signature,
    lamports: transferLamports(t).toString(),
    legs: t.legs,
    attempts: t.attempts,
    error: t.error,
    createdAt: t.createdAt.toISOString(),
    landedAt: t.landedAt?.toISOString() ?? null,
  };
}

/**
 * What the admin Settlement page shows (GET /api/admin/settlement, docs/domain.md#ledger): the ledger's totals by
 * kind, escrows still holding lamports, transfers not landed or failed, and the latest payouts and refunds. Read
 * from the ledger and the outbox only; the chain is the ledger check's business.
 */
export async function readSettlementOverview(db: Queryable): Promise<SettlementOverview> {
  const totals = await ledgerRepository.totalsByKind(db);
  const open = await ledgerRepository.openEscrows(db, OPEN_ESCROWS_SHOWN);
  const pending = await ledgerRepository.transfers(
    db,
    { statuses: ['signed', 'failed'] },
    'oldest',
    PENDING_TRANSFERS_SHOWN,
  );
  const payouts = await ledgerRepository.transfers(
    db,
    { statuses: ['landed'], kind: 'payout' },
    'latest-landed',
    RECENT_TRANSFERS_SHOWN,
  );
  const refunds = await ledgerRepository.transfers(
    db,
    { statuses: ['landed'], kind: 'refund' },
    'latest-landed',
    RECENT_TRANSFERS_SHOWN,
  );
  const total = (kind: Parameters<typeof totals.get>[0]) => (totals.get(kind) ?? 0n).toString();
  return {
    totals: {
      openLamports: open.openLamports.toString(),
      paidOutLamports: total('payout'),
      commissionLamports: total('commission'),
      refundedLamports: total('refund'),
      feeLamports: total('network-fee'),
    },
    openEscrows: open.rows.map((row) => ({
      escrow: row.escrow,
      transactionId: row.transactionId,
      orderId: row.orderId,
      bidId: row.bidId,
      address: row.address,
      purchaseStatus: row.purchaseStatus,
      balanceLamports: row.balance,
      receivedAt: row.receivedAt.toISOString(),
    })),
    pendingTransfers: pending.map(transferView),
    recentPayouts: payouts.map(transferView),
    recentRefunds: refunds.map(transferView),
  };
}
