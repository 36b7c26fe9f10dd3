import { ErrorCode } from '@shared/api/errors';
import { badRequest, conflict, notFound } from '@server/http/app-error';
import { paymentOf, purchasesRepository, withChain, type PurchaseDeps } from '../purchases';
import { unsignedPaymentTransaction } from './unsigned-payment';

/** The purchase a transaction request names; 404 when there is none. */
export async function loadRequestedPurchase(deps: PurchaseDeps, transactionId: string) {
  const detail = await purchasesRepository.findDetail(deps.db, { id: transactionId });
  if (!detail) throw notFound(ErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');
  return detail;
}

/**
 * Solana Pay POST (docs/domain.md#solana-pay-and-actions): the server-built payment for an initiated, unpaid purchase,
 * for its own buyer only. The wallet that scans the code is whatever the phone holds; if it is not the wallet that
 * started the purchase, its payment could not buy the key (the payer must be the buyer) and would only come back as a
 * refund less the fees, so it is refused before anything is signed.
 */
export async function buildTransactionRequest(deps: PurchaseDeps, transactionId: string, account: string) {
  const detail = await loadRequestedPurchase(deps, transactionId);
  if (account !== detail.buyerWallet) {
    throw badRequest(
      ErrorCode.BUYER_MISMATCH,
      'Pay from the wallet you signed in with: this purchase belongs to another wallet.',
    );
  }
  const { purchase } = detail;
  if (purchase.status !== 'initiated' || purchase.txHash !== null) {
    throw conflict(ErrorCode.INVALID_TRANSACTION_STATE, 'This purchase is no longer waiting for a payment.');
  }
  if (purchase.expiresAt.getTime() <= deps.now().getTime()) {
    throw conflict(ErrorCode.INVALID_TRANSACTION_STATE, 'The reservation has expired; start the purchase again.');
  }
  const { value: lifetime } = await withChain(() => deps.rpc.getLatestBlockhash({ commitment: 'confirmed' }).send());
  return {
    transaction: unsignedPaymentTransaction(paymentOf(purchase), account, lifetime),
    message: `Vanity Vault: buy ${detail.listing.address}. The key unlocks on the site once the payment is confirmed.`,
  };
}
