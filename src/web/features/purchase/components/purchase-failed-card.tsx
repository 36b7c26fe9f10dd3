import { isRefunded, type PurchaseView } from '@shared/api/transactions';
import { CircleAlert, RotateCcw } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClass } from '@web/components/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/card';
import { HashField } from '@web/components/hash-field';
import { useExplorer } from '@web/lib/use-explorer';
import { failureText, paymentSignatureOf } from '../purchase-failure';
import { RefundedCard } from './refunded-card';

/**
 * A failed purchase: its buyer reads what happened and what to do next, in words, with the button
 * for it; the server's exact reason (check code, lamports, signature) stays one click away under Details. Anyone else
 * (the seller) reads the reason itself. A refunded purchase is told by RefundedCard.
 */
export function PurchaseFailedCard({ transaction, viewer }: { transaction: PurchaseView; viewer: string | null }) {
  if (isRefunded(transaction)) return <RefundedCard transaction={transaction} viewer={viewer} />;
  return <FailedCard transaction={transaction} viewer={viewer} />;
}

function FailedCard({ transaction, viewer }: { transaction: PurchaseView; viewer: string | null }) {
  const isBuyer = viewer !== null && viewer === transaction.buyer.walletAddress;
  const text = failureText(transaction);
  const reason = transaction.disputeReason;
  const explorer = useExplorer();
  // Before escrow: the payment that reached the seller anyway, for the buyer to show support.
  const paid = transaction.failureKind === 'refund_due' ? paymentSignatureOf(reason) : null;
  return (
    <Card className="border-danger-500/40" role="alert" data-testid="purchase-failed">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CircleAlert aria-hidden className="h-5 w-5 shrink-0 text-danger-400" />
          Purchase Failed
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3 text-sm text-vault-200">
        {isBuyer ? (
          <>
            <p className="font-semibold text-vault-100" data-testid="failure-title">
              {text.title}
            </p>
            <p>{text.what}</p>
            <p>{text.next}</p>
            {paid && <HashField label="Payment transaction" value={paid} href={explorer.tx(paid)} />}
            <Link
              to={`/address/${encodeURIComponent(transaction.address.address)}`}
              className={buttonClass('primary', 'md', 'self-start')}
            >
              <RotateCcw aria-hidden className="h-4 w-4" /> Back to the address
            </Link>
            {reason && (
              <details className="text-vault-400">
                <summary className="cursor-pointer">Details</summary>
                <p className="mt-2 break-all" data-testid="dispute-reason">
                  {reason}
                </p>
              </details>
            )}
          </>
        ) : (
          <p className="break-all" data-testid="dispute-reason">
            {reason ?? text.what}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
