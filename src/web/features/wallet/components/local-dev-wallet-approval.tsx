import { useSyncExternalStore } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogContent } from '@web/components/dialog';
import { answerApproval, pendingApproval, subscribeApproval } from '../local-dev-wallet/approval-store';
import { TransactionReviewList } from './transaction-review-list';

/**
 * The Local Dev Wallet's confirmation screen: what it is about to sign, and Approve / Reject.
 * Closing the dialog (Esc, ×, outside click) rejects, as closing a wallet's popup does.
 */
export function LocalDevWalletApproval() {
  const request = useSyncExternalStore(subscribeApproval, pendingApproval, () => null);
  if (!request) return null;
  return (
    <Dialog open onOpenChange={(open) => !open && answerApproval(request.id, false)}>
      <DialogContent
        title="Local Dev Wallet: approve transaction"
        description="This page asks your Local Dev Wallet to sign a transaction on the local network. Check it before you approve."
      >
        <TransactionReviewList review={request.review} />
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => answerApproval(request.id, false)}>
            Reject
          </Button>
          <Button onClick={() => answerApproval(request.id, true)}>Approve</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
