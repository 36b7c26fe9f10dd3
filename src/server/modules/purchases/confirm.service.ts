import { ErrorCode } from '@shared/api/errors';
import { crashPoint } from '@server/config/crash-point';
import type { Queryable } from '@server/db/database';
import { conflict, forbidden, notFound } from '@server/http/app-error';
import { recordAudit } from '../audit';
import type { Actor, PurchaseDeps } from './deps';
import { isOwned } from './state-machine';
import { purchasesRepository, type PurchaseDetail } from './purchases.repository';
import { outcomeOf, settleListing, type VerifyOutcome } from './verify.service';

export const signatureAlreadyUsed = () =>
  conflict(ErrorCode.SIGNATURE_ALREADY_USED, 'This payment signature is already used by another purchase');

/** The purchase, if the acting wallet is its buyer; otherwise the same errors whoever asks. */
export async function loadOwnPurchase(db: Queryable, id: string, wallet: string): Promise<PurchaseDetail> {
  const detail = await purchasesRepository.findDetail(db, { id });
  if (!detail) throw notFound(ErrorCode.TRANSACTION_NOT_FOUND, 'Transaction not found');
  if (detail.buyerWallet !== wallet) throw forbidden(ErrorCode.BUYER_MISMATCH, 'Only the buyer can do this');
  return detail;
}

/**
 * Stores the buyer's payment signature (docs/domain.md#confirmation) and settles at once. The browser's word is only a
 * hint: settlement reads what reached the purchase's escrow, whatever signature the browser names.
 */
export async function confirmPurchase(
  deps: PurchaseDeps,
  id: string,
  input: { txHash: string; buyerWallet: string },
  actor: Actor,
): Promise<{ detail: PurchaseDetail; verification: VerifyOutcome | undefined }> {
  if (input.buyerWallet !== actor.wallet) {
    throw forbidden(ErrorCode.WALLET_MISMATCH, 'buyerWallet must be the wallet you signed in with');
  }
  const detail = await loadOwnPurchase(deps.db, id, actor.wallet);
  const { purchase } = detail;
  if (purchase.txHash !== input.txHash) {
    if (purchase.txHash !== null) {
      throw conflict(ErrorCode.INVALID_TRANSACTION_STATE, 'A payment was already submitted for this purchase');
    }
    const open =
      purchase.status === 'initiated' || (purchase.status === 'failed' && purchase.failureKind === 'expired');
    // The worker may have found and refunded the payment before this confirm arrived: the confirm then answers what
    // settlement decided, as it would have had it come first. There is no hint left to store.
    const refunded = purchase.status === 'failed' && purchase.failureKind === 'refunded';
    if (!open && !refunded) throw conflict(ErrorCode.INVALID_TRANSACTION_STATE, `This purchase is ${purchase.status}`);
    // A signature that already bought another purchase is not this one's payment: say so rather than wait for it.
    const owner = await purchasesRepository.findDetail(deps.db, { txHash: input.txHash });
    if (owner && owner.purchase.id !== id && isOwned(owner.purchase.status)) throw signatureAlreadyUsed();
    if (open)
      await deps.db.transaction(async (db) => {
        const stored = await purchasesRepository.attachSignature(db, id, input.txHash);
        if (!stored) {
          // The background verifier may have settled this very payment in the meantime (sold or refunded it): the
          // buyer's confirm then has nothing left to store, and must not be told it failed.
          const now = await purchasesRepository.findDetail(db, { id });
          if (now?.purchase.txHash === input.txHash || now?.purchase.failureKind === 'refunded') return;
          throw conflict(ErrorCode.INVALID_TRANSACTION_STATE, 'This purchase changed meanwhile; reload it');
        }
        await recordAudit(db, {
          action: 'purchase.confirm',
          performedBy: actor.wallet,
          transactionId: id,
          metadata: { txHash: input.txHash },
          ip: actor.ip,
          userAgent: actor.userAgent,
        });
      });
  }
  crashPoint('confirm:before-verify');
  // Best effort: the payment may not be confirmed yet, or the RPC may be down; the job will try again. The row read
  // before the signature was attached settles the same: settlement reads only its listing, escrow and closed state.
  const settled = await settleListing(deps, purchase, actor.wallet, { buyerWaiting: true }).then(
    () => true,
    () => false,
  );
  const fresh = await purchasesRepository.findDetail(deps.db, { id });
  const verification = settled ? outcomeOf(fresh?.purchase) : undefined;
  return { detail: fresh ?? detail, verification };
}
