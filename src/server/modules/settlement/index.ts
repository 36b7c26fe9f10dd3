export { newEscrowKey } from './escrow-key';
export { observeEscrow } from './observe';
export { checkTransfer, sendSettlement, PAYOUT_FEE_LAMPORTS } from './outbox';
export {
  orderOwner,
  bidOwner,
  purchaseOwner,
  settlementRepository,
  type EscrowOwner,
  type ReceiptRow,
  type TransferRow,
} from './settlement.repository';
export { chainBalances, checkLedger, type ChainBalances } from './ledger-check';
/** Read-only queries over the ledger and the outbox (the Shop page's and /metrics' refund figures among them). */
export { ledgerRepository } from './ledger.repository';
export { settlementAdminRoutes } from './settlement-admin.routes';
