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
  settlementRepository,
  type LedgerEntry,
  type ReceiptRow,
  type TransferRow,
} from './settlement.repository';
export { chainBalances, checkLedger, type ChainBalances } from './ledger-check';
export { settlementAdminRoutes } from './settlement-admin.routes';
