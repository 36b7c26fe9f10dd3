import { lamportsToSolString } from '@shared/money';
import { useSyncExternalStore } from 'react';
import { Button } from '@web/components/button';
import { Dialog, DialogContent } from '@web/components/dialog';
import { answerApproval, pendingApproval, subscribeApproval } from '../local-dev-wallet/approval-store';

/**
 * The Local Dev Wallet's confirmation screen (issue 27 item 4): what it is about to sign, and Approve / Reject.
 * Closing the dialog (Esc, ×, outside click) rejects, as closing a wallet's popup does.
 */
export function LocalDevWalletApproval() {
  const request = useSyncExternalStore(subscribeApproval, pendingApproval, () => null);
  if (!request) return null;
  const { review } = request;
  const total = review.transfers.reduce((sum, t) => sum + t.lamports, 0n);
  return (
    <Dialog open onOpenChange={(open) => !open && answerApproval(request.id, false)}>
      <DialogContent
        title="Local Dev Wallet: approve transaction"
        description="This page asks your Local Dev Wallet to sign a transaction on the local network. Check it before you approve."
      >
        <dl className="flex flex-col gap-3 text-sm" data-testid="dev-wallet-review">
          {review.transfers.map((transfer, i) => (
            <div key={`${transfer.to}-${i}`} className="flex flex-col gap-0.5">
              <dt className="text-vault-400">
                Send <span className="font-mono text-vault-100">{lamportsToSolString(transfer.lamports)} SOL</span> to
              </dt>
              <dd className="font-mono break-all text-vault-100">{transfer.to}</dd>
            </div>
          ))}
          {review.transfers.length > 1 && (
            <div className="flex justify-between border-t border-vault-700 pt-2">
              <dt className="text-vault-300">Total</dt>
              <dd className="font-mono font-semibold text-money-300">{lamportsToSolString(total)} SOL</dd>
            </div>
          )}
          <div className="flex flex-col gap-0.5">
            <dt className="text-vault-400">Fee payer (your wallet)</dt>
            <dd className="font-mono break-all text-vault-100">{review.feePayer}</dd>
          </div>
          {review.memo !== null && (
            <div className="flex flex-col gap-0.5">
              <dt className="text-vault-400">Memo</dt>
              <dd className="font-mono break-all text-vault-100">{review.memo}</dd>
            </div>
          )}
          {review.otherInstructions > 0 && (
            <p className="text-gold-300">
              It also carries {review.otherInstructions} other instruction
              {review.otherInstructions === 1 ? '' : 's'} this wallet cannot describe.
            </p>
          )}
        </dl>
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
