import { z } from 'zod';

/**
 * Settlement and ledger API shapes (docs/domain.md#settlement, docs/domain.md#ledger): admin-only reads of escrows,
 * payouts and refunds, and the ledger-against-chain reconciliation. Lamports cross the wire as integer strings.
 */

const lamports = z
  .string()
  .regex(/^-?\d+$/)
  .describe('integer lamports as a string');

/** One escrow whose ledger and chain balances disagree, or a closed escrow that is not empty. */
export const ledgerDifferenceSchema = z.object({
  escrow: z.string(),
  /** The purchase whose escrow it is, or (split-key and seed-derived orders, paid up front) the order's, or the bid's. */
  transactionId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  bidId: z.uuid().nullable(),
  /** What the ledger says the escrow holds: receipts minus landed payouts, refunds and fees. */
  ledgerLamports: lamports,
  /** What the chain says it holds; null when the account could not be read. */
  chainLamports: lamports.nullable(),
  /** One sentence: what differs and what it likely means. */
  problem: z.string(),
});
export type LedgerDifference = z.infer<typeof ledgerDifferenceSchema>;

/** GET /api/admin/ledger/check: 200 with `balanced: true`, or 409 with the differences. Same report as the CLI. */
export const ledgerCheckReportSchema = z.object({
  balanced: z.boolean(),
  checkedAt: z.iso.datetime(),
  escrowsChecked: z.number().int().nonnegative(),
  /** Escrows still holding lamports that settlement has yet to send on (each balanced). */
  openEscrows: z.number().int().nonnegative(),
  openLamports: lamports,
  differences: z.array(ledgerDifferenceSchema),
});
export type LedgerCheckReport = z.infer<typeof ledgerCheckReportSchema>;

export const settlementTransferSchema = z.object({
  id: z.uuid(),
  /** The purchase whose escrow it is, or (split-key and seed-derived orders, paid up front) the order's, or the bid's. */
  transactionId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  bidId: z.uuid().nullable(),
  escrow: z.string(),
  kind: z.enum(['payout', 'refund']),
  status: z.enum(['signed', 'landed', 'failed']),
  signature: z.string(),
  /** Every lamport the transfer moves out of the escrow, fee excluded. */
  lamports: lamports,
  legs: z.array(z.object({ to: z.string(), lamports, kind: z.enum(['payout', 'commission', 'refund']) })),
  attempts: z.number().int(),
  error: z.string().nullable(),
  createdAt: z.iso.datetime(),
  landedAt: z.iso.datetime().nullable(),
});
export type SettlementTransfer = z.infer<typeof settlementTransferSchema>;

export const openEscrowSchema = z.object({
  escrow: z.string(),
  /** The purchase whose escrow it is, or (split-key and seed-derived orders, paid up front) the order's, or the bid's. */
  transactionId: z.uuid().nullable(),
  orderId: z.uuid().nullable(),
  bidId: z.uuid().nullable(),
  /** The listing's address, or the order's found address; null for an order not found yet. */
  address: z.string().nullable(),
  /** The purchase's status, or the order's. */
  purchaseStatus: z.string(),
  /** The ledger's balance: received and not yet sent on. */
  balanceLamports: lamports,
  receivedAt: z.iso.datetime(),
});
export type OpenEscrow = z.infer<typeof openEscrowSchema>;

/** GET /api/admin/settlement: what the Settlement page shows. */
export const settlementOverviewSchema = z.object({
  totals: z.object({
    openLamports: lamports,
    paidOutLamports: lamports,
    commissionLamports: lamports,
    refundedLamports: lamports,
    feeLamports: lamports,
  }),
  openEscrows: z.array(openEscrowSchema),
  /** Transfers stored but not yet landed, and those that landed with an error. */
  pendingTransfers: z.array(settlementTransferSchema),
  recentPayouts: z.array(settlementTransferSchema),
  recentRefunds: z.array(settlementTransferSchema),
});
export type SettlementOverview = z.infer<typeof settlementOverviewSchema>;
