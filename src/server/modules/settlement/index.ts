export { newEscrowKey, escrowSigner, type SealedEscrowKey } from './escrow-key';
export { planTransfer, type SaleTerms, type PlannedTransfer, type UnsentReceipt } from './legs';
export { observeEscrow, type EscrowReads } from './observe';
export {
  checkTransfer,
  sendSettlement,
  PAYOUT_FEE_LAMPORTS,
  type SettlementDeps,
  type TransferOutcome,
} from './outbox';
export {
  escrowAccount,
  orderOwner,
  bidOwner,
  ownerOf,
  purchaseOwner,
  settlementRepository,
  type EscrowOwner,
  type LedgerEntry,
  type ReceiptRow,
  type TransferRow,
} from './settlement.repository';
export { chainBalances, checkLedger, type ChainBalances } from './ledger-check';
/** Read-only queries over the ledger and the outbox (the Shop page's and /metrics' refund figures among them). */
export { ledgerRepository } from './ledger.repository';
export { settlementAdminRoutes } from './settlement-admin.routes';
